// The directory's locks (db/dir_lock.h): one writer at a time; a new writer waits for
// the processes of an earlier job that still write, then goes on; what it says when they
// do not stop. flock(2) locks belong to an open file, so one process plays both jobs.
#include "db/dir_lock.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <thread>

namespace millbase {
namespace {

using std::chrono::milliseconds;

class DirLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (std::filesystem::temp_directory_path() /
            ("millbase-dir-lock-" + std::to_string(::getpid())))
               .string();
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

TEST_F(DirLockTest, OneWriterAtATime) {
  std::optional<DirLock> first;
  {
    Result<DirLock> a = DirLock::acquire(dir_, milliseconds(0));
    ASSERT_TRUE(a) << a.message();
    first.emplace(std::move(a).value());
  }
  Result<DirLock> second = DirLock::acquire(dir_, milliseconds(200));
  ASSERT_FALSE(second);
  EXPECT_NE(second.message().find("another solve or pack is writing to " + dir_), std::string::npos)
      << second.message();
  EXPECT_NE(second.message().find(dir_ + "/.lock; waited 0.2 s"), std::string::npos)
      << second.message();
  // The holder's own ranks share the writers' lock with it.
  EXPECT_TRUE(WriterLock::acquire(dir_, milliseconds(0)));
  first.reset();
  EXPECT_TRUE(DirLock::acquire(dir_, milliseconds(0)));
}

// A rank of a killed job that still writes holds .writers: the next writer waits for it,
// and says so when it does not go.
TEST_F(DirLockTest, AWriterOfAnEarlierJobIsWaitedFor) {
  std::optional<WriterLock> rank;
  {
    ASSERT_TRUE(DirLock::acquire(dir_, milliseconds(0)));  // creates the directory
    Result<WriterLock> w = WriterLock::acquire(dir_, milliseconds(0));
    ASSERT_TRUE(w) << w.message();
    rank.emplace(std::move(w).value());
  }
  Result<DirLock> refused = DirLock::acquire(dir_, milliseconds(200));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("a process of an earlier job still writes to " + dir_),
            std::string::npos)
      << refused.message();
  EXPECT_NE(refused.message().find("fuser -v " + dir_ + "/.writers"), std::string::npos);
  // The rank stops while the new writer waits: the new writer goes on.
  std::thread stop([&] {
    std::this_thread::sleep_for(milliseconds(300));
    rank.reset();
  });
  Result<DirLock> waited = DirLock::acquire(dir_, milliseconds(5000));
  stop.join();
  EXPECT_TRUE(waited) << waited.message();
}

TEST(TempSuffix, NamesThisHostAndProcess) {
  const std::string s = temp_suffix();
  EXPECT_EQ(s.rfind(".tmp.", 0), 0u) << s;
  EXPECT_EQ(s.substr(s.rfind('.') + 1), std::to_string(::getpid())) << s;
}

}  // namespace
}  // namespace millbase
