// The C API of millbase.h over Tablebase and Player: C strings in and out, Status codes
// turned into the command's exit-code numbers, and no exception across the boundary.
#include "millbase.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "core/notation.h"
#include "core/token_text.h"
#include "db/sector_index.h"
#include "db/shown_value.h"
#include "db/tablebase.h"
#include "player/player.h"

// The opaque handle of the C API.
struct millbase_tables {
  std::shared_ptr<const millbase::Tablebase> tables;
};

namespace millbase {
namespace {

static_assert(MILLBASE_DRAW == int(Wdl::Draw) && MILLBASE_WIN == int(Wdl::Win) &&
              MILLBASE_LOSS == int(Wdl::Loss));

// Copies `first` and then `second` into out[0..size), cut to size - 1 bytes and
// NUL-terminated; does nothing when out is NULL or size is 0. Never allocates.
void write_text(char* out, size_t size, std::string_view first, std::string_view second = {}) {
  if (!out || size == 0) return;
  size_t n = 0;
  for (std::string_view part : {first, second}) {
    const size_t k = std::min(part.size(), size - 1 - n);
    std::memcpy(out + n, part.data(), k);
    n += k;
  }
  out[n] = '\0';
}

// Returns the code of a failed Status, as the command's fail() maps it to exit codes.
int code_of(const Status& s) {
  return s.code() == Status::Code::NotFound  ? MILLBASE_MISSING
         : s.code() == Status::Code::Invalid ? MILLBASE_INVALID
                                             : MILLBASE_ERROR;
}

// A named pointer argument, checked for NULL.
struct Argument {
  const char* name;
  const void* pointer;
};

// Where one call reports its error: the caller's optional message buffer.
class Call {
 public:
  Call(char* err, size_t err_size) : err_(err), err_size_(err_size) {
    write_text(err, err_size, "");
  }

  // Returns code after writing the message.
  int fail(int code, std::string_view message, std::string_view detail = {}) const {
    write_text(err_, err_size_, message, detail);
    return code;
  }
  int fail(const Status& s) const { return fail(code_of(s), s.message()); }

  // Returns MILLBASE_INVALID naming the first NULL argument, or MILLBASE_OK.
  int check(std::initializer_list<Argument> args) const {
    for (const Argument& a : args)
      if (!a.pointer) return fail(MILLBASE_INVALID, a.name, " is NULL");
    return MILLBASE_OK;
  }

  // Returns body()'s code; an exception becomes MILLBASE_ERROR with its message.
  template <class F>
  int run(F body) const noexcept {
    try {
      return body();
    } catch (const std::bad_alloc&) {
      return fail(MILLBASE_ERROR, "out of memory");
    } catch (const std::exception& e) {
      return fail(MILLBASE_ERROR, "internal error: ", e.what());
    } catch (...) {
      return fail(MILLBASE_ERROR, "internal error");
    }
  }

 private:
  char* err_;
  size_t err_size_;
};

// Returns the position written in text for variant v; malformed or impossible text is
// invalid input (MILLBASE_INVALID), its message naming the token.
Result<Position> read_position(const Variant& v, const char* text) {
  Result<Position> p = parse_position(v, text);
  if (!p) return Status::invalid(p.message());
  return p;
}
Result<Position> read_position(const millbase_tables& t, const char* text) {
  return read_position(t.tables->variant(), text);
}

// Returns why the game is over in p, for the side to move.
std::string game_over_text(const Variant& v, const Position& p, GameOver why) {
  return "the game is over: " + millbase::game_over_text(v, why, p.side_to_move);
}

// Returns the position of a probe with its 50-ply counter checked (0..50, 0 in
// placement; with plain tables too, where it does not change the value).
Result<Position> read_probe_position(const Variant& v, const char* text, int counter) {
  Result<Position> p = read_position(v, text);
  if (!p) return p;
  if (Status st = check_fifty_counter(v, *p, counter); !st) return st;
  return p;
}

// millbase_probe and millbase_probe_counter.
int probe_at(const millbase_tables* tables, const char* position, int counter, int* result,
             int* distance, const Call& call) {
  return call.run([&]() -> int {
    if (int c = call.check({{"tables", tables},
                            {"position", position},
                            {"result", result},
                            {"distance", distance}}))
      return c;
    Result<Position> p = read_probe_position(tables->tables->variant(), position, counter);
    if (!p) return call.fail(p.status());
    Result<ValueCode> v = tables->tables->probe(*p);
    if (!v) return call.fail(v.status());
    // 50-ply tables: the value under the rule at the counter, and z.
    const bool fifty = tables->tables->metric() == Metric::FIFTY;
    const ValueCode value = ShownValue{*v, tables->tables->metric(), counter}.now();
    *result = int(wdl_of(value));
    *distance = is_draw(value)            ? -1
                : distance_unknown(value) ? -2
                : fifty                   ? fifty_z(value)
                                          : millbase::distance(value);
    return MILLBASE_OK;
  });
}

// Writes the move of `level` in position (of variant v, its counter checked) into
// move[0..move_size); tables: v's, or null at a level that does not need_tables(). Runs
// inside
// call.run.
int write_move(const Variant& v, const std::shared_ptr<const Tablebase>& tables,
               const char* position, int counter, int level, unsigned long seed, char* move,
               size_t move_size, const Call& call) {
  Result<Position> p = read_probe_position(v, position, counter);
  if (!p) return call.fail(p.status());
  if (GameOver why = game_over(v, *p); why != GameOver::None)
    return call.fail(MILLBASE_GAME_OVER, game_over_text(v, *p, why));
  // Under the rule a turn that starts at 50 plies without a mill is a draw (rules.md).
  if (tables && tables->metric() == Metric::FIFTY && counter == FIFTY_PLIES)
    return call.fail(MILLBASE_GAME_OVER,
                     "the game is over: a draw by the 50-ply rule (50 plies without a mill)");
  Result<Move> m = Player(v, tables, seed).choose(*p, level, nullptr, counter);
  if (!m) return call.fail(m.status());
  const std::string text = format_move(v, *m);
  if (text.size() >= move_size)
    return call.fail(MILLBASE_BUFFER_TOO_SMALL,
                     "the move " + text + " needs " + std::to_string(text.size() + 1) +
                         " bytes, the buffer has " + std::to_string(move_size));
  write_text(move, move_size, text);
  return MILLBASE_OK;
}

// millbase_best_move and millbase_best_move_counter.
int best_move_at(const millbase_tables* tables, const char* position, int counter,
                 unsigned long seed, char* move, size_t move_size, const Call& call) {
  write_text(move, move_size, "");
  return call.run([&]() -> int {
    if (int c = call.check({{"tables", tables}, {"position", position}, {"move", move}})) return c;
    return write_move(tables->tables->variant(), tables->tables, position, counter, PERFECT, seed,
                      move, move_size, call);
  });
}

// millbase_level_move.
int level_move(const char* variant, const millbase_tables* tables, const char* position,
               int counter, const char* level, unsigned long seed, char* move, size_t move_size,
               const Call& call) {
  write_text(move, move_size, "");
  return call.run([&]() -> int {
    if (int c = call.check(
            {{"variant", variant}, {"position", position}, {"level", level}, {"move", move}}))
      return c;
    const Variant* v = find_variant(variant);
    if (!v) return call.fail(MILLBASE_INVALID, unknown_variant_text(variant));
    const Result<int> chosen = parse_level(level);
    if (!chosen) return call.fail(MILLBASE_INVALID, chosen.message());
    if (tables && &tables->tables->variant() != v)
      return call.fail(MILLBASE_INVALID, "the tables are of " +
                                             std::string(tables->tables->variant().name) +
                                             ", not of " + std::string(v->name));
    if (!tables && needs_tables(*chosen))
      return call.fail(MILLBASE_INVALID, level_name(*chosen) +
                                             " plays from the tables: pass those of " +
                                             std::string(v->name) + " (millbase_open)");
    return write_move(*v, tables ? tables->tables : nullptr, position, counter, *chosen, seed, move,
                      move_size, call);
  });
}

}  // namespace
}  // namespace millbase

using namespace millbase;

extern "C" {

MILLBASE_API const char* millbase_version(void) { return MILLBASE_VERSION; }

MILLBASE_API const char* millbase_status_text(int status) {
  static constexpr const char* TEXTS[] = {
      "ok", "error", "invalid input", "missing table", "buffer too small", "game over"};
  return status >= 0 && status < int(std::size(TEXTS)) ? TEXTS[status] : "unknown status";
}

MILLBASE_API int millbase_open(const char* variant, const char* dir, millbase_tables** tables,
                               char* err, size_t err_size) {
  const Call call(err, err_size);
  if (tables) *tables = nullptr;
  return call.run([&]() -> int {
    if (int c = call.check({{"variant", variant}, {"dir", dir}, {"tables", tables}})) return c;
    const Variant* v = find_variant(variant);
    if (!v) return call.fail(MILLBASE_INVALID, unknown_variant_text(variant));
    auto tb = Tablebase::open(*v, dir);
    if (!tb) return call.fail(tb.status());
    *tables = new millbase_tables{std::move(tb).value()};
    return MILLBASE_OK;
  });
}

MILLBASE_API int millbase_close(millbase_tables* tables) {
  if (!tables) return MILLBASE_INVALID;
  delete tables;
  return Call(nullptr, 0).run([] {
    SectorIndex::release_unused();  // the indexes only this handle used
    return int(MILLBASE_OK);
  });
}

MILLBASE_API int millbase_probe(const millbase_tables* tables, const char* position, int* result,
                                int* distance, char* err, size_t err_size) {
  return probe_at(tables, position, 0, result, distance, Call(err, err_size));
}

MILLBASE_API int millbase_probe_counter(const millbase_tables* tables, const char* position,
                                        int counter, int* result, int* distance, char* err,
                                        size_t err_size) {
  return probe_at(tables, position, counter, result, distance, Call(err, err_size));
}

MILLBASE_API int millbase_probe_wdl(const millbase_tables* tables, const char* position,
                                    int* result, char* err, size_t err_size) {
  const Call call(err, err_size);
  return call.run([&]() -> int {
    if (int c = call.check({{"tables", tables}, {"position", position}, {"result", result}}))
      return c;
    Result<Position> p = read_position(*tables, position);
    if (!p) return call.fail(p.status());
    Result<Wdl> w = tables->tables->probe_wdl(*p);
    if (!w) return call.fail(w.status());
    *result = int(*w);
    return MILLBASE_OK;
  });
}

MILLBASE_API int millbase_best_move(const millbase_tables* tables, const char* position,
                                    unsigned long seed, char* move, size_t move_size, char* err,
                                    size_t err_size) {
  return best_move_at(tables, position, 0, seed, move, move_size, Call(err, err_size));
}

MILLBASE_API int millbase_best_move_counter(const millbase_tables* tables, const char* position,
                                            int counter, unsigned long seed, char* move,
                                            size_t move_size, char* err, size_t err_size) {
  return best_move_at(tables, position, counter, seed, move, move_size, Call(err, err_size));
}

MILLBASE_API int millbase_level_move(const char* variant, const millbase_tables* tables,
                                     const char* position, int counter, const char* level,
                                     unsigned long seed, char* move, size_t move_size, char* err,
                                     size_t err_size) {
  return level_move(variant, tables, position, counter, level, seed, move, move_size,
                    Call(err, err_size));
}

}  // extern "C"
