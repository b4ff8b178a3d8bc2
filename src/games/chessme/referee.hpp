// ChessMe's referee: replays a record through the rules into a verdict (chessme-rulings.md),
// and the record's reading before that: the pile tags, the action grammar, the check marks.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "games/chessme/position.hpp"
#include "games/chessme/ruleset.hpp"

namespace jv::cme {

// How a game ended, if it did (C10.1, C10.2).
struct GameEnd {
    bool over = false;
    bool draw = false;  // stalemate
    Color winner = Color::white;
    std::string_view reason;  // "checkmate", "stalemate"

    ResultKind result() const {
        if (draw) return ResultKind::draw;
        return winner == Color::white ? ResultKind::white_wins : ResultKind::black_wins;
    }
};

// A pile tag's value read (C3.2, C13.2): the order when it gives one, none when unknown ("",
// "?" or no tag); `fault` when the value is not exactly the 11 tiles of a pile.
struct PileTag {
    std::optional<std::array<Kind, pile_tiles>> order;
    const Tag* tag = nullptr;
    std::string fault;
};
PileTag read_pile_tag(const GameRecord& record, Color side);

// The faults that keep a record from being read as ChessMe before its actions are: a White
// turn without its number, a missing required tag.
void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults);

class Referee {
  public:
    explicit Referee(Ruleset rules = {});

    const Ruleset& rules() const { return rules_; }
    const std::string& fingerprint() const { return fingerprint_; }

    // Calls `after_turn` with the position after each legal turn and the end of the game as it
    // stands at the next turn's start.
    using TurnObserver =
        std::function<void(const Turn& turn, const Position& after, const GameEnd& end)>;
    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                 const TurnObserver* observer = nullptr) const;

  private:
    Ruleset rules_;
    std::string fingerprint_;
};

// The start of a record: the start squares of the ruleset, the piles its tags give (a faulty
// tag counts as unknown).
Position start_position(const GameRecord& record, const Ruleset& rules);

// The position the first faulty turn of `record` started from; none when the record is legal
// or cannot be read.
std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules);

// How a game ended (a reason of Outcome::reason) in English words for people, N_-marked.
std::string_view ending_words(std::string_view reason);

}  // namespace jv::cme
