// jelimvre show (being written; see issue 5)
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"

namespace jv::cli {

Command setup_show(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("show", "(in progress)");
    return Command{app, [] { return static_cast<int>(exit_unreadable); }};
}

}  // namespace jv::cli
