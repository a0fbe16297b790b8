/* Prints the value of each position for the side to move, a line each: "win 119",
   "loss 0" or "draw -1". Built against the installed library with pkg-config and
   gcc -std=c89 by install_test.sh. Usage: probe VARIANT DIR POSITION... */
#include <millbase.h>
#include <stdio.h>

int main(int argc, char** argv) {
  static const char* const results[] = {"draw", "win", "loss"};
  char err[MILLBASE_ERR_SIZE];
  millbase_tables* tables;
  int i, result, distance;
  if (argc < 3) {
    fprintf(stderr, "usage: probe VARIANT DIR POSITION...\n");
    return 2;
  }
  if (millbase_open(argv[1], argv[2], &tables, err, sizeof err) != MILLBASE_OK) {
    fprintf(stderr, "probe: %s\n", err);
    return 1;
  }
  for (i = 3; i < argc; ++i) {
    if (millbase_probe(tables, argv[i], &result, &distance, err, sizeof err) != MILLBASE_OK) {
      fprintf(stderr, "probe: %s\n", err);
      millbase_close(tables);
      return 1;
    }
    printf("%s %d\n", results[result], distance);
  }
  millbase_close(tables);
  return 0;
}
