// Jelimvre's referee: replays a record through the rules and returns the verdict.
// This is the one boundary between the game-neutral tool and Jelimvre's rules.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "core/game.hpp"
#include "jelimvre/position.hpp"
#include "jelimvre/ruleset.hpp"

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

class JelimvreGame final : public GameRules {
  public:
    explicit JelimvreGame(Ruleset rules = {});

    std::string_view name() const override { return "Jelimvre"; }
    void referee(const GameRecord& record, const RefereeRequest& request,
                 GameVerdict& out) const override;
    const Ruleset& rules() const { return rules_; }

    // Calls `after_turn` with the position after each turn that was legal (the setups
    // included), in order, while refereeing the record into `out`.
    using TurnObserver =
        std::function<void(const Turn& turn, const Position& after, const GameEnd& end)>;
    void referee_observed(const GameRecord& record, const TurnObserver& after_turn,
                          GameVerdict& out) const;

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

}  // namespace jv::jel
