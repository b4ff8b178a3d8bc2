// Random legal games (jelimvre generate): a random setup for each side, then turns sampled so
// that every kind of turn and both endings of J12 occur often, each checked by play_turn().
//
// Deterministic: the same seed and round give the same game on every platform (std::mt19937_64
// with the generator's own uniform helpers, never the standard library's distributions).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/record.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

struct GeneratorOptions {
    std::uint32_t max_turns = 200;  // turns per side after the setup; then the result is "*"
    double timer_share = 0.1;       // share of the games given a [Timer "30"] tag
    Ruleset rules;
};

// What a generated game holds, for statistics and tests.
struct GeneratedStats {
    std::array<std::uint32_t, 9> kinds{};  // turns by TurnKind
    std::uint32_t turns = 0;               // after the setups
    std::uint32_t actions = 0;             // setups included
    std::uint32_t promotions = 0;
    std::uint32_t crossings = 0;
    std::uint32_t bonus_placements = 0;  // a wall or water beside an army move at counter 2-3
};

struct GeneratedGame {
    std::string text;  // the game in canonical JGN, ending with LF
    ResultKind result = ResultKind::unfinished;
    std::string_view reason = "unfinished";  // as the referee names it (Outcome::reason)
    bool timer = false;
    GeneratedStats stats;
};

// Game number `round` (1-based) of the series for `seed`.
GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options = {});

}  // namespace jv::jel
