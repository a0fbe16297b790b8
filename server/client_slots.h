// How many connections each client of `millbase serve` holds: at most a fixed number at
// once per address, so that one client that opens many and sends nothing (or sends
// slowly) cannot take every worker of the server from the others.
#pragma once

#include <map>
#include <mutex>
#include <string>

namespace millbase::server {

class ClientSlots {
 public:
  explicit ClientSlots(int per_client) : per_client_(per_client) {}

  // A connection's slot, given back when destroyed; false when there was none free.
  class Slot {
   public:
    Slot(ClientSlots* owner, std::string address) : owner_(owner), address_(std::move(address)) {}
    Slot(Slot&& o) noexcept : owner_(o.owner_), address_(std::move(o.address_)) {
      o.owner_ = nullptr;
    }
    Slot& operator=(Slot&&) = delete;
    ~Slot();
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    ClientSlots* owner_;
    std::string address_;
  };

  // Takes a slot for a connection from `address`; an empty Slot when that address
  // already holds per_client() connections.
  Slot take(const std::string& address);

  int per_client() const { return per_client_; }

 private:
  const int per_client_;
  std::mutex mutex_;
  std::map<std::string, int> open_;  // connections per address, none listed at 0
};

}  // namespace millbase::server
