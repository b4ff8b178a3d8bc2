// Where a command's position comes from: a record and a turn (FILE --at 14, --at 14...) or a
// position string (--position STRING, of the game --game names). Shared by `show` and `moves`.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/ruleset_options.hpp"
#include "core/game.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

struct PositionOptions {
    std::string file;
    std::string at;        // "14" after the first player's turn 14, "14..." after the second's
    std::string position;  // a position string
    // With a FILE, which game of it (a number, from 1); with --position, which game the string
    // belongs to (a name; the default game when empty).
    std::string game;
    bool timer = false;  // --position only: read the string as of a game with a Timer tag
    // --at the first faulty turn: the position it started from, the refused action to be drawn
    // (show); otherwise that turn is not reached and nothing is chosen (moves).
    bool faulty_turn_drawn = false;
    RulesetOptions ruleset;
    std::string encoding;          // --encoding: the record file's text encoding
    std::string from;              // --from: the record file's format
    std::string command = "show";  // the subcommand, for the advice about a file's encoding
};

// `with_timer`: also offer --timer (for `moves`).
void add_position_options(CLI::App& app, PositionOptions& options, bool with_timer = false);

// A turn as --at takes it: "14" or "14." (the first player's turn 14), "14..." (the second's).
std::optional<TurnId> parse_turn(const std::string& text);

struct PositionChoice {
    std::unique_ptr<GamePosition> position;
    std::unique_ptr<GameRules> rules;  // the game, under the ruleset in force
    std::string label;  // "samples/x.jgn, game 1, after 14. (White)" or "the position string"
    // The refused turn's action and rule, when the position is the one a faulty turn started
    // from (a record's first fault): drawn with the picture.
    std::string fault_action;
    std::string fault_rule;
};

// Finds the position the options describe. On failure prints why (with file:line:col where it
// applies) and returns the exit status to use (2: unreadable or bad option; 1: the record is
// illegal before that turn). With faulty_turn_drawn, --at the faulty turn itself chooses the
// position it started from, says the fault, and sets the status to 1.
std::optional<PositionChoice> choose_position(const PositionOptions& options, int& exit_status);

}  // namespace jv::cli
