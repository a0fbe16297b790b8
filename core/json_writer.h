// A small JSON writer for the reports of the command line and the web API: objects,
// arrays, keys and values, with the commas placed and every string escaped
// (json_string). It writes compact JSON; it checks its nesting with asserts only, as
// what it writes comes from code, not from users.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace millbase {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // Writes an object's key; the next call writes its value.
  JsonWriter& key(std::string_view k);

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int v) { return integer(v); }
  JsonWriter& value(long v) { return integer(v); }
  JsonWriter& value(long long v) { return integer(v); }
  JsonWriter& value(unsigned v) { return natural(v); }
  JsonWriter& value(unsigned long v) { return natural(v); }
  JsonWriter& value(unsigned long long v) { return natural(v); }
  // Writes a number with `decimals` digits after the point ("%.*f"); NaN and the
  // infinities, which JSON cannot hold, as null.
  JsonWriter& value(double v, int decimals);
  JsonWriter& null();
  // Writes text that is already JSON (a value built by another writer).
  JsonWriter& raw(std::string_view json);

  // Writes members of the open object that are already JSON: `"a":1,"b":2`.
  JsonWriter& members(std::string_view json);

  // Shorthands: key(k) then value(v).
  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) {
    return key(k).value(v);
  }
  JsonWriter& field(std::string_view k, double v, int decimals) {
    return key(k).value(v, decimals);
  }

  // Returns the text written so far; whole once every object and array is closed.
  const std::string& str() const { return out_; }
  // Returns whether every object and array opened is closed.
  bool complete() const { return depth_.empty() && !out_.empty(); }

 private:
  JsonWriter& integer(long long v);
  JsonWriter& natural(unsigned long long v);
  JsonWriter& open(char c);
  JsonWriter& close(char c);
  // Writes the comma before a value or a key when one is due.
  void separate();

  std::string out_;
  std::vector<bool> depth_;  // per open object or array: whether it has an item yet
  bool after_key_ = false;
};

}  // namespace millbase
