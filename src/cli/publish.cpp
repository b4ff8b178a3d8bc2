// jelimvre publish FILE... [-o OUT] [--force] [--game-index N] [--at TURN] [--title TEXT]
//
// Writes replay pages (report/replay_page.hpp): self-contained HTML files in which a reader steps
// through a game. To standard output or to a file OUT: one page holding every game (with a list
// of the games when there are several). To a folder OUT/: one page per game and an index.html.
// Rules are checked: an illegal game's page marks its first fault and greys the turns after it.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/encoding_option.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/input_format.hpp"
#include "cli/output_file.hpp"
#include "cli/position_source.hpp"
#include "cli/ruleset_options.hpp"
#include "cli/terminal.hpp"
#include "core/diag.hpp"
#include "core/encoding.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "core/translate.hpp"
#include "report/replay_page.hpp"

#ifndef JELIMVRE_VERSION
#define JELIMVRE_VERSION "0.0.0"
#endif

namespace jv::cli {

namespace {

namespace fs = std::filesystem;

struct PublishOptions {
    std::vector<std::string> inputs;
    std::string output;
    bool force = false;
    std::size_t game_index = 0;  // 0: every game
    std::string at;
    std::string title;
    RulesetOptions ruleset;
    std::string encoding;
    std::string from;
};

// One game to publish: its page, and where it came from.
struct Published {
    report::PageGame page;
    std::string file;   // as given
    std::size_t index;  // in its file, from 1
    std::size_t games_in_file;
};

bool is_folder(const std::string& output) {
    if (output.empty() || output == "-") return false;
    std::error_code ec;
    return output.back() == '/' || fs::is_directory(output, ec);
}

// The page's title when --title is not given: the game and its event, or the event that all
// the games share, or how many they are.
std::string default_title(const std::vector<Published>& games) {
    if (games.size() == 1) {
        const report::PageGame& page = games.front().page;
        std::string title = page.title;
        for (const report::PageField& field : page.fields)
            if (field.field == "event" && field.value != "?") title += ", " + field.value;
        for (const report::PageField& field : page.fields)
            if (field.field == "round" && field.value != "?" && field.value != "-")
                // TRANSLATORS: added to a page's title after the players and the event; {} is
                // the round (a Round tag's value).
                title += trf(", round {}", field.value);
        return title;
    }
    std::optional<std::string> event;
    bool shared = true;
    for (const Published& game : games) {
        std::string value;
        for (const report::PageField& field : game.page.fields)
            if (field.field == "event") value = field.value;
        if (!event) event = value;
        shared = shared && *event == value;
    }
    if (shared && event && !event->empty() && *event != "?") return *event;
    // TRANSLATORS: a page's title; {} is how many games it holds (2 or more).
    return trf("{} games", games.size());
}

// An organiser publishes games that a reader can replay: a record that cannot be read would make
// a page with no game on it, and a round's folder with a hole. Such a record is refused as
// validate reports it (its reading faults, located), and nothing is written; --game-index leaves
// it out. Returns whether the games of `source` from `first` on are all readable.
bool refuse_unreadable(const report::RecordInput& input, const std::vector<Published>& games,
                       std::size_t first) {
    bool readable = true;
    std::vector<Diagnostic> all_faults;
    for (std::size_t i = first; i < games.size(); ++i) {
        const Published& game = games[i];
        if (game.page.verdict != Verdict::invalid_record) continue;
        readable = false;
        for (const Diagnostic& fault : game.page.reading_faults) {
            std::fputs(input.render(fault, stderr_style()).c_str(), stderr);
            all_faults.push_back(fault);
        }
        std::fprintf(stderr, "%s\n",
                     // TRANSLATORS: {0} is the file, {1} the game's number in it, {2} its title
                     // (the players).
                     trf("{}: game {} ({}) cannot be read, so nothing is published", game.file,
                         game.index, game.page.title)
                         .c_str());
    }
    if (!input.is_document())
        if (auto not_utf8 = not_utf8_file(input.jgn(), all_faults, "publish"))
            std::fputs(not_utf8_file_line(input.jgn(), *not_utf8).c_str(), stderr);
    return readable;
}

// Reads every input and makes the pages. Prints why and returns false when an input cannot be
// read, holds a record that cannot be read, or does not hold the game asked for.
bool collect_games(const PublishOptions& options, const Referees& referees,
                   std::vector<std::unique_ptr<report::RecordInput>>& sources,
                   std::vector<Published>& games) {
    bool readable = true;  // every game of every file so far
    for (const std::string& input : options.inputs) {
        const std::string shown = input == "-" ? "<stdin>" : input;
        std::unique_ptr<report::RecordInput> loaded =
            load_record_input(input, options.from, chosen_encoding(options.encoding), "publish");
        if (!loaded) return false;
        sources.push_back(std::move(loaded));
        const report::RecordInput& read = *sources.back();
        const SourceFile& source = read.jgn();
        RecordReader reader(source);
        GameRecord record;
        std::size_t count = 0;
        const std::size_t first_of_file = games.size();
        while (reader.next(record)) {
            ++count;
            if (options.game_index != 0 && count != options.game_index) continue;
            games.push_back(Published{report::page_game(referees, record, source, &read), shown,
                                      record.index, 0});
        }
        if (count == 0) {
            print_error(shown,
                        // TRANSLATORS: said of a file; [White "Ana"] is a tag of a record: keep it.
                        tr("holds no game (a game starts with its tags, such as [White \"Ana\"])"));
            return false;
        }
        if (options.game_index > count) {
            print_error(shown,
                        // TRANSLATORS: {0} is how many games the file holds, {1} the game asked
                        // for.
                        trn("the file holds {} game, not {}", "the file holds {} games, not {}",
                            count, count, options.game_index));
            return false;
        }
        for (std::size_t i = first_of_file; i < games.size(); ++i) games[i].games_in_file = count;
        if (!refuse_unreadable(read, games, first_of_file)) readable = false;
    }
    return readable;
}

// --at: every page opens on the position after that turn.
bool open_at(const PublishOptions& options, std::vector<Published>& games) {
    if (options.at.empty()) return true;
    const std::optional<TurnId> at = parse_turn(options.at);
    if (!at) {
        print_command_error(
            // TRANSLATORS: {} is the value given to --at; 14 and 14... are values
            // as written: keep them.
            trf("--at {}: write a turn as 14 (after the first player's turn 14) or "
                "14... (after the second player's)",
                options.at));
        return false;
    }
    for (Published& game : games) {
        const std::optional<std::uint32_t> frame =
            report::frame_of_key(game.page, report::turn_key(*at));
        if (!frame) {
            print_error(game.file,
                        // TRANSLATORS: {0} is the game's number in its file, {1} a turn as --at
                        // takes it ("14" or "14...").
                        trf("game {}: turn {} is not reached by the legal part of the record, so "
                            "no page can open on it",
                            game.index, options.at));
            return false;
        }
        game.page.opening_frame = *frame;
    }
    return true;
}

// Says on standard error which games are illegal: their pages show the fault, and a script that
// publishes a round learns of it.
void report_faults(const std::vector<Published>& games) {
    for (const Published& game : games) {
        if (game.page.verdict != Verdict::illegal || !game.page.fault) continue;
        const report::PageFault& fault = *game.page.fault;
        // A note at the fault's place, written as a diagnostic ("file:line:col: note: ...").
        const std::string line = render_located_message(
            fault.where, Severity::note,
            // TRANSLATORS: {0} is the game's number in its file, {1} its title (the players),
            // {2} the rule id and the fault.
            trf("game {} ({}) is illegal: {}; its page marks the fault", game.index,
                game.page.title, label_before(fault.rule) + fault.message),
            stderr_style());
        std::fputs(line.c_str(), stderr);
    }
}

// The name of a game's page in a folder: the record file's name, and the game's number when the
// file holds several ("round-3-2.html").
std::string page_name(const Published& game) {
    std::string stem = game.file == "<stdin>" ? "stdin" : fs::path(game.file).stem().string();
    if (game.games_in_file > 1) stem += fmt::format("-{}", game.index);
    return stem + ".html";
}

int write_folder(const PublishOptions& options, const std::vector<Published>& games,
                 const std::string& title) {
    const fs::path folder(options.output);
    std::vector<std::pair<fs::path, std::string>> files;  // path, page
    std::vector<report::PageLink> links;
    std::set<std::string> names = {"index.html"};
    for (const Published& game : games) {
        const std::string name = page_name(game);
        if (!names.insert(name).second) {
            // TRANSLATORS: {0} is a page's file name, {1} the folder.
            print_error(game.file, trf("two pages would be named {} in {}: publish the files with "
                                       "the same name to other folders",
                                       name, options.output));
            return exit_unreadable;
        }
        files.emplace_back(folder / name, report::write_replay_page(
                                              std::span<const report::PageGame>(&game.page, 1),
                                              game.page.title, "jelimvre " JELIMVRE_VERSION));
        links.push_back(report::PageLink{name, game.page});
    }
    files.emplace_back(folder / "index.html",
                       report::write_index_page(links, title, "jelimvre " JELIMVRE_VERSION));
    // Every page is checked before any is written: a refusal leaves the folder as it was.
    for (const auto& [path, page] : files)
        if (!may_write_output(path.string(), options.inputs, options.force, "publish"))
            return exit_unreadable;
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) {
        // TRANSLATORS: {} is the system's reason ("Permission denied").
        print_error(options.output, trf("cannot make the folder: {}", ec.message()));
        return exit_unreadable;
    }
    for (const auto& [path, page] : files)
        if (!write_output_file(path.string(), page)) return exit_unreadable;
    return exit_ok;
}

int run_publish(const PublishOptions& options) {
    std::optional<RulesetChoice> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return exit_unreadable;
    const Referees referees = referees_for(*rules);
    std::vector<std::unique_ptr<report::RecordInput>> sources;
    std::vector<Published> games;
    if (!collect_games(options, referees, sources, games)) return exit_unreadable;
    if (!open_at(options, games)) return exit_unreadable;
    report_faults(games);
    const std::string title = options.title.empty() ? default_title(games) : options.title;

    if (is_folder(options.output)) return write_folder(options, games, title);
    std::vector<report::PageGame> pages;
    pages.reserve(games.size());
    for (Published& game : games) pages.push_back(std::move(game.page));
    const std::string page = report::write_replay_page(pages, title, "jelimvre " JELIMVRE_VERSION);
    return write_command_output(options.output, options.inputs, options.force, "publish", page);
}

}  // namespace

Command setup_publish(CLI::App& parent) {
    auto options = std::make_shared<PublishOptions>();
    CLI::App* app = parent.add_subcommand(
        "publish",
        tr("Write a self-contained HTML page that replays games, for the web or offline"));
    app->add_option(
           "files", options->inputs,
           tr("record files: JGN, or YAML or JSON record documents (- reads standard input)"))
        ->required()
        ->type_name("FILE");
    app->add_option("-o,--output", options->output,
                    // TRANSLATORS: index.html is a file's name: keep it.
                    tr("a file: one page with every game (a list of them when there are "
                       "several); a folder (existing, or ending in /): one page per game and "
                       "index.html; default: standard output"))
        ->type_name("OUT");
    app->add_flag("--force", options->force, tr("replace pages that already exist"));
    app->add_option("--game-index", options->game_index,
                    tr("publish only this game of each file, counting from 1"))
        ->check(CLI::PositiveNumber)
        ->type_name("N");
    app->add_option("--at", options->at,
                    // TRANSLATORS: 14 and 14... are values of --at as written: keep them.
                    tr("open the page on the position after this turn: 14 after the first "
                       "player's turn 14, 14... after the second's (default: the last legal "
                       "position)"))
        ->type_name("TURN");
    app->add_option("--title", options->title,
                    tr("the page's title (default: the players and the event)"))
        ->type_name("TEXT");
    add_ruleset_options(*app, options->ruleset);
    add_encoding_option(*app, options->encoding);
    add_from_option(*app, options->from);
    app->footer(
        // TRANSLATORS: --force is an option: keep it.
        tr("Pages are written through a temporary file, then renamed; an existing page is "
           "replaced only with --force, an input never. A game that breaks a rule is published "
           "with its fault marked (and a note on standard error); a record that cannot be read "
           "is refused with its faults, and nothing is written. "
           "Exit status: 0 the pages were written; 2 a file or record could not be read or a "
           "page written (nothing is written then), or a usage error."));
    return Command{app, [options] { return run_publish(*options); }};
}

}  // namespace jv::cli
