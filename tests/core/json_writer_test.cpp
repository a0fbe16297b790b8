// The JSON writer: commas and nesting, escaped strings (the bytes json_string gives),
// numbers at their limits.
#include "core/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/json_text.h"

namespace millbase {
namespace {

TEST(JsonWriter, NestsAndPlacesCommas) {
  JsonWriter w;
  w.begin_object()
      .field("a", 1)
      .key("b")
      .begin_array()
      .value(true)
      .null()
      .begin_object()
      .end_object()
      .begin_array()
      .end_array()
      .value("x")
      .end_array()
      .field("c", std::string("d"))
      .key("e")
      .raw("[1,2]")
      .end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.str(), R"({"a":1,"b":[true,null,{},[],"x"],"c":"d","e":[1,2]})");
}

TEST(JsonWriter, IncompleteUntilEveryObjectIsClosed) {
  JsonWriter w;
  EXPECT_FALSE(w.complete());
  w.begin_object().key("a").begin_array();
  EXPECT_FALSE(w.complete());
  w.end_array();
  EXPECT_FALSE(w.complete());
  w.end_object();
  EXPECT_TRUE(w.complete());
}

TEST(JsonWriter, NumbersAtTheirLimits) {
  JsonWriter w;
  w.begin_array()
      .value(std::numeric_limits<long long>::min())
      .value(std::numeric_limits<unsigned long long>::max())
      .value(0u)
      .value(-7)
      .value(2.0 / 3.0, 3)
      .value(std::nan(""), 2)
      .value(std::numeric_limits<double>::infinity(), 2)
      .end_array();
  EXPECT_EQ(w.str(), "[-9223372036854775808,18446744073709551615,0,-7,0.667,null,null]");
}

TEST(JsonWriter, StringsAndKeysAreEscapedLikeJsonString) {
  const std::string nasty = std::string("q\"b\\s\n\x01") + char(0x95) + "\xc3\xa9";
  JsonWriter w;
  w.begin_object().field(nasty, nasty).end_object();
  EXPECT_EQ(w.str(), "{" + json_string(nasty) + ":" + json_string(nasty) + "}");
  EXPECT_EQ(json_string(nasty), R"("q\"b\\s\u000a\u0001\ufffd)" "\xc3\xa9\"");
}

TEST(JsonWriter, MembersJoinTheOpenObject) {
  JsonWriter w;
  w.begin_object().members("").field("a", 1).members(R"("b":2,"c":3)").field("d", 4).end_object();
  EXPECT_EQ(w.str(), R"({"a":1,"b":2,"c":3,"d":4})");
  JsonWriter first;
  first.begin_object().members(R"("b":2)").field("d", 4).end_object();
  EXPECT_EQ(first.str(), R"({"b":2,"d":4})");
}

TEST(JsonWriter, TopLevelScalar) {
  JsonWriter w;
  w.value("x");
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.str(), "\"x\"");
}

}  // namespace
}  // namespace millbase
