// Reader of 2D Gmsh .msh files (ASCII 2.2 and 4.1); see msh.hpp.
//
// The text is read line by line: each record of the formats (a node, a coordinate triple, an element,
// a block header) is one line, as Gmsh writes them, so an error can name the line and say which
// record was expected there. Blank lines are skipped. No exceptions, no recursion; every loop either
// consumes a line or returns.
#include "geometry/msh.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace granular::geom {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/// A token for an error message: at most 40 characters, non-printable bytes as \xNN.
std::string quoted(std::string_view t) {
  std::string out = "'";
  const std::size_t n = std::min<std::size_t>(t.size(), 40);
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = static_cast<unsigned char>(t[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    }
  }
  if (t.size() > n) out += "...";
  out += "'";
  return out;
}

/// True if a line holds a control byte (blanks apart), DEL, bytes that are not UTF-8, or U+FFFD, the
/// character a browser's text decoding puts for them: a first line like this is an image, an archive
/// or another binary file, and quoting its bytes would tell the reader nothing.
bool notText(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size()) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c < 0x20 && !isBlank(line[i])) || c == 0x7f) return true;
    // UTF-8: a lead byte 110xxxxx, 1110xxxx or 11110xxx (below F5) and that many 10xxxxxx after it.
    const std::size_t more = c < 0x80                 ? 0
                             : (c >= 0xc2 && c < 0xe0) ? 1
                             : (c >= 0xe0 && c < 0xf0) ? 2
                             : (c >= 0xf0 && c < 0xf5) ? 3
                                                       : 4;
    if (more == 4 || i + more >= line.size()) return true;
    for (std::size_t k = 1; k <= more; ++k) {
      if ((static_cast<unsigned char>(line[i + k]) & 0xc0) != 0x80) return true;
    }
    i += more + 1;
  }
  return line.find("\xEF\xBF\xBD") != std::string_view::npos;
}

/// Parses a whole token as a base-10 integer. The token is a maximal run of non-blank characters of
/// a NUL-terminated string, so strtoll stops at or before its end.
bool parseInt(std::string_view t, long long& v) {
  if (t.empty()) return false;
  errno = 0;
  char* end = nullptr;
  v = std::strtoll(t.data(), &end, 10);
  return errno == 0 && end == t.data() + t.size();
}

/// Parses a whole token as a finite decimal number (no inf, nan, hexadecimal).
bool parseDouble(std::string_view t, double& v) {
  if (t.empty()) return false;
  for (const char c : t) {
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) return false;
  }
  char* end = nullptr;
  v = std::strtod(t.data(), &end);
  return end == t.data() + t.size() && std::isfinite(v);
}

/// Lines and tokens of the text.
class Reader {
 public:
  /// A UTF-8 byte order mark, which some editors put at the start of a text they save, is skipped.
  explicit Reader(const std::string& text) : text_(text), pos_(text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0) {}

  /// Moves to the next line that is not blank; false at the end of the text.
  bool nextLine() {
    while (pos_ < text_.size()) {
      const std::size_t nl = text_.find('\n', pos_);
      const std::size_t end = nl == std::string::npos ? text_.size() : nl;
      cur_ = pos_;
      end_ = end;
      pos_ = nl == std::string::npos ? text_.size() : nl + 1;
      ++line_;
      skipBlanks();
      if (cur_ < end_) return true;
    }
    // At the end: a final '\n' starts one more (empty) line, the one a missing record would be on.
    if (!atEnd_ && !text_.empty() && text_.back() == '\n') ++line_;
    atEnd_ = true;
    cur_ = end_ = text_.size();
    return false;
  }

  /// The next token of the current line; false at its end.
  bool token(std::string_view& t) {
    skipBlanks();
    if (cur_ >= end_) return false;
    const std::size_t start = cur_;
    while (cur_ < end_ && !isBlank(text_[cur_])) ++cur_;
    t = std::string_view(text_.data() + start, cur_ - start);
    return true;
  }

  /// The rest of the current line without surrounding blanks.
  std::string_view rest() {
    skipBlanks();
    std::size_t e = end_;
    while (e > cur_ && isBlank(text_[e - 1])) --e;
    return std::string_view(text_.data() + cur_, e - cur_);
  }

  long line() const { return line_; }
  std::size_t size() const { return text_.size(); }

 private:
  void skipBlanks() {
    while (cur_ < end_ && isBlank(text_[cur_])) ++cur_;
  }

  const std::string& text_;
  std::size_t pos_ = 0;  // start of the next line
  std::size_t cur_ = 0;  // cursor in the current line
  std::size_t end_ = 0;  // end of the current line (its '\n' or the end of the text)
  long line_ = 0;        // 1-based number of the current line
  bool atEnd_ = false;
};

struct Node {
  long long id;
  double x, y;
  long line;
};

class Parser {
 public:
  Parser(const std::string& text, std::vector<Segment2>& segments, std::string& error)
      : text_(text), r_(text), segments_(segments), error_(error) {}

  bool run() {
    if (!r_.nextLine()) {
      // no line number: there is no line to point at (an empty file was said to fail on "line 0")
      const bool empty = text_.empty() || text_ == "\xEF\xBB\xBF";
      error_ = std::string(empty ? "the file is empty" : "the file holds only blank lines") +
               " (expected a Gmsh .msh file starting with $MeshFormat)";
      return false;
    }
    if (r_.rest() != "$MeshFormat") {
      if (notText(r_.rest())) {  // no line number: a binary file has no lines to speak of
        error_ = "this is not a text file: a Gmsh .msh file to import is ASCII text that starts with $MeshFormat";
        return false;
      }
      return fail("expected $MeshFormat (is this a Gmsh .msh file?), got " + quoted(r_.rest()));
    }
    if (!readFormat()) return false;
    bool haveNodes = false, haveElements = false;
    while (r_.nextLine()) {
      const std::string_view header = r_.rest();
      if (header == "$Nodes") {
        if (haveNodes) return fail("a second $Nodes section (only one is supported)");
        section_ = "$Nodes";
        if (!(version_ == 2 ? readNodes2() : readNodes4())) return false;
        if (!sortNodes()) return false;
        haveNodes = true;
      } else if (header == "$Elements") {
        if (haveElements) return fail("a second $Elements section (only one is supported)");
        if (!haveNodes) return fail("$Elements comes before any $Nodes section (missing $Nodes?)");
        section_ = "$Elements";
        if (!(version_ == 2 ? readElements2() : readElements4())) return false;
        haveElements = true;
      } else if (header.size() > 1 && header[0] == '$' && header.substr(0, 4) != "$End" &&
                 header.find_first_of(" \t\r\v\f") == std::string_view::npos) {
        if (!skipSection(header)) return false;
      } else {
        return fail("expected a section header such as $Nodes or $Elements, got " + quoted(header));
      }
    }
    if (!haveNodes) return fail("end of file: no $Nodes section");
    if (!haveElements) return fail("end of file: no $Elements section");
    if (segments_.empty()) {
      return fail(
          "end of file: no 2-node line elements (type 1) in $Elements, so no boundary to import (in Gmsh, "
          "mesh the boundary curves; with physical groups, put the curves in one)");
    }
    return true;
  }

 private:
  bool fail(const std::string& message) { return failAt(r_.line(), message); }
  bool failAt(long line, const std::string& message) {
    error_ = "line " + std::to_string(line) + ": " + message;
    return false;
  }

  // --- Records: one line each, `what_` says what the line should hold. ---

  bool nextRecord(const std::string& what) {
    what_ = what;
    if (!r_.nextLine()) {
      return fail(section_ + ": unexpected end of file, expected " + what_ + " (is the file truncated?)");
    }
    return true;
  }
  bool badToken(std::string_view t) { return fail(section_ + ": expected " + what_ + ", got " + quoted(t)); }
  bool missingToken() { return fail(section_ + ": expected " + what_ + ", got only " + quoted(line_)); }
  bool integer(long long& v) {
    std::string_view t;
    if (!r_.token(t)) return missingToken();
    return parseInt(t, v) ? true : badToken(t);
  }
  bool number(double& v) {
    std::string_view t;
    if (!r_.token(t)) return missingToken();
    return parseDouble(t, v) ? true : badToken(t);
  }
  /// An integer in [lo, hi]; `name` for the message.
  bool integerIn(long long& v, long long lo, long long hi, const char* name) {
    if (!integer(v)) return false;
    if (v < lo || v > hi) {
      return fail(section_ + ": " + name + " " + std::to_string(v) + " is out of range [" + std::to_string(lo) + ", " +
                  std::to_string(hi) + "]");
    }
    return true;
  }
  bool count(long long& v, std::size_t limit, const char* what) {
    if (!integer(v)) return false;
    if (v < 0) return fail(section_ + ": negative count " + std::to_string(v));
    if (static_cast<unsigned long long>(v) > limit) {
      return fail(section_ + ": " + std::to_string(v) + " " + what + " is more than the limit of " +
                  std::to_string(limit));
    }
    return true;
  }
  bool endOfRecord() {
    std::string_view t;
    if (r_.token(t)) return fail(section_ + ": expected " + what_ + ", got more: " + quoted(t));
    return true;
  }
  /// Starts a record and remembers its text for "got only ..." messages.
  bool record(const std::string& what) {
    if (!nextRecord(what)) return false;
    line_ = r_.rest();
    return true;
  }

  bool expectEnd(const char* end) {
    if (!r_.nextLine()) return fail(section_ + ": unexpected end of file, expected " + end + " (is the file truncated?)");
    if (r_.rest() != end) return fail(section_ + ": expected " + end + ", got " + quoted(r_.rest()));
    return true;
  }

  // --- Sections ---

  bool readFormat() {
    section_ = "$MeshFormat";
    if (!record("3 values (version file-type data-size)")) return false;
    std::string_view versionText;
    if (!r_.token(versionText)) return missingToken();
    double v = 0;
    if (!parseDouble(versionText, v)) return badToken(versionText);
    long long fileType = 0, dataSize = 0;
    if (!integer(fileType) || !integer(dataSize) || !endOfRecord()) return false;
    if (fileType == 1) return fail("binary .msh is not supported; save as ASCII (in Gmsh: File > Export, Gmsh MSH, ASCII)");
    if (fileType != 0) return fail("$MeshFormat: file-type " + std::to_string(fileType) + " (expected 0 for ASCII)");
    if (versionText == "2" || versionText == "2.0" || versionText == "2.1" || versionText == "2.2") {
      version_ = 2;
    } else if (versionText == "4.1") {
      version_ = 4;
    } else {
      return fail("$MeshFormat: MSH version " + quoted(versionText) +
                  " is not supported; save as version 2.2 or 4.1 ASCII");
    }
    return expectEnd("$EndMeshFormat");
  }

  bool skipSection(std::string_view header) {
    const std::string end = "$End" + std::string(header.substr(1));
    const long start = r_.line();
    while (r_.nextLine()) {
      if (r_.rest() == end) return true;
    }
    return failAt(start, std::string(header) + ": unexpected end of file, expected " + end + " (is the file truncated?)");
  }

  /// Reads x y z [parameters] of a node; z must be 0.
  bool coordinates(Node& n, int parameters) {
    double z = 0, p = 0;
    if (!number(n.x) || !number(n.y) || !number(z)) return false;
    for (int i = 0; i < parameters; ++i) {
      if (!number(p)) return false;
    }
    if (!endOfRecord()) return false;
    if (z != 0) {
      return fail(section_ + ": node " + std::to_string(n.id) + " has z = " + formatNumber(z) +
                  ", but only 2D meshes (z = 0) are supported");
    }
    return true;
  }

  static std::string formatNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
  }

  /// Room for a declared node count, but no more than the text can hold (a node record takes at
  /// least 8 bytes), so a large count in a short file allocates little.
  void reserveNodes(long long declared) {
    nodes_.reserve(std::min(static_cast<std::size_t>(declared), r_.size() / 8));
  }

  static constexpr long long kMaxTag = 0x7fffffffffffffffLL;

  bool readNodes2() {
    long long n = 0;
    if (!record("the number of nodes") || !count(n, kMshMaxNodes, "nodes") || !endOfRecord()) return false;
    reserveNodes(n);
    for (long long i = 0; i < n; ++i) {
      Node node{0, 0, 0, 0};
      if (!record("4 numbers (node-id x y z)") || !integerIn(node.id, 1, kMaxTag, "node id")) return false;
      node.line = r_.line();
      if (!coordinates(node, 0)) return false;
      nodes_.push_back(node);
    }
    return expectEnd("$EndNodes");
  }

  bool readNodes4() {
    long long blocks = 0, total = 0, minTag = 0, maxTag = 0;
    if (!record("4 numbers (numEntityBlocks numNodes minNodeTag maxNodeTag)") ||
        !count(blocks, kMshMaxNodes, "entity blocks") || !count(total, kMshMaxNodes, "nodes") || !integer(minTag) ||
        !integer(maxTag) || !endOfRecord()) {
      return false;
    }
    reserveNodes(total);
    for (long long b = 0; b < blocks; ++b) {
      long long dim = 0, entity = 0, parametric = 0, inBlock = 0;
      if (!record("4 numbers (entityDim entityTag parametric numNodesInBlock)") || !integerIn(dim, 0, 3, "entityDim") ||
          !integer(entity) || !integerIn(parametric, 0, 1, "parametric") || !count(inBlock, kMshMaxNodes, "nodes") ||
          !endOfRecord()) {
        return false;
      }
      const long long have = static_cast<long long>(nodes_.size());
      if (inBlock > total - have) {
        return fail("$Nodes: this block's " + std::to_string(inBlock) + " nodes exceed the " + std::to_string(total) +
                    " declared in the section header");
      }
      const std::size_t first = nodes_.size();
      for (long long i = 0; i < inBlock; ++i) {
        Node node{0, 0, 0, 0};
        if (!record("a node tag") || !integerIn(node.id, 1, kMaxTag, "node tag") || !endOfRecord()) return false;
        node.line = r_.line();
        nodes_.push_back(node);
      }
      const int parameters = parametric != 0 ? static_cast<int>(dim) : 0;
      const std::string what = parameters == 0   ? "3 numbers (x y z)"
                               : parameters == 1 ? "4 numbers (x y z u)"
                               : parameters == 2 ? "5 numbers (x y z u v)"
                                                 : "6 numbers (x y z u v w)";
      for (std::size_t i = first; i < nodes_.size(); ++i) {
        if (!record(what) || !coordinates(nodes_[i], parameters)) return false;
      }
    }
    if (static_cast<long long>(nodes_.size()) != total) {
      return fail("$Nodes: the blocks hold " + std::to_string(nodes_.size()) + " nodes, the section header declared " +
                  std::to_string(total));
    }
    return expectEnd("$EndNodes");
  }

  bool sortNodes() {
    std::sort(nodes_.begin(), nodes_.end(), [](const Node& a, const Node& b) {
      return a.id < b.id || (a.id == b.id && a.line < b.line);
    });
    for (std::size_t i = 1; i < nodes_.size(); ++i) {
      if (nodes_[i].id == nodes_[i - 1].id) {
        return failAt(nodes_[i].line, "$Nodes: node " + std::to_string(nodes_[i].id) + " is defined twice (also on line " +
                                          std::to_string(nodes_[i - 1].line) + ")");
      }
    }
    return true;
  }

  const Node* findNode(long long id) const {
    const auto it = std::lower_bound(nodes_.begin(), nodes_.end(), id, [](const Node& n, long long v) { return n.id < v; });
    return it != nodes_.end() && it->id == id ? &*it : nullptr;
  }

  /// Adds the segment of line element `id` from nodes a to b.
  bool addSegment(long long id, long long a, long long b) {
    const Node* na = findNode(a);
    const Node* nb = findNode(b);
    if (na == nullptr || nb == nullptr) {
      return fail(section_ + ": line element " + std::to_string(id) + " refers to unknown node " +
                  std::to_string(na == nullptr ? a : b));
    }
    if (na->x == nb->x && na->y == nb->y) {
      return fail(section_ + ": line element " + std::to_string(id) + " has zero length (nodes " + std::to_string(a) +
                  " and " + std::to_string(b) + " coincide)");
    }
    segments_.push_back({na->x, na->y, nb->x, nb->y});
    return true;
  }

  /// The rest of an ignored element's record: integers only.
  bool skipIntegers() {
    std::string_view t;
    long long v = 0;
    while (r_.token(t)) {
      if (!parseInt(t, v)) return badToken(t);
    }
    return true;
  }

  bool readElements2() {
    long long n = 0;
    if (!record("the number of elements") || !count(n, kMshMaxElements, "elements") || !endOfRecord()) return false;
    for (long long i = 0; i < n; ++i) {
      long long id = 0, type = 0, tags = 0, tag = 0;
      if (!record("an element (id type ntags tag... node...)") || !integerIn(id, 1, kMaxTag, "element id") ||
          !integer(type) || !count(tags, 1000, "tags")) {
        return false;
      }
      if (type != 1) {
        if (!skipIntegers()) return false;
        continue;
      }
      for (long long k = 0; k < tags; ++k) {
        if (!integer(tag)) return false;
      }
      what_ = "a line element (id 1 ntags tag... node1 node2)";
      long long a = 0, b = 0;
      if (!integer(a) || !integer(b) || !endOfRecord() || !addSegment(id, a, b)) return false;
    }
    return expectEnd("$EndElements");
  }

  bool readElements4() {
    long long blocks = 0, total = 0, minTag = 0, maxTag = 0;
    if (!record("4 numbers (numEntityBlocks numElements minElementTag maxElementTag)") ||
        !count(blocks, kMshMaxElements, "entity blocks") || !count(total, kMshMaxElements, "elements") ||
        !integer(minTag) || !integer(maxTag) || !endOfRecord()) {
      return false;
    }
    long long seen = 0;
    for (long long b = 0; b < blocks; ++b) {
      long long dim = 0, entity = 0, type = 0, inBlock = 0;
      if (!record("4 numbers (entityDim entityTag elementType numElementsInBlock)") ||
          !integerIn(dim, 0, 3, "entityDim") || !integer(entity) || !integer(type) ||
          !count(inBlock, kMshMaxElements, "elements") || !endOfRecord()) {
        return false;
      }
      if (inBlock > total - seen) {
        return fail("$Elements: this block's " + std::to_string(inBlock) + " elements exceed the " +
                    std::to_string(total) + " declared in the section header");
      }
      seen += inBlock;
      for (long long i = 0; i < inBlock; ++i) {
        long long id = 0;
        if (type != 1) {
          if (!record("an element (tag node...)") || !integerIn(id, 1, kMaxTag, "element tag") || !skipIntegers()) {
            return false;
          }
          continue;
        }
        long long a = 0, c = 0;
        if (!record("3 numbers (tag node1 node2)") || !integerIn(id, 1, kMaxTag, "element tag") || !integer(a) ||
            !integer(c) || !endOfRecord() || !addSegment(id, a, c)) {
          return false;
        }
      }
    }
    if (seen != total) {
      return fail("$Elements: the blocks hold " + std::to_string(seen) + " elements, the section header declared " +
                  std::to_string(total));
    }
    return expectEnd("$EndElements");
  }

  const std::string& text_;
  Reader r_;
  std::vector<Segment2>& segments_;
  std::string& error_;
  std::vector<Node> nodes_;
  int version_ = 0;        // 2 or 4
  std::string section_;    // for messages
  std::string what_;       // what the current record should hold
  std::string_view line_;  // the current record's text
};

}  // namespace

bool readMsh(const std::string& text, std::vector<Segment2>& segments, std::string& error) {
  segments.clear();
  error.clear();
  Parser parser(text, segments, error);
  if (parser.run()) return true;
  segments.clear();
  std::vector<Segment2>().swap(segments);
  return false;
}

}  // namespace granular::geom
