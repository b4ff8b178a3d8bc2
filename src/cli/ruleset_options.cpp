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

namespace {

// Without a ruleset file or --game, the game whose table has every option of --set (the
// default game when they name none, or options of several games).
const Game* game_of_settings(const std::vector<std::string>& settings) {
    const GameCatalog& catalog = game_catalog();
    const Game* found = nullptr;
    for (const std::string& setting : settings) {
        const std::string name = setting.substr(0, setting.find('='));
        const Game* owner = nullptr;
        for (const auto& game : catalog.games())
            if (find_option(*game, name)) owner = owner == nullptr ? game.get() : owner;
        if (owner == nullptr) continue;
        if (found != nullptr && found != owner) return &catalog.default_game();
        found = owner;
    }
    return found != nullptr ? found : &catalog.default_game();
}

}  // namespace

std::optional<RulesetChoice> build_ruleset(const std::string& file,
                                           const std::vector<std::string>& settings,
                                           const Game* game) {
    const GameCatalog& catalog = game_catalog();
    const Game* standard_game = game;
    if (standard_game == nullptr && file == "standard") standard_game = game_of_settings(settings);
    RulesetLoad load = load_ruleset(catalog, file, standard_game);
    for (const FileDiagnostic& error : load.errors)
        std::fputs(error.render(stderr_style()).c_str(), stderr);
    if (!load.ruleset) return std::nullopt;
    if (game != nullptr && load.game != game) {
        print_command_error(
            // TRANSLATORS: {0} is a ruleset file, {1} the game it is of, {2} the
            // game asked for.
            trf("--rules {} is a ruleset of {}, not of {}", file, load.game->name(), game->name()));
        return std::nullopt;
    }
    RulesetChoice choice{load.game, std::move(*load.ruleset),
                         file != "standard" || !settings.empty()};
    bool ok = true;
    for (const std::string& setting : settings) {
        if (auto problem = apply_setting(*choice.game, choice.ruleset, setting)) {
            std::fprintf(stderr, "jelimvre: --set %s: %s\n", setting.c_str(), problem->c_str());
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    if (!settings.empty() && choice.ruleset.name.find('+') == std::string::npos)
        choice.ruleset.name += "+set";
    return choice;
}

Referees referees_for(const RulesetChoice& choice) {
    return Referees(game_catalog(), {{choice.game, choice.ruleset}}, choice.given);
}

}  // namespace jv::cli
