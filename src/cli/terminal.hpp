// The terminal a command writes to: whether its two streams get colours (--color, NO_COLOR,
// TERM=dumb) and whether standard error may show progress.
#pragma once

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "report/progress.hpp"

namespace CLI {
class App;
}

namespace jv::cli {

// Adds --color auto|always|never to a command. Every command has it; one process runs one
// command, so the choice is kept for the whole process.
void add_color_option(CLI::App& app);

// The style of diagnostics written to standard output or standard error: --color always and
// never decide; auto colours a stream that is a terminal, unless NO_COLOR is set to a non-empty
// value or TERM is "dumb".
DiagnosticStyle stdout_style();
DiagnosticStyle stderr_style();

// Writes "where: error: message" to standard error in its style.
void print_error(std::string_view where, std::string_view message);
// Writes "jelimvre: message" to standard error: an error of the command line or of its options,
// which has no place in a file.
void print_command_error(std::string_view message);

// Whether standard error is a terminal that can take a progress line redrawn in place.
bool stderr_shows_progress();

// The progress line of a long command on standard error (report::ProgressMeter on the clock).
// Shown only when standard error is a terminal and standard output is not: output scrolling on
// that same terminal is progress enough, and a progress line would break into it.
class TerminalProgress {
  public:
    // `wanted`: the command allows progress at all (not under --quiet, say). `output_waits`:
    // nothing goes to standard output before the end (validate --summary), so the line may
    // show on the terminal the output goes to.
    explicit TerminalProgress(bool wanted, bool output_waits = false);

    // After each game; `fraction_done()` (share of the work done, if known) is asked only when
    // the line is redrawn. A look at the clock every 64 games: often enough for a line redrawn
    // four times a second, rare enough to cost nothing next to the games themselves.
    template <class Fraction>
    void game_done(Fraction&& fraction_done) {
        if (!meter_.enabled() || (++games_ & 63) != 0) return;
        draw(fraction_done());
    }
    bool enabled() const { return meter_.enabled(); }
    // Erases the line, if one was drawn.
    void finish();

  private:
    void draw(std::optional<double> fraction_done);

    report::ProgressMeter meter_;
    std::size_t games_ = 0;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace jv::cli
