// Imbriquation's referee: replays a record through the rules into a verdict
// (imbriquation-rulings.md), and the record's reading before that: the tile tags, First, Score,
// the action grammar.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/ruleset.hpp"

namespace jv::imb {

// How a game ended, if it did (I8.1, I8.2): scored at once (I7.5).
struct GameEnd {
    bool over = false;
    ResultKind result = ResultKind::unfinished;
    std::string_view reason;  // "rounds-complete", "no-placement"
    // no-placement: the player who had no square; under early_end = either-player (I11.1) it
    // may be the one who just played rather than the one to move.
    Color stuck = Color::light;
};

// A tile tag's value read (I2.3, I2.5): the line when it is the nine tiles once each; `fault`
// (I2.6) when its codes are known but not the nine tiles once each; `unknown_code` (a reading
// fault) when a code is not a tile's.
struct TileTag {
    const Tag* tag = nullptr;
    std::optional<TileLine> line;
    std::string fault;
    std::string unknown_code;
};
TileTag read_tile_tag(const Tag* tag);

// The faults that keep a record from being read as Imbriquation before its actions are: a
// first-player turn without its number, a missing required tag, a tag value outside its grammar.
void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults);

// The player the First tag names (I3.1): Light when it is absent or not a player's name.
Color first_player(const GameRecord& record);

class Referee {
  public:
    explicit Referee(Ruleset rules = {});

    const Ruleset& rules() const { return rules_; }
    const std::string& fingerprint() const { return fingerprint_; }

    // Calls `after_turn` with the position after each legal turn, the end of the game as it
    // stands then, and the turn's actions.
    using TurnObserver = std::function<void(const Turn& turn, const Position& after,
                                            const GameEnd& end, std::span<const Action> actions)>;
    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                 const TurnObserver* observer = nullptr) const;

  private:
    Ruleset rules_;
    std::string fingerprint_;
};

// The start of a record under `rules`: its tile lines (a faulty tag counts as unknown) and its
// first player.
Position start_position(const GameRecord& record, const Ruleset& rules);

// The position the first faulty turn of `record` started from; none when the record is legal
// or cannot be read.
std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules);

// The end of the game as it stands before the next turn of `position` (I8.1, I8.2, I11.1).
GameEnd end_before_turn(const Position& position, const Ruleset& rules);

// The score as a verdict detail: JSON, and a sentence that says the result and the criterion
// that decided it when the game ended by I8 (I7.5), the score so far when it did not.
VerdictDetail score_detail(const Position& position, const GameEnd& end);

// How a game ended (a reason of Outcome::reason) in English words for people, N_-marked.
std::string_view ending_words(std::string_view reason);

}  // namespace jv::imb
