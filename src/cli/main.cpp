// jelimvre: the command line. main only registers the subcommands and maps errors to statuses.
#include <cstdio>
#include <exception>
#include <new>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/language_option.hpp"
#include "cli/terminal.hpp"
#include "cli/usage_errors.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"

#ifndef JELIMVRE_VERSION
#define JELIMVRE_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
    using namespace jv::cli;
    using jv::tr;
    using jv::trf;
    // The language comes first: the commands' help texts are written in it as they are built.
    if (const std::optional<std::string> note = choose_language(argc, argv))
        print_command_error(note->c_str());
    std::string games;
    for (std::string_view name : game_catalog().names())
        games += (games.empty() ? "" : ", ") + std::string(name);
    CLI::App app{trf("jelimvre: referee and notation tool for game records (JGN) of {}", games),
                 "jelimvre"};
    translate_help_words(app);
    app.require_subcommand(1);
    app.set_version_flag("--version", "jelimvre " JELIMVRE_VERSION "\ngames: " + games,
                         tr("Display program version information and exit"));
    add_language_option(app);
    app.footer(tr(exit_status_help));
    std::vector<Command> commands = {setup_validate(app), setup_rules(app),   setup_show(app),
                                     setup_moves(app),    setup_convert(app), setup_diff(app),
                                     setup_publish(app),  setup_generate(app)};
    commands.push_back(setup_completions(app));
    // Every command takes --color: its diagnostics, and show's pictures, follow it.
    for (const Command& command : commands) {
        add_color_option(*command.app);
        add_language_option(*command.app);
        command.app->group(jv::tr_in("help", "Subcommands"));
        // CLI11 makes a command's help flag before the command inherits the translated name of
        // the options' group: without this, --help would sit alone under an English heading.
        command.app->get_help_ptr()->group(jv::tr_in("help", "Options"));
    }

    if (argc < 2) {
        std::string names;
        for (const Command& command : commands)
            names += (names.empty() ? "" : ", ") + command.app->get_name();
        const std::string message =
            trf("jelimvre: no command given; the commands are {}\nrun 'jelimvre --help' for what "
                "each does\n",
                names);
        std::fputs(message.c_str(), stderr);
        return exit_unreadable;
    }
    // Name an unknown command, and the one it most likely meant, rather than CLI11's "A
    // subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
        const CLI::App* closest = nullptr;
        std::size_t best = 3;  // at most two letters off: a typo, not another word
        for (const Command& command : commands) {
            const std::size_t d = jv::edit_distance(argv[1], command.app->get_name());
            if (d < best) best = d, closest = command.app;
        }
        if (best != 0) {
            const std::string message =
                closest != nullptr
                    ? trf("jelimvre: unknown command '{}'; did you mean '{}'?", argv[1],
                          closest->get_name())
                    : trf("jelimvre: unknown command '{}'; run 'jelimvre --help' for the list",
                          argv[1]);
            std::fprintf(stderr, "%s\n", message.c_str());
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
        // CLI11 alone would exit with its own codes (109 for a bad argument) and print its
        // message bare; ours is 2, and every usage error starts with the program's name.
        std::string where = "jelimvre";
        const CLI::App* parsed = &app;
        for (const Command& command : commands)
            if (command.app->parsed()) where += " " + command.app->get_name(), parsed = command.app;
        const std::string message = trf("jelimvre: {}\nrun '{} --help' for the options\n",
                                        usage_error_message(e, *parsed), where);
        std::fputs(message.c_str(), stderr);
        return exit_unreadable;
    }
    try {
        for (const Command& command : commands)
            if (command.app->parsed()) return command.run();
    } catch (const std::bad_alloc&) {
        print_command_error(tr("out of memory"));
        return exit_unreadable;
    } catch (const std::exception& e) {
        std::fputs(trf("jelimvre: internal error: {}\n", e.what()).c_str(), stderr);
        return exit_unreadable;
    }
    return exit_unreadable;
}
