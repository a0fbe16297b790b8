// Results of operations on input from users or files: a value, or a precise message.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace millbase {

// Success, or an error with a one-line message naming the bad input. A discarded
// Status is a lost error: the compiler warns.
class [[nodiscard]] Status {
 public:
  // What kind of failure, for callers that react differently (exit codes).
  enum class Code : uint8_t { Ok, Error, NotFound, Invalid };

  static Status ok() { return Status(); }
  static Status error(std::string message) { return Status(Code::Error, std::move(message)); }
  // The request does not fit what it names (a table directory of another variant).
  static Status invalid(std::string message) { return Status(Code::Invalid, std::move(message)); }
  // A needed file (such as a table) does not exist. `subject` names what is missing
  // for callers that say how to make it (a sector's name; empty: the whole directory).
  static Status not_found(std::string message, std::string subject = "") {
    Status s(Code::NotFound, std::move(message));
    s.subject_ = std::move(subject);
    return s;
  }

  bool is_ok() const { return code_ == Code::Ok; }
  explicit operator bool() const { return is_ok(); }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }
  const std::string& subject() const { return subject_; }
  // Returns this status with `prefix` before its message, its code and subject kept.
  Status prefixed(const std::string& prefix) const {
    Status s = *this;
    s.message_ = prefix + s.message_;
    return s;
  }

 private:
  Status() = default;
  Status(Code c, std::string m) : code_(c), message_(std::move(m)) {}
  Code code_ = Code::Ok;
  std::string message_;
  std::string subject_;
};

// A value of type T, or an error Status (a small std::expected); discarding one warns.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Status error) : v_(std::move(error)) { assert(!std::get<Status>(v_).is_ok()); }

  bool is_ok() const { return v_.index() == 0; }
  explicit operator bool() const { return is_ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const Status& status() const { return std::get<1>(v_); }
  const std::string& message() const { return status().message(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace millbase
