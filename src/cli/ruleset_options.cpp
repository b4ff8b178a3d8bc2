#include "cli/ruleset_options.hpp"

#include <cstdio>

#include <CLI/CLI.hpp>

#include "cli/games.hpp"
#include "cli/terminal.hpp"
#include "core/ruleset.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::cli {

void add_ruleset_options(CLI::App& app, RulesetOptions& options) {
    app.add_option("--rules", options.file,
                   // TRANSLATORS: 'standard' is the name of the built-in ruleset: keep it.
                   tr("ruleset file (YAML) giving the reading of the disputed rules; default: "
                      "the built-in 'standard'"))
        ->type_name("FILE");
    std::string names;
    for (const auto& game : game_catalog().games())
        for (const OptionSpec& option : game->options())
            names += (names.empty() ? "" : ", ") + std::string(option.name);
    app.add_option("--set", options.settings,
                   // TRANSLATORS: 'jelimvre rules' is a command; {} lists the options' names.
                   trf("change one option of the ruleset (repeatable; 'jelimvre rules' lists "
                       "values and meanings): {}",
                       names))
        ->type_name("OPTION=VALUE")
        ->allow_extra_args(false);  // one value per --set: the files may follow it
}

std::optional<const Game*> choose_game(const std::string& name) {
    const GameCatalog& catalog = game_catalog();
    if (name.empty()) return &catalog.default_game();
    if (const Game* game = catalog.find_any_case(name)) return game;
    std::string known;
    std::string_view closest;
    std::size_t best = 4;
    for (std::string_view known_name : catalog.names()) {
        known += (known.empty() ? "" : ", ") + std::string(known_name);
        if (std::size_t d = edit_distance(name, known_name); d < best)
            best = d, closest = known_name;
    }
    if (!closest.empty())
        print_command_error(
            // TRANSLATORS: {0} is the name given to --game, {1} the name of a
            // game it is close to.
            trf("--game {}: no such game; did you mean '{}'?", name, closest));
    else
        print_command_error(
            // TRANSLATORS: {0} is the name given to --game, {1} the list of the
            // games' names.
            trf("--game {}: no such game; the games are: {}", name, known));
    return std::nullopt;
}

std::optional<RulesetChoice> build_ruleset(const std::string& file,
                                           const std::vector<std::string>& settings,
                                           const Game* game) {
    RulesetLoad load = load_ruleset(game_catalog(), file, game, settings);
    for (const FileDiagnostic& error : load.errors)
        std::fputs(error.render(stderr_style()).c_str(), stderr);
    if (!load.ruleset) return std::nullopt;
    if (game != nullptr && load.game != game) {
        print_command_error(
            // TRANSLATORS: {0} is a ruleset file, {1} the game it is of, {2} the game asked for.
            trf("--rules {} is a ruleset of {}, not of {}", file, load.game->name(), game->name()));
        return std::nullopt;
    }
    RulesetChoice choice{load.game, std::move(*load.ruleset),
                         file != "standard" || !settings.empty()};
    return choice;
}

Referees referees_for(const RulesetChoice& choice) {
    return Referees(game_catalog(), {{choice.game, choice.ruleset}}, choice.given);
}

}  // namespace jv::cli
