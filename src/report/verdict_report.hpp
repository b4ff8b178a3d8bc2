// Verdicts as text and JSON. Pure functions of a record and its verdict: game-neutral, no I/O.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"

namespace jv::report {

struct GameReport {
    const SourceFile& source;
    const GameRecord& record;
    const GameVerdict& verdict;
};

// Every fault as a compiler-style diagnostic, then a summary block: verdict, first fault (turn,
// side, action, rule), outcome, position string and, when the verdict has one, the diagram.
std::string format_text(const GameReport& game, DiagnosticStyle style = {});

namespace detail {
// format_text with its English lines appended as pieces (`english`: what format_text does in
// English, about 1,000 instructions a game cheaper) or formatted through the catalogue's texts,
// as in every other language. In English both write the same bytes: a unit test checks it.
std::string format_text(const GameReport& game, DiagnosticStyle style, bool english);
}  // namespace detail

// Only the diagnostics of format_text: its warnings and faults (validate --quiet).
std::string format_diagnostics(const GameReport& game, DiagnosticStyle style = {});

// A record's tags as a JSON object, in order; a name given twice keeps its first place and its
// last value. Linear in the number of tags, however many a hostile record holds.
nlohmann::ordered_json tags_to_json(const GameRecord& record);

// One element of the "games" array of `validate --format json` (notation/validate-json.md). With
// `with_lang`, a line of `--format jsonl`: the member "lang" first, the language of its
// `message` texts ("en", the code of --lang), then the same members.
nlohmann::ordered_json to_json(const GameReport& game, bool with_lang = false);

// The first lines of `validate --explain`: its heading, the first fault's rule and message, and
// its notes with their places ("  note: line 16, column 4: the game ended with this turn, ...").
// The game's explanation (GameRules::explain_first_fault) follows.
std::string explanation_heading(const SourceFile& source, const Fault& first);

// The verdict in words, in the message language, for the text reports ("legal", "illegal",
// "invalid-record" in English); verdict_name gives the word of JSON, which is never translated.
const char* verdict_words(Verdict verdict);

// Counts over a whole run, for the closing line of the text report.
struct Tally {
    std::size_t legal = 0;
    std::size_t illegal = 0;
    std::size_t invalid = 0;
    std::size_t unreadable_files = 0;

    void add(Verdict verdict);
    std::size_t games() const { return legal + illegal + invalid; }
};

std::string format_tally(const Tally& tally);

// "1 game", "12 games", in the message language.
std::string games_count(std::size_t games);

// nlohmann's dump, replacing any byte that is not UTF-8 rather than throwing.
std::string dump_json(const nlohmann::ordered_json& value, int indent = -1);

}  // namespace jv::report
