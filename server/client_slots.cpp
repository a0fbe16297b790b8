#include "server/client_slots.h"

namespace millbase::server {

ClientSlots::Slot ClientSlots::take(const std::string& address) {
  std::lock_guard lock(mutex_);
  int& open = open_[address];
  if (open >= per_client_) return Slot(nullptr, "");
  ++open;
  return Slot(this, address);
}

ClientSlots::Slot::~Slot() {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  if (auto it = owner_->open_.find(address_); it != owner_->open_.end() && --it->second <= 0)
    owner_->open_.erase(it);
}

}  // namespace millbase::server
