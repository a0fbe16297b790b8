#include "solver/movement_scan.h"

#include "core/movegen.h"

namespace millbase {

MoveExits::MoveExits(const Variant& v, const Sector& s, const ChildLookup& children,
                     bool mirror_inside)
    : board_(*v.board),
      moves_(may_move(v, s.us, s.us_hand)),
      flying_(flies(v, s.us, s.us_hand)),
      mirror_inside_(mirror_inside),
      mill_(s.them > 0 && s.us >= 3 ? children.values_of(child_sector(s, false, true)) : nullptr),
      quiet_(moves_ && !mirror_inside ? children.values_of(child_sector(s, false, false))
                                      : nullptr),
      mill_sets_(std::make_unique<MoveSetCache>(mill_ ? mill_->index.get() : nullptr)),
      quiet_sets_(std::make_unique<MoveSetCache>(quiet_ ? quiet_->index.get() : nullptr)) {}

MoveExits::~MoveExits() = default;

void MoveExits::reset(Bitboard occupied) {
  mill_sets_->reset(occupied);
  quiet_sets_->reset(occupied);
  empty_ = board_.all & ~occupied;
}

int MoveExits::scan(Bitboard us, Bitboard them, ChildLookup::Slot* exits, int& n) {
  if (!moves_) return 0;
  const Board& b = board_;
  // A mill removes a stone when the opponent has one on the board (rules.md, a turn).
  const Bitboard removable = them ? b.removable(them) : 0;
  int inside = 0;
  for (Bitboard from = us; from;) {
    const Point f = pop_lsb(from);
    for (Bitboard to = flying_ ? empty_ : b.adjacent[f] & empty_; to;) {
      const Point t = pop_lsb(to);
      const Bitboard own = (us & ~bit(f)) | bit(t);
      if (removable && b.closes_mill(own, t)) {
        // The child: the opponent to move with x removed, against own.
        for (Bitboard r = removable; r;) {
          const Point x = pop_lsb(r);
          const uint64_t at =
              mill_ ? mill_->index->rank(them & ~bit(x), mill_sets_->get(f, t, x)).index : 0;
          exits[n++] = ChildLookup::prefetched(mill_, at);
        }
      } else if (mirror_inside_) {
        ++inside;
      } else {
        const uint64_t at =
            quiet_ ? quiet_->index->rank(them, quiet_sets_->get(f, t, NO_POINT)).index : 0;
        exits[n++] = ChildLookup::prefetched(quiet_, at);
      }
    }
  }
  return inside;
}

void scan_movement(const Variant& v, const Sector& s, const SectorIndex& index, uint64_t begin,
                   uint64_t end, const ChildLookup& children, bool fifty, int loss_step,
                   ValueCode* values, uint16_t* counts) {
  assert(s.us_hand == 0 && s.them_hand == 0 && s.us >= 3 && s.them >= 3);
  MoveExits moves(v, s, children, true);
  Bitboard last = ~Bitboard(0);  // no occupied set has every bit
  index.for_each_with_orbit(begin, end, [&](uint64_t i, Bitboard us, Bitboard them, int orbit) {
    const Bitboard occupied = us | them;
    if (occupied != last) moves.reset(occupied), last = occupied;
    ChildLookup::Slot exits[MAX_MOVES];
    int n = 0;
    const int inside = moves.scan(us, them, exits, n);
    ValueCode& value = values[i - begin];
    if (inside == 0 && n == 0) {  // no legal move
      value = game_over_value(blocked(v, occupied));
      return;
    }
    ValueFolder fold(loss_step);
    for (int k = 0; k < n; ++k) {
      const ValueCode child = children.value(exits[k]);
      fifty ? fold.add_zeroing(child) : fold.add(child);
    }
    scanned_entry(fold, n, inside, orbit, value, counts[i - begin]);
  });
}

}  // namespace millbase
