#include "solver/progress.h"

#include <cstdio>

namespace millbase {

std::string human_time(double s) {
  char buf[32];
  long t = long(s + 0.5);
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  return buf;
}

std::string human_count(double x) {
  char buf[32];
  if (x >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2fG", x / 1e9);
  else if (x >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", x / 1e6);
  else if (x >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1fk", x / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

void ProgressReporter::start_unit(int number, int count, const std::string& name,
                                  uint64_t entries) {
  number_ = number, count_ = count, name_ = name, unit_entries_ = entries;
  unit_start_ = Clock::now();
}

void ProgressReporter::say(const char* stage) {
  // A small unit is done before anyone reads this.
  if (quiet_ || unit_entries_ < SAY_ENTRIES) return;
  last_ = Clock::now();
  std::fprintf(stderr, "[%d/%d] %s: %s\n", number_, count_, name_.c_str(), stage);
}

void ProgressReporter::update(const char* stage, uint64_t done, uint64_t total) {
  if (quiet_) return;
  auto now = Clock::now();
  if (now - last_ < std::chrono::milliseconds(500)) return;
  last_ = now;
  double unit_s = std::chrono::duration<double>(now - unit_start_).count();
  double rate = unit_s > 0 ? done / unit_s : 0;
  double overall_s = std::chrono::duration<double>(now - start_).count();
  // Units found already solved took no time: they count as done, not toward the rate.
  double overall_rate = overall_s > 0 ? (finished_ - skipped_ + done) / overall_s : 0;
  double eta = overall_rate > 0 ? (total_ - finished_ - done) / overall_rate : 0;
  std::fprintf(stderr, "[%d/%d] %s: %s %s of %s positions, %s/s, ETA %s\n", number_, count_,
               name_.c_str(), stage, human_count(double(done)).c_str(),
               human_count(double(total)).c_str(), human_count(rate).c_str(),
               human_time(eta).c_str());
}

void ProgressReporter::finish_unit(bool skipped) {
  finished_ += unit_entries_;
  if (skipped) skipped_ += unit_entries_;
  if (quiet_) return;
  const auto now = Clock::now();
  const double s = std::chrono::duration<double>(now - unit_start_).count();
  if (s < 0.5 && now - last_ < std::chrono::seconds(1) && number_ != count_) return;
  last_ = now;
  std::fprintf(stderr, "[%d/%d] %s: %s (%s positions, %.2f s)\n", number_, count_, name_.c_str(),
               (skipped ? "already " + done_word_ : done_word_).c_str(),
               human_count(double(unit_entries_)).c_str(), s);
}

}  // namespace millbase
