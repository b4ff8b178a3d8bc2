#include "cli/terminal.hpp"

#include <cstdlib>
#include <cstring>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "core/translate.hpp"

namespace jv::cli {

namespace {

std::string& color_choice() {
    static std::string choice = "auto";
    return choice;
}

// A dumb terminal moves no cursor and draws no colour.
bool terminal_is_dumb() {
    const char* term = std::getenv("TERM");
    return term != nullptr && std::strcmp(term, "dumb") == 0;
}

bool environment_allows_color() {
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color != nullptr && no_color[0] != '\0') return false;
    return !terminal_is_dumb();
}

DiagnosticStyle style_of(std::FILE* stream) {
    const std::string& choice = color_choice();
    if (choice == "always") return {true};
    if (choice == "never") return {false};
    return {environment_allows_color() && isatty(fileno(stream)) != 0};
}

}  // namespace

void add_color_option(CLI::App& app) {
    app.add_option("--color", color_choice(),
                   // TRANSLATORS: auto, always and never are the values of --color; NO_COLOR,
                   // TERM and dumb are an environment variable's names and value: keep them.
                   tr("colours: auto (default: on a terminal, unless NO_COLOR is set or TERM is "
                      "dumb), always or never"))
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->type_name("WHEN");
}

DiagnosticStyle stdout_style() {
    return style_of(stdout);
}

DiagnosticStyle stderr_style() {
    return style_of(stderr);
}

void print_error(std::string_view where, std::string_view message) {
    std::string line = render_located_message(where, Severity::error, message, stderr_style());
    std::fwrite(line.data(), 1, line.size(), stderr);
}

void print_command_error(std::string_view message) {
    std::string line = "jelimvre: ";
    line += message;
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
}

bool stderr_shows_progress() {
    return isatty(fileno(stderr)) != 0 && !terminal_is_dumb();
}

namespace {

void write_err(const std::string& text) {
    if (text.empty()) return;
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

}  // namespace

TerminalProgress::TerminalProgress(bool wanted, bool output_waits)
    : meter_(wanted && stderr_shows_progress() && (output_waits || isatty(fileno(stdout)) == 0)) {}

void TerminalProgress::draw(std::optional<double> fraction_done) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    write_err(meter_.update(games_, seconds, fraction_done));
}

void TerminalProgress::finish() {
    write_err(meter_.finish());
}

}  // namespace jv::cli
