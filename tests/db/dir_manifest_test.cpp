// The table directory's manifest: round trip, the checks that keep variants apart, and
// mutated manifests (hostile bytes) refused with the file named or read consistently.
#include "db/dir_manifest.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "core/variant.h"
#include "db/table_dir.h"

namespace millbase {
namespace {

namespace fs = std::filesystem;

class DirManifestTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        (fs::temp_directory_path() / ("millbase-manifest-" + std::to_string(::getpid()))).string();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  void put(const std::string& text) const {
    std::ofstream(dir_ + "/MANIFEST", std::ios::binary | std::ios::trunc) << text;
  }
  std::string text() const {
    std::ifstream in(dir_ + "/MANIFEST", std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  std::string dir_;
};

TEST_F(DirManifestTest, AbsentIsNoManifestAndAnyVariantFits) {
  Result<std::optional<DirManifest>> m = read_manifest(dir_);
  ASSERT_TRUE(m) << m.message();
  EXPECT_FALSE(m->has_value());
  EXPECT_TRUE(TableDir(SIX, dir_).check_manifest());
  EXPECT_TRUE(TableDir(NINE, dir_).check());
}

TEST_F(DirManifestTest, RoundTripAndVariantsKeptApart) {
  DirManifest m;
  m.variant = "nine";
  m.targets = {Sector{3, 3, 0, 0}, Sector{3, 2, 4, 4}};
  ASSERT_TRUE(write_manifest(dir_, m));
  EXPECT_EQ(text(),
            "millbase table directory\nvariant: nine\nmetric: plain\nformat: 1\nsolved: 3-3 "
            "3-2+4-4\n");
  Result<std::optional<DirManifest>> back = read_manifest(dir_);
  ASSERT_TRUE(back && back->has_value());
  EXPECT_EQ((*back)->variant, "nine");
  EXPECT_FALSE((*back)->all);
  EXPECT_EQ((*back)->targets, m.targets);
  EXPECT_TRUE(TableDir(NINE, dir_).check_manifest());
  for (const Variant* other : {&NINE_NOFLYING, &SIX, &FIVE}) {
    Status st = TableDir(*other, dir_).check_manifest();
    ASSERT_FALSE(st) << other->name;
    EXPECT_EQ(st.code(), Status::Code::Invalid);
    EXPECT_NE(st.message().find("holds tables of nine (metric plain, format 1), not of " +
                                std::string(other->name)),
              std::string::npos)
        << st.message();
  }
  put("millbase table directory\nvariant: nine\nmetric: fifty\nformat: 1\nsolved: all\n");
  EXPECT_FALSE(TableDir(NINE, dir_).check_manifest()) << "another metric";
  put("millbase table directory\nvariant: nine\nmetric: dtm\nformat: 2\nsolved: all\n");
  EXPECT_FALSE(TableDir(NINE, dir_).check_manifest()) << "another format";
  put("millbase table directory\nvariant: nine\nmetric: dtm\nformat: 1\nsolved: all\nlater: x\n");
  EXPECT_TRUE(TableDir(NINE, dir_).check_manifest()) << "an unknown key is for later versions";
}

// Manifests written before the rename say "dtm" for plain tables; they read as "plain",
// and "none" (the --rule word) is no manifest's word.
TEST_F(DirManifestTest, OlderWordForPlainTablesReads) {
  put("millbase table directory\nvariant: six\nmetric: dtm\nformat: 1\nsolved: all\n");
  Result<std::optional<DirManifest>> m = read_manifest(dir_);
  ASSERT_TRUE(m && m->has_value());
  EXPECT_EQ((*m)->metric, "plain");
  EXPECT_TRUE(TableDir(SIX, dir_, Metric::PLAIN).check_manifest());
  EXPECT_FALSE(TableDir(SIX, dir_, Metric::FIFTY).check_manifest());
  Result<TableDir> d = TableDir::open(SIX, dir_);
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(d->metric(), Metric::PLAIN);
  put("millbase table directory\nvariant: six\nmetric: none\nformat: 1\nsolved: all\n");
  EXPECT_FALSE(TableDir::open(SIX, dir_)) << "none is not a manifest's word";
}

TEST_F(DirManifestTest, MalformedManifestsNameTheFile) {
  for (const std::string& bad :
       {std::string(""), std::string("millbase table directory\n"),
        std::string("not a manifest\nvariant: six\n"),
        std::string("millbase table directory\nvariant six\nmetric: dtm\nformat: 1\nsolved: all\n"),
        std::string(
            "millbase table directory\nvariant: six\nmetric: dtm\nformat: x\nsolved: all\n"),
        std::string(
            "millbase table directory\nvariant: six\nmetric: dtm\nformat: 1\nsolved: 3x3\n"),
        std::string(70000, 'a')}) {
    put(bad);
    Result<std::optional<DirManifest>> m = read_manifest(dir_);
    ASSERT_FALSE(m) << bad.substr(0, 80);
    EXPECT_NE(m.message().find(dir_ + "/MANIFEST: corrupt manifest"), std::string::npos)
        << m.message();
    EXPECT_FALSE(TableDir(SIX, dir_).check());
  }
}

// Each malformed line is refused with what is wrong with it, not as "missing lines".
TEST_F(DirManifestTest, BadLinesAreNamed) {
  const std::string head = "millbase table directory\n";
  const std::pair<std::string, std::string> cases[] = {
      {"variant: six\nmetric: dtm\nformat: 65537\nsolved: all\n",
       "format '65537' is not a format number (0..65535)"},
      {"variant: six\nmetric: dtm\nformat: -1\nsolved: all\n",
       "format '-1' is not a format number (0..65535)"},
      {"variant: six junk\nmetric: dtm\nformat: 1\nsolved: all\n",
       "'variant:' takes one word, not ' six junk'"},
      {"variant: six\nmetric:\nformat: 1\nsolved: all\n", "'metric:' takes one word, not none"},
      {"variant: six\nvariant: five\nmetric: dtm\nformat: 1\nsolved: all\n",
       "a second 'variant' line"},
      {"variant: six\nmetric: dtm\nformat: 1\n", "no 'solved:' line"},
  };
  for (const auto& [body, why] : cases) {
    put(head + body);
    Result<std::optional<DirManifest>> m = read_manifest(dir_);
    ASSERT_FALSE(m) << body;
    EXPECT_EQ(m.message(), dir_ + "/MANIFEST: corrupt manifest: " + why) << body;
  }
  put(head + "variant: six\r\nmetric: dtm\r\nformat: 1\r\nsolved: all\r\n");
  EXPECT_TRUE(read_manifest(dir_)) << "Windows line endings";
}

// Every byte of every field of a good manifest flipped to one that is not printable
// (0x95) or to a letter: six's tables are refused as damage (Status::Code::Error: exit 1,
// not the user's input), naming the file, never printing the byte raw. A letter in the
// variant's name reads ("sqx"), and is then an unknown variant's: damage too.
TEST_F(DirManifestTest, AFlippedByteInAnyFieldIsDamageNamedAndEscaped) {
  DirManifest m;
  m.variant = "six";
  m.targets = {Sector{4, 4, 0, 0}};
  ASSERT_TRUE(write_manifest(dir_, m));
  const std::string good = text();
  int refused = 0;
  for (size_t at = 0; at < good.size(); ++at) {
    if (good[at] == '\n') continue;
    for (char to : {char(0x95), 'q'}) {
      if (good[at] == to) continue;
      std::string bad = good;
      bad[at] = to;
      put(bad);
      Result<std::optional<DirManifest>> r = read_manifest(dir_);
      const Status st = TableDir(SIX, dir_).check_manifest();
      if (r) {
        ASSERT_TRUE(r->has_value());
        EXPECT_NE((*r)->variant, "six")
            << "read a manifest with byte " << at << " changed: " << bad;
      }
      ++refused;
      ASSERT_FALSE(st) << bad;
      EXPECT_EQ(st.code(), Status::Code::Error) << bad;
      EXPECT_EQ(st.message().rfind(dir_ + "/MANIFEST: ", 0), 0u) << st.message();
      for (unsigned char c : st.message())
        EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "a raw byte in: " << st.message();
    }
  }
  EXPECT_GT(refused, 50);
}

// Seeded mutations of a good manifest: never a crash; what parses writes back to a
// manifest that parses to the same.
TEST_F(DirManifestTest, MutatedManifestsParseConsistentlyOrAreRefused) {
  DirManifest m;
  m.variant = "six";
  m.targets = {Sector{4, 4, 0, 0}, Sector{2, 2, 3, 3}};
  ASSERT_TRUE(write_manifest(dir_, m));
  const std::string good = text();
  std::mt19937_64 rng(11);
  int parsed = 0, refused = 0;
  for (int round = 0; round < 6000; ++round) {
    std::string bad = good;
    for (int k = 1 + int(rng() % 3); k-- > 0;) {
      const size_t at = rng() % bad.size();
      switch (rng() % 3) {
        case 0:
          bad[at] = char(rng());
          break;
        case 1:
          bad.erase(at, 1 + rng() % 8);
          break;
        default:
          bad.insert(at, 1, char(rng()));
      }
      if (bad.empty()) bad = "x";
    }
    put(bad);
    Result<std::optional<DirManifest>> r = read_manifest(dir_);
    if (!r) {
      ++refused;
      continue;
    }
    ++parsed;
    ASSERT_TRUE(r->has_value());
    const DirManifest first = **r;
    ASSERT_TRUE(write_manifest(dir_, first));
    Result<std::optional<DirManifest>> again = read_manifest(dir_);
    ASSERT_TRUE(again && again->has_value()) << "a manifest it read does not read back";
    EXPECT_EQ((*again)->variant, first.variant);
    EXPECT_EQ((*again)->metric, first.metric);
    EXPECT_EQ((*again)->format, first.format);
    EXPECT_EQ((*again)->all, first.all);
    EXPECT_EQ((*again)->targets, first.targets);
  }
  EXPECT_GT(parsed, 50);
  EXPECT_GT(refused, 50);
}

}  // namespace
}  // namespace millbase
