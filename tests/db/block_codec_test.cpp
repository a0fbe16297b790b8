// The block codec alone: known bytes from docs/format.md's rules, round trips over
// sizes and distance widths, and a seeded mutation fuzz of hostile planes.
#include "db/block_codec.h"

#include <gtest/gtest.h>

#include <random>

namespace millbase {
namespace {

std::vector<ValueCode> decode(std::vector<uint8_t> wdl, std::vector<uint8_t> dtm, size_t count,
                              Status* status = nullptr) {
  std::vector<ValueCode> out(count);
  Status s = decode_block(wdl, dtm, count, out.data());
  if (status) *status = s;
  EXPECT_TRUE(status || s) << s.message();
  return out;
}

TEST(BlockCodec, KnownBytes) {
  // draw, win in 1, loss in 0, loss in 4, win in 513: two WDL bytes (classes 0 1 2 2,
  // then 1), and two-byte half distances since 513 / 2 = 256 does not fit in one.
  const std::vector<ValueCode> values = {DRAW, code_of_distance(1), LOSS_IN_0, code_of_distance(4),
                                         code_of_distance(513)};
  std::vector<uint8_t> wdl, dtm;
  encode_block(values, wdl, dtm);
  EXPECT_EQ(wdl, (std::vector<uint8_t>{0xA4, 0x01}));
  // width 2; wins' halves 0, 256; losses' halves 0, 2.
  EXPECT_EQ(dtm, (std::vector<uint8_t>{2, 0, 0, 0, 1, 0, 0, 2, 0}));
  EXPECT_EQ(decode(wdl, dtm, values.size()), values);
  std::vector<Wdl> classes;
  ASSERT_TRUE(decode_wdl_plane(wdl, values.size(), classes));
  EXPECT_EQ(classes, (std::vector<Wdl>{Wdl::Draw, Wdl::Win, Wdl::Loss, Wdl::Loss, Wdl::Win}));
}

TEST(BlockCodec, RoundTripOverSizesAndWidths) {
  std::mt19937_64 rng(7);
  for (size_t count :
       {size_t(1), size_t(2), size_t(3), size_t(4), size_t(5), size_t(4095), size_t(8192)})
    for (int longest : {2, 511, 600, MAX_DISTANCE}) {
      std::vector<ValueCode> values(count);
      for (ValueCode& v : values) {
        const int kind = int(rng() % 3), d = int(rng() % (longest + 1));
        v = kind == 0 ? DRAW : code_of_distance(kind == 1 ? d | 1 : d & ~1);
        if (distance(v) > MAX_DISTANCE) v = code_of_distance(MAX_DISTANCE);
      }
      int max_half = 0;
      for (ValueCode v : values)
        if (!is_draw(v)) max_half = std::max(max_half, distance(v) / 2);
      std::vector<uint8_t> wdl, dtm;
      encode_block(values, wdl, dtm);
      EXPECT_EQ(dtm[0], max_half < 256 ? 1 : 2) << count << " " << longest;
      EXPECT_EQ(decode(wdl, dtm, count), values) << count << " " << longest;
      std::vector<Wdl> classes;
      ASSERT_TRUE(decode_wdl_plane(wdl, count, classes));
      for (size_t i = 0; i < count; ++i) ASSERT_EQ(classes[i], wdl_of(values[i])) << i;
    }
}

TEST(BlockCodec, MalformedPlanesAreRefused) {
  const std::vector<ValueCode> values = {code_of_distance(3), DRAW, LOSS_IN_0};
  std::vector<uint8_t> wdl, dtm;
  encode_block(values, wdl, dtm);
  Status s = Status::ok();
  auto expect_error = [&](std::vector<uint8_t> w, std::vector<uint8_t> d, size_t n,
                          const std::string& what) {
    decode(w, d, n, &s);
    EXPECT_FALSE(s) << what;
    EXPECT_NE(s.message().find(what), std::string::npos) << s.message();
  };
  expect_error({uint8_t(0x03 | wdl[0])}, dtm, 3, "invalid WDL class 3");
  expect_error({wdl[0], 0}, dtm, 3, "WDL plane has the wrong size");
  expect_error({uint8_t(wdl[0] | 0x40)}, dtm, 3, "entries past the block");
  expect_error(wdl, {3, 1, 0}, 3, "bad distance width");
  expect_error(wdl, {1, 1}, 3, "distance plane has the wrong size");
  expect_error(wdl, {}, 3, "bad distance width");
  expect_error(wdl, {2, 0xFF, 0xFF, 0, 0}, 3, "distance out of range");
}

// Mutations of valid planes: never a crash; what decodes is a valid value that
// encodes and decodes back to itself.
TEST(BlockCodec, FuzzedPlanesDecodeToValidValuesOrFail) {
  std::mt19937_64 rng(2026);
  int accepted = 0, refused = 0;
  for (int round = 0; round < 20000; ++round) {
    const size_t count = 1 + rng() % 64;
    std::vector<ValueCode> values(count);
    for (ValueCode& v : values)
      v = ValueCode(rng() % 3 == 0 ? 0 : 1 + rng() % (rng() % 2 ? 40 : 900));
    std::vector<uint8_t> wdl, dtm;
    encode_block(values, wdl, dtm);
    for (int m = 1 + int(rng() % 4); m-- > 0;) {
      std::vector<uint8_t>& plane = rng() % 2 ? wdl : dtm;
      switch (rng() % 4) {
        case 0:
          if (!plane.empty()) plane[rng() % plane.size()] ^= uint8_t(1 << (rng() % 8));
          break;
        case 1:
          if (!plane.empty()) plane.resize(rng() % plane.size());
          break;
        case 2:
          plane.push_back(uint8_t(rng()));
          break;
        default:
          if (!plane.empty()) plane[rng() % plane.size()] = uint8_t(rng());
      }
    }
    Status s = Status::ok();
    const std::vector<ValueCode> got = decode(wdl, dtm, count, &s);
    std::vector<Wdl> classes;
    const Status ws = decode_wdl_plane(wdl, count, classes);
    if (!s) {
      ++refused;
      continue;
    }
    ++accepted;
    ASSERT_TRUE(ws) << "the WDL plane decoded with the block but not alone";
    for (size_t i = 0; i < count; ++i) {
      ASSERT_LE(got[i], MAX_DISTANCE + 1);
      ASSERT_EQ(classes[i], wdl_of(got[i]));
    }
    std::vector<uint8_t> w2, d2;
    encode_block(got, w2, d2);
    ASSERT_EQ(decode(w2, d2, count), got);
  }
  // Both outcomes happen, so the checks above ran on both paths.
  EXPECT_GT(accepted, 100);
  EXPECT_GT(refused, 100);
}

}  // namespace
}  // namespace millbase
