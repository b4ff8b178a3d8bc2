// Ruleset files (YAML): a tournament's reading of the disputed rules.
//
//     name: club-2026
//     extends: standard          # or another ruleset file, relative to this one
//     description: free text     # optional
//     options:
//       knight_vs_dragon: cannot-capture
//
// A file is validated once into an immutable Ruleset. Every problem is reported with its file,
// line and column, in the same style as record faults; a bad file never falls back to defaults.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "core/source.hpp"
#include "jelimvre/ruleset.hpp"

namespace jv::jel {

// A diagnostic together with the file it points into.
struct FileDiagnostic {
    std::shared_ptr<const SourceFile> source;  // null when the file itself could not be read
    std::string path;
    Diagnostic diagnostic;

    std::string render() const;
};

struct RulesetLoad {
    std::optional<Ruleset> ruleset;  // set only when there was no error
    std::vector<FileDiagnostic> errors;
};

// Loads a ruleset file ("standard" names the built-in default ruleset).
RulesetLoad load_ruleset(const std::string& path);

// Reads the text of the ruleset file `path` (the one loaded and every file it extends); on
// failure returns false and sets `error` to a sentence naming the cause, as load_source does.
using RulesetFileReader =
    std::function<bool(const std::string& path, std::string& text, std::string& error)>;

// load_ruleset with the files' texts supplied by `read`, so that rulesets held in memory (a fuzz
// target, a test) are loaded by exactly the code that loads files.
RulesetLoad load_ruleset(const std::string& path, const RulesetFileReader& read);

// Applies "option=value" (the --set form). Returns an error sentence, or nothing on success.
std::optional<std::string> apply_setting(Ruleset& rules, std::string_view setting);

// A short hash of the effective option values (not of the name): two rulesets with the same
// fingerprint referee every game the same way.
std::string fingerprint(const Ruleset& rules);

// A ruleset file that reproduces `rules` (every option written out, with its J-id and meaning).
std::string ruleset_to_yaml(const Ruleset& rules);

// The options whose values differ between two rulesets, in table order.
std::vector<const OptionInfo*> differing_options(const Ruleset& a, const Ruleset& b);

}  // namespace jv::jel
