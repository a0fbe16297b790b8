#include "server/client_slots.h"

#include <sys/ioctl.h>
#include <sys/socket.h>

#include <algorithm>

namespace millbase::server {

namespace {

// Returns true when the client has sent bytes on `fd` that nobody has read yet: the start
// of a request on its way.
bool has_unread(int fd) {
  int unread = 0;
  return ::ioctl(fd, FIONREAD, &unread) == 0 && unread > 0;
}

}  // namespace

ClientSlots::Connections::iterator ClientSlots::victim(Connections& list) const {
  const Clock::time_point now = Clock::now();
  auto best = list.end();
  // Rank: an idle connection before a stale reading one, the oldest first.
  auto rank = [&](const Connection& c) {
    if (c.evicted || c.doing == Doing::Answering) return 0;
    if (c.doing == Doing::Waiting)
      return now - c.since >= times_.settle && !has_unread(c.fd) ? 2 : 0;
    return now - c.since >= times_.stale ? 1 : 0;
  };
  int best_rank = 0;
  for (auto it = list.begin(); it != list.end(); ++it) {
    const int r = rank(*it);
    if (r == 0) continue;
    if (r > best_rank || (r == best_rank && it->since < best->since)) {
      best = it;
      best_rank = r;
    }
  }
  return best;
}

ClientSlots::Slot ClientSlots::try_take(const std::string& address, int fd) {
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

ClientSlots::Slot ClientSlots::take(const std::string& address, int fd) {
  const Clock::time_point until = Clock::now() + times_.queue;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (Slot slot = try_take(address, fd)) return slot;
    // Wait only for a slot about to be freed: one whose answer is being written.
    const Connections& list = open_[address];
    const bool answering = std::any_of(list.begin(), list.end(), [](const Connection& c) {
      return !c.evicted && c.doing == Doing::Answering;
    });
    if (!answering || Clock::now() >= until) return Slot();
    // A slot is freed (notified), or a busy connection becomes idle or stale with time.
    freed_.wait_until(lock, std::min(until, Clock::now() + std::chrono::milliseconds(10)));
  }
}

void ClientSlots::Slot::set(Doing doing) {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  it_->doing = doing;
  it_->since = Clock::now();
}

ClientSlots::Slot::~Slot() {
  if (!owner_) return;
  {
    std::lock_guard lock(owner_->mutex_);
    auto list = owner_->open_.find(address_);
    list->second.erase(it_);
    if (list->second.empty()) owner_->open_.erase(list);
  }
  owner_->freed_.notify_all();
}

}  // namespace millbase::server
