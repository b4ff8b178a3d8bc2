// jelimvre rules [--game NAME] [--rules FILE] [--set OPTION=VALUE]... [--format text|yaml|json]
// jelimvre rules --check FILE
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "core/ruleset.hpp"

namespace jv::cli {

namespace {

struct RulesCommandOptions {
    RulesetOptions ruleset;
    std::string game;
    std::string format = "text";
    std::string check;
};

std::string rules_text(const RulesetChoice& choice) {
    const std::span<const OptionSpec> options = choice.game->options();
    const std::string of_game = choice.game != &game_catalog().default_game()
                                    ? fmt::format(" of {}", choice.game->name())
                                    : std::string();
    std::string out = fmt::format("ruleset {}{} (fingerprint {})\n\n", choice.ruleset.name, of_game,
                                  fingerprint(options, choice.ruleset));
    out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", "option", "value", "default", "rule",
                       "meaning");
    for (std::size_t i = 0; i < options.size(); ++i)
        out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", options[i].name,
                           value_of(options, choice.ruleset, i), options[i].values[0],
                           options[i].rule, options[i].description);
    return out;
}

std::string rules_json(const RulesetChoice& choice) {
    const std::span<const OptionSpec> options = choice.game->options();
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < options.size(); ++i) {
        nlohmann::ordered_json values = nlohmann::ordered_json::array();
        for (std::string_view value : options[i].values) values.push_back(value);
        list.push_back({{"name", options[i].name},
                        {"value", value_of(options, choice.ruleset, i)},
                        {"default", options[i].values[0]},
                        {"values", values},
                        {"rule", options[i].rule},
                        {"description", options[i].description}});
    }
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    out["name"] = choice.ruleset.name;
    // Jelimvre's output keeps the shape it had before there were other games.
    if (choice.game != &game_catalog().default_game()) out["game"] = choice.game->name();
    out["fingerprint"] = fingerprint(options, choice.ruleset);
    out["options"] = std::move(list);
    return out.dump(2) + "\n";
}

int run_rules(const RulesCommandOptions& options) {
    const Game* game = nullptr;
    if (!options.game.empty()) {
        std::optional<const Game*> named = choose_game(options.game);
        if (!named) return exit_unreadable;
        game = *named;
    }
    if (!options.check.empty()) {
        std::optional<RulesetChoice> rules = build_ruleset(options.check, {}, game);
        if (!rules) return exit_unreadable;
        write_out(fmt::format("{}: valid ruleset '{}' (fingerprint {})\n", options.check,
                              rules->ruleset.name,
                              fingerprint(rules->game->options(), rules->ruleset)));
        return finish_output() ? exit_ok : exit_unreadable;
    }
    std::optional<RulesetChoice> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings, game);
    if (!rules) return exit_unreadable;
    if (options.format == "yaml")
        write_out(ruleset_to_yaml(game_catalog(), *rules->game, rules->ruleset));
    else if (options.format == "json")
        write_out(rules_json(*rules));
    else
        write_out(rules_text(*rules));
    return finish_output() ? exit_ok : exit_unreadable;
}

}  // namespace

Command setup_rules(CLI::App& parent) {
    auto options = std::make_shared<RulesCommandOptions>();
    CLI::App* app = parent.add_subcommand(
        "rules",
        "Print the ruleset in force (every option with its value, default, rule id and "
        "meaning), or check a ruleset file");
    app->add_option("--game", options->game,
                    "which game's ruleset, when no ruleset file names it (default jelimvre)")
        ->type_name("NAME");
    add_ruleset_options(*app, options->ruleset);
    app->add_option("--format", options->format, "text (default), yaml (a ruleset file) or json")
        ->check(CLI::IsMember({"text", "yaml", "json"}))
        ->type_name("FORMAT");
    app->add_option("--check", options->check, "validate a ruleset file and report every error")
        ->type_name("FILE");
    app->footer("Exit status: 0 success; 2 a ruleset file or option is wrong, or a usage error.");
    return Command{app, [options] { return run_rules(*options); }};
}

}  // namespace jv::cli
