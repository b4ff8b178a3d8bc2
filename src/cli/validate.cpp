// jelimvre validate FILE... [--format text|json] [--no-board]
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "jelimvre/referee.hpp"
#include "report/verdict_report.hpp"

namespace jv::cli {

namespace {

struct ValidateOptions {
    std::vector<std::string> files;
    std::string format = "text";
    bool no_board = false;
};

GameCatalog make_catalog() {
    GameCatalog catalog;
    catalog.add(std::make_unique<jel::JelimvreGame>());
    return catalog;
}

int run_validate(const ValidateOptions& options) {
    const bool json = options.format == "json";
    GameCatalog catalog = make_catalog();
    RefereeRequest request;
    request.want_diagram = !json && !options.no_board;
    report::Tally tally;
    nlohmann::ordered_json file_errors = nlohmann::ordered_json::array();
    bool first_game = true;
    if (json) write_out("{\"games\": [");

    GameRecord record;
    GameVerdict verdict;
    for (const std::string& path : options.files) {
        std::string text;
        std::string error;
        std::string shown_path = path == "-" ? "<stdin>" : path;
        if (!load_source(path, text, error)) {
            ++tally.unreadable_files;
            std::fprintf(stderr, "%s: error: %s\n", shown_path.c_str(), error.c_str());
            file_errors.push_back({{"file", shown_path}, {"message", error}});
            continue;
        }
        SourceFile source(shown_path, std::move(text));
        RecordReader reader(source);
        bool any_game = false;
        while (reader.next(record)) {
            any_game = true;
            catalog.referee(record, request, verdict);
            tally.add(verdict.verdict);
            report::GameReport game{source, record, verdict};
            if (json) {
                write_out(first_game ? "\n" : ",\n");
                write_out(report::dump_json(report::to_json(game)));
                first_game = false;
            } else {
                write_out(report::format_text(game));
                write_out("\n");
            }
        }
        if (!any_game) {
            ++tally.unreadable_files;
            std::string message =
                "holds no game (a game starts with its tags, such as [White \"Ana\"])";
            std::fprintf(stderr, "%s: error: %s\n", shown_path.c_str(), message.c_str());
            file_errors.push_back({{"file", shown_path}, {"message", message}});
        }
    }
    if (json) {
        write_out(first_game ? "]" : "\n]");
        write_out(",\n\"file_errors\": ");
        write_out(report::dump_json(file_errors));
        write_out("}\n");
    } else {
        write_out(report::format_tally(tally));
    }
    if (!finish_output()) return exit_unreadable;
    if (tally.invalid > 0 || tally.unreadable_files > 0) return exit_unreadable;
    if (tally.illegal > 0) return exit_illegal;
    return exit_ok;
}

}  // namespace

Command setup_validate(CLI::App& parent) {
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* app = parent.add_subcommand(
        "validate", "Replay game records through the rules and report each game's verdict");
    app->add_option("files", options->files, "JGN record files; - reads standard input")
        ->required()
        ->type_name("FILE");
    app->add_option("--format", options->format, "text (default) or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->type_name("FORMAT");
    app->add_flag("--no-board", options->no_board,
                  "leave the final-position diagram out of the text report");
    app->footer(exit_status_help);
    return Command{app, [options] { return run_validate(*options); }};
}

}  // namespace jv::cli
