// How many connections each client of `millbase serve` holds: at most a fixed number at
// once per address, so that one client that opens many and sends nothing (or sends
// slowly) cannot take every worker of the server from the others. A connection over the
// bound takes the slot of one of its address that holds it for nothing: one that is idle
// (nothing unread, and silent for `settle` since it was accepted or last answered: long
// enough that a client starved of CPU between its connect and its request is not taken
// for an idle one), else
// one whose request began longer ago than `stale` and has not arrived whole. That one is
// shut down (its worker sees the end of the connection), so idle or half-sent
// connections of a local program cannot lock a browser on the same machine out. A
// connection whose request is on its way (accepted a moment ago, or with bytes unread)
// is never taken. When no slot can be given up but one is being answered, the newcomer
// waits a moment for it to be freed before it is refused (docs/web-api.md, "Limits").
#pragma once

#include <chrono>
#include <condition_variable>
#include <list>
#include <map>
#include <mutex>
#include <string>

namespace millbase::server {

struct SlotTimes {
  std::chrono::milliseconds settle{1000};  // silent this long with nothing unread: idle
  std::chrono::milliseconds stale{1000};   // a request not whole by then may lose its slot
  std::chrono::milliseconds queue{100};    // the wait for a slot being answered
};

class ClientSlots {
 public:
  using Clock = std::chrono::steady_clock;

  ClientSlots(int per_client, SlotTimes times) : per_client_(per_client), times_(times) {}

 private:
  // What a connection is doing, for choosing one to close.
  enum class Doing { Waiting, Reading, Answering };
  struct Connection {
    int fd;
    Doing doing = Doing::Waiting;
    Clock::time_point since = Clock::now();
    bool evicted = false;  // shut down to free its slot: no longer counted
  };
  using Connections = std::list<Connection>;

 public:
  // A connection's slot, given back when destroyed; false when there was none free.
  class Slot {
   public:
    Slot() = default;
    Slot(ClientSlots* owner, std::string address, Connections::iterator it)
        : owner_(owner), address_(std::move(address)), it_(it) {}
    Slot(Slot&& o) noexcept : owner_(o.owner_), address_(std::move(o.address_)), it_(o.it_) {
      o.owner_ = nullptr;
    }
    Slot& operator=(Slot&&) = delete;
    ~Slot();
    explicit operator bool() const { return owner_ != nullptr; }

    // The connection waits for its next request: its slot may be taken once it is idle.
    void waiting() { set(Doing::Waiting); }
    // A request has begun to arrive: its slot may be taken once it is stale.
    void reading() { set(Doing::Reading); }
    // The request is whole and being answered: its slot is not taken.
    void answering() { set(Doing::Answering); }

   private:
    void set(Doing doing);
    ClientSlots* owner_ = nullptr;
    std::string address_;
    Connections::iterator it_;
  };

  // Takes a slot for connection `fd` from `address`: a free one, or the slot of an idle
  // or stale connection of that address, which is shut down; while one of them is being
  // answered, waits up to times().queue for it; an empty Slot when every one of its
  // per_client() connections stayed busy.
  Slot take(const std::string& address, int fd);

  int per_client() const { return per_client_; }
  const SlotTimes& times() const { return times_; }

 private:
  // Returns the connection of `list` to shut down for a new one, or list.end().
  Connections::iterator victim(Connections& list) const;

  // Returns a slot for `fd` when `address` has one free or one to take; else an empty
  // Slot. The caller holds mutex_.
  Slot try_take(const std::string& address, int fd);

  const int per_client_;
  const SlotTimes times_;
  std::mutex mutex_;
  std::condition_variable freed_;            // a slot was given back
  std::map<std::string, Connections> open_;  // per address, none listed empty
};

}  // namespace millbase::server
