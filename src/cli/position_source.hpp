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
    RulesetOptions ruleset;
    std::string encoding;          // --encoding: the record file's text encoding
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
};

// Finds the position the options describe. On failure prints why (with file:line:col where it
// applies) and returns the exit status to use (2: unreadable or bad option; 1: the record is
// illegal before that turn).
std::optional<PositionChoice> choose_position(const PositionOptions& options, int& exit_status);

}  // namespace jv::cli
