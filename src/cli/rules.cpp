// jelimvre rules [--rules FILE] [--set OPTION=VALUE]... [--format text|yaml|json]
// jelimvre rules --check FILE
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "jelimvre/ruleset_file.hpp"

namespace jv::cli {

namespace {

struct RulesCommandOptions {
    RulesetOptions ruleset;
    std::string format = "text";
    std::string check;
};

std::string rules_text(const jel::Ruleset& rules) {
    std::string out =
        fmt::format("ruleset {} (fingerprint {})\n\n", rules.name, jel::fingerprint(rules));
    out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", "option", "value", "default", "rule",
                       "meaning");
    for (const jel::OptionInfo& option : jel::option_table()) {
        std::string_view value = option.values[static_cast<std::size_t>(option.get(rules))];
        out += fmt::format("{:<32} {:<24} {:<24} {:<6} {}\n", option.name, value, option.values[0],
                           option.rule, option.description);
    }
    return out;
}

std::string rules_json(const jel::Ruleset& rules) {
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (const jel::OptionInfo& option : jel::option_table()) {
        options.push_back({{"name", option.name},
                           {"value", option.values[static_cast<std::size_t>(option.get(rules))]},
                           {"default", option.values[0]},
                           {"values", {option.values[0], option.values[1]}},
                           {"rule", option.rule},
                           {"description", option.description}});
    }
    nlohmann::ordered_json out = {
        {"name", rules.name}, {"fingerprint", jel::fingerprint(rules)}, {"options", options}};
    return out.dump(2) + "\n";
}

int run_rules(const RulesCommandOptions& options) {
    if (!options.check.empty()) {
        std::optional<jel::Ruleset> rules = build_ruleset(options.check);
        if (!rules) return exit_unreadable;
        write_out(fmt::format("{}: valid ruleset '{}' (fingerprint {})\n", options.check,
                              rules->name, jel::fingerprint(*rules)));
        return finish_output() ? exit_ok : exit_unreadable;
    }
    std::optional<jel::Ruleset> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return exit_unreadable;
    if (options.format == "yaml")
        write_out(jel::ruleset_to_yaml(*rules));
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
        "Print the ruleset in force (every option with its value, default, J-id and "
        "meaning), or check a ruleset file");
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
