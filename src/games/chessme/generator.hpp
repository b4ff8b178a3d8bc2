// Random legal ChessMe games (jelimvre generate --game chessme): random piles, then turns chosen
// among the legal ones with a bias towards captures, checks, promotions and placements, so that
// every kind of turn is common and games end by checkmate and stalemate.
//
// Deterministic: the same seed and round give the same game on every platform (std::mt19937_64
// and the generator's own uniform helpers, never the standard library's distributions).
#pragma once

#include <cstdint>
#include <string>

#include "core/record.hpp"
#include "games/chessme/ruleset.hpp"

namespace jv::cme {

struct GeneratorOptions {
    std::uint32_t max_turns = 200;    // turns per side; then the result is "*"
    double unknown_pile_share = 0.2;  // share of games without pile tags (C3.4)
    Ruleset rules;
};

struct GeneratedGame {
    std::string text;  // canonical JGN, ending with LF
    ResultKind result = ResultKind::unfinished;
    std::string_view reason = "unfinished";
    std::uint32_t turns = 0;
    std::uint32_t placements = 0;
    std::uint32_t promotions = 0;
    std::uint32_t captures = 0;
    std::uint32_t checks = 0;
};

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options = {});

}  // namespace jv::cme
