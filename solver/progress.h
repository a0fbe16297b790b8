// Progress of a long pass over tables (solve, verify, pack) on stderr: the unit, its
// stage, positions done, rate and ETA.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>

namespace millbase {

// Returns a count in short form: "1.26M", "4.1k", "26.80G".
std::string human_count(double x);

// Returns seconds as "h:mm:ss".
std::string human_time(double seconds);

// The rate of a pass and the time it has left. Units found already done count as done
// and their time as no work, so that a resumed pass does not start with a rate near 0;
// before MIN_SECONDS of work (the first unit's loading, a few positions) the time left is
// not estimated.
class PassRate {
 public:
  static constexpr double MIN_SECONDS = 30;

  // Counts a unit of `positions` found already done in `seconds`.
  void skip(uint64_t positions, double seconds) { skipped_ += positions, skipped_s_ += seconds; }
  // Returns positions per second of work at `done` positions (those skipped included),
  // `elapsed` seconds after the pass began; 0 before any work.
  double rate(uint64_t done, double elapsed) const;
  // Returns the time left to reach `total` as "h:mm:ss", or "unknown" before MIN_SECONDS
  // of work or any position solved.
  std::string eta(uint64_t done, uint64_t total, double elapsed) const;

 private:
  uint64_t skipped_ = 0;
  double skipped_s_ = 0;
};

// Wall seconds by phase: each lap adds the time since the last lap (or since the
// timer was made or restarted) to the phase it names.
class LapTimer {
 public:
  void lap(double& into) {
    const auto now = std::chrono::steady_clock::now();
    into += std::chrono::duration<double>(now - since_).count();
    since_ = now;
  }
  void restart() { since_ = std::chrono::steady_clock::now(); }

 private:
  std::chrono::steady_clock::time_point since_ = std::chrono::steady_clock::now();
};

// Reports progress on stderr at most twice a second.
class ProgressReporter {
 public:
  // total: entries of every unit of the pass, those already done included; done_word
  // says what happened to a finished unit ("solved", "checked").
  ProgressReporter(bool quiet, uint64_t total, std::string done_word = "solved")
      : quiet_(quiet), total_(total), done_word_(std::move(done_word)) {}

  // Starts unit `number` of `count` (1-based), named `name`, of `entries` entries.
  void start_unit(int number, int count, const std::string& name, uint64_t entries);
  // Reports that the current unit is at `stage`, one that counts no positions, when the
  // unit has at least SAY_ENTRIES entries.
  void say(const char* stage);
  // Reports `done` of `total` positions through `stage` of the current unit.
  void update(const char* stage, uint64_t done, uint64_t total);
  // Reports a finished unit when it took a while, when nothing was said for a second,
  // and for the last unit; `skipped` when it was found already done.
  void finish_unit(bool skipped);

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr uint64_t SAY_ENTRIES = uint64_t(1) << 22;

  bool quiet_;
  uint64_t total_, finished_ = 0, unit_entries_ = 0;
  int number_ = 0, count_ = 0;
  std::string name_, done_word_;
  PassRate rate_;
  Clock::time_point start_ = Clock::now(), unit_start_, last_;
};

}  // namespace millbase
