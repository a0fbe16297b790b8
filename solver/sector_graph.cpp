#include "solver/sector_graph.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace millbase {

bool SectorGraph::exists(const Sector& s) const {
  const int n = variant_->board->num_points, N = variant_->stones;
  // Sides place alternately, unless a side may move instead (Lasker): any hands then.
  const bool hands =
      variant_->move_in_placement || s.us_hand == s.them_hand || s.us_hand == s.them_hand + 1;
  return s.us_hand <= N && s.them_hand <= N && hands && s.us + s.us_hand <= N &&
         s.them + s.them_hand <= N && s.us + s.them <= n;
}

// Returns true when a sector of a Lasker game can occur: the side that just played placed
// or moved, so it has a stone on the board and three or more in all (else it had lost),
// and a side that has not played yet has its whole hand, which only the first two turns
// see. The children of such a sector are such sectors (or terminal).
bool SectorGraph::reachable_lasker(const Sector& s) const {
  const int N = variant_->stones;
  if (s.us_hand == N)
    return s.us == 0 && (s.them == 0 ? s.them_hand == N : s.them == 1 && s.them_hand == N - 1);
  return s.them >= 1 && s.them + s.them_hand >= 3;
}

void SectorGraph::add_lasker_units() {
  const Variant& v = *variant_;
  const int N = v.stones;
  std::vector<Sector> stored;
  for (int us_hand = 0; us_hand <= N; ++us_hand)
    for (int them_hand = 0; them_hand <= N; ++them_hand)
      for (int us = 0; us <= N; ++us)
        for (int them = 0; them <= N; ++them) {
          Sector s{uint8_t(us), uint8_t(them), uint8_t(us_hand), uint8_t(them_hand)};
          if (exists(s) && !is_terminal(v, s) && reachable_lasker(s)) stored.push_back(s);
        }
  // A placement leaves one stone fewer in the hands, a removal one fewer on the board, a
  // move keeps both and leads into the mirror: units by stones in hand, then on the board.
  auto key = [](const Sector& s) { return std::tuple(s.us_hand + s.them_hand, s.us + s.them, s); };
  std::sort(stored.begin(), stored.end(),
            [&](const Sector& a, const Sector& b) { return key(a) < key(b); });
  for (const Sector& s : stored) {
    const Sector mirror{s.them, s.us, s.them_hand, s.us_hand};
    const bool mirror_stored = !is_terminal(v, mirror) && reachable_lasker(mirror);
    if (mirror < s && mirror_stored) continue;  // joined with its mirror already
    WorkUnit u;
    u.sectors.push_back(s);
    if (mirror != s && mirror_stored) u.sectors.push_back(mirror);
    units_.push_back(u);
  }
}

SectorGraph::SectorGraph(const Variant& v) : variant_(&v) {
  const int N = v.stones;
  if (v.move_in_placement) add_lasker_units();
  std::vector<Sector> movement, placement;
  for (int them_hand = 0; them_hand <= N && !v.move_in_placement; ++them_hand)
    for (int us_hand = them_hand; us_hand <= them_hand + 1; ++us_hand)
      for (int us = 0; us <= N; ++us)
        for (int them = 0; them <= N; ++them) {
          Sector s{uint8_t(us), uint8_t(them), uint8_t(us_hand), uint8_t(them_hand)};
          if (!exists(s) || is_terminal(v, s)) continue;
          (s.placement() ? placement : movement).push_back(s);
        }
  // Movement units: a-b with b-a, by total stones (mills lead to one stone fewer).
  std::sort(movement.begin(), movement.end(), [](const Sector& a, const Sector& b) {
    return std::pair(a.us + a.them, a) < std::pair(b.us + b.them, b);
  });
  for (const Sector& s : movement) {
    if (s.us < s.them && s.them >= 3) continue;  // joined with its mirror below
    WorkUnit u;
    u.sectors.push_back(s);
    Sector mirror{s.them, s.us, 0, 0};
    if (mirror != s && !is_terminal(v, mirror)) u.sectors.push_back(mirror);
    units_.push_back(u);
  }
  // Placement sectors: acyclic, by stones in hand (each turn places one).
  std::stable_sort(placement.begin(), placement.end(), [](const Sector& a, const Sector& b) {
    return a.us_hand + a.them_hand < b.us_hand + b.them_hand;
  });
  for (const Sector& s : placement) units_.push_back(WorkUnit{{s}, {}, false});
  for (WorkUnit& u : units_) {
    std::set<Sector> children;
    for (const Sector& s : u.sectors)
      for (const Sector& c : successor_sectors(v, s)) {
        if (std::find(u.sectors.begin(), u.sectors.end(), c) != u.sectors.end())
          u.internal_moves = true;
        else if (!is_terminal(v, c))
          children.insert(c);
      }
    u.children.assign(children.begin(), children.end());
  }
}

std::vector<Sector> SectorGraph::up_to_stones(int k) const {
  std::vector<Sector> out;
  if (!variant_->move_in_placement) {
    for (int a = 3; a <= k; ++a)
      for (int b = 3; b <= k; ++b) out.push_back(Sector{uint8_t(a), uint8_t(b), 0, 0});
    return out;
  }
  for (const WorkUnit& u : units_)
    for (const Sector& s : u.sectors)
      if (s.us + s.us_hand <= k && s.them + s.them_hand <= k) out.push_back(s);
  return out;
}

std::vector<WorkUnit> SectorGraph::closure(const std::vector<Sector>& targets) const {
  std::set<Sector> needed(targets.begin(), targets.end());
  std::vector<WorkUnit> out;
  // Units are in dependency order, so one backward pass collects everything needed.
  std::vector<bool> take(units_.size(), false);
  for (size_t i = units_.size(); i-- > 0;) {
    const WorkUnit& u = units_[i];
    for (const Sector& s : u.sectors) take[i] = take[i] || needed.count(s);
    if (take[i]) {
      needed.insert(u.sectors.begin(), u.sectors.end());
      needed.insert(u.children.begin(), u.children.end());
    }
  }
  for (size_t i = 0; i < units_.size(); ++i)
    if (take[i]) out.push_back(units_[i]);
  return out;
}

}  // namespace millbase
