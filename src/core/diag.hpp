// Diagnostics: what went wrong, where, and under which rule.
//
// Rendered the way compilers do it, so editors and terminals can jump to the spot:
//
//     games.jgn:12:4: error: J7.1: a soldier moves one square forward ...
//        12 | 5. Se2-e5 Sd10-d8
//           |    ^~~~~~
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/source.hpp"

namespace jv {

enum class Severity { error, warning, note };

std::string_view severity_name(Severity severity);

// How a diagnostic is drawn: plain text, or with the colours compilers use on a terminal (the
// location bold, `error:` red, `warning:` magenta, `note:` cyan, the caret line green).
struct DiagnosticStyle {
    bool color = false;
};

// A place elsewhere in the same file where the cause of a diagnostic lies, as clang attaches
// "note:" lines to an error: the first double step of a soldier that steps twice, the turn that
// ended the game before the action refused, the result token a Result tag contradicts.
struct DiagnosticNote {
    SourceRegion region;
    std::string message;  // plain words, a whole sentence without the final full stop
};

struct Diagnostic {
    Diagnostic() = default;
    // Without notes, as most are made; they are added once the cause is found.
    Diagnostic(Severity severity_, SourceRegion region_, std::string rule_, std::string message_)
        : severity(severity_),
          region(region_),
          rule(std::move(rule_)),
          message(std::move(message_)) {}

    Severity severity = Severity::error;
    SourceRegion region;  // where the fault is; an empty region points at one position
    std::string rule;     // rule id ("J7.1"), or empty for a reading fault
    std::string message;  // plain words, without the rule id
    // Where its cause lies, in the order a reader follows them. Looked for only once a fault is
    // found, never on the way to a legal verdict.
    std::vector<DiagnosticNote> notes;
};

// "file:line:col: error: J7.1: message", the source line and a caret line under the region,
// then each note the same way ("file:line:col: note: message", its line and caret), as clang
// writes them: at the start of a line, so editors jump to the notes' places too.
// The source line is shown with its tabs kept, so the caret stays under the right character.
std::string render_diagnostic(const SourceFile& source, const Diagnostic& diagnostic,
                              DiagnosticStyle style = {});

// The first line only ("file:line:col: error: J7.1: message"), without the source excerpt or
// the notes.
std::string render_diagnostic_headline(const SourceFile& source, const Diagnostic& diagnostic,
                                       DiagnosticStyle style = {});

// "where: error: message": a diagnostic without a place in a text (a file that cannot be
// opened), in the same style.
std::string render_located_message(std::string_view where, Severity severity,
                                   std::string_view message, DiagnosticStyle style = {});

}  // namespace jv
