/* Prints the value of each position for the side to move and a perfect move, a line
   each: "win 1 d3-c3", "loss 0 none", "draw -1 b2". Built against the installed
   library with find_package(millbase) (consumer/CMakeLists.txt) by install_test.sh.
   Usage: play VARIANT DIR POSITION... */
#include <millbase.h>
#include <stdio.h>

int main(int argc, char** argv) {
  static const char* const results[] = {"draw", "win", "loss"};
  char err[MILLBASE_ERR_SIZE];
  millbase_tables* tables = NULL;
  int status =
      argc < 3 ? MILLBASE_INVALID : millbase_open(argv[1], argv[2], &tables, err, sizeof err);
  for (int i = 3; i < argc && status == MILLBASE_OK; ++i) {
    int result, distance;
    char move[MILLBASE_MOVE_SIZE];
    status = millbase_probe(tables, argv[i], &result, &distance, err, sizeof err);
    if (status != MILLBASE_OK) break;
    status = millbase_best_move(tables, argv[i], 42, move, sizeof move, err, sizeof err);
    if (status == MILLBASE_GAME_OVER) status = MILLBASE_OK;
    if (status == MILLBASE_OK)
      printf("%s %d %s\n", results[result], distance, *move ? move : "none");
  }
  if (status != MILLBASE_OK)
    fprintf(stderr, "play: %s: %s\n", millbase_status_text(status),
            argc < 3 ? "usage: play VARIANT DIR POSITION..." : err);
  if (tables) millbase_close(tables);
  return status;
}
