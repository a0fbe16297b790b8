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

double PassRate::rate(uint64_t done, double elapsed) const {
  const double work_s = elapsed - skipped_s_;
  return work_s > 0 && done > skipped_ ? double(done - skipped_) / work_s : 0;
}

std::string PassRate::eta(uint64_t done, uint64_t total, double elapsed) const {
  const double r = rate(done, elapsed);
  if (elapsed - skipped_s_ < MIN_SECONDS || r <= 0) return "unknown";
  return human_time(double(total > done ? total - done : 0) / r);
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
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::fprintf(stderr, "[%d/%d] %s: %s %s of %s positions, %s/s, ETA %s\n", number_, count_,
               name_.c_str(), stage, human_count(double(done)).c_str(),
               human_count(double(total)).c_str(), human_count(rate).c_str(),
               rate_.eta(finished_ + done, total_, elapsed).c_str());
}

void ProgressReporter::finish_unit(bool skipped) {
  finished_ += unit_entries_;
  const auto now = Clock::now();
  const double s = std::chrono::duration<double>(now - unit_start_).count();
  if (skipped) rate_.skip(unit_entries_, s);
  if (quiet_) return;
  if (s < 0.5 && now - last_ < std::chrono::seconds(1) && number_ != count_) return;
  last_ = now;
  std::fprintf(stderr, "[%d/%d] %s: %s (%s positions, %.2f s)\n", number_, count_, name_.c_str(),
               (skipped ? "already " + done_word_ : done_word_).c_str(),
               human_count(double(unit_entries_)).c_str(), s);
}

}  // namespace millbase
