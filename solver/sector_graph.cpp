#include "solver/sector_graph.h"

#include <algorithm>
#include <set>

namespace millbase {

bool SectorGraph::exists(const Sector& s) const {
  const int n = variant_->board->num_points, N = variant_->stones;
  return s.us_hand <= N && s.them_hand <= N &&
         (s.us_hand == s.them_hand || s.us_hand == s.them_hand + 1) && s.us + s.us_hand <= N &&
         s.them + s.them_hand <= N && s.us + s.them <= n;
}

SectorGraph::SectorGraph(const Variant& v) : variant_(&v) {
  const int N = v.stones;
  std::vector<Sector> movement, placement;
  for (int them_hand = 0; them_hand <= N; ++them_hand)
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
      for (const Sector& c : successor_sectors(s)) {
        if (std::find(u.sectors.begin(), u.sectors.end(), c) != u.sectors.end())
          u.internal_moves = true;
        else if (!is_terminal(v, c))
          children.insert(c);
      }
    u.children.assign(children.begin(), children.end());
  }
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
