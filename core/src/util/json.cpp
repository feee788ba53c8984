#include "util/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace granular {

Json Json::boolean(bool b) {
  Json j;
  j.type_ = Type::Bool;
  j.bool_ = b;
  return j;
}
Json Json::number(double x) {
  Json j;
  j.type_ = Type::Number;
  j.number_ = x;
  return j;
}
Json Json::string(std::string s) {
  Json j;
  j.type_ = Type::String;
  j.string_ = std::move(s);
  return j;
}
Json Json::array() {
  Json j;
  j.type_ = Type::Array;
  return j;
}

Json Json::numbers(const std::vector<double>& xs) {
  Json a = array();
  for (double x : xs) a.push(number(x));
  return a;
}
Json Json::object() {
  Json j;
  j.type_ = Type::Object;
  return j;
}

const Json* Json::find(const std::string& key) const {
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

Json& Json::push(Json v) {
  items_.push_back(std::move(v));
  return items_.back();
}

Json& Json::set(const std::string& key, Json v) {
  for (auto& m : members_)
    if (m.first == key) {
      m.second = std::move(v);
      return m.second;
    }
  members_.emplace_back(key, std::move(v));
  return members_.back().second;
}

std::string formatNumber(double x) {
  if (!std::isfinite(x)) return "null";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  char buf[40];
  if (std::fabs(x) < 1e15 && x == std::floor(x)) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

std::string formatCount(double x) {
  if (!std::isfinite(x) || std::fabs(x) >= 1e15) return formatShort(x);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.0f", std::fabs(x));
  const std::string digits = buf;
  std::string out = x <= -0.5 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string formatShort(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

namespace {

void escapeString(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20 || c == 0x7F) {  // DEL too: valid raw, but invisible in a message that quotes the text
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void newline(std::string& out, int indent, int depth) {
  if (indent < 0) return;
  out += '\n';
  out.append(static_cast<std::size_t>(indent * depth), ' ');
}

}  // namespace

void Json::dumpTo(std::string& out, int indent, int depth) const {
  switch (type_) {
    case Type::Null: out += "null"; break;
    case Type::Bool: out += bool_ ? "true" : "false"; break;
    case Type::Number: out += formatNumber(number_); break;
    case Type::String: escapeString(out, string_); break;
    case Type::Array: {
      // Arrays of numbers (coordinates) stay on one line for legibility.
      bool flat = true;
      for (const auto& v : items_) flat = flat && (v.isNumber() || v.isNull() || v.isBool());
      out += '[';
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (i) out += flat && indent >= 0 ? ", " : ",";
        if (!flat) newline(out, indent, depth + 1);
        items_[i].dumpTo(out, indent, depth + 1);
      }
      if (!flat && !items_.empty()) newline(out, indent, depth);
      out += ']';
      break;
    }
    case Type::Object: {
      out += '{';
      for (std::size_t i = 0; i < members_.size(); ++i) {
        if (i) out += ',';
        newline(out, indent, depth + 1);
        escapeString(out, members_[i].first);
        out += indent >= 0 ? ": " : ":";
        members_[i].second.dumpTo(out, indent, depth + 1);
      }
      if (!members_.empty()) newline(out, indent, depth);
      out += '}';
      break;
    }
  }
}

std::string Json::dump(int indent) const {
  std::string out;
  dumpTo(out, indent, 0);
  return out;
}

namespace {

class Parser {
 public:
  Parser(const std::string& text, JsonError& error) : s_(text), error_(error) {}

  bool parseDocument(Json& out) {
    skipSpace();
    if (!parseValue(out, 0)) return false;
    skipSpace();
    if (pos_ != s_.size()) return fail("unexpected text after the JSON value");
    return true;
  }

 private:
  bool fail(const std::string& what) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    error_.message = "line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + what;
    return false;
  }

  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t'))
      ++pos_;
  }

  bool literal(const char* word) {
    std::size_t n = std::strlen(word);
    if (s_.compare(pos_, n, word) != 0) return fail("invalid literal");
    pos_ += n;
    return true;
  }

  bool parseValue(Json& out, int depth) {
    if (depth > 64) return fail("nesting deeper than 64 levels");
    if (pos_ >= s_.size()) return fail("unexpected end of text");
    char c = s_[pos_];
    switch (c) {
      case '{': return parseObject(out, depth);
      case '[': return parseArray(out, depth);
      case '"': {
        std::string str;
        if (!parseString(str)) return false;
        out = Json::string(std::move(str));
        return true;
      }
      case 't':
        if (!literal("true")) return false;
        out = Json::boolean(true);
        return true;
      case 'f':
        if (!literal("false")) return false;
        out = Json::boolean(false);
        return true;
      case 'n':
        if (!literal("null")) return false;
        out = Json::null();
        return true;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return parseNumber(out);
        return fail(std::string("unexpected character '") + printable(c) + "'");
    }
  }

  static std::string printable(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string(1, c);
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", u);
    return buf;
  }

  bool parseNumber(Json& out) {
    std::size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    if (pos_ >= s_.size() || !isDigit(s_[pos_])) return fail("invalid number");
    if (s_[pos_] == '0') {
      ++pos_;
    } else {
      while (pos_ < s_.size() && isDigit(s_[pos_])) ++pos_;
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (pos_ >= s_.size() || !isDigit(s_[pos_])) return fail("invalid number: digits expected after '.'");
      while (pos_ < s_.size() && isDigit(s_[pos_])) ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (pos_ >= s_.size() || !isDigit(s_[pos_])) return fail("invalid number: digits expected in exponent");
      while (pos_ < s_.size() && isDigit(s_[pos_])) ++pos_;
    }
    std::string text = s_.substr(start, pos_ - start);
    double x = std::strtod(text.c_str(), nullptr);
    // Overflow (1e999) reads as infinity: keep it, the validator reports it as not finite.
    out = Json::number(x);
    return true;
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  static int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  bool parseHex4(unsigned& code) {
    if (pos_ + 4 > s_.size()) return fail("incomplete \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hexValue(s_[pos_ + static_cast<std::size_t>(i)]);
      if (h < 0) return fail("invalid \\u escape");
      code = code * 16 + static_cast<unsigned>(h);
    }
    pos_ += 4;
    return true;
  }

  static void appendUtf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool parseString(std::string& out) {
    ++pos_;  // opening quote
    while (true) {
      if (pos_ >= s_.size()) return fail("unterminated string");
      char c = s_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) return fail("unterminated string");
      char e = s_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!parseHex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned lo = 0;
            if (pos_ + 2 > s_.size() || s_[pos_] != '\\' || s_[pos_ + 1] != 'u') return fail("unpaired surrogate");
            pos_ += 2;
            if (!parseHex4(lo)) return false;
            if (lo < 0xDC00 || lo > 0xDFFF) return fail("unpaired surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return fail("unpaired surrogate");
          }
          appendUtf8(out, cp);
          break;
        }
        default: return fail("invalid escape in string");
      }
    }
  }

  bool parseArray(Json& out, int depth) {
    ++pos_;
    out = Json::array();
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      Json v;
      if (!parseValue(v, depth + 1)) return false;
      out.push(std::move(v));
      skipSpace();
      if (pos_ >= s_.size()) return fail("unexpected end of text in array");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  bool parseObject(Json& out, int depth) {
    ++pos_;
    out = Json::object();
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"') return fail("expected a quoted key");
      std::string key;
      if (!parseString(key)) return false;
      if (out.find(key)) return fail("duplicate key \"" + key + "\"");
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != ':') return fail("expected ':' after key");
      ++pos_;
      skipSpace();
      Json v;
      if (!parseValue(v, depth + 1)) return false;
      out.set(key, std::move(v));
      skipSpace();
      if (pos_ >= s_.size()) return fail("unexpected end of text in object");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == '}') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  const std::string& s_;
  JsonError& error_;
  std::size_t pos_ = 0;
};

}  // namespace

bool parseJson(const std::string& text, Json& out, JsonError& error) {
  if (text.size() > (64u << 20)) {
    error.message = "text longer than 64 MiB";
    return false;
  }
  // a UTF-8 byte-order mark before the document (Windows editors write one; a browser's file upload
  // drops it, so the page read a file the command line refused as "unexpected character '\xef'")
  static const std::string kBom = "\xEF\xBB\xBF";
  if (text.compare(0, kBom.size(), kBom) == 0) {
    const std::string rest = text.substr(kBom.size());
    Parser p(rest, error);
    return p.parseDocument(out);
  }
  Parser p(text, error);
  return p.parseDocument(out);
}

}  // namespace granular
