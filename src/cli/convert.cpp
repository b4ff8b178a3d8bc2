// jelimvre convert IN --to jgn|yaml|json [-o OUT] [--force] [--from jgn|yaml|json]
//
// Reads the records of IN (JGN, or a JSON or YAML record document), and writes them in canonical
// JGN (notation/jgn.md section 12) or as a record document (notation/record-json.md,
// notation/record-yaml.md). Rules are not checked: an illegal game converts like a legal one;
// a record that cannot be read stops the conversion before anything is written.
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
#include "cli/output_file.hpp"
#include "cli/terminal.hpp"
#include "core/encoding.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/record_writer.hpp"
#include "core/source.hpp"
#include "core/translate.hpp"
#include "report/record_formats.hpp"

namespace jv::cli {

namespace {

struct ConvertOptions {
    std::string input;
    std::string to;
    std::string from;
    std::string output;
    bool force = false;
    std::string encoding;
};

void error_line(const std::string& where, const std::string& message) {
    print_error(where, message);
}

std::string shown_name(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

// Every game of `source`, in order.
std::vector<GameRecord> read_records(const SourceFile& source) {
    std::vector<GameRecord> records;
    RecordReader reader(source);
    GameRecord record;
    while (reader.next(record)) records.push_back(record);
    return records;
}

int run_convert(const ConvertOptions& options) {
    const report::RecordFormat to = *report::record_format_named(options.to);
    const std::string shown = shown_name(options.input);
    const std::unique_ptr<report::RecordInput> input = load_record_input(
        options.input, options.from, chosen_encoding(options.encoding), "convert");
    if (!input) return exit_unreadable;
    const SourceFile& jgn = input->jgn();
    std::vector<GameRecord> records = read_records(jgn);
    if (records.empty()) {
        error_line(shown,
                   // TRANSLATORS: said of a file; [White "Ana"] is a tag of a record: keep it.
                   tr("holds no game (a game starts with its tags, such as [White \"Ana\"])"));
        return exit_unreadable;
    }

    // Only reading faults stop a conversion; the rules are not checked.
    const Referees referees(game_catalog());
    GameVerdict verdict;
    std::size_t unreadable = 0;
    std::optional<NotUtf8File> not_utf8;  // said once, after the games
    for (const GameRecord& record : records) {
        referees.referee(record, RefereeRequest{}, verdict);
        if (verdict.verdict != Verdict::invalid_record) continue;
        ++unreadable;
        if (!not_utf8 && !input->is_document())
            not_utf8 = not_utf8_file(jgn, verdict.faults, "convert --to " + options.to);
        for (const Fault& fault : verdict.faults)
            std::fputs(input->render(fault.diagnostic, stderr_style()).c_str(), stderr);
        std::fprintf(
            stderr, "%s\n",
            // TRANSLATORS: {0} is the file, {1} the game's number in it, {2} and {3} the players
            // ("?" when unknown); invalid-record is a verdict's name: keep it.
            trf("{}: game {} ({} - {}): invalid-record", shown, record.index,
                record.tag_value(verdict.player_tags[0], "?"),
                record.tag_value(verdict.player_tags[1], "?"))
                .c_str());
    }
    if (not_utf8) std::fputs(not_utf8_file_line(jgn, *not_utf8).c_str(), stderr);
    if (unreadable > 0) {
        // TRANSLATORS: {0} is how many games cannot be read, {1} how many the file holds; the
        // form follows {1}.
        error_line(shown, trn("{} of {} game cannot be read; nothing was converted",
                              "{} of {} games cannot be read; nothing was converted",
                              records.size(), unreadable, records.size()));
        return exit_unreadable;
    }

    std::string output;
    switch (to) {
        case report::RecordFormat::jgn:
            output = write_jgn(records);
            break;
        case report::RecordFormat::yaml:
            output = report::write_records_yaml(records);
            break;
        case report::RecordFormat::json:
            output = report::write_records_json(records);
            break;
    }
    const std::string inputs[] = {options.input};
    return write_command_output(options.output, inputs, options.force, "convert", output);
}

}  // namespace

Command setup_convert(CLI::App& parent) {
    auto options = std::make_shared<ConvertOptions>();
    CLI::App* app = parent.add_subcommand(
        "convert",
        tr("Write game records in canonical JGN, or as JSON or YAML documents, and back"));
    app->add_option("input", options->input,
                    // TRANSLATORS: --from is an option: keep it.
                    tr("a record file: JGN, or a YAML or JSON record document (told by --from, "
                       "else by its extension, else by its first bytes); - reads standard input"))
        ->required()
        ->type_name("IN");
    app->add_option("--to", options->to,
                    // TRANSLATORS: jgn, yaml and json are the values of --to: keep them.
                    tr("the output format: jgn, yaml or json"))
        ->required()
        ->check(CLI::IsMember({"jgn", "yaml", "json"}))
        ->type_name("FORMAT");
    add_from_option(*app, options->from);
    app->add_option("-o,--output", options->output,
                    tr("write to this file (through a temporary file, then renamed) instead of "
                       "standard output; never the input file"))
        ->type_name("OUT");
    app->add_flag("--force", options->force,
                  // TRANSLATORS: OUT is the value of --output, as the help shows it: keep it.
                  tr("replace OUT when it already exists"));
    add_encoding_option(*app, options->encoding);
    app->footer(
        tr("Rules are not checked: an illegal game converts like a legal one. Exit status: 0 "
           "converted; 2 a record or file could not be read or written (nothing is written), or "
           "a usage error."));
    return Command{app, [options] { return run_convert(*options); }};
}

}  // namespace jv::cli
