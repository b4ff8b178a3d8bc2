// jelimvre diff A.jgn B.jgn [--game N] [--format text|json] [--rules FILE] [--set OPTION=VALUE]...
//
// Two score sheets of one game (each player's), compared turn by turn (issue 5, section 6).
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/encoding_option.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/input_format.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "cli/terminal.hpp"
#include "core/encoding.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "core/translate.hpp"
#include "report/diff_report.hpp"
#include "report/verdict_report.hpp"

namespace jv::cli {

namespace {

struct DiffOptions {
    std::string a;
    std::string b;
    std::uint32_t game = 1;
    std::string format = "text";
    RulesetOptions ruleset;
    std::string encoding;
    std::string from;
};

// One sheet: its source and the record of the chosen game. Prints why on standard error and
// returns false when the file, or that game of it, cannot be read.
struct LoadedSheet {
    std::unique_ptr<report::RecordInput> input;
    GameRecord record;
};

bool load_sheet(const std::string& path, std::uint32_t game, const std::string& from,
                std::optional<Encoding> encoding, LoadedSheet& out) {
    std::string shown = path == "-" ? "<stdin>" : path;
    out.input = load_record_input(path, from, encoding, "diff");
    if (!out.input) return false;
    RecordReader reader(out.input->jgn());
    std::uint32_t count = 0;
    while (reader.next(out.record)) {
        if (++count == game) break;
    }
    if (count < game) {
        std::string message;
        if (count == 0)
            // TRANSLATORS: said of a file; [White "Ana"] is a tag of a record: keep it.
            message = tr("holds no game (a game starts with its tags, such as [White \"Ana\"])");
        else
            // TRANSLATORS: said of a file; {0} is how many games it holds, {1} the game asked for
            // (--game).
            message = trn("holds {} game, so there is no game {}",
                          "holds {} games, so there is no game {}", count, count, game);
        print_error(shown, message);
        return false;
    }
    std::vector<Diagnostic> faults = report::sheet_reading_faults(game_catalog(), out.record);
    for (const Diagnostic& d : faults)
        std::fputs(out.input->render(d, stderr_style()).c_str(), stderr);
    if (!out.input->is_document())
        if (auto not_utf8 = not_utf8_file(out.input->jgn(), faults, "diff"))
            std::fputs(not_utf8_file_line(out.input->jgn(), *not_utf8).c_str(), stderr);
    if (!faults.empty()) {
        // TRANSLATORS: {} is the game's number in the file.
        print_error(shown, trf("game {} is not a readable record; nothing compared", game));
        return false;
    }
    return true;
}

int run_diff(const DiffOptions& options) {
    std::optional<RulesetChoice> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return exit_unreadable;
    if (options.game == 0) {
        // TRANSLATORS: --game is an option: keep it.
        print_command_error(tr("--game counts from 1"));
        return exit_unreadable;
    }
    if (options.a == "-" && options.b == "-") {
        print_command_error(tr("only one of the two sheets can be read from standard input"));
        return exit_unreadable;
    }
    LoadedSheet a;
    LoadedSheet b;
    bool read_a =
        load_sheet(options.a, options.game, options.from, chosen_encoding(options.encoding), a);
    bool read_b =
        load_sheet(options.b, options.game, options.from, chosen_encoding(options.encoding), b);
    if (!read_a || !read_b) return exit_unreadable;
    const Game& game = *game_catalog().game_of(a.record);
    if (game_catalog().game_of(b.record) != &game) {
        print_command_error(
            // TRANSLATORS: {0} and {1} are the names of two games (Jelimvre,
            // Chessme).
            trf("the sheets are records of two games, {} and {}", game.name(),
                game_catalog().game_of(b.record)->name()));
        return exit_unreadable;
    }
    const Referees referees = referees_for(*rules);
    report::Sheet sheet_a{a.input->jgn(), a.record, a.input.get()};
    report::Sheet sheet_b{b.input->jgn(), b.record, b.input.get()};
    report::SheetDiff diff = report::diff_sheets(sheet_a, sheet_b, referees.rules_of(game));
    report::DiffReport shown{sheet_a, sheet_b, diff, game};
    if (options.format == "json")
        write_out(report::dump_json(report::diff_to_json(shown), 2) + "\n");
    else
        write_out(report::format_diff_text(shown));
    if (!finish_output()) return exit_unreadable;
    return diff.identical() ? exit_ok : exit_illegal;
}

}  // namespace

Command setup_diff(CLI::App& parent) {
    auto options = std::make_shared<DiffOptions>();
    CLI::App* app = parent.add_subcommand(
        "diff",
        tr("Compare two score sheets of one game: the first turn where they differ and whether "
           "each reading of it is legal"));
    // TRANSLATORS: A is the first sheet's name in the help: keep it.
    app->add_option(
           "A", options->a,
           tr("sheet A (a JGN file or a YAML or JSON record document; - reads standard input)"))
        ->required()
        ->type_name("A.jgn");
    // TRANSLATORS: B is the second sheet's name in the help: keep it.
    app->add_option(
           "B", options->b,
           tr("sheet B (a JGN file or a YAML or JSON record document; - reads standard input)"))
        ->required()
        ->type_name("B.jgn");
    // TRANSLATORS: N is the value of --game, as the help shows it: keep it.
    app->add_option("--game", options->game, tr("compare game N of each file (default 1)"))
        ->type_name("N");
    // TRANSLATORS: text and json are the values of --format: keep them.
    app->add_option("--format", options->format, tr("text (default) or json"))
        ->check(CLI::IsMember({"text", "json"}))
        ->type_name("FORMAT");
    add_ruleset_options(*app, options->ruleset);
    add_encoding_option(*app, options->encoding);
    add_from_option(*app, options->from);
    app->footer(
        tr("Exit status: 0 the sheets are identical (same turns, tags and result); 1 they "
           "differ; 2 a file, record or ruleset could not be read, or a usage error."));
    return Command{app, [options] { return run_diff(*options); }};
}

}  // namespace jv::cli
