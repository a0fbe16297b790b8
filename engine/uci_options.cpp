#include "engine/uci_dialect.h"

#include "core/token_text.h"
#include "db/table_dir.h"
#include "engine/line_reader.h"

// The engine's options: the list `uci` offers and `setoption` sets (uci_dialect.h).
namespace millbase::engine {

Status UciDialect::handshake() {
  std::string variants;
  for (const Variant* v : all_variants()) variants += " var " + std::string(v->name);
  return say(std::string("id name millbase ") + MILLBASE_VERSION +
             "\nid author the millbase developers"
             "\noption name Variant type combo default " +
             std::string(s_.variant().name) + variants +
             "\noption name TablePath type string default <empty>"
             "\noption name PerfectDatabasePath type string default <empty>"
             "\noption name UsePerfectDatabase type check default false" +
             "\noption name SkillLevel type spin default " + std::to_string(MAX_SKILL) + " min " +
             std::to_string(MIN_SKILL) + " max " + std::to_string(MAX_SKILL) +
             "\noption name Seed type spin default 1 min 0 max 2147483647"
             "\noption name ScoreFromWhite type check default false"
             "\noption name CombinedMoves type check default false"
             "\noption name BestMoveLine type combo default auto var auto var uci var sanmill\n" +
             SanmillRules::option_lines() + "\nuciok");
}

// setoption name <id> [value <x>]; the id in any case, its words joined.
Status UciDialect::set_option(const std::vector<std::string>& words) {
  const auto [name, value] = parse_setoption(words);
  const std::string lower = ascii_lower(value);
  if (name == "variant") {
    if (Status st = s_.set_variant(value); !st) return st;
    rules_in_use_ = false;  // the game named, until a rule option is set again
    origin_ = {};
    return Status::ok();
  }
  if (SanmillRules::has(name)) {
    if (Status st = rules_.set(name, value); !st) return st;
    rules_in_use_ = true;
    Result<const Variant*> v = rules_.variant();
    if (v && *v != &s_.variant()) {
      s_.set_variant((*v)->name);
      origin_ = {};
    }
    return Status::ok();
  }
  // <empty>, as GUIs send the default: --db's, else data/<variant>.
  if (name == "tablepath") {
    s_.set_db(value.empty() || lower == "<empty>" ? db_ : value);
    return Status::ok();
  }
  // Sanmill's name, which its app sends with a folder of its own (Sanmill's perfect
  // database, another format): taken only where it holds millbase's tables of the game.
  if (name == "perfectdatabasepath") {
    if (value.empty() || lower == "<empty>") return Status::ok();
    if (!TableDir::open(s_.variant(), value))
      return say("info string PerfectDatabasePath " + quote_token(value) + " holds no millbase " +
                 "tables of " + std::string(s_.variant().name) + "; the tables stay " + s_.dir());
    s_.set_db(value);
    return Status::ok();
  }
  if (name == "skilllevel" || name == "seed") {
    const bool seed = name == "seed";
    Result<long> n = parse_spin(name, value, seed ? 0 : MIN_SKILL, seed ? 2147483647L : MAX_SKILL);
    if (!n) return n.status();
    if (seed)
      s_.set_seed(uint64_t(*n));
    else
      level_ = skill_level(int(*n));
    return Status::ok();
  }
  if (name == "scorefromwhite" || name == "combinedmoves" || name == "useperfectdatabase") {
    Result<bool> on = parse_check(name, value);
    if (!on) return on.status();
    (name == "scorefromwhite"  ? score_from_white_
     : name == "combinedmoves" ? combined_
                               : perfect_db_) = *on;
    return Status::ok();
  }
  if (name == "bestmoveline") {
    if (lower != "auto" && lower != "uci" && lower != "sanmill")
      return Status::error("option 'bestmoveline' takes auto, uci or sanmill, not " +
                           quote_token(value));
    line_form_ = lower == "auto"  ? LineForm::Auto
                 : lower == "uci" ? LineForm::Uci
                                  : LineForm::Sanmill;
    return Status::ok();
  }
  return say("info string unknown option " + quote_token(name));
}

// Returns ok, or why the rule options in use select no solved game.
Status UciDialect::rules_ready() const {
  if (!rules_in_use_) return Status::ok();
  Result<const Variant*> v = rules_.variant();
  return v ? Status::ok() : v.status();
}

}  // namespace millbase::engine
