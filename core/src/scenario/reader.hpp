// The validating reader shared by every scenario family's parser: typed field access that reports
// each problem as an Issue (field path, offending value, rule) and never stops at the first one.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "granular/scenario.hpp"
#include "util/json.hpp"

namespace granular::scenario_reader {

inline std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
inline std::string index(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

inline std::string shortText(const Json* v) {
  if (!v) return "";
  std::string s = v->dump();
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

inline std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

/// Text that is a number once its commas are read as a decimal point or dropped as a thousands
/// separator ("0,5", "1,000"): a user of a decimal-comma locale typed it so.
inline bool numberWithCommas(const Json& v) {
  if (!v.isString()) return false;
  const std::string& s = v.asString();
  if (s.find(',') == std::string::npos || s.size() > 40) return false;
  auto parses = [](const std::string& t) {
    if (t.empty() || std::isspace(static_cast<unsigned char>(t.front()))) return false;
    char* end = nullptr;
    const double x = std::strtod(t.c_str(), &end);
    return end == t.c_str() + t.size() && std::isfinite(x);
  };
  std::string point = s, none;
  std::replace(point.begin(), point.end(), ',', '.');
  for (char c : s)
    if (c != ',') none += c;
  return parses(point) || parses(none);
}

class Reader {
 public:
  explicit Reader(std::vector<Issue>& errors) : errors_(errors) {}

  void error(const std::string& path, const Json* v, const std::string& message) {
    errors_.push_back(Issue{path, shortText(v), message});
  }
  void error(const std::string& path, const std::string& value, const std::string& message) {
    errors_.push_back(Issue{path, value, message});
  }
  std::size_t count() const { return errors_.size(); }

  /// Report keys that are not in `allowed` (with a suggestion for near misses). A key that begins
  /// exactly one allowed name is taken for its abbreviation ("r" for "radius", although "x" is one
  /// edit away); one that begins several gets the list; otherwise the name at the smallest edit
  /// distance (below 3) is suggested.
  void keys(const Json& obj, const std::string& path, std::initializer_list<const char*> allowed) {
    for (const auto& m : obj.members()) {
      bool known = false;
      std::string suggestion;
      std::size_t bestDistance = 3;
      int abbreviated = 0;
      std::string abbreviation;
      for (const char* k : allowed) {
        const std::string name = k;
        if (m.first == name) known = true;
        if (!m.first.empty() && m.first.size() < name.size() && name.compare(0, m.first.size(), m.first) == 0) {
          ++abbreviated;
          abbreviation = name;
        }
        std::size_t d = editDistance(m.first, name);
        if (d < bestDistance) {
          bestDistance = d;
          suggestion = name;
        }
      }
      if (known) continue;
      if (abbreviated == 1) suggestion = abbreviation;
      else if (abbreviated > 1) suggestion.clear();
      std::string msg = "unknown field";
      if (!suggestion.empty()) msg += " (did you mean \"" + suggestion + "\"?)";
      else {
        msg += "; allowed:";
        for (const char* k : allowed) msg += std::string(" ") + k;
      }
      error(join(path, m.first), &m.second, msg);
    }
  }

  /// Object-valued field: returns it, or nullptr (absent, or wrong type: reported).
  const Json* object(const Json& obj, const std::string& path, const char* key) {
    const Json* v = obj.find(key);
    if (!v) return nullptr;
    if (!v->isObject()) {
      error(join(path, key), v, "must be an object");
      return nullptr;
    }
    return v;
  }

  /// Number field. Absent -> false (out untouched). Present but not a finite number -> reported.
  bool number(const Json& obj, const std::string& path, const char* key, double& out) {
    const Json* v = obj.find(key);
    if (!v) return false;
    return numberValue(*v, join(path, key), out);
  }

  bool numberValue(const Json& v, const std::string& path, double& out) {
    if (!v.isNumber()) {
      error(path, &v, numberWithCommas(v) ? "must be a number, written with a decimal point and no separators (0.5, 1000)"
                                          : "must be a number");
      return false;
    }
    if (!std::isfinite(v.asNumber())) {
      // a literal such as 1e400 overflows to infinity when read, which would print as null
      error(path, v.asNumber() > 0 ? "1.8e308 or more" : "-1.8e308 or less", "must be a finite number (a double reaches about ±1.8e308)");
      return false;
    }
    if (v.asNumber() != 0 && std::fabs(v.asNumber()) < std::numeric_limits<double>::min()) {
      // a subnormal such as 1e-320 has lost most of its digits, and anything derived from it underflows
      error(path, formatNumber(v.asNumber()), "is too small to compute with (below 2.2e-308 in size); write 0 or a larger number");
      return false;
    }
    out = v.asNumber();
    return true;
  }

  /// Number field that may also be null (null -> present = false, returns true).
  bool nullableNumber(const Json& obj, const std::string& path, const char* key, bool& present, double& out) {
    const Json* v = obj.find(key);
    if (!v) return false;
    if (v->isNull()) {
      present = false;
      return true;
    }
    if (numberValue(*v, join(path, key), out)) {
      present = true;
      return true;
    }
    return false;
  }

  bool integer(const Json& obj, const std::string& path, const char* key, double& out) {
    double x;
    if (!number(obj, path, key, x)) return false;
    if (x != std::floor(x)) {
      error(join(path, key), obj.find(key), "must be an integer");
      return false;
    }
    out = x;
    return true;
  }

  bool string(const Json& obj, const std::string& path, const char* key, std::string& out, std::size_t maxLength) {
    const Json* v = obj.find(key);
    if (!v) return false;
    if (!v->isString()) {
      error(join(path, key), v, "must be a string");
      return false;
    }
    if (v->asString().size() > maxLength) {
      error(join(path, key), v, "must be at most " + std::to_string(maxLength) + " characters");
      return false;
    }
    out = v->asString();
    return true;
  }

  bool choice(const Json& obj, const std::string& path, const char* key, std::string& out,
              std::initializer_list<const char*> options) {
    std::string s;
    if (!string(obj, path, key, s, 100)) return false;
    for (const char* o : options)
      if (s == o) {
        out = s;
        return true;
      }
    std::string msg = "must be one of:";
    bool first = true;
    for (const char* o : options) {
      msg += first ? " \"" : ", \"";
      msg += o;
      msg += '"';
      first = false;
    }
    error(join(path, key), obj.find(key), msg);
    return false;
  }

  bool boolean(const Json& obj, const std::string& path, const char* key, bool& out) {
    const Json* v = obj.find(key);
    if (!v) return false;
    if (!v->isBool()) {
      error(join(path, key), v, "must be true or false");
      return false;
    }
    out = v->asBool();
    return true;
  }

  /// Range rule on an already-read value; reports and returns false when violated.
  bool rule(bool ok, const std::string& path, double value, const std::string& message) {
    if (!ok) error(path, formatNumber(value), message);
    return ok;
  }

 private:
  std::vector<Issue>& errors_;
};

inline std::string num(double x) { return formatNumber(x); }

/// Quantities derived from the fields a user sets (a disc's mass, its moment of inertia) must lie
/// between these magnitudes: far beyond any granular material, and far enough from the ends of the
/// double range that their products (m v^2, m r^2, m1 m2) neither underflow nor overflow.
constexpr double kMinDerived = 1e-100;
constexpr double kMaxDerived = 1e100;
inline bool derivedInRange(double x) { return std::isfinite(x) && x >= kMinDerived && x <= kMaxDerived; }
/// "is 0 kg: below 1e-100 kg" / "is 1e+120 kg: above 1e100 kg", for a derived quantity out of range.
inline std::string derivedOutOfRange(double x, const std::string& unit) {
  const bool low = !(x >= kMinDerived);
  return "is " + formatShort(x) + " " + unit + (low ? ", below 1e-100 " : ", above 1e100 ") + unit;
}
/// The smallest disc radius, as a fraction of the domain's size, whose contacts the positions
/// (16 significant digits) still resolve to about 7 digits.
constexpr double kMinRadiusFraction = 1e-9;
/// A radius below kMinRadiusFraction of the domain's size `extent` (m), reported at `path`; `bodies`
/// names them in the advice ("discs or a smaller domain", "grains").
inline void checkRadiusScale(Reader& rd, const std::string& path, double r, double extent, const std::string& bodies) {
  if (r >= kMinRadiusFraction * extent) return;
  rd.error(path, num(r), "is below 1e-9 of the domain's size (" + num(extent) +
                             " m): the positions (16 digits) would not resolve the contacts; use larger " + bodies);
}

/// Parse a scenario document whose root must be an object; reports and returns false otherwise.
inline bool readRoot(const std::string& text, Json& root, std::vector<Issue>& errors) {
  JsonError jerr;
  if (!parseJson(text, root, jerr)) {
    errors.push_back(Issue{"", "", "not valid JSON: " + jerr.message});
    return false;
  }
  if (!root.isObject()) {
    errors.push_back(Issue{"", shortText(&root), "a scenario must be a JSON object"});
    return false;
  }
  return true;
}

/// The first control character (below U+0020, or U+007F) in UTF-8 `text` that is not in `allowed`:
/// its code and its position in characters (1-based); position 0 when there is none.
inline std::pair<unsigned, std::size_t> controlCharacter(const std::string& text, const std::string& allowed) {
  std::size_t position = 0;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) != 0x80) ++position;  // a continuation byte is not a character of its own
    if ((byte < 0x20 || byte == 0x7F) && allowed.find(c) == std::string::npos) return {byte, position};
  }
  return {0, 0};
}

/// A header text with a control character escaped into it ("\u0000", which JSON allows where it
/// refuses the raw character) is refused: the page would draw it as a box, or drop what follows.
inline void refuseControlCharacters(Reader& rd, const Json& root, const char* key, const std::string& text,
                                    const std::string& allowed, const char* what) {
  const auto [code, position] = controlCharacter(text, allowed);
  if (position == 0) return;
  char hex[8];
  std::snprintf(hex, sizeof hex, "U+%04X", code);
  rd.error(key, root.find(key), std::string("holds a control character (") + hex + " at character " +
                                    std::to_string(position) + "): " + what);
}

/// The fields every scenario family shares: schema (required, 1), name, notes, seed.
inline void readHeader(Reader& rd, const Json& root, std::string& name, std::string& notes, std::uint64_t& seed) {
  double v;
  if (!root.find("schema")) rd.error("schema", "", "is required (this version reads schema 1)");
  else if (rd.integer(root, "", "schema", v)) rd.rule(v == kSchemaVersion, "schema", v, "unsupported version: this version reads schema 1");
  if (rd.string(root, "", "name", name, 200))
    refuseControlCharacters(rd, root, "name", name, "", "a name is one line of text");
  if (rd.string(root, "", "notes", notes, 5000))
    refuseControlCharacters(rd, root, "notes", notes, "\n\t\r", "notes are lines of text (line breaks and tabs are fine)");
  if (rd.integer(root, "", "seed", v) && rd.rule(v >= 0 && v <= 9007199254740991.0, "seed", v, "must be between 0 and 2^53 - 1"))
    seed = static_cast<std::uint64_t>(v);
}

/// What every family's writer starts with: the header readHeader reads, and the family's engine.
inline Json headerJson(int schema, const std::string& name, const std::string& notes, const std::string& engine,
                       std::uint64_t seed) {
  Json root = Json::object();
  root.set("schema", Json::number(schema));
  root.set("name", Json::string(name));
  root.set("notes", Json::string(notes));
  root.set("engine", Json::string(engine));
  root.set("seed", Json::number(static_cast<double>(seed)));
  return root;
}

/// The "output" object every family's writer ends with: the output interval and the run's duration
/// (s); a family adds its own fields to it.
inline Json outputJson(double interval, double duration) {
  Json output = Json::object();
  output.set("interval", Json::number(interval));
  output.set("duration", Json::number(duration));
  return output;
}

}  // namespace granular::scenario_reader
