// validate --explain: at a game's first fault, the board the faulty turn started from, the
// reason, and the legal turns nearest to the faulty one ("did you mean").
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

// A legal turn offered instead of a faulty one.
struct Suggestion {
    std::vector<jel::Action> turn;
    std::string text;    // canonical JGN, actions joined by ','
    std::string why;     // in words: "the same piece to another square", ...
    int tier = 0;        // 0 same piece (or the turn without the faulty action), 1 same square,
                         // 2 same kind of action
    int distance = 0;    // squares between the suggested and the faulty action's squares
    int difference = 0;  // actions in one turn and not in the other
};

// Up to `limit` legal turns of the side to move in `before`, nearest to `faulty`, whose action
// `fault_action` broke a rule. Ranked by tier (the same piece's legal moves first, then other
// actions onto the same square, then the same kind of action elsewhere), then by how many
// actions differ from the faulty turn, then by square distance, then by text. Turns that
// share nothing of the three with the faulty action are not offered. On a first turn only the
// turns with at most one placement are considered (see movegen.hpp).
//
// A strategy turn may have millions of legal turns (sets of crossings, of water placements):
// the search stops after `turn_budget` of them, in the order movegen gives them, so that a
// hostile record's explanation takes a bounded time; `complete` says whether it saw them all.
struct SuggestionSearch {
    std::vector<Suggestion> best;  // in rank order
    std::size_t turns_searched = 0;
    bool complete = true;
};
inline constexpr std::size_t kSuggestionTurnBudget = 250'000;
SuggestionSearch suggest_turns(const jel::Position& before, const jel::TurnContext& context,
                               const jel::Ruleset& rules, std::span<const jel::Action> faulty,
                               std::size_t fault_action, std::size_t limit = 5,
                               std::size_t turn_budget = kSuggestionTurnBudget);

// The text block of `validate --explain` for an illegal game: the first fault's reason, the
// board before the faulty turn and the suggestions. Empty when the verdict is not `illegal`.
std::string explain_first_fault(const GameRecord& record, const GameVerdict& verdict,
                                const jel::Ruleset& rules);

}  // namespace jv::jel
