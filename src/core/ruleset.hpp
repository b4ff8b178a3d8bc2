// Ruleset files (YAML): a tournament's reading of a game's disputed rules.
//
//     name: club-2026
//     game: Jelimvre             # optional: the catalog's default game when absent
//     extends: standard          # or another ruleset file of the same game, relative to this one
//     description: free text     # optional
//     options:
//       knight_vs_dragon: cannot-capture
//
// Game-neutral: the options come from the game's table (Game::options). A file is validated
// once into a Ruleset. Every problem is reported with its file, line and column, in the same
// style as record faults; a bad file never falls back to defaults.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/game.hpp"
#include "core/source.hpp"

namespace jv {

// A diagnostic together with the file it points into.
struct FileDiagnostic {
    std::shared_ptr<const SourceFile> source;  // null when the file itself could not be read
    std::string path;
    Diagnostic diagnostic;

    std::string render(DiagnosticStyle style = {}) const;
};

struct RulesetLoad {
    const Game* game = nullptr;      // the game the ruleset is for
    std::optional<Ruleset> ruleset;  // set only when there was no error
    std::vector<FileDiagnostic> errors;
};

// Reads the text of the ruleset file `path` (the one loaded and every file it extends); on
// failure returns false and sets `error` to a sentence naming the cause, as load_source does.
using RulesetFileReader =
    std::function<bool(const std::string& path, std::string& text, std::string& error)>;

// Loads a ruleset file. "standard" names the built-in ruleset of `standard_game` (the catalog's
// default game when null). The files' texts come from `read` (load_source by default), so that
// rulesets held in memory (a fuzz target, a test) are loaded by exactly the code that loads
// files.
RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game = nullptr);
RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game, const RulesetFileReader& read);

// Loads a ruleset file as above, then applies the settings of --set ("option=value", in order;
// the name gains "+set"). The settings are read as the lines of one input named "--set", so a
// wrong one is a located diagnostic like a ruleset file's ("--set:2:13: error: ..." with a caret
// under its name or value), and no ruleset is returned. With "standard" and no `standard_game`,
// the game is the one whose table has every option the settings name (the default game when
// they name none, or options of several games).
RulesetLoad load_ruleset(const GameCatalog& catalog, const std::string& path,
                         const Game* standard_game, std::span<const std::string> settings);

// The index of the option `name` in the game's table, if it has one.
std::optional<std::size_t> find_option(const Game& game, std::string_view name);
// "unknown option 'x'; did you mean 'y'?" (or the list of options).
std::string unknown_option_message(const Game& game, std::string_view name);

// Applies "option=value" (the --set form). Returns an error sentence, or nothing on success
// (load_ruleset with settings gives the same sentences, located).
std::optional<std::string> apply_setting(const Game& game, Ruleset& rules,
                                         std::string_view setting);

// A short hash of the effective option values (not of the name): two rulesets of a game with
// the same fingerprint referee every game the same way.
std::string fingerprint(std::span<const OptionSpec> options, const Ruleset& rules);

// The spelling of an option's value in a ruleset.
std::string_view value_of(std::span<const OptionSpec> options, const Ruleset& rules,
                          std::size_t option);

// A ruleset file that reproduces `rules` (every option written out, with its rule id and
// meaning); the game is named unless it is the catalog's default.
std::string ruleset_to_yaml(const GameCatalog& catalog, const Game& game, const Ruleset& rules);

// The options (indexes into the game's table) whose values differ between two rulesets.
std::vector<std::size_t> differing_options(const Ruleset& a, const Ruleset& b);

}  // namespace jv
