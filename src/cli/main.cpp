// jelimvre: the command line. main only registers the subcommands and maps errors to statuses.
#include <cstdio>
#include <exception>
#include <new>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"

#ifndef JELIMVRE_VERSION
#define JELIMVRE_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
    using namespace jv::cli;
    std::string games;
    for (std::string_view name : game_catalog().names())
        games += (games.empty() ? "" : ", ") + std::string(name);
    CLI::App app{"jelimvre: referee and notation tool for game records (JGN) of " + games,
                 "jelimvre"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "jelimvre " JELIMVRE_VERSION "\ngames: " + games);
    app.footer(exit_status_help);
    std::vector<Command> commands = {setup_validate(app), setup_rules(app),   setup_show(app),
                                     setup_moves(app),    setup_convert(app), setup_diff(app),
                                     setup_generate(app)};
    commands.push_back(setup_completions(app));

    // Name an unknown command rather than CLI11's "A subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        for (const Command& command : commands) known = known || command.app->get_name() == argv[1];
        if (!known) {
            std::fprintf(stderr,
                         "jelimvre: unknown command '%s'; run 'jelimvre --help' for the list\n",
                         argv[1]);
            return exit_unreadable;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // CLI11 alone would exit with its own codes (109 for a bad argument); ours is 2.
        app.exit(e);
        return exit_unreadable;
    }
    try {
        for (const Command& command : commands)
            if (command.app->parsed()) return command.run();
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "jelimvre: out of memory\n");
        return exit_unreadable;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "jelimvre: internal error: %s\n", e.what());
        return exit_unreadable;
    }
    return exit_unreadable;
}
