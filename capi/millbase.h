/* millbase.h: the C API of millbase, perfect play of mill games from solved tables.
 *
 * Link with libmillbase.so (pkg-config millbase, or find_package(millbase) and the
 * target millbase::millbase). The header is plain C (C89 and later, and C++); it uses
 * only int, unsigned long, size_t and char, so that foreign function interfaces
 * (Python ctypes, Dart ffi, Rust) can declare every function by hand. docs/c-api.md
 * has an example.
 *
 * Contract
 *
 * Status codes: every function but millbase_version and millbase_status_text returns
 * one of enum millbase_status, as an int. 1, 2 and 3 mean what the millbase command's
 * exit codes of the same number mean.
 *
 * Messages: functions that can fail take `char* err, size_t err_size`, a buffer of the
 * caller's for a one-line message in English. On success it receives "", on failure
 * the message, cut to err_size - 1 bytes and always terminated by a NUL. err may be
 * NULL (or err_size 0): no message is written. MILLBASE_ERR_SIZE bytes hold every
 * message except those quoting a very long directory path. There is no global or
 * per-handle "last error": the library keeps no state between calls besides handles.
 *
 * Arguments: every pointer argument except err (and the tables of millbase_level_move
 * at the levels 1..5) must be non-NULL; a NULL one is refused with MILLBASE_INVALID.
 * Strings passed in are NUL-terminated, read during the call only and never kept.
 * Output parameters are written only on success, except that *tables is set to NULL by
 * a failed millbase_open and the move buffer of a failed millbase_best_move (or
 * _counter, or millbase_level_move) receives "" (when move_size > 0).
 *
 * Thread safety: all functions may be called from several threads at once. One handle
 * may be used by several threads at once for probing and for best moves; it reads its
 * tables through a shared, locked cache. millbase_close must not run while another call
 * on the same handle is in progress, nor may the handle be used after it.
 *
 * Errors never unwind: no C++ exception leaves the library (running out of memory is
 * MILLBASE_ERROR "out of memory"), and no function aborts the process on bad input.
 *
 * ABI promise: within one MILLBASE_ABI_VERSION, which is the number in the library's
 * SONAME (libmillbase.so.1), functions are only added, never removed or changed in
 * their parameters, and the numeric values of the enums below never change. The handle
 * stays opaque; there are no structs whose layout callers depend on. A change that
 * breaks this raises MILLBASE_ABI_VERSION and the SONAME.
 */
#ifndef MILLBASE_H
#define MILLBASE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version: the number in the SONAME libmillbase.so.<N>. */
#define MILLBASE_ABI_VERSION 1

#if defined(__GNUC__) || defined(__clang__)
#define MILLBASE_API __attribute__((visibility("default")))
#else
#define MILLBASE_API
#endif

/* What a call returned. Numbers 1-3 are the millbase command's exit codes. */
enum millbase_status {
  MILLBASE_OK = 0,
  /* An operation failed: I/O error, corrupt table, out of memory, internal error. */
  MILLBASE_ERROR = 1,
  /* Bad input: a NULL argument, an unknown variant, a malformed or impossible
     position (the message names the offending token), a table directory of another
     variant. */
  MILLBASE_INVALID = 2,
  /* A needed table or the table directory is missing; the message names it. */
  MILLBASE_MISSING = 3,
  /* The caller's move buffer is too small for the move; it receives "". */
  MILLBASE_BUFFER_TOO_SMALL = 4,
  /* millbase_best_move: the game is over in the position, there is no move. */
  MILLBASE_GAME_OVER = 5
};

/* The game-theoretic result for the side to move. The numbers are those of the WDL
   plane of the table files (docs/format.md). */
enum millbase_result { MILLBASE_DRAW = 0, MILLBASE_WIN = 1, MILLBASE_LOSS = 2 };

/* A move buffer of this many bytes holds every move ("c5-d5xd7" and its NUL). */
#define MILLBASE_MOVE_SIZE 16
/* An error buffer of this many bytes holds every message but those quoting very long
   directory paths, which are cut. */
#define MILLBASE_ERR_SIZE 512

/* An open table directory of one variant. Opaque; created by millbase_open, released
   by millbase_close. */
typedef struct millbase_tables millbase_tables;

/* Returns the library's version, e.g. "0.2.0": a static string, never freed. */
MILLBASE_API const char* millbase_version(void);

/* Returns a short static description of a status code ("ok", "missing table", ...;
   "unknown status" for other numbers): a static string, never freed. */
MILLBASE_API const char* millbase_status_text(int status);

/* Opens the tables of `variant` ("nine", "nine-noflying", "six", "five", "twelve",
   "twelve-malom" or "lasker", in any case) in directory `dir` (as written by millbase
   solve) and stores a new handle in *tables. Tables are opened on first use; decoded
   blocks are cached, up to 64 MiB per handle. Returns MILLBASE_OK; MILLBASE_INVALID for
   an unknown variant, a NULL argument or a directory of another variant;
   MILLBASE_MISSING when dir is not a directory. On failure *tables is NULL. */
MILLBASE_API int millbase_open(const char* variant, const char* dir, millbase_tables** tables,
                               char* err, size_t err_size);

/* Releases the handle and its cache. Returns MILLBASE_OK, or MILLBASE_INVALID for
   NULL. */
MILLBASE_API int millbase_close(millbase_tables* tables);

/* Stores the value of `position` for the side to move: *result (enum millbase_result)
   and *distance, the number of plies to the end of the game with perfect play (the
   winner shortest, the loser longest; odd for a win, even for a loss, 0 when the game
   is over), -1 for a draw, or -2 for a win or loss whose distance the tables do not
   store (a placement position of a play set, millbase pack --play-set). With a directory of 50-ply
   tables (millbase solve --rule fifty): the value under the 50-ply rule with the counter at 0 and
   the plies to the next mill or the end, whose parity does not follow the result;
   millbase_best_move then plays under the rule too. The position is in the notation of the millbase
   command, e.g. "W:b2,d2 B:f4 b 4 5" (docs/c-api.md). Returns MILLBASE_OK; MILLBASE_INVALID for a
   malformed or impossible position; MILLBASE_MISSING when a needed table is missing; MILLBASE_ERROR
   for an unreadable or corrupt table. */
MILLBASE_API int millbase_probe(const millbase_tables* tables, const char* position, int* result,
                                int* distance, char* err, size_t err_size);

/* Stores the result of `position` for the side to move in *result, reading only the
   tables' win/draw/loss planes (less to decode than millbase_probe). Returns as
   millbase_probe. */
MILLBASE_API int millbase_probe_wdl(const millbase_tables* tables, const char* position,
                                    int* result, char* err, size_t err_size);

/* Writes a perfect move of `position` in the notation of the millbase command ("d5",
   "c5-d5", "g1xd2", "c5-d5xd7") into move[0..move_size), NUL-terminated. Perfect: a
   shortest win, a longest loss, or among draws the drawing move that gives a fallible
   opponent the most chances to go wrong (docs/levels.md); ties are broken by a
   generator seeded with `seed`, so that the same tables, position and seed give the
   same move. Returns MILLBASE_OK; MILLBASE_GAME_OVER when the side to move has lost (no
   move); MILLBASE_BUFFER_TOO_SMALL when the move and its NUL do not fit in move_size
   bytes (MILLBASE_MOVE_SIZE always suffices); otherwise as millbase_probe. */
MILLBASE_API int millbase_best_move(const millbase_tables* tables, const char* position,
                                    unsigned long seed, char* move, size_t move_size, char* err,
                                    size_t err_size);

/* The 50-ply counter (added in 0.2.0 beside the functions above, which take it as 0).
   `counter` is the number of plies played since the last mill closed in the movement
   phase or since placement ended: 0..50, and 0 in placement (docs/fifty-ply.md), but
   for lasker, whose count starts at the first ply. With 50-ply tables, the value and
   the move are those under the rule at that counter: a win whose next mill or end lies
   more than 50 - counter plies away is a draw there. With plain tables the counter is
   checked the same way and does not change the answer. With 50-ply tables a counter of
   50 is a drawn game (rules.md): the probe answers a draw, and
   millbase_best_move_counter MILLBASE_GAME_OVER unless the side to move has lost. A
   counter outside 0..50, or above 0 in placement (but for lasker), is
   MILLBASE_INVALID. */

/* As millbase_probe, at the 50-ply counter `counter`. */
MILLBASE_API int millbase_probe_counter(const millbase_tables* tables, const char* position,
                                        int counter, int* result, int* distance, char* err,
                                        size_t err_size);

/* As millbase_best_move, at the 50-ply counter `counter`. */
MILLBASE_API int millbase_best_move_counter(const millbase_tables* tables, const char* position,
                                            int counter, unsigned long seed, char* move,
                                            size_t move_size, char* err, size_t err_size);

/* The computer's levels (added beside the functions above, within ABI version 1). */

/* Writes the move the computer plays at `level` in `position` of `variant`, into
   move[0..move_size) as millbase_best_move does. level, in any case: "level1".."level5"
   (also "1".."5"), a search of a few plies that needs no tables and chooses among its
   near-best moves, from level1 (its own move only, often overlooking what it sees) to
   level5 (five plies); "level6".."level9" ("6".."9"), the move of perfect play but,
   one move in 2, 4, 8 and 16, level5's; "perfect" ("level10", "10"), the move
   of millbase_best_move_counter (docs/levels.md); "strong" is also read (the tables,
   any drawing move). tables: the tables of `variant` (millbase_open), or NULL, which the
   levels 1..5 accept (they do not read the tables) and the levels from 6 refuse with
   MILLBASE_INVALID. counter: as millbase_best_move_counter (0..50, 0 in placement;
   read by 50-ply tables only). The choice among equally good moves follows a generator
   seeded with `seed`: the same variant, tables, position, counter, level and seed give
   the same move. Repetitions are not seen: the position carries no history. Returns
   MILLBASE_OK; MILLBASE_INVALID for an unknown variant or level, tables of another
   variant, a level from 6 without tables, or as millbase_probe; MILLBASE_GAME_OVER when
   the side to move has lost (or, with 50-ply tables, the counter is at 50);
   MILLBASE_BUFFER_TOO_SMALL as millbase_best_move; MILLBASE_MISSING and MILLBASE_ERROR
   as millbase_probe, from the tables only (levels 6..10, strong). */
MILLBASE_API int millbase_level_move(const char* variant, const millbase_tables* tables,
                                     const char* position, int counter, const char* level,
                                     unsigned long seed, char* move, size_t move_size, char* err,
                                     size_t err_size);

#ifdef __cplusplus
}
#endif

#endif /* MILLBASE_H */
