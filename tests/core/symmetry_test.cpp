// Symmetry: all 16 images of a position behave alike.
#include "core/symmetry.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/unmovegen.h"
#include "test_util.h"

namespace millbase {
namespace {

TEST(Symmetry, ImagesHaveSameMovesAndStatus) {
  std::mt19937_64 rng(5);
  for (const Variant* v : all_variants())
    for (int i = 0; i < 3000; ++i) {
      Position p = test::random_position(*v, rng);
      MoveList moves(*v, p);
      for (int s = 0; s < NUM_SYMMETRIES; ++s) {
        Position q = transform(*v->board, p, s);
        EXPECT_TRUE(validate(*v, q).is_ok());
        EXPECT_EQ(game_over(*v, q), game_over(*v, p)) << format_position(*v, p) << " sym " << s;
        MoveList image_moves(*v, q);
        ASSERT_EQ(image_moves.size(), moves.size()) << format_position(*v, p) << " sym " << s;
        for (Move m : moves) EXPECT_TRUE(image_moves.contains(transform(*v->board, m, s)));
        EXPECT_EQ(UnmoveList(*v, q).size(), UnmoveList(*v, p).size());
        EXPECT_EQ(canonical(*v->board, q), canonical(*v->board, p));
        EXPECT_EQ(transform(*v->board, q, v->board->inverse[s]), p);
      }
    }
}

}  // namespace
}  // namespace millbase
