// jelimvre convert (being written; see issue 5)
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"

namespace jv::cli {

Command setup_convert(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("convert", "(in progress)");
    return Command{app, [] { return static_cast<int>(exit_unreadable); }};
}

}  // namespace jv::cli
