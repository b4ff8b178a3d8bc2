// jelimvre validate FILE... [--format text|json|jsonl] [--quiet] [--summary] [--no-board]
//                   [--explain] [--rules FILE] [--set OPTION=VALUE]...
// jelimvre validate FILE... --compare A.yaml B.yaml [--format text|json]
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <unordered_set>
#include <utility>
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
#include "cli/usage_errors.hpp"
#include "core/encoding.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/record_stream.hpp"
#include "core/translate.hpp"
#include "report/compare_report.hpp"
#include "report/progress.hpp"
#include "report/record_files.hpp"
#include "report/record_input.hpp"
#include "report/summary_report.hpp"
#include "report/verdict_report.hpp"

namespace jv::cli {

namespace {

struct ValidateOptions {
    std::vector<std::string> files;
    std::string format = "text";
    bool no_board = false;
    bool explain = false;
    bool quiet = false;
    bool summary = false;
    int jobs = 0;  // 0: one per core
    RulesetOptions ruleset;
    std::vector<std::string> compare;
    std::string encoding;
    std::string from;
};

// File errors on standard error, at their places (with the line and a caret inside a record
// document), and in `file_errors`, the report's list; each file counts once as unreadable.
report::FileErrorSink file_error_printer(report::Tally& tally,
                                         nlohmann::ordered_json& file_errors) {
    return [&tally, &file_errors](const report::FileError& error) {
        if (error.first_of_file) ++tally.unreadable_files;
        if (error.diagnostic != nullptr)
            std::fputs(render_diagnostic(*error.source, *error.diagnostic, stderr_style()).c_str(),
                       stderr);
        else if (error.at)
            print_error(fmt::format("{}:{}:{}", error.file, error.at->line, error.at->column),
                        error.message);
        else
            print_error(error.file, error.message);
        nlohmann::ordered_json entry = {{"file", error.file}};
        if (error.at) {
            entry["line"] = error.at->line;
            entry["column"] = error.at->column;
        }
        entry["message"] = error.message;
        file_errors.push_back(std::move(entry));
    };
}

// Writes the JSON array element by element, so that memory does not grow with the input.
class JsonArrayWriter {
  public:
    // With `lang`, the document starts with the member "lang": the language of its messages
    // (notation/validate-json.md).
    explicit JsonArrayWriter(bool enabled, const char* key, bool lang = false) : enabled_(enabled) {
        if (!enabled_) return;
        if (lang)
            write_out(fmt::format("{{\"lang\": {}, ",
                                  report::dump_json(language_code(message_language()))));
        else
            write_out("{");
        write_out(fmt::format("\"{}\": [", key));
    }
    void add(const nlohmann::ordered_json& element) { add_raw(report::dump_json(element)); }
    void add_raw(std::string_view dumped) {
        write_out(first_ ? "\n" : ",\n");
        write_out(dumped);
        first_ = false;
    }
    void finish(const nlohmann::ordered_json& file_errors) {
        if (!enabled_) return;
        write_out(first_ ? "]" : "\n]");
        write_out(",\n\"file_errors\": ");
        write_out(report::dump_json(file_errors));
        write_out("}\n");
    }

  private:
    bool enabled_;
    bool first_ = true;
};

int exit_status(const report::Tally& tally, bool some_illegal) {
    if (!finish_output()) return exit_unreadable;
    if (tally.invalid > 0 || tally.unreadable_files > 0) return exit_unreadable;
    return some_illegal ? exit_illegal : exit_ok;
}

// One game's report, as text or as one JSON element.
struct RenderedGame {
    std::string output;  // empty: nothing to write for this game (--quiet, --summary)
    Verdict verdict = Verdict::legal;
    // An invalid record with a byte that is not UTF-8: the file's own error, said once per file
    // (a Latin-1 file gives it in every game with an accent).
    std::string not_utf8;
    std::string file;
    LineColumn not_utf8_at;
    std::uint32_t index = 0;  // the game's number in its file
    // For the summary only (--summary, JSON Lines): the first fault's place.
    std::string rule;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

// The whole size of the input when every file is a regular file, for the time left.
std::optional<std::uint64_t> input_size(const std::vector<std::string>& files) {
    std::uint64_t total = 0;
    for (const std::string& path : files) {
        std::error_code error;
        if (path == "-" || !std::filesystem::is_regular_file(path, error)) return std::nullopt;
        total += std::filesystem::file_size(path, error);
        if (error) return std::nullopt;
    }
    return total;
}

// For an invalid record whose fault is a byte that is not UTF-8, the error about its file.
void note_encoding(const SourceFile& source, const GameVerdict& verdict, RenderedGame& out) {
    if (verdict.verdict != Verdict::invalid_record) return;
    if (std::optional<NotUtf8File> what = not_utf8_file(source, verdict.faults, "validate")) {
        out.not_utf8 = std::move(what->message);
        out.not_utf8_at = what->at;
        out.file = source.path();
    }
}

int run_validate(const ValidateOptions& options) {
    const bool json = options.format == "json";
    const bool json_lines = options.format == "jsonl";
    const bool text = !json && !json_lines;
    if (options.explain && !text) {
        print_command_error(
            // TRANSLATORS: --explain and --format are options, text one of its
            // values; {} is the value given (json or jsonl).
            trf("--explain draws boards and lists nearest legal turns for a reader; it "
                "goes with --format text, not --format {}",
                options.format));
        return exit_unreadable;
    }
    std::optional<RulesetChoice> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return exit_unreadable;
    const Referees referees = referees_for(*rules);
    RefereeRequest request;
    request.want_diagram = text && !options.no_board && !options.quiet && !options.summary;
    const DiagnosticStyle style = stdout_style();
    // The per-game part of the output: none under --summary, only the faulty games under --quiet.
    const bool per_game = !options.summary;
    // JSON Lines always end with the summary line; text and JSON documents have it on request.
    const bool keep_summary = options.summary || json_lines;
    report::Summary summary;
    // Every file has its line in the summary, in the order given, whatever happens to it.
    for (const std::string& path : options.files) summary.add_file(path == "-" ? "<stdin>" : path);
    report::Tally tally;
    nlohmann::ordered_json file_errors = nlohmann::ordered_json::array();
    JsonArrayWriter games(json && per_game, "games", true);
    TerminalProgress progress(!options.quiet, options.summary);
    // The share of the work done is the share of the input's bytes cut into pieces so far.
    const std::optional<std::uint64_t> total_bytes =
        progress.enabled() ? input_size(options.files) : std::nullopt;
    std::uint64_t bytes_read = 0;
    auto fraction_done = [&]() -> std::optional<double> {
        if (!total_bytes || *total_bytes == 0) return std::nullopt;
        return static_cast<double>(bytes_read) / static_cast<double>(*total_bytes);
    };

    // Referees and renders one game; safe to run on several threads at once.
    auto render = [&](const report::RecordPiece& piece, const GameRecord& record,
                      GameVerdict& verdict) {
        referees.referee(record, request, verdict);
        RenderedGame out;
        out.verdict = verdict.verdict;
        out.index = record.index;
        // The explanation finds the faulty turn by the fault's place in the JGN: it is made
        // before the places move to a document.
        std::string explanation;
        if (per_game && text && options.explain && !options.quiet &&
            verdict.verdict == Verdict::illegal) {
            verdict.diagram.clear();  // the explanation draws the board itself
            const GameRules& rules_in_force =
                referees.rules_of(*referees.catalog().game_of(record));
            explanation = rules_in_force.explain_first_fault(record, verdict);
        }
        if (piece.document)
            piece.document->locate(verdict);
        else
            note_encoding(*piece.jgn, verdict, out);
        const SourceFile& source = piece.shown();
        report::GameReport game{source, record, verdict};
        if (keep_summary) {
            out.file = source.path();
            if (!verdict.faults.empty()) {
                const Diagnostic& first = verdict.faults.front().diagnostic;
                LineColumn at = source.line_column(first.region.begin);
                out.rule = first.rule;
                out.line = at.line;
                out.column = at.column;
            }
        }
        if (!per_game || (options.quiet && verdict.verdict == Verdict::legal)) return out;
        if (!text) {
            out.output = report::dump_json(report::to_json(game, json_lines));
        } else if (options.quiet) {
            out.output = report::format_diagnostics(game, style);
        } else if (options.explain && verdict.verdict == Verdict::illegal) {
            out.output = report::format_text(game, style) + "\n" +
                         report::explanation_heading(source, verdict.faults.front()) + explanation +
                         "\n";
        } else {
            out.output = report::format_text(game, style);
            out.output += '\n';  // a char: a `+ "\n"` costs a strlen for every game
        }
        return out;
    };
    // Whether the file of the last game emitted had its encoding reported. Games come in input
    // order, numbered from 1 in each file: a number no higher than the last starts the next file
    // (be it the same file given twice).
    bool file_said_not_utf8 = false;
    std::uint32_t last_index = 0;
    std::unordered_set<std::size_t> readable_file_errors;  // places in file_errors
    auto emit = [&](const RenderedGame& game) {
        tally.add(game.verdict);
        progress.game_done(fraction_done);
        if (game.index <= last_index) file_said_not_utf8 = false;
        last_index = game.index;
        if (!game.not_utf8.empty() && !file_said_not_utf8) {
            file_said_not_utf8 = true;
            print_error(
                fmt::format("{}:{}:{}", game.file, game.not_utf8_at.line, game.not_utf8_at.column),
                game.not_utf8);
            // The file was read, and its games judged: an error of the file, not an unreadable
            // file.
            readable_file_errors.insert(file_errors.size());
            file_errors.push_back({{"file", game.file},
                                   {"line", game.not_utf8_at.line},
                                   {"column", game.not_utf8_at.column},
                                   {"message", game.not_utf8}});
        }
        if (keep_summary) summary.add({game.file, game.verdict, game.rule, game.line, game.column});
        if (game.output.empty()) return;
        if (json)
            games.add_raw(game.output);
        else if (json_lines)
            write_out(game.output), write_out("\n");
        else
            write_out(game.output);
    };

    const unsigned jobs = options.jobs > 0 ? static_cast<unsigned>(options.jobs)
                                           : std::max(1u, std::thread::hardware_concurrency());
    report::judge_games_in_order(
        options.files, report::InputChoice{chosen_encoding(options.encoding), options.from}, jobs,
        render, emit, file_error_printer(tally, file_errors),
        progress.enabled() ? &bytes_read : nullptr);
    progress.finish();
    games.finish(file_errors);
    if (keep_summary) {
        for (std::size_t i = 0; i < file_errors.size(); ++i)
            summary.add_file_error(file_errors[i], !readable_file_errors.contains(i));
        if (!text)
            write_out(report::dump_json({{"lang", language_code(message_language())},
                                         {"summary", summary.to_json()}}) +
                      "\n");
        if (text) write_out(summary.format_text());
    }
    if (text) write_out(report::format_tally(tally));
    return exit_status(tally, tally.illegal > 0);
}

// --compare: each game under two rulesets of one game; exit 1 when some game's readings differ.
// A record of another game is read under that game's standard ruleset both times.
int run_compare(const ValidateOptions& options) {
    const bool json = options.format == "json";
    if (options.format == "jsonl" || options.quiet || options.summary) {
        print_command_error(
            // TRANSLATORS: --compare, --format, --quiet and --summary are
            // options, and text, json and jsonl values of --format: keep them.
            tr("--compare writes one comparison per game as text or json; --format "
               "jsonl, --quiet and --summary do not apply to it"));
        return exit_unreadable;
    }
    // The two readings are the two files: a --rules or --set beside them would apply to neither,
    // and is refused rather than ignored.
    if (options.ruleset.file != "standard" || !options.ruleset.settings.empty()) {
        print_command_error(
            // TRANSLATORS: --compare, --rules and --set are options: keep them.
            tr("--compare takes its two rulesets as its arguments; --rules and --set do "
               "not apply to it (write the option into one of the two files)"));
        return exit_unreadable;
    }
    std::optional<RulesetChoice> first = build_ruleset(options.compare[0]);
    std::optional<RulesetChoice> second = build_ruleset(options.compare[1]);
    if (!first || !second) return exit_unreadable;
    // 'standard' beside a ruleset file means the standard ruleset of that file's game.
    if (options.compare[0] == "standard" && options.compare[1] != "standard")
        first = build_ruleset("standard", {}, second->game);
    else if (options.compare[1] == "standard" && options.compare[0] != "standard")
        second = build_ruleset("standard", {}, first->game);
    if (!first || !second) return exit_unreadable;
    if (first->game != second->game) {
        print_command_error(
            // TRANSLATORS: {0} and {2} are the two ruleset files, {1} and {3}
            // their games.
            trf("--compare takes two rulesets of one game; {} is of {} and {} of {}",
                options.compare[0], first->game->name(), options.compare[1], second->game->name()));
        return exit_unreadable;
    }
    const Referees under_first = referees_for(*first);
    const Referees under_second = referees_for(*second);
    report::Tally tally;
    std::size_t differing = 0;
    nlohmann::ordered_json file_errors = nlohmann::ordered_json::array();
    JsonArrayWriter comparisons(json, "comparisons");
    auto compare = [&](const report::RecordPiece& piece, const GameRecord& record) {
        const SourceFile& source = piece.shown();
        const Game* game = game_catalog().game_of(record);
        report::ReadingComparison c;
        if (game != nullptr) {
            c = report::compare_readings(record, under_first.rules_of(*game),
                                         under_second.rules_of(*game));
        } else {
            under_first.referee(record, RefereeRequest{}, c.first);
            under_second.referee(record, RefereeRequest{}, c.second);
        }
        if (piece.document) {
            piece.document->locate(c.first);
            piece.document->locate(c.second);
            c.where = piece.document->locate(c.where);
        }
        // A game unreadable under one reading is unreadable under both.
        tally.add(c.first.verdict == Verdict::invalid_record ? Verdict::invalid_record
                                                             : Verdict::legal);
        if (c.differ) ++differing;
        const Ruleset& a = game != nullptr ? under_first.rules_of(*game).ruleset() : first->ruleset;
        const Ruleset& b =
            game != nullptr ? under_second.rules_of(*game).ruleset() : second->ruleset;
        report::ComparisonReport r{source, record, c, game, a, b};
        if (json)
            comparisons.add(report::comparison_to_json(r));
        else
            write_out(report::format_comparison_text(r));
    };
    report::for_each_game(options.files,
                          report::InputChoice{chosen_encoding(options.encoding), options.from},
                          compare, file_error_printer(tally, file_errors));
    comparisons.finish(file_errors);
    if (!json) {
        // TRANSLATORS: {0} is the number of games, {1} how many of them are read differently,
        // {2} and {3} the names of the two rulesets.
        const std::string line =
            trn("{} game: {} read differently under {} and {}",
                "{} games: {} read differently under {} and {}", tally.games(), tally.games(),
                differing, first->ruleset.name, second->ruleset.name);
        write_out(line + "\n");
    }
    return exit_status(tally, differing > 0);
}

}  // namespace

Command setup_validate(CLI::App& parent) {
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* app = parent.add_subcommand(
        "validate", tr("Replay game records through the rules and report each game's verdict"));
    app->add_option(
           "files", options->files,
           tr("record files: JGN, or YAML or JSON record documents; - reads standard input"))
        ->required()
        ->type_name("FILE");
    app->add_option("--format", options->format,
                    // TRANSLATORS: text, json and jsonl are the values of --format: keep them.
                    tr("text (default), json (one document) or jsonl (JSON Lines: a verdict per "
                       "line, in input order, then a summary line)"))
        ->check(CLI::IsMember({"text", "json", "jsonl"}))
        ->type_name("FORMAT");
    app->add_flag("--quiet,-q", options->quiet,
                  tr("leave the legal games out: the text report keeps only the faulty games' "
                     "diagnostics and the closing tally; JSON keeps only the faulty games"));
    app->add_flag("--summary", options->summary,
                  tr("instead of a report per game, the counts per file and, for the faulty "
                     "games, per rule id of their first fault, with the first place each id was "
                     "met"));
    app->add_flag("--no-board", options->no_board,
                  tr("leave the final-position diagram out of the text report"));
    CLI::Option* jobs =
        app->add_option("--jobs", options->jobs,
                        // TRANSLATORS: N is the value of --jobs, as the help shows it: keep it.
                        tr("referee games on N threads (default: one per core); the output is the "
                           "same and in the same order whatever N is"));
    number_in_range(*jobs, "N", 1, 256);
    app->add_flag("--explain", options->explain,
                  tr("at each illegal game's first fault, show the board before the faulty turn, "
                     "the reason and up to five nearest legal turns (text format only)"));
    add_ruleset_options(*app, options->ruleset);
    add_encoding_option(*app, options->encoding);
    add_from_option(*app, options->from);
    app->add_option("--compare", options->compare,
                    // TRANSLATORS: 'standard' is a value (the built-in ruleset); --rules and --set
                    // are options: keep them.
                    tr("replay each game under two rulesets of one game (files, or 'standard': "
                       "the standard ruleset of the other file's game) and report the first turn "
                       "where their verdicts differ, and the options responsible (not with "
                       "--rules or --set)"))
        ->expected(2)
        ->allow_extra_args(false)
        ->type_name("A B");
    app->footer(
        // TRANSLATORS: --compare is an option: keep it.
        tr("Exit status: 0 every game legal (with --compare: every game read the same way); 1 "
           "some game illegal (with --compare: some game read differently); 2 a record, file or "
           "ruleset could not be read, the report could not be written, memory ran out, or a "
           "usage error."));
    return Command{app, [options] {
                       if (!options->compare.empty()) return run_compare(*options);
                       return run_validate(*options);
                   }};
}

}  // namespace jv::cli
