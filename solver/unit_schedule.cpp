#include "solver/unit_schedule.h"

#include <algorithm>
#include <cassert>
#include <map>

namespace millbase {

UnitSchedule::UnitSchedule(const std::vector<WorkUnit>& units, const std::vector<bool>& done)
    : state_(units.size(), State::Waiting), waiting_for_(units.size(), 0), readers_(units.size()) {
  assert(done.size() == units.size());
  std::map<Sector, size_t> writer;
  for (size_t i = 0; i < units.size(); ++i)
    for (const Sector& s : units[i].sectors) writer[s] = i;
  for (size_t i = 0; i < units.size(); ++i) {
    if (done[i]) continue;  // a finished unit waits for nothing, even a child solved again
    std::vector<size_t> from;
    for (const Sector& c : units[i].children)
      if (auto it = writer.find(c); it != writer.end() && !done[it->second])
        from.push_back(it->second);
    std::sort(from.begin(), from.end());
    from.erase(std::unique(from.begin(), from.end()), from.end());
    for (size_t w : from) {
      assert(w < i && "units must come after the units they read");
      readers_[w].push_back(i);
    }
    waiting_for_[i] = int(from.size());
  }
  for (size_t i = 0; i < units.size(); ++i) {
    if (done[i]) {
      state_[i] = State::Finished;
      ++finished_;
    } else if (waiting_for_[i] == 0) {
      state_[i] = State::Ready;
      ready_.insert(i);
    }
  }
}

std::optional<size_t> UnitSchedule::take() {
  if (ready_.empty()) return std::nullopt;
  const size_t i = *ready_.begin();
  ready_.erase(ready_.begin());
  state_[i] = State::Running;
  ++running_;
  return i;
}

void UnitSchedule::finish(size_t i) {
  assert(state_[i] == State::Running);
  state_[i] = State::Finished;
  --running_;
  ++finished_;
  for (size_t r : readers_[i])
    if (--waiting_for_[r] == 0) {
      assert(state_[r] == State::Waiting);
      state_[r] = State::Ready;
      ready_.insert(r);
    }
}

}  // namespace millbase
