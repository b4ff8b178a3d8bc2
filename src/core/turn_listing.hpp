// The legal turns of a position as a game lists them for `jelimvre moves`: grouped by kind, with
// the notes a reader needs, and the game's own facts about the position for the JSON form.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace jv {

struct TurnGroup {
    std::string_view key;            // JSON "kind": "army-moves"
    std::string_view title;          // text: "Army moves (J4.1)"
    std::vector<std::string> turns;  // canonical JGN, actions joined by ','
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

}  // namespace jv
