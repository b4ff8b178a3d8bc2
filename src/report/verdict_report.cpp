#include "report/verdict_report.hpp"

#include <array>

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::report {

namespace {

// A name as the report's game line shows it: the tag value itself or, for a value that is a
// 100 MB line or holds escape sequences that would drive the terminal, the value quoted as
// messages quote a token (kept in `quoted`).
std::string_view shown_name(std::string_view name, std::string& quoted) {
    constexpr std::size_t kMaxShown = 80;
    bool plain = name.size() <= kMaxShown && std::none_of(name.begin(), name.end(), [](char c) {
                     return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F;
                 });
    if (plain) return name;
    quoted = quote_for_message(name);
    return quoted;
}

// The names in the tags the game gives its players ("?" for a missing one). A record of a game
// this build does not know names its players as it likes: Light and Dark are tried when it has
// them.
std::array<std::string_view, 2> player_names(const GameRecord& record, const GameVerdict& verdict) {
    std::array<std::string_view, 2> tags = verdict.player_tags;
    if (verdict.game.empty() &&
        (record.find_tag("Light") != nullptr || record.find_tag("Dark") != nullptr))
        tags = {"Light", "Dark"};
    return {record.tag_value(tags[0], "?"), record.tag_value(tags[1], "?")};
}

// Appends the pieces to `out`: the string grows once, and each piece is a plain copy (inlined
// for the constant ones). Appending the twenty-odd pieces of a report's summary one by one cost
// a call and a copy each, about 1,000 instructions a game, as much as reading its ten tags.
[[gnu::always_inline]] inline void append_pieces(std::string& out,
                                                 std::initializer_list<std::string_view> pieces) {
    std::size_t at = out.size();
    std::size_t size = at;
    for (std::string_view piece : pieces) size += piece.size();
    out.resize(size);
    for (std::string_view piece : pieces) {
        std::char_traits<char>::copy(out.data() + at, piece.data(), piece.size());
        at += piece.size();
    }
}

nlohmann::ordered_json fault_json(const SourceFile& source, const Fault& fault) {
    LineColumn at = source.line_column(fault.diagnostic.region.begin);
    nlohmann::ordered_json out;
    out["line"] = at.line;
    out["column"] = at.column;
    out["turn"] =
        fault.turn ? nlohmann::ordered_json(*fault.turn) : nlohmann::ordered_json(nullptr);
    out["side"] =
        fault.side.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(fault.side);
    // At most 40 characters, as every echo of a record's text (a hostile record's token may be
    // megabytes long).
    out["action"] = fault.action.empty() ? nlohmann::ordered_json(nullptr)
                                         : nlohmann::ordered_json(quote_for_message(fault.action));
    out["rule"] = fault.diagnostic.rule.empty() ? nlohmann::ordered_json(nullptr)
                                                : nlohmann::ordered_json(fault.diagnostic.rule);
    out["message"] = fault.diagnostic.message;
    nlohmann::ordered_json notes = nlohmann::ordered_json::array();
    for (const DiagnosticNote& note : fault.diagnostic.notes) {
        LineColumn place = source.line_column(note.region.begin);
        notes.push_back(nlohmann::ordered_json{
            {"line", place.line}, {"column", place.column}, {"message", note.message}});
    }
    out["notes"] = std::move(notes);
    return out;
}

// A line of the report's summary block: two spaces, the text, a line end.
void append_line(std::string& out, const std::string& text) {
    append_pieces(out, {"  ", text, "\n"});
}

}  // namespace

std::string explanation_heading(const SourceFile& source, const Fault& first) {
    std::string out = tr("explanation of the first fault:");
    out += '\n';
    // TRANSLATORS: shown in place of a rule id (such as J7.1) before a fault in reading a record
    const std::string rule = first.diagnostic.rule.empty() ? tr("reading") : first.diagnostic.rule;
    out += fmt::format("  {}{}\n", label_before(rule), first.diagnostic.message);
    for (const DiagnosticNote& note : first.diagnostic.notes) {
        const LineColumn at = source.line_column(note.region.begin);
        out += "  ";
        out += label_before(tr_in("severity", "note"));
        // TRANSLATORS: the place of a note in the explanation of a fault, before its message:
        // "note: line 16, column 4: the game ended with this turn, ..."
        out += label_before(trf("line {}, column {}", at.line, at.column));
        out += note.message;
        out += '\n';
    }
    return out;
}

const char* verdict_words(Verdict verdict) {
    switch (verdict) {
        case Verdict::legal:
            // TRANSLATORS: a game's verdict, in the text report ("games.jgn: game 3 (Ana - Bo):
            // legal") and the comparison of two readings.
            return tr_in("verdict", "legal");
        case Verdict::illegal:
            return tr_in("verdict", "illegal");
        case Verdict::invalid_record:
            // TRANSLATORS: a game's verdict: its record cannot be read as a record of the game.
            return tr_in("verdict", "invalid record");
    }
    return tr_in("verdict", "invalid record");
}

nlohmann::ordered_json tags_to_json(const GameRecord& record) {
    // ordered_json's operator[] searches its keys one by one: quadratic for 100,000 tags. Its
    // object is a vector of pairs underneath, filled here directly with the places kept aside.
    nlohmann::ordered_json tags = nlohmann::ordered_json::object();
    auto& object = tags.get_ref<nlohmann::ordered_json::object_t&>();
    std::unordered_map<std::string_view, std::size_t> place;
    for (const Tag& tag : record.tags) {
        auto [at, added] = place.try_emplace(tag.name, object.size());
        if (added)
            object.emplace_back(std::string(tag.name), tag.value);
        else
            (object.begin() + static_cast<std::ptrdiff_t>(at->second))->second = tag.value;
    }
    return tags;
}

std::string format_diagnostics(const GameReport& game, DiagnosticStyle style) {
    std::string out;
    for (const Diagnostic& warning : game.verdict.warnings)
        out += render_diagnostic(game.source, warning, style);
    for (const Fault& fault : game.verdict.faults)
        out += render_diagnostic(game.source, fault.diagnostic, style);
    return out;
}

std::string format_text(const GameReport& game, DiagnosticStyle style) {
    return detail::format_text(game, style, message_language() == Language::english);
}

namespace detail {

std::string format_text(const GameReport& game, DiagnosticStyle style, bool english) {
    const GameVerdict& verdict = game.verdict;
    std::string out;
    // Room for the usual report at once: growing the string as it is formatted cost a dozen
    // reallocations per game.
    out.reserve(256 + verdict.position.size() + verdict.diagram.size());
    auto out_it = std::back_inserter(out);  // formatted in place: one report per game
    for (const Diagnostic& warning : verdict.warnings)
        out += render_diagnostic(game.source, warning, style);
    for (const Fault& fault : verdict.faults)
        out += render_diagnostic(game.source, fault.diagnostic, style);
    // The lines of every report are appended piece by piece: written once per game, they
    // cost more through a format string than a short game's refereeing.
    char digits[12];
    const std::string_view number(
        digits, static_cast<std::size_t>(
                    std::to_chars(digits, digits + sizeof digits, game.record.index).ptr - digits));
    const std::array<std::string_view, 2> players = player_names(game.record, verdict);
    std::string quoted_first;
    std::string quoted_second;
    // In English the lines of every game are appended as pieces, the texts of the formats below
    // without their cost; another language formats its own texts.
    if (english) {
        append_pieces(
            out, {game.source.path(), ": game ", number, " (", shown_name(players[0], quoted_first),
                  " - ", shown_name(players[1], quoted_second),
                  "): ", verdict_words(verdict.verdict), "\n"});
    } else {
        // TRANSLATORS: the first line of a game's report: {0} is the file, {1} the game's
        // number in it, {2} and {3} the players' names, {4} the verdict (legal, illegal,
        // invalid-record).
        out += trf("{}: game {} ({} - {}): {}", game.source.path(), number,
                   shown_name(players[0], quoted_first), shown_name(players[1], quoted_second),
                   verdict_words(verdict.verdict));
        out += '\n';
    }
    if (!verdict.faults.empty()) {
        const Fault& first = verdict.faults.front();
        LineColumn at = game.source.line_column(first.diagnostic.region.begin);
        std::string where = trf("line {}, column {}", at.line, at.column);
        // TRANSLATORS: {} is a turn number.
        if (first.turn) where += ", " + trf("turn {}", *first.turn);
        // The side is the game's machine word ("white"); its name for people is the game's
        // "side" entry of the catalogue ("White", "Light").
        if (!first.side.empty())
            where += fmt::format(", {}", tr_in("side", capitalised(first.side).c_str()));
        if (!first.action.empty()) where += fmt::format(", '{}'", quote_for_message(first.action));
        // TRANSLATORS: stands for the rule id of a fault that is a reading fault: "first fault:
        // line 3, column 1 (reading)".
        std::string rule = first.diagnostic.rule.empty() ? std::string(tr_in("fault", "reading"))
                                                         : first.diagnostic.rule;
        const std::size_t all = verdict.faults.size() + verdict.unreported_faults;
        std::string count;
        if (verdict.unreported_faults > 0)
            // TRANSLATORS: {0} is the number of faults of the game, {1} how many are shown.
            count = "; " + trf("{} faults in all, the first {} shown", all, verdict.faults.size());
        else if (all > 1)
            // TRANSLATORS: {} is the number of faults of the game, 2 or more.
            count = "; " + trf("{} faults in all", all);
        // TRANSLATORS: {0} is where the fault is ("line 3, column 4, turn 2, White, 'Se2-e5'"),
        // {1} its rule id (J7.1), or "reading".
        fmt::format_to(out_it, "  {}{}\n", trf("first fault: {} ({})", where, rule), count);
    }
    // An invalid record is not replayed: it has no outcome and no position to show (nor the
    // game's own facts about a position, such as a score).
    const bool replayed = verdict.verdict != Verdict::invalid_record;
    if (replayed) {
        if (english)
            append_pieces(out, {"  outcome: ", result_text(verdict.outcome.result), " (",
                                verdict.outcome.words, ")\n"});
        else
            // TRANSLATORS: {0} is the result (1-0, 0-1, 1/2-1/2, *), {1} how the game ended, in
            // words (king captured, unfinished).
            append_line(out, trf("outcome: {} ({})", result_text(verdict.outcome.result),
                                 outcome_words(verdict.outcome)));
    } else {
        out += "  ";
        out += tr("not replayed: no outcome, no position");
        out += '\n';
    }
    if (!verdict.ruleset.empty()) {
        if (english)
            append_pieces(out, {"  ruleset: ", verdict.ruleset, " (fingerprint ",
                                verdict.ruleset_fingerprint, ")\n"});
        else
            // TRANSLATORS: {0} is the ruleset's name (standard), {1} a short hash of its options.
            append_line(out, trf("ruleset: {} (fingerprint {})", verdict.ruleset,
                                 verdict.ruleset_fingerprint));
    }
    if (!replayed) return out;
    if (!verdict.position.empty()) {
        if (english)
            append_pieces(out, {"  position: ", verdict.position, "\n"});
        else
            // TRANSLATORS: {} is a position string (notation/jfen.md).
            append_line(out, trf("position: {}", verdict.position));
    }
    for (const VerdictDetail& detail : verdict.details)
        fmt::format_to(out_it, "  {}: {}\n", detail.label.empty() ? detail.key : detail.label,
                       detail.text);
    if (!verdict.diagram.empty()) {
        out += '\n';
        out += verdict.diagram;
    }
    return out;
}

}  // namespace detail

nlohmann::ordered_json to_json(const GameReport& game, bool with_lang) {
    const GameVerdict& verdict = game.verdict;
    nlohmann::ordered_json out;
    if (with_lang) out["lang"] = language_code(message_language());
    out["file"] = game.source.path();
    out["index"] = game.record.index;
    out["tags"] = tags_to_json(game.record);
    out["game"] = verdict.game.empty() ? nlohmann::ordered_json(nullptr)
                                       : nlohmann::ordered_json(verdict.game);
    out["verdict"] = verdict_name(verdict.verdict);
    nlohmann::ordered_json errors = nlohmann::ordered_json::array();
    for (const Fault& fault : verdict.faults) errors.push_back(fault_json(game.source, fault));
    out["error"] = errors.empty() ? nlohmann::ordered_json(nullptr) : errors.front();
    out["errors"] = std::move(errors);
    // Only a record with more faults than a verdict keeps has this member.
    if (verdict.unreported_faults > 0) out["unreported_errors"] = verdict.unreported_faults;
    // Nothing was replayed in an invalid record: no outcome or position is made up for it.
    const bool replayed = verdict.verdict != Verdict::invalid_record;
    if (replayed)
        out["outcome"] = {{"result", result_text(verdict.outcome.result)},
                          {"reason", verdict.outcome.reason}};
    else
        out["outcome"] = nullptr;
    out["position"] =
        replayed ? nlohmann::ordered_json(verdict.position) : nlohmann::ordered_json(nullptr);
    if (verdict.ruleset.empty())
        out["ruleset"] = nullptr;
    else
        out["ruleset"] = {{"name", verdict.ruleset}, {"fingerprint", verdict.ruleset_fingerprint}};
    nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
    for (const Diagnostic& warning : verdict.warnings) {
        LineColumn at = game.source.line_column(warning.region.begin);
        warnings.push_back(
            {{"line", at.line}, {"column", at.column}, {"message", warning.message}});
    }
    out["warnings"] = std::move(warnings);
    for (const VerdictDetail& detail : verdict.details)
        out[detail.key] = replayed ? nlohmann::ordered_json::parse(detail.json, nullptr, false)
                                   : nlohmann::ordered_json(nullptr);
    return out;
}

void Tally::add(Verdict verdict) {
    switch (verdict) {
        case Verdict::legal:
            ++legal;
            break;
        case Verdict::illegal:
            ++illegal;
            break;
        case Verdict::invalid_record:
            ++invalid;
            break;
    }
}

std::string games_count(std::size_t games) {
    // TRANSLATORS: {} is a number of games.
    return trn("{} game", "{} games", games, games);
}

std::string format_tally(const Tally& tally) {
    // TRANSLATORS: {} is a number of invalid records.
    const std::string invalid =
        trn("{} invalid record", "{} invalid records", tally.invalid, tally.invalid);
    // TRANSLATORS: {} is a number of legal games, in the closing line of a report ("12 legal");
    // the English word is the same for one and for several.
    const std::string legal = trn("{} legal", "{} legal", tally.legal, tally.legal);
    // TRANSLATORS: {} is a number of illegal games, in the closing line of a report ("2
    // illegal"); the English word is the same for one and for several.
    const std::string illegal = trn("{} illegal", "{} illegal", tally.illegal, tally.illegal);
    // TRANSLATORS: the closing line of a report: {0} is a number of games ("12 games"), {1} and
    // {2} the counts of legal and illegal games ("10 legal", "2 illegal"), {3} the count of
    // invalid records ("0 invalid records").
    std::string out = trf("{}: {}, {}, {}", games_count(tally.games()), legal, illegal, invalid);
    if (tally.unreadable_files > 0)
        // TRANSLATORS: {} is a number of files.
        out += "; " + trn("{} file could not be read", "{} files could not be read",
                          tally.unreadable_files, tally.unreadable_files);
    return out + "\n";
}

std::string dump_json(const nlohmann::ordered_json& value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace jv::report
