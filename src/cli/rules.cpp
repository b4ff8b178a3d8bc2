// jelimvre rules [--game NAME] [--rules FILE] [--set OPTION=VALUE]... [--format text|yaml|json]
// jelimvre rules --check FILE
// jelimvre rules --explain [ID] [--game NAME] [--format text|json]
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "cli/terminal.hpp"
#include "core/rules_reference.hpp"
#include "core/ruleset.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/rule_explanation.hpp"

namespace jv::cli {

namespace {

struct RulesCommandOptions {
    RulesetOptions ruleset;
    std::string game;
    std::string format = "text";
    std::string check;
    bool explain = false;
    std::string rule;  // --explain's id; empty: list the rules
    // The id after other options: `rules --explain --game chessme C7.4`.
    std::string rule_argument;
};

std::string rules_text(const RulesetChoice& choice) {
    const std::span<const OptionSpec> options = choice.game->options();
    std::string out;
    if (choice.game == &game_catalog().default_game())
        // TRANSLATORS: {0} is the ruleset's name, {1} its fingerprint (a hexadecimal number).
        out = trf("ruleset {} (fingerprint {})", choice.ruleset.name,
                  fingerprint(options, choice.ruleset));
    else
        // TRANSLATORS: {0} is the ruleset's name, {1} its game's name, {2} its fingerprint (a
        // hexadecimal number).
        out = trf("ruleset {} of {} (fingerprint {})", choice.ruleset.name, choice.game->name(),
                  fingerprint(options, choice.ruleset));
    out += "\n\n";
    // The headings of the table's columns.
    // TRANSLATORS: a column's heading: a ruleset option's name (up to 32 characters wide).
    const char* option_heading = tr_in("rules table", "option");
    // TRANSLATORS: a column's heading: the option's value (up to 24 characters wide).
    const char* value_heading = tr_in("rules table", "value");
    // TRANSLATORS: a column's heading: the option's default value (up to 24 characters wide).
    const char* default_heading = tr_in("rules table", "default");
    // TRANSLATORS: a column's heading: the id of the rule the option changes (up to 6 wide).
    const char* rule_heading = tr_in("rules table", "rule");
    // TRANSLATORS: a column's heading: what the option's value means.
    const char* meaning_heading = tr_in("rules table", "meaning");
    out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", option_heading, value_heading,
                       default_heading, rule_heading, meaning_heading);
    for (std::size_t i = 0; i < options.size(); ++i)
        out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", options[i].name,
                           value_of(options, choice.ruleset, i), options[i].values[0],
                           options[i].rule, tr(options[i].description.data()));
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

// rules --explain: the pages of every game, or of --game's.
int run_explain(const RulesCommandOptions& options, const Game* game) {
    if (!options.check.empty() || options.ruleset.file != "standard" ||
        !options.ruleset.settings.empty()) {
        print_command_error(
            // TRANSLATORS: rules is a command, --explain, --check, --rules and
            // --set options: keep them.
            tr("rules --explain does not combine with --check, --rules or --set: a "
               "rule's text is the same under every ruleset"));
        return exit_unreadable;
    }
    if (options.format == "yaml") {
        // TRANSLATORS: rules is a command, --explain an option, text, json and yaml values of
        // --format: keep them.
        print_command_error(tr("rules --explain writes text or json, not yaml"));
        return exit_unreadable;
    }
    std::vector<report::RulesPage> pages;
    for (const std::unique_ptr<Game>& each : game_catalog().games())
        if (game == nullptr || game == each.get()) pages.push_back(report::rules_page(*each));

    if (options.rule.empty()) {
        write_out(options.format == "json" ? report::rule_list_json(pages)
                                           : report::rule_list_text(pages));
        return finish_output() ? exit_ok : exit_unreadable;
    }
    std::vector<std::string_view> ids;
    for (const report::RulesPage& page : pages) {
        if (const RuleEntry* entry = find_rule(page.entries, options.rule)) {
            write_out(options.format == "json" ? report::rule_json(*page.game, *entry)
                                               : report::rule_text(*page.game, *entry));
            return finish_output() ? exit_ok : exit_unreadable;
        }
        for (const RuleEntry& entry : page.entries) ids.push_back(entry.id);
    }
    // With --game, the id may be another game's rule: saying whose helps more than a hint
    // among this game's ids.
    if (game != nullptr) {
        for (const std::unique_ptr<Game>& other : game_catalog().games()) {
            const report::RulesPage page = report::rules_page(*other);
            if (const RuleEntry* entry = find_rule(page.entries, options.rule)) {
                print_command_error(
                    // TRANSLATORS: {0} is the rule id asked for, {1} the game
                    // given to --game, {2} the rule's id as its game writes it,
                    // {3} that game's name.
                    trf("no rule {} in {}; {} is a rule of {}", quote_for_message(options.rule),
                        game->name(), entry->id, other->name()));
                return exit_unreadable;
            }
        }
    }
    print_command_error(unknown_rule_message(ids, options.rule));
    return exit_unreadable;
}

int run_rules(RulesCommandOptions& options) {
    const Game* game = nullptr;
    if (!options.game.empty()) {
        std::optional<const Game*> named = choose_game(options.game);
        if (!named) return exit_unreadable;
        game = *named;
    }
    if (!options.rule_argument.empty() && !options.explain) {
        const std::string shown = quote_for_message(options.rule_argument);
        print_command_error(
            // TRANSLATORS: {0} is the argument given; 'jelimvre rules --explain
            // {1}' is a command line (with that argument again): keep it.
            trf("rules: unexpected argument '{}'; a rule's text is 'jelimvre rules "
                "--explain {}'",
                shown, shown));
        return exit_unreadable;
    }
    if (options.explain) {
        if (!options.rule.empty() && !options.rule_argument.empty()) {
            // TRANSLATORS: rules is a command, --explain an option: keep them.
            print_command_error(tr("rules --explain takes one rule id"));
            return exit_unreadable;
        }
        if (options.rule.empty()) options.rule = options.rule_argument;
        return run_explain(options, game);
    }
    if (!options.check.empty()) {
        std::optional<RulesetChoice> rules = build_ruleset(options.check, {}, game);
        if (!rules) return exit_unreadable;
        // TRANSLATORS: {0} is a ruleset file, {1} the ruleset's name, {2} its fingerprint (a
        // hexadecimal number).
        write_out(trf("{}: valid ruleset '{}' (fingerprint {})", options.check, rules->ruleset.name,
                      fingerprint(rules->game->options(), rules->ruleset)) +
                  "\n");
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
        "rules", tr("Print the ruleset in force (every option with its value, default, rule id and "
                    "meaning), check a ruleset file, or explain a rule"));
    app->add_option("--game", options->game,
                    // TRANSLATORS: jelimvre is a game's name, --explain an option: keep them.
                    tr("which game's ruleset, when no ruleset file names it (default jelimvre); "
                       "with --explain, whose rules"))
        ->type_name("NAME");
    add_ruleset_options(*app, options->ruleset);
    app->add_option("--format", options->format,
                    // TRANSLATORS: text, yaml and json are the values of --format: keep them.
                    tr("text (default), yaml (a ruleset file) or json"))
        ->check(CLI::IsMember({"text", "yaml", "json"}))
        ->type_name("FORMAT");
    app->add_option("--check", options->check, tr("validate a ruleset file and report every error"))
        ->type_name("FILE");
    CLI::Option* explain =
        app->add_option("--explain", options->rule,
                        // TRANSLATORS: J7.1, C5.2 and I6.3 are rule ids, --game an option: keep
                        // them.
                        tr("print a rule's entry of its game's rules reference (J7.1, C5.2, "
                           "I6.3, any case): its text, the options that change it, the booklet "
                           "passages it rests on; without an id, list the rules (of --game's "
                           "game, or of every game)"))
            ->expected(0, 1)
            ->type_name("[ID]");
    app->add_option("id", options->rule_argument,
                    // TRANSLATORS: --explain is an option: keep it.
                    tr("the rule id of --explain, after other options"))
        ->type_name("ID");
    app->footer(
        // TRANSLATORS: --explain is an option: keep it.
        tr("Exit status: 0 success; 2 a ruleset file or option is wrong, no rule has the id "
           "given to --explain, or a usage error."));
    return Command{app, [options, explain] {
                       options->explain = explain->count() > 0;
                       return run_rules(*options);
                   }};
}

}  // namespace jv::cli
