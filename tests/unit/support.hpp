// Helpers shared by the unit tests: referee a JGN text and look at the verdict.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "report/record_formats.hpp"

namespace jv::test {

// The catalog of games of the command line (src/cli/games.cpp): Jelimvre, the default.
const GameCatalog& catalog();

// The verdict of one game, with the first fault decoded to plain values.
struct Checked {
    Verdict verdict = Verdict::legal;
    std::string rule;     // first fault's rule id ("" for a reading fault or none)
    std::string message;  // first fault's message
    std::string action;   // first fault's action text
    std::optional<std::uint32_t> turn;
    std::string side;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::size_t fault_count = 0;
    std::string result;  // outcome result token
    std::string reason;  // outcome reason
    std::string position;
};

// Every game of a source. The records point into `source`, which must outlive them.
std::vector<GameRecord> read_all(const SourceFile& source);

// The canonical JGN of a JSON or YAML document of records (it must be well formed).
std::string jgn_of(const std::string& text, report::RecordFormat format);

// Referees the first game of `text` under `rules`.
Checked check_game(std::string_view text, const jel::Ruleset& rules = {});

// Referees the turns of `text` (tags and movetext without setup) from `start`.
Checked check_game_from(std::string_view text, const jel::Position& start,
                        const jel::Ruleset& rules = {});

// The standard tags and a legal setup, both sides in the notation brief's arrangement:
//   White: T@a1 N@b1 G@c1 S@d1 Q@e1 K@f1 D@g1 S@h1 G@i1 N@j1 T@k1, soldiers a2-e2 g2-j2, R@f2
//   Black: the mirror image on ranks 11 and 10, R@f10.
// `movetext` follows the setup (start it with "1. "); `result` ends the record and the tag.
std::string game_text(std::string_view movetext, std::string_view result = "*");

inline constexpr std::string_view standard_setup =
    "0. T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,\n"
    "   S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,S@j2\n"
    "0... T@a11,N@b11,G@c11,S@d11,Q@e11,K@f11,D@g11,S@h11,G@i11,N@j11,T@k11,\n"
    "     S@a10,S@b10,S@c10,S@d10,S@e10,R@f10,S@g10,S@h10,S@i10,S@j10\n";

}  // namespace jv::test

#include "games/jelimvre/turn.hpp"

namespace jv::test {

// The position after both setups of standard_setup: White to play turn 1, counters at 1.
jel::Position standard_position();

// Parses "Se2-e4,W@e5" (comma-joined actions) and plays it as one turn of the side to move.
// A malformed action fails the test.
jel::TurnResult play(jel::Position& position, std::string_view turn, const jel::Ruleset& rules = {},
                     bool timer = false);

// Shortcuts for building positions square by square ("d4").
jel::Square sq(std::string_view name);
void put(jel::Position& position, std::string_view square, jel::Color color, jel::PieceKind kind);
void put_terrain(jel::Position& position, std::string_view square, jel::Terrain terrain);
void clear(jel::Position& position, std::string_view square);

}  // namespace jv::test

namespace jv::test {

// Assertions shared by the rule tests; each prints the fault when it fails.
void require_legal(const Checked& c);
void require_fault(const Checked& c, const char* rule, const char* action);
std::string describe(const jel::TurnResult& r);  // "J7.1 at action 0: message" or "legal"
void require_legal(const jel::TurnResult& r);
void require_fault(const jel::TurnResult& r, const std::string& rule, std::uint32_t action = 0);
std::string message_of(const jel::TurnResult& r);  // the fault's message, or "legal"

}  // namespace jv::test
