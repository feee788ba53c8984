// A small, strict JSON reader and writer for scenario files.
//
// Why not a library: the scenario parser is the one place that reads untrusted input (share links,
// uploaded files), it must behave identically natively and in WebAssembly, report positions in its
// errors, bound its recursion depth, and never throw (the WASM build has exceptions disabled).
// Objects keep their key order so that normalized scenarios print stably.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace granular {

class Json {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Json() = default;
  static Json null() { return Json(); }
  static Json boolean(bool b);
  static Json number(double x);
  static Json string(std::string s);
  static Json array();
  /// An array of numbers.
  static Json numbers(const std::vector<double>& xs);
  static Json object();

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  bool isBool() const { return type_ == Type::Bool; }
  bool isNumber() const { return type_ == Type::Number; }
  bool isString() const { return type_ == Type::String; }
  bool isArray() const { return type_ == Type::Array; }
  bool isObject() const { return type_ == Type::Object; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  const std::string& asString() const { return string_; }
  const std::vector<Json>& items() const { return items_; }
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }

  /// Object member by key, or nullptr.
  const Json* find(const std::string& key) const;
  /// Append to an array.
  Json& push(Json v);
  /// Set (insert or replace) an object member; returns it.
  Json& set(const std::string& key, Json v);

  /// Compact (indent < 0) or pretty-printed text. Numbers print in the shortest form that reads
  /// back to the same double; non-finite numbers print as null.
  std::string dump(int indent = -1) const;

 private:
  void dumpTo(std::string& out, int indent, int depth) const;

  Type type_ = Type::Null;
  bool bool_ = false;
  double number_ = 0.0;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

struct JsonError {
  std::string message;  // e.g. "line 3, column 14: expected ',' or '}'"
};

/// Parse JSON text. On failure returns false and fills `error`. Depth is limited to 64 levels,
/// text to 64 MiB; duplicate object keys are an error.
bool parseJson(const std::string& text, Json& out, JsonError& error);

/// Shortest decimal text that reads back to exactly `x` (finite x).
std::string formatNumber(double x);
/// Six significant digits, for measured quantities in messages ("overlaps by 0.1 m").
std::string formatShort(double x);
/// A whole count with thousands separators, as the pages write counts: 133328 -> "133,328" (rounded).
std::string formatCount(double x);

}  // namespace granular
