// jelimvre validate FILE... [--format text|json] [--no-board] [--explain] [--rules FILE] [--set
// OPTION=VALUE]... jelimvre validate FILE... --compare A.yaml B.yaml [--format text|json]
#include <algorithm>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/record_stream.hpp"
#include "jelimvre/compare.hpp"
#include "jelimvre/referee.hpp"
#include "report/compare_report.hpp"
#include "report/explain.hpp"
#include "report/verdict_report.hpp"

namespace jv::cli {

namespace {

struct ValidateOptions {
    std::vector<std::string> files;
    std::string format = "text";
    bool no_board = false;
    bool explain = false;
    int jobs = 0;  // 0: one per core
    RulesetOptions ruleset;
    std::vector<std::string> compare;
};

// Reads every game of every file, in order, and hands each to `each_game`. Files that cannot
// be read, or hold no game, are reported on standard error and in `file_errors`.
void for_each_game(const std::vector<std::string>& files, report::Tally& tally,
                   nlohmann::ordered_json& file_errors,
                   const std::function<void(const std::shared_ptr<const SourceFile>&,
                                            const GameRecord&)>& each_game) {
    GameRecord record;
    for (const std::string& path : files) {
        std::string error;
        std::string shown_path = path == "-" ? "<stdin>" : path;
        auto report_file_error = [&](const std::string& message) {
            ++tally.unreadable_files;
            std::fprintf(stderr, "%s: error: %s\n", shown_path.c_str(), message.c_str());
            file_errors.push_back({{"file", shown_path}, {"message", message}});
        };
        // The file is read in pieces of whole games: memory does not grow with its size.
        GameStream stream(path, shown_path, error);
        std::uint32_t games = 0;
        while (error.empty()) {
            std::shared_ptr<const SourceFile> piece = stream.next(error);
            if (!piece) break;
            RecordReader reader(*piece);
            while (reader.next(record)) {
                record.index += games;
                each_game(piece, record);
                record.index -= games;
            }
            games += reader.games_read();
        }
        if (!error.empty()) {
            report_file_error(error);
            continue;
        }
        if (games == 0)
            report_file_error(
                "holds no game (a game starts with its tags, such as [White \"Ana\"])");
    }
}

// Writes the JSON array element by element, so that memory does not grow with the input.
class JsonArrayWriter {
  public:
    explicit JsonArrayWriter(bool enabled, const char* key) : enabled_(enabled) {
        if (enabled_) write_out(fmt::format("{{\"{}\": [", key));
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
    std::string output;
    Verdict verdict = Verdict::legal;
};

int run_validate(const ValidateOptions& options) {
    const bool json = options.format == "json";
    std::optional<jel::Ruleset> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return exit_unreadable;
    GameCatalog catalog;
    catalog.add(std::make_unique<jel::JelimvreGame>(*rules));
    RefereeRequest request;
    request.want_diagram = !json && !options.no_board;
    report::Tally tally;
    nlohmann::ordered_json file_errors = nlohmann::ordered_json::array();
    JsonArrayWriter games(json, "games");

    // Referees and renders one game; safe to run on several threads at once.
    auto render = [&](const SourceFile& source, const GameRecord& record, GameVerdict& verdict) {
        catalog.referee(record, request, verdict);
        report::GameReport game{source, record, verdict};
        RenderedGame out;
        out.verdict = verdict.verdict;
        if (json) {
            out.output = report::dump_json(report::to_json(game));
        } else if (options.explain && verdict.verdict == Verdict::illegal) {
            verdict.diagram.clear();  // the explanation draws the board itself
            out.output = report::format_text(game) + "\n" +
                         report::explain_first_fault(record, verdict, *rules) + "\n";
        } else {
            out.output = report::format_text(game) + "\n";
        }
        return out;
    };
    auto emit = [&](const RenderedGame& game) {
        tally.add(game.verdict);
        if (json)
            games.add_raw(game.output);
        else
            write_out(game.output);
    };

    const unsigned jobs = options.jobs > 0 ? static_cast<unsigned>(options.jobs)
                                           : std::max(1u, std::thread::hardware_concurrency());
    if (jobs == 1) {
        GameVerdict verdict;
        for_each_game(options.files, tally, file_errors,
                      [&](const std::shared_ptr<const SourceFile>& source,
                          const GameRecord& record) { emit(render(*source, record, verdict)); });
    } else {
        // The main thread reads games in order and hands batches to worker tasks; results are
        // written strictly in input order, with a bounded number of batches in flight.
        struct Batch {
            std::shared_ptr<const SourceFile> source;
            std::vector<GameRecord> records;
        };
        std::deque<std::future<std::vector<RenderedGame>>> pending;
        Batch batch;
        auto drain_one = [&] {
            for (const RenderedGame& game : pending.front().get()) emit(game);
            pending.pop_front();
        };
        auto launch = [&] {
            if (batch.records.empty()) return;
            pending.push_back(std::async(std::launch::async, [&render, b = std::move(batch)] {
                GameVerdict verdict;
                std::vector<RenderedGame> out;
                out.reserve(b.records.size());
                for (const GameRecord& record : b.records)
                    out.push_back(render(*b.source, record, verdict));
                return out;
            }));
            batch = Batch{};
            while (pending.size() > 2 * static_cast<std::size_t>(jobs)) drain_one();
        };
        constexpr std::size_t games_per_batch = 64;
        for_each_game(
            options.files, tally, file_errors,
            [&](const std::shared_ptr<const SourceFile>& source, const GameRecord& record) {
                if (batch.source != source) launch();
                batch.source = source;
                batch.records.push_back(record);
                if (batch.records.size() >= games_per_batch) launch();
            });
        launch();
        while (!pending.empty()) drain_one();
    }
    games.finish(file_errors);
    if (!json) write_out(report::format_tally(tally));
    return exit_status(tally, tally.illegal > 0);
}

// --compare: each game under two rulesets; exit 1 when some game's readings differ.
int run_compare(const ValidateOptions& options) {
    const bool json = options.format == "json";
    std::optional<jel::Ruleset> first = build_ruleset(options.compare[0]);
    std::optional<jel::Ruleset> second = build_ruleset(options.compare[1]);
    if (!first || !second) return exit_unreadable;
    report::Tally tally;
    std::size_t differing = 0;
    nlohmann::ordered_json file_errors = nlohmann::ordered_json::array();
    JsonArrayWriter comparisons(json, "comparisons");
    for_each_game(options.files, tally, file_errors,
                  [&](const std::shared_ptr<const SourceFile>& piece, const GameRecord& record) {
                      const SourceFile& source = *piece;
                      jel::ReadingComparison c = jel::compare_readings(record, *first, *second);
                      // A game unreadable under one reading is unreadable under both.
                      tally.add(c.first.verdict == Verdict::invalid_record ? Verdict::invalid_record
                                                                           : Verdict::legal);
                      if (c.differ) ++differing;
                      report::ComparisonReport r{source, record, c, *first, *second};
                      if (json)
                          comparisons.add(report::comparison_to_json(r));
                      else
                          write_out(report::format_comparison_text(r));
                  });
    comparisons.finish(file_errors);
    if (!json)
        write_out(fmt::format("{} game{}: {} read differently under {} and {}\n", tally.games(),
                              tally.games() == 1 ? "" : "s", differing, first->name, second->name));
    return exit_status(tally, differing > 0);
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
    app->add_option("--jobs", options->jobs,
                    "referee games on N threads (default: one per core); the output is the same "
                    "and in the same order whatever N is")
        ->check(CLI::Range(1, 256))
        ->type_name("N");
    app->add_flag("--explain", options->explain,
                  "at each illegal game's first fault, show the board before the faulty turn, "
                  "the reason and up to five nearest legal turns (text format only)");
    add_ruleset_options(*app, options->ruleset);
    app->add_option("--compare", options->compare,
                    "replay each game under two rulesets (files, or 'standard') and report the "
                    "first turn where their verdicts differ, and the options responsible")
        ->expected(2)
        ->allow_extra_args(false)
        ->type_name("A B");
    app->footer(
        "Exit status: 0 every game legal (with --compare: every game read the same way); 1 some "
        "game illegal (with --compare: some game read differently); 2 a record, file or ruleset "
        "could not be read, or a usage error.");
    return Command{app, [options] {
                       if (!options->compare.empty()) return run_compare(*options);
                       return run_validate(*options);
                   }};
}

}  // namespace jv::cli
