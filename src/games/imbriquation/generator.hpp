// Random legal Imbriquation games (jelimvre generate --game imbriquation): random tile lines,
// random first player, then turns chosen among the legal ones, with a bias towards jumps and
// long chains, so that every tile, captures, removals and early ends are common.
//
// Deterministic: the same seed and round give the same game on every platform (std::mt19937_64
// and the generator's own uniform helper, never the standard library's distributions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/record.hpp"
#include "games/imbriquation/ruleset.hpp"

namespace jv::imb {

struct GeneratorOptions {
    std::uint32_t max_turns = 200;  // turns per side; then the result is "*"
    Ruleset rules;
};

struct GeneratedGame {
    std::string text;  // canonical JGN, ending with LF
    ResultKind result = ResultKind::unfinished;
    std::string_view reason = "unfinished";
    std::uint32_t turns = 0;
    std::uint32_t captures = 0;
    std::uint32_t removals = 0;
};

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options = {});

}  // namespace jv::imb
