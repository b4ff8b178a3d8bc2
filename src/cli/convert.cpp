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
    std::optional<report::RecordFormat> from;
    if (!options.from.empty()) {
        from = report::record_format_named(options.from);
    } else if (options.input == "-") {
        error_line("<stdin>",
                   // TRANSLATORS: --from is an option, jgn, yaml and json its values: keep them.
                   tr("standard input has no name to tell its format: add --from jgn, --from "
                      "yaml or --from json"));
        return exit_unreadable;
    } else {
        from = report::record_format_of_path(options.input);
        if (!from) {
            error_line(options.input,
                       // TRANSLATORS: --from is an option, jgn, yaml and json its values: keep
                       // them.
                       tr("cannot tell the format from the file name (.jgn, .yaml, .yml or "
                          ".json): add --from jgn, --from yaml or --from json"));
            return exit_unreadable;
        }
    }
    const report::RecordFormat to = *report::record_format_named(options.to);
    const std::string shown = shown_name(options.input);

    std::string text;
    std::string problem;
    if (!load_record_text(options.input, shown, chosen_encoding(options.encoding), "convert", text,
                          problem, stderr_style())) {
        std::fputs(problem.c_str(), stderr);
        return exit_unreadable;
    }

    // The records, read from JGN: the input itself, or the JGN written from a document.
    std::unique_ptr<SourceFile> document;
    std::unique_ptr<report::RecordDocument> parsed;
    std::unique_ptr<SourceFile> jgn;
    if (*from == report::RecordFormat::jgn) {
        jgn = std::make_unique<SourceFile>(shown, std::move(text));
    } else {
        document = std::make_unique<SourceFile>(shown, std::move(text));
        parsed = std::make_unique<report::RecordDocument>(*document, *from);
        if (!parsed->ok()) {
            for (const std::string& error : parsed->errors()) std::fputs(error.c_str(), stderr);
            return exit_unreadable;
        }
        jgn = std::make_unique<SourceFile>(shown, parsed->jgn());
    }
    std::vector<GameRecord> records = read_records(*jgn);
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
        if (!not_utf8 && !parsed)
            not_utf8 = not_utf8_file(*jgn, verdict.faults, "convert --to " + options.to);
        for (const Fault& fault : verdict.faults) {
            std::string message = parsed
                                      ? parsed->explain(fault.diagnostic)
                                      : render_diagnostic(*jgn, fault.diagnostic, stderr_style());
            std::fputs(message.c_str(), stderr);
        }
        std::fprintf(
            stderr, "%s\n",
            // TRANSLATORS: {0} is the file, {1} the game's number in it, {2} and {3} the players
            // ("?" when unknown); invalid-record is a verdict's name: keep it.
            trf("{}: game {} ({} - {}): invalid-record", shown, record.index,
                record.tag_value(verdict.player_tags[0], "?"),
                record.tag_value(verdict.player_tags[1], "?"))
                .c_str());
    }
    if (not_utf8) std::fputs(not_utf8_file_line(*jgn, *not_utf8).c_str(), stderr);
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
                    tr("a record file: .jgn, .yaml/.yml or .json (by its extension, or --from); "
                       "- reads standard input and needs --from"))
        ->required()
        ->type_name("IN");
    app->add_option("--to", options->to,
                    // TRANSLATORS: jgn, yaml and json are the values of --to: keep them.
                    tr("the output format: jgn, yaml or json"))
        ->required()
        ->check(CLI::IsMember({"jgn", "yaml", "json"}))
        ->type_name("FORMAT");
    app->add_option("--from", options->from,
                    // TRANSLATORS: jgn, yaml and json are the values of --from: keep them.
                    tr("the input format (jgn, yaml or json), instead of the file's extension"))
        ->check(CLI::IsMember({"jgn", "yaml", "yml", "json"}))
        ->type_name("FORMAT");
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
