#include "server/client_slots.h"

#include <sys/socket.h>

#include <algorithm>

namespace millbase::server {

ClientSlots::Connections::iterator ClientSlots::victim(Connections& list) const {
  const Clock::time_point now = Clock::now();
  auto best = list.end();
  // Rank: a waiting connection before a stale reading one, the oldest first.
  auto rank = [&](const Connection& c) {
    if (c.evicted || c.doing == Doing::Answering) return 0;
    if (c.doing == Doing::Waiting) return 2;
    return now - c.since >= stale_ ? 1 : 0;
  };
  for (auto it = list.begin(); it != list.end(); ++it) {
    const int r = rank(*it);
    if (r == 0) continue;
    if (best == list.end() || r > rank(*best) || (r == rank(*best) && it->since < best->since))
      best = it;
  }
  return best;
}

ClientSlots::Slot ClientSlots::take(const std::string& address, int fd) {
  std::lock_guard lock(mutex_);
  Connections& list = open_[address];
  const auto counted =
      std::count_if(list.begin(), list.end(), [](const Connection& c) { return !c.evicted; });
  if (counted >= per_client_) {
    const auto it = victim(list);
    if (it == list.end()) {
      if (list.empty()) open_.erase(address);
      return Slot();
    }
    // Its worker reads the end of the connection and gives its entry back; the fd
    // stays open until then, so it cannot be another connection's yet.
    it->evicted = true;
    ::shutdown(it->fd, SHUT_RDWR);
  }
  list.push_back(Connection{fd});
  return Slot(this, address, std::prev(list.end()));
}

void ClientSlots::Slot::set(Doing doing) {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  it_->doing = doing;
  it_->since = Clock::now();
}

ClientSlots::Slot::~Slot() {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  auto list = owner_->open_.find(address_);
  list->second.erase(it_);
  if (list->second.empty()) owner_->open_.erase(list);
}

}  // namespace millbase::server
