// Where a command's position comes from: a record and a turn (FILE --at 14, --at 14...) or a
// position string (--position JFEN). Shared by `show`, `moves` and others.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/ruleset_options.hpp"
#include "jelimvre/position.hpp"
#include "jelimvre/referee.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

struct PositionOptions {
    std::string file;
    std::string at;        // "14" after White's turn 14, "14..." after Black's; "0" / "0..." setups
    std::string position;  // a JFEN string
    int game = 1;          // which game of the file (1-based)
    RulesetOptions ruleset;
};

void add_position_options(CLI::App& app, PositionOptions& options);

struct PositionChoice {
    jel::Position position;
    jel::GameEnd end;
    std::vector<jel::Action> last_turn;  // the actions of the turn that led here (may be empty)
    jel::Color last_side = jel::Color::white;
    std::string label;  // "samples/x.jgn, game 1, after 14. (White)" or "position string"
    jel::Ruleset rules;
};

// Finds the position the options describe. On failure prints why (with file:line:col where it
// applies) and returns the exit status to use (2: unreadable or bad option; 1: the record is
// illegal before that turn).
std::optional<PositionChoice> choose_position(const PositionOptions& options, int& exit_status);

}  // namespace jv::cli
