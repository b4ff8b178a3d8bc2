// One function per subcommand registers it; the returned runner executes it after parsing.
#pragma once

#include <functional>

namespace CLI {
class App;
}

namespace jv::cli {

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
};

Command setup_validate(CLI::App& parent);
Command setup_rules(CLI::App& parent);
Command setup_show(CLI::App& parent);
Command setup_moves(CLI::App& parent);
Command setup_convert(CLI::App& parent);
Command setup_diff(CLI::App& parent);
Command setup_generate(CLI::App& parent);
Command setup_publish(CLI::App& parent);
Command setup_completions(CLI::App& parent);

}  // namespace jv::cli
