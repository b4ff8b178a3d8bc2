// jelimvre generate [--game NAME] [--games N] [--seed S] [--max-turns T] [--timer-share P]
#include <cstdint>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/ruleset_options.hpp"
#include "cli/terminal.hpp"
#include "cli/usage_errors.hpp"
#include "core/translate.hpp"

namespace jv::cli {

namespace {

struct GenerateOptions {
    std::string game;
    std::uint32_t games = 1;
    std::uint64_t seed = 1;
    GenerateRequest request;
};

int run_generate(const GenerateOptions& options) {
    std::optional<const Game*> game = choose_game(options.game);
    if (!game) return exit_unreadable;
    const std::unique_ptr<GameRules> rules = (*game)->make_rules((*game)->standard_ruleset());
    TerminalProgress progress(true);
    for (std::uint32_t round = 1; round <= options.games; ++round) {
        if (round > 1) write_out("\n");
        write_out(rules->generate(options.seed, round, options.request));
        progress.game_done([&] { return double(round) / double(options.games); });
    }
    progress.finish();
    return finish_output() ? exit_ok : exit_unreadable;
}

}  // namespace

Command setup_generate(CLI::App& parent) {
    auto options = std::make_shared<GenerateOptions>();
    CLI::App* app = parent.add_subcommand(
        "generate",
        tr("Print random legal games of a game in canonical JGN (every kind of turn, every way a "
           "game ends); the same seed gives the same games"));
    // TRANSLATORS: jelimvre is a value of --game (a game's name): keep it.
    app->add_option("--game", options->game, tr("which game (default jelimvre)"))
        ->type_name("NAME");
    number_in_range(*app->add_option("--games", options->games, tr("how many games (default 1)")),
                    "N", 0, 1000000000);
    app->add_option("--seed", options->seed, tr("seed of the random choices (default 1)"))
        ->type_name("S");
    number_in_range(
        *app->add_option("--max-turns", options->request.max_turns,
                         // TRANSLATORS: * is the result of an unfinished game in a record: keep it.
                         tr("turns per side after the setup before a game is left unfinished, "
                            "result * (default 200)")),
        "T", 1, 100000);
    decimal_in_range(
        *app->add_option("--timer-share", options->request.timer_share,
                         // TRANSLATORS: [Timer] is a tag's name: keep it.
                         tr("share of the games played with a timer, in a game that has one "
                            "([Timer] tag), where turns may be lost to the clock (default 0.1)")),
        "P", 0.0, 1.0);
    app->footer(
        tr("Exit status: 0 success; 2 a usage error or standard output cannot be written."));
    return Command{app, [options] { return run_generate(*options); }};
}

}  // namespace jv::cli
