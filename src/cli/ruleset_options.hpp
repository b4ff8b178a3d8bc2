// --rules FILE, --set OPTION=VALUE and --game NAME: which game, under which reading of its
// rules. Shared by the subcommands that referee.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

struct RulesetOptions {
    std::string file = "standard";
    std::vector<std::string> settings;
};

void add_ruleset_options(CLI::App& app, RulesetOptions& options);

// The game a command without a record works on: --game NAME (any case), or the default game.
// Prints why and returns nothing for a name the catalog does not know.
std::optional<const Game*> choose_game(const std::string& name);

struct RulesetChoice {
    const Game* game = nullptr;
    Ruleset ruleset;
    // Whether the user chose it (a file other than 'standard', or --set): records of the other
    // games are then told that they are refereed under their own standard ruleset.
    bool given = false;
};

// The ruleset those options describe, and its game: the file's (a ruleset file may name its
// game), else `game` when given, else the one game whose table has every option set, else the
// default game. On an error, prints every problem (file:line:col) to standard error and returns
// nothing: a bad ruleset never falls back to the defaults.
std::optional<RulesetChoice> build_ruleset(const std::string& file,
                                           const std::vector<std::string>& settings = {},
                                           const Game* game = nullptr);

// The rules each game is refereed under: the chosen ruleset for its game, the standard one
// for every other game.
Referees referees_for(const RulesetChoice& choice);

}  // namespace jv::cli
