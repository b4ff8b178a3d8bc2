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

#include "core/source.hpp"

namespace jv {

enum class Severity { error, warning, note };

std::string_view severity_name(Severity severity);

// How a diagnostic is drawn: plain text, or with the colours compilers use on a terminal (the
// location bold, `error:` red, `warning:` magenta, `note:` cyan, the caret line green).
struct DiagnosticStyle {
    bool color = false;
};

struct Diagnostic {
    Severity severity = Severity::error;
    SourceRegion region;  // where the fault is; an empty region points at one position
    std::string rule;     // rule id ("J7.1"), or empty for a reading fault
    std::string message;  // plain words, without the rule id
};

// "file:line:col: error: J7.1: message", the source line and a caret line under the region.
// The source line is shown with its tabs kept, so the caret stays under the right character.
std::string render_diagnostic(const SourceFile& source, const Diagnostic& diagnostic,
                              DiagnosticStyle style = {});

// The first line only ("file:line:col: error: J7.1: message"), without the source excerpt.
std::string render_diagnostic_headline(const SourceFile& source, const Diagnostic& diagnostic,
                                       DiagnosticStyle style = {});

// "where: error: message": a diagnostic without a place in a text (a file that cannot be
// opened), in the same style.
std::string render_located_message(std::string_view where, Severity severity,
                                   std::string_view message, DiagnosticStyle style = {});

}  // namespace jv
