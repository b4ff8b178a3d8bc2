#include "core/diag.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/translate.hpp"

namespace jv {

std::string_view severity_name(Severity severity) {
    switch (severity) {
        case Severity::error:
            return "error";
        case Severity::warning:
            return "warning";
        case Severity::note:
            return "note";
    }
    return "error";
}

namespace {

// SGR sequences of ECMA-48, the ones clang uses for the same parts.
constexpr std::string_view kBold = "\x1b[1m";
constexpr std::string_view kGreen = "\x1b[1;32m";
constexpr std::string_view kReset = "\x1b[0m";

std::string_view severity_color(Severity severity) {
    switch (severity) {
        case Severity::error:
            return "\x1b[1;31m";
        case Severity::warning:
            return "\x1b[1;35m";
        case Severity::note:
            return "\x1b[1;36m";
    }
    return kBold;
}

// The severity as the rendered text shows it, in the message language, the way GCC translates
// its "error:" (severity_name stays the English word for machines).
const char* severity_word(Severity severity) {
    switch (severity) {
        case Severity::error:
            // TRANSLATORS: the severity of a diagnostic, as in "games.jgn:12:4: error: J7.1:
            // ..."; the words GCC's catalogue of the language uses are a good guide.
            return tr_in("severity", "error");
        case Severity::warning:
            return tr_in("severity", "warning");
        case Severity::note:
            return tr_in("severity", "note");
    }
    return tr_in("severity", "error");
}

std::string headline(std::string_view where, Severity severity, std::string_view rule,
                     std::string_view message, DiagnosticStyle style) {
    // The place stays "file:line:col:" in every language, as editors and compilers write it.
    std::string severity_label = label_before(severity_word(severity));
    if (!style.color) return fmt::format("{}: {}{}{}", where, severity_label, rule, message);
    // The severity's colour ends before the space after its colon.
    const std::size_t end = severity_label.find_last_not_of(' ') + 1;
    return fmt::format("{}{}:{} {}{}{}{}{}{}{}{}", kBold, where, kReset, severity_color(severity),
                       severity_label.substr(0, end), kReset, severity_label.substr(end), kBold,
                       rule, message, kReset);
}

}  // namespace

std::string render_diagnostic_headline(const SourceFile& source, const Diagnostic& diagnostic,
                                       DiagnosticStyle style) {
    LineColumn at = source.line_column(diagnostic.region.begin);
    std::string rule = label_before(diagnostic.rule);
    return headline(fmt::format("{}:{}:{}", source.path(), at.line, at.column), diagnostic.severity,
                    rule, diagnostic.message, style);
}

std::string render_located_message(std::string_view where, Severity severity,
                                   std::string_view message, DiagnosticStyle style) {
    return headline(where, severity, "", message, style) + "\n";
}

namespace {

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Control characters other than tab would move the terminal's cursor; show them as '?'. Bytes
// that are not UTF-8 (binary data given as a record) would make the message itself unreadable:
// a byte that starts no valid character is shown as '?', and a stray continuation byte, which
// counts for no column, is left out, so the caret stays under the column the headline gives.
std::string printable(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size();) {
        auto byte = static_cast<unsigned char>(line[i]);
        if (byte < 0x80) {
            out += (byte < 0x20 && byte != '\t') || byte == 0x7F ? '?' : line[i];
            ++i;
            continue;
        }
        std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
        if (!is_continuation(line[i]) && i + length <= line.size() &&
            find_invalid_utf8(line.substr(i, length)) == std::string_view::npos) {
            out += line.substr(i, length);
            i += length;
            continue;
        }
        if (!is_continuation(line[i])) out += '?';
        ++i;
    }
    return out;
}

}  // namespace

namespace {

// The source line of `region` and a caret line under it.
void append_excerpt(std::string& out, const SourceFile& source, SourceRegion region,
                    DiagnosticStyle style) {
    LineColumn at = source.line_column(region.begin);
    std::string_view line = source.line_text(at.line);
    auto caret_byte = std::min<std::uint32_t>(region.begin - source.line_start(at.line),
                                              static_cast<std::uint32_t>(line.size()));
    // Very long lines (a whole game on one line, hostile input) are cut around the caret.
    constexpr std::uint32_t kMaxShown = 160;
    std::uint32_t shown_from = 0;
    if (line.size() > kMaxShown && caret_byte > kMaxShown / 2) {
        shown_from = caret_byte - kMaxShown / 2;
        while (shown_from < caret_byte && is_continuation(line[shown_from])) ++shown_from;
    }
    // The cut at the right end falls between two characters too, never inside one.
    auto shown_to =
        std::min<std::uint32_t>(shown_from + kMaxShown, static_cast<std::uint32_t>(line.size()));
    while (shown_to > caret_byte && shown_to < line.size() && is_continuation(line[shown_to]))
        --shown_to;
    std::string_view shown = line.substr(shown_from, shown_to - shown_from);
    std::string ellipsis = shown_from > 0 ? "..." : "";
    std::string tail = shown_to < line.size() ? "..." : "";
    std::string gutter = fmt::format("{:>5}", at.line);
    out += fmt::format("{} | {}{}{}\n", gutter, ellipsis, printable(shown), tail);

    std::string caret(gutter.size(), ' ');
    caret += " | ";
    caret.append(ellipsis.size(), ' ');
    for (char c : line.substr(shown_from, caret_byte - shown_from))
        if (!is_continuation(c)) caret += c == '\t' ? '\t' : ' ';
    if (style.color) caret += kGreen;
    caret += '^';
    // Underline the rest of the region, but never past the end of the line as shown.
    std::uint32_t region_end = std::min<std::uint32_t>(caret_byte + region.size(), shown_to);
    if (region_end > caret_byte) {
        std::uint32_t width = count_code_points(line.substr(caret_byte, region_end - caret_byte));
        if (width > 1) caret.append(std::min(width - 1, kMaxShown), '~');
    }
    if (style.color) caret += kReset;
    out += caret;
    out += '\n';
}

}  // namespace

std::string render_diagnostic(const SourceFile& source, const Diagnostic& diagnostic,
                              DiagnosticStyle style) {
    std::string out = render_diagnostic_headline(source, diagnostic, style);
    out += '\n';
    append_excerpt(out, source, diagnostic.region, style);
    for (const DiagnosticNote& note : diagnostic.notes) {
        LineColumn at = source.line_column(note.region.begin);
        out += headline(fmt::format("{}:{}:{}", source.path(), at.line, at.column), Severity::note,
                        "", note.message, style);
        out += '\n';
        append_excerpt(out, source, note.region, style);
    }
    return out;
}

}  // namespace jv
