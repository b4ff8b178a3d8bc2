// jelimvre show FILE [--at TURN] [--game N] [--format text|unicode|svg] [--color auto|always|never]
// jelimvre show --position STRING [--game NAME] [--format text|unicode|svg] [--color ...]
#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/position_source.hpp"
#include "cli/terminal.hpp"
#include "core/translate.hpp"

namespace jv::cli {

namespace {

struct ShowOptions {
    PositionOptions source;
    std::string format = "text";
};

int run_show(const ShowOptions& options) {
    int status = exit_unreadable;
    std::optional<PositionChoice> choice = choose_position(options.source, status);
    if (!choice) return status;
    const Game& game = choice->rules->game();
    PictureOptions style;
    style.title = choice->label;
    if (!choice->fault_action.empty())
        style.fault = FaultMark{choice->fault_action, choice->fault_rule};
    if (options.format == "svg") {
        write_out(game.picture(*choice->position, PictureFormat::svg, style));
    } else {
        write_out(choice->label + "\n" +
                  // TRANSLATORS: {} is the position string (notation/jfen.md).
                  trf("position: {}", game.position_string(*choice->position)) + "\n\n");
        style.color = options.format == "unicode" && stdout_style().color;
        write_out(game.picture(
            *choice->position,
            options.format == "unicode" ? PictureFormat::unicode : PictureFormat::text, style));
    }
    // 1 when the position is the one a faulty turn started from (show --at that turn).
    return finish_output() ? status : exit_unreadable;
}

}  // namespace

Command setup_show(CLI::App& parent) {
    auto options = std::make_shared<ShowOptions>();
    CLI::App* app = parent.add_subcommand(
        "show", tr("Draw a position: of a record after a turn, or given as a position string"));
    options->source.faulty_turn_drawn = true;
    add_position_options(*app, options->source);
    app->add_option("--format", options->format,
                    // TRANSLATORS: text, unicode and svg are the values of --format: keep them.
                    tr("text (default; plain ASCII), unicode (box drawing, colours) or svg (an "
                       "SVG image)"))
        ->check(CLI::IsMember({"text", "unicode", "svg"}))
        ->type_name("FORMAT");
    app->footer(
        // TRANSLATORS: --at is an option: keep it.
        tr("--at the turn that breaks a rule draws the position it started from, the refused "
           "action marked. Exit status: 0 the position was drawn; 1 the record is illegal at or "
           "before the turn asked for (at it: drawn all the same); 2 a record, position string or "
           "ruleset could not be read, or a usage error."));
    return Command{app, [options] { return run_show(*options); }};
}

}  // namespace jv::cli
