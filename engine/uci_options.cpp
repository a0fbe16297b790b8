#include "engine/uci_dialect.h"

#include "core/token_text.h"
#include "db/table_dir.h"
#include "engine/line_reader.h"

// The engine's options: one table (options()) gives both the lines `uci` lists and what
// `setoption` does (uci_dialect.h); the rule options are SanmillRules'.
namespace millbase::engine {

// One of the engine's own options: its line in `uci`'s list, and what `setoption` does
// with a value once the value fits the option's kind.
struct UciDialect::Option {
  enum class Kind : uint8_t { Check, Spin, Combo, String };
  std::string_view name;  // as `uci` lists it
  Kind kind;
  std::string shown_default = {};        // the default as listed
  std::vector<std::string> values = {};  // a combo's values, lower case
  long min = 0, max = 0;                 // a spin's range
  // Applies a value that fits: its text, and a check's 0 or 1, a spin's number or the
  // index of a combo's value in `values` (0 for a string).
  void (*set)(UciDialect& d, const std::string& text, long number);

  // Returns "option name <name> type <kind> default <default>", then a spin's range or a
  // combo's values.
  std::string line() const {
    static constexpr const char* KINDS[] = {"check", "spin", "combo", "string"};
    std::string out = "option name " + std::string(name) + " type " + KINDS[int(kind)] +
                      " default " + shown_default;
    if (kind == Kind::Spin) out += " min " + std::to_string(min) + " max " + std::to_string(max);
    for (const std::string& v : values) out += " var " + v;
    return out;
  }

  // Returns the number set() takes for `value`, or an error naming the option by `id`
  // (the name as setoption read it) and the value.
  Result<long> parse(std::string_view id, std::string_view value) const {
    if (kind == Kind::Check) {
      Result<bool> on = parse_check(id, value);
      return on ? Result<long>(long(*on)) : Result<long>(on.status());
    }
    if (kind == Kind::Spin) return parse_spin(id, value, min, max);
    if (kind == Kind::String) return 0L;
    const std::string lower = ascii_lower(value);
    std::string listed;
    for (size_t i = 0; i < values.size(); ++i) {
      if (values[i] == lower) return long(i);
      listed += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + values[i];
    }
    return Status::error("option " + quote_token(id) + " takes " + listed + ", not " +
                         quote_token(value));
  }
};

namespace {

// Returns true for a string option's value that stands for its default: none, or
// "<empty>" as GUIs send the default back.
bool means_default(const std::string& value) {
  return value.empty() || ascii_lower(value) == "<empty>";
}

}  // namespace

std::vector<UciDialect::Option> UciDialect::options() const {
  using Kind = Option::Kind;
  std::vector<std::string> variants;
  for (const Variant* v : all_variants()) variants.emplace_back(v->name);
  return {
      {.name = "Variant",
       .kind = Kind::Combo,
       .shown_default = std::string(s_.variant().name),
       .values = variants,
       .set =
           [](UciDialect& d, const std::string&, long i) {
             d.s_.set_variant(*all_variants()[size_t(i)]);
             d.rules_in_use_ = false;  // the game named, until a rule option is set again
             d.origin_ = {};
           }},
      // --db's, else data/<variant>, for the default.
      {.name = "TablePath",
       .kind = Kind::String,
       .shown_default = "<empty>",
       .set = [](UciDialect& d, const std::string& text,
                 long) { d.s_.set_db(means_default(text) ? d.db_ : text); }},
      // Sanmill's name, which its app sends with a folder of its own (Sanmill's perfect
      // database, another format): taken only where it holds millbase's tables of the game.
      {.name = "PerfectDatabasePath",
       .kind = Kind::String,
       .shown_default = "<empty>",
       .set =
           [](UciDialect& d, const std::string& text, long) {
             if (means_default(text)) return;
             if (TableDir::open(d.s_.variant(), text))
               d.s_.set_db(text);
             else
               d.say("info string PerfectDatabasePath " + quote_token(text) +
                     " holds no millbase tables of " + std::string(d.s_.variant().name) +
                     "; the tables stay " + d.s_.dir());
           }},
      {.name = "UsePerfectDatabase",
       .kind = Kind::Check,
       .shown_default = "false",
       .set = [](UciDialect& d, const std::string&, long on) { d.perfect_db_ = on; }},
      {.name = "SkillLevel",
       .kind = Kind::Spin,
       .shown_default = std::to_string(MAX_SKILL),
       .min = MIN_SKILL,
       .max = MAX_SKILL,
       .set = [](UciDialect& d, const std::string&, long n) { d.level_ = skill_level(int(n)); }},
      {.name = "Seed",
       .kind = Kind::Spin,
       .shown_default = "1",
       .min = 0,
       .max = 2147483647,
       .set = [](UciDialect& d, const std::string&, long n) { d.s_.set_seed(uint64_t(n)); }},
      {.name = "ScoreFromWhite",
       .kind = Kind::Check,
       .shown_default = "false",
       .set = [](UciDialect& d, const std::string&, long on) { d.score_from_white_ = on; }},
      {.name = "CombinedMoves",
       .kind = Kind::Check,
       .shown_default = "false",
       .set = [](UciDialect& d, const std::string&, long on) { d.combined_ = on; }},
      // In the order of LineForm.
      {.name = "BestMoveLine",
       .kind = Kind::Combo,
       .shown_default = "auto",
       .values = {"auto", "uci", "sanmill"},
       .set = [](UciDialect& d, const std::string&, long i) { d.line_form_ = LineForm(i); }},
  };
}

Status UciDialect::handshake() {
  std::string text =
      std::string("id name millbase ") + MILLBASE_VERSION + "\nid author the millbase developers";
  for (const Option& o : options()) text += "\n" + o.line();
  return answered(text + "\n" + SanmillRules::option_lines() + "\nuciok");
}

// setoption name <id> [value <x>]; the id in any case, its words joined.
Status UciDialect::set_option(const std::vector<std::string>& words) {
  const auto [name, value] = parse_setoption(words);
  if (SanmillRules::has(name)) return set_rule(name, value);
  for (const Option& o : options()) {
    if (ascii_lower(o.name) != name) continue;
    Result<long> n = o.parse(name, value);
    if (!n) return n.status();
    o.set(*this, value, *n);
    return Status::ok();
  }
  return answered("info string unknown option " + quote_token(name));
}

// Sets rule option `name` (SanmillRules::has) to `value`; the game they select, when
// solved and another, becomes the session's.
Status UciDialect::set_rule(const std::string& name, const std::string& value) {
  if (Status st = rules_.set(name, value); !st) return st;
  rules_in_use_ = true;
  Result<const Variant*> v = rules_.variant();
  if (v && *v != &s_.variant()) {
    s_.set_variant(**v);
    origin_ = {};
  }
  return Status::ok();
}

// Returns ok, or why the rule options in use select no solved game.
Status UciDialect::rules_ready() const {
  if (!rules_in_use_) return Status::ok();
  Result<const Variant*> v = rules_.variant();
  return v ? Status::ok() : v.status();
}

}  // namespace millbase::engine
