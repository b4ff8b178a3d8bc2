// Jelimvre's referee: replays a record through the rules and returns the verdict.
// This is the one boundary between the game-neutral tool and Jelimvre's rules.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "core/game.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

// How a game ended, if it did (J12, J13.1).
struct GameEnd {
    bool over = false;
    bool draw = false;  // J12.4 with no_legal_turn: draw
    Color winner = Color::white;
    std::string_view reason;  // "king-captured", "encirclement", "no-legal-turn"

    ResultKind result() const {
        if (draw) return ResultKind::draw;
        return winner == Color::white ? ResultKind::white_wins : ResultKind::black_wins;
    }
};

// Jelimvre's referee under one ruleset: replays a record through the rules into a verdict.
class Referee {
  public:
    explicit Referee(Ruleset rules = {});

    std::string_view name() const { return "Jelimvre"; }
    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out) const;
    const Ruleset& rules() const { return rules_; }

    // Calls `after_turn` with the position after each turn that was legal (the setups
    // included), in order, while refereeing the record into `out`. The end of the game in it
    // includes an end at the next turn's start (J12.2, J12.4), decided before the call.
    using TurnObserver =
        std::function<void(const Turn& turn, const Position& after, const GameEnd& end)>;
    void referee_observed(const GameRecord& record, const TurnObserver& after_turn,
                          GameVerdict& out, const RefereeRequest& request = {}) const;

    // Replays the record's turns from `start` instead of from the setup (the record's first
    // turn is then the turn `start` is waiting for, and must carry its number).
    void referee_from(const GameRecord& record, const Position& start,
                      const RefereeRequest& request, GameVerdict& out) const;

  private:
    void referee_impl(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                      const Position* start, const TurnObserver* observer = nullptr) const;

    Ruleset rules_;
    std::string fingerprint_;
};

// J13.1, J13.2: whether a record's tags give the game a timer. A Mode or Timer value that is
// not one the rules know is a reading fault, added to `faults` when given (the timer is then
// off).
TurnContext context_of(std::span<const Tag> tags, std::vector<Diagnostic>* faults = nullptr);

// The faults that keep a record from being read as Jelimvre before its actions are: a White
// turn without its number, a missing required tag (White, Black, Result).
void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults);

// The position the first faulty turn of `record` started from (for a faulty setup, the position
// before that setup; for a fault of the result, the final position). None when the record is
// legal or cannot be read.
std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules);

// The canonical position string (notation/jfen.md).
std::string format_position(const Position& position, const GameEnd& end);

// A position read back from its string (notation/jfen.md).
struct ParsedPosition {
    Position position;
    GameEnd end;
};
struct PositionParseError {
    std::uint32_t offset = 0;  // 0-based byte offset into the string
    std::string message;
};
// Reads a position string; refuses anything the writer would not write, and any string whose
// fields disagree with its board (section 5 of jfen.md).
std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error);

// The position drawn as an 11 x 11 text diagram with counters, lost pools and supplies.
std::string draw_position(const Position& position);

// How a game ended (a reason of Outcome::reason) in English words for people, N_-marked.
std::string_view ending_words(std::string_view reason);

}  // namespace jv::jel
