// --rules FILE and --set OPTION=VALUE, shared by the subcommands that referee.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jelimvre/ruleset.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

struct RulesetOptions {
    std::string file = "standard";
    std::vector<std::string> settings;
};

void add_ruleset_options(CLI::App& app, RulesetOptions& options);

// The ruleset those options describe. On an error, prints every problem (file:line:col) to
// standard error and returns nothing: a bad ruleset never falls back to the defaults.
std::optional<jel::Ruleset> build_ruleset(const std::string& file,
                                          const std::vector<std::string>& settings = {});

}  // namespace jv::cli
