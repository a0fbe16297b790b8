#include "core/json_writer.h"

#include <cassert>
#include <cmath>
#include <cstdio>

#include "core/json_text.h"

namespace millbase {

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!depth_.empty()) {
    if (depth_.back()) out_ += ',';
    depth_.back() = true;
  }
}

JsonWriter& JsonWriter::open(char c) {
  separate();
  out_ += c;
  depth_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::close(char c) {
  assert(!depth_.empty() && !after_key_);
  depth_.pop_back();
  out_ += c;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  assert(!depth_.empty() && !after_key_);
  separate();
  out_ += json_string(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  out_ += json_string(s);
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::integer(long long v) {
  separate();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::natural(unsigned long long v) {
  separate();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::value(double v, int decimals) {
  if (!std::isfinite(v)) return null();
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  separate();
  out_ += buf;
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::members(std::string_view json) {
  assert(!depth_.empty() && !after_key_);
  if (json.empty()) return *this;
  separate();
  out_ += json;
  return *this;
}

}  // namespace millbase
