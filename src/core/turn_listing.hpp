// The legal turns of a position as a game lists them for `jelimvre moves`: grouped by kind, with
// the notes a reader needs, and the game's own facts about the position for the JSON form.
//
// A position can have hundreds of thousands of legal turns, so the listing itself holds none:
// it gives every group's count, and the game hands the turns of one group at a time to a
// TurnSink as it finds them (GameRules::count_legal_turns, GameRules::list_group).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace jv {

struct TurnGroup {
    std::string_view key;    // JSON "kind": "army-moves"
    std::string_view title;  // text: "Army moves (J4.1)"
    std::size_t count = 0;   // the number of legal turns of this kind
    // The turns in canonical JGN (actions joined by ','), in the order the game lists them;
    // filled only by GameRules::legal_turns, which holds them all.
    std::vector<std::string> turns;
};

struct TurnListing {
    // "White to play turn 10 (counter 1, with a timer)": the side to move and its state.
    std::string to_play;
    // The members of the JSON document before "groups", in order: the position string, the
    // side, the turn number, the game's own state, the ruleset, the end of the game.
    nlohmann::ordered_json facts = nlohmann::ordered_json::object();
    std::vector<TurnGroup> groups;  // every kind the game has, empty ones included
    std::size_t total = 0;
    std::vector<std::string> notes;
};

// Receives the turns of one group, each as soon as the game has found it. `text` is the turn in
// canonical JGN and lives only for the call: the game writes every turn into the same buffer.
class TurnSink {
  public:
    virtual ~TurnSink() = default;
    virtual void turn(std::string_view text) = 0;
};

}  // namespace jv
