#include "cli/ruleset_options.hpp"

#include <cstdio>

#include <CLI/CLI.hpp>

#include "jelimvre/ruleset.hpp"
#include "jelimvre/ruleset_file.hpp"

namespace jv::cli {

void add_ruleset_options(CLI::App& app, RulesetOptions& options) {
    app.add_option("--rules", options.file,
                   "ruleset file (YAML) giving the reading of the disputed rules; default: "
                   "the built-in 'standard'")
        ->type_name("FILE");
    std::string names;
    for (const jel::OptionInfo& option : jel::option_table())
        names += (names.empty() ? "" : ", ") + std::string(option.name);
    app.add_option("--set", options.settings,
                   "change one option of the ruleset (repeatable; 'jelimvre rules' lists values "
                   "and meanings): " +
                       names)
        ->type_name("OPTION=VALUE");
}

std::optional<jel::Ruleset> build_ruleset(const std::string& file,
                                          const std::vector<std::string>& settings) {
    jel::RulesetLoad load = jel::load_ruleset(file);
    for (const jel::FileDiagnostic& error : load.errors) std::fputs(error.render().c_str(), stderr);
    if (!load.ruleset) return std::nullopt;
    jel::Ruleset rules = *load.ruleset;
    bool ok = true;
    for (const std::string& setting : settings) {
        if (auto problem = jel::apply_setting(rules, setting)) {
            std::fprintf(stderr, "jelimvre: --set %s: %s\n", setting.c_str(), problem->c_str());
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    if (!settings.empty() && rules.name.find('+') == std::string::npos) rules.name += "+set";
    return rules;
}

}  // namespace jv::cli
