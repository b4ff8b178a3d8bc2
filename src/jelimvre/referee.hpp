// Jelimvre's referee: replays a record through the rules and returns the verdict.
// This is the one boundary between the game-neutral tool and Jelimvre's rules.
#pragma once

#include <memory>

#include "core/game.hpp"
#include "jelimvre/position.hpp"
#include "jelimvre/ruleset.hpp"

namespace jv::jel {

class JelimvreGame final : public GameRules {
  public:
    explicit JelimvreGame(Ruleset rules = {});

    std::string_view name() const override { return "Jelimvre"; }
    void referee(const GameRecord& record, const RefereeRequest& request,
                 GameVerdict& out) const override;
    const Ruleset& rules() const { return rules_; }

    // Replays the record's turns from `start` instead of from the setup (the record's first
    // turn is then the turn `start` is waiting for, and must carry its number).
    void referee_from(const GameRecord& record, const Position& start,
                      const RefereeRequest& request, GameVerdict& out) const;

  private:
    void referee_impl(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                      const Position* start) const;

    Ruleset rules_;
    std::string fingerprint_;
};

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

// The canonical position string (notation/jfen.md).
std::string format_position(const Position& position, const GameEnd& end);

// The position drawn as an 11 x 11 text diagram with counters, lost pools and supplies.
std::string draw_position(const Position& position);

}  // namespace jv::jel
