#include "report/diff_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/record_input.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

namespace {

bool same_turn(const Game& game, const GameRecord& a, const Turn& ta, const GameRecord& b,
               const Turn& tb) {
    if (ta.action_count != tb.action_count) return false;
    for (std::uint32_t i = 0; i < ta.action_count; ++i)
        if (game.canonical_action(a.action(ta, i).text) !=
            game.canonical_action(b.action(tb, i).text))
            return false;
    return true;
}

// A record holding the first `count` turns of `a` and then, when given, `extra` (a turn of
// `from`), ended with '*'. Tags are `a`'s (the Timer and Mode tags decide what a turn may be).
GameRecord prefix_record(const GameRecord& a, std::size_t count, const GameRecord* from,
                         const Turn* extra) {
    GameRecord r;
    r.index = a.index;
    r.region = a.region;
    r.tags = a.tags;
    r.turns.assign(a.turns.begin(), a.turns.begin() + static_cast<std::ptrdiff_t>(count));
    for (const Turn& t : r.turns)
        for (std::uint32_t i = 0; i < t.action_count; ++i) r.actions.push_back(a.action(t, i));
    // Renumber the actions: the kept turns' actions are now contiguous from 0.
    std::uint32_t next = 0;
    for (Turn& t : r.turns) {
        t.first_action = next;
        next += t.action_count;
    }
    if (from != nullptr && extra != nullptr) {
        Turn t = *extra;
        t.first_action = next;
        for (std::uint32_t i = 0; i < extra->action_count; ++i)
            r.actions.push_back(from->action(*extra, i));
        r.turns.push_back(t);
    }
    r.result = ResultToken{ResultKind::unfinished, a.result ? a.result->region : a.region};
    return r;
}

DiffReading describe_turn(const Game& game, const GameRecord& record, const Turn& turn) {
    DiffReading r;
    r.present = true;
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        if (i > 0) {
            r.text += ',';
            r.canonical += ',';
        }
        // Each action echoed at most 40 characters long: a hostile record's megabyte token
        // would otherwise be the report.
        const std::string_view text = record.action(turn, i).text;
        r.text += quote_for_message(text);
        r.canonical += quote_for_message(game.canonical_action(text));
    }
    r.region = turn.action_count > 0 ? record.action(turn, 0).region : record.region;
    r.verdict = "not-judged";
    return r;
}

DiffReading missing_turn(const GameRecord& record) {
    DiffReading r;
    r.region =
        record.result ? record.result->region : SourceRegion{record.region.end, record.region.end};
    r.at_result = true;
    r.verdict = "not-judged";
    return r;
}

// Judges a sheet's reading of ply `ply`, played after the agreed part as that sheet writes it
// and under its own tags (a tag such as a pile order or a timer can change what is legal).
// When the sheet's own agreed part cannot be replayed, its reading is not judged.
void judge(DiffReading& reading, const GameRules& rules, std::size_t ply, const GameRecord& sheet) {
    GameRecord trial = prefix_record(sheet, ply + 1, nullptr, nullptr);
    bool legal = false;
    std::size_t observed = 0;
    GameVerdict verdict;
    const TurnObserver observer = [&](const ObservedTurn& t) {
        observed = t.index + 1;
        legal = legal || t.index == ply;
    };
    rules.referee(trial, RefereeRequest{}, verdict, &observer);
    if (legal) {
        reading.verdict = "legal";
        return;
    }
    if (observed < ply && verdict.verdict != Verdict::invalid_record) return;  // not judged
    reading.verdict = verdict.verdict == Verdict::invalid_record ? "unreadable" : "illegal";
    if (!verdict.faults.empty()) {
        reading.rule = verdict.faults.front().diagnostic.rule;
        reading.message = verdict.faults.front().diagnostic.message;
    }
}

// Where a region of a sheet's record is, in the file the user gave.
LineColumn shown_at(const Sheet& sheet, SourceRegion region) {
    if (sheet.input != nullptr)
        return sheet.input->shown().line_column(sheet.input->locate(region).begin);
    return sheet.source.line_column(region.begin);
}

std::string location(const Sheet& sheet, SourceRegion region) {
    LineColumn at = shown_at(sheet, region);
    return fmt::format("{}:{}:{}", sheet.source.path(), at.line, at.column);
}

// A tag's value, or the result, that a sheet lacks.
std::string none() {
    // TRANSLATORS: stands for a tag or a result that a score sheet does not have.
    return tr("(none)");
}

std::string quoted(const std::optional<std::string>& value) {
    return value ? fmt::format("\"{}\"", *value) : none();
}

std::string result_of(const GameRecord& record) {
    return record.result ? std::string(result_text(record.result->kind)) : none();
}

// The words of a reading's verdict (the machine word of DiffReading::verdict) in the text.
std::string verdict_text(const std::string& verdict) {
    if (verdict == "legal") return tr_in("verdict", "legal");
    if (verdict == "illegal") return tr_in("verdict", "illegal");
    // TRANSLATORS: the verdict of a score sheet's turn that cannot be read.
    if (verdict == "unreadable") return tr_in("verdict", "unreadable");
    return verdict;
}

std::string reading_text(const Sheet& sheet, const DiffReading& r, std::string_view name,
                         const TurnId& id) {
    std::string where = location(sheet, r.region);
    if (!r.present)
        // TRANSLATORS: {0} is a sheet's letter (A or B), {1} a place (file:line:column), {2} a
        // turn's label (12. or 12...), {3} the sheet's result (1-0, *, or "(none)").
        return fmt::format("  {}\n", trf("{} {}: no turn {}; the sheet ends with {}", name, where,
                                         id.label(), result_of(sheet.record)));
    std::string judged = verdict_text(r.verdict);
    if (r.verdict == "illegal")
        judged = label_before(judged) + label_before(r.rule) + r.message;
    else if (r.verdict == "unreadable")
        judged = label_before(judged) + r.message;
    else if (r.verdict == "not-judged")
        judged = tr("not judged (an earlier turn cannot be replayed)");
    // TRANSLATORS: {} is an action in its canonical form.
    std::string canonical = r.canonical != r.text ? " " + trf("(read as {})", r.canonical) : "";
    return fmt::format("  {} {}: {} {}{}: {}\n", name, where, id.label(), r.text, canonical,
                       judged);
}

nlohmann::ordered_json nullable(const std::optional<std::string>& value) {
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json reading_json(const Sheet& sheet, const DiffReading& r) {
    LineColumn at = shown_at(sheet, r.region);
    nlohmann::ordered_json out;
    out["present"] = r.present;
    out["text"] = r.present ? nlohmann::ordered_json(r.text) : nlohmann::ordered_json(nullptr);
    out["canonical"] =
        r.present ? nlohmann::ordered_json(r.canonical) : nlohmann::ordered_json(nullptr);
    out["file"] = sheet.source.path();
    out["line"] = at.line;
    out["column"] = at.column;
    out["verdict"] = r.verdict;
    out["rule"] = r.rule.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.rule);
    out["message"] =
        r.message.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.message);
    return out;
}

nlohmann::ordered_json fault_json(const Sheet& sheet, const Fault& f) {
    LineColumn at = shown_at(sheet, f.diagnostic.region);
    return {
        {"line", at.line},
        {"column", at.column},
        {"turn", f.turn ? nlohmann::ordered_json(*f.turn) : nlohmann::ordered_json(nullptr)},
        {"side", f.side.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(f.side)},
        {"action",
         f.action.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(f.action)},
        {"rule", f.diagnostic.rule.empty() ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(f.diagnostic.rule)},
        {"message", f.diagnostic.message}};
}

}  // namespace

std::vector<Diagnostic> sheet_reading_faults(const GameCatalog& catalog, const GameRecord& record) {
    std::vector<Diagnostic> faults = record.read_errors;
    if (!faults.empty()) return faults;
    const Game* game = catalog.game_of(record);
    if (game == nullptr) {
        const Tag* tag = record.find_tag("Game");
        faults.push_back(Diagnostic{Severity::error, tag->value_region, "",
                                    // TRANSLATORS: {} is the record's Game tag.
                                    trf("this tool does not referee the game \"{}\"", tag->value)});
        return faults;
    }
    game->reading_faults(record, faults);
    return faults;
}

SheetDiff diff_sheets(const Sheet& a, const Sheet& b, const GameRules& rules) {
    SheetDiff d;
    const Game& game = rules.game();
    const GameRecord& ra = a.record;
    const GameRecord& rb = b.record;
    const std::size_t na = ra.turns.size();
    const std::size_t nb = rb.turns.size();
    std::size_t k = 0;
    while (k < na && k < nb && same_turn(game, ra, ra.turns[k], rb, rb.turns[k])) ++k;
    d.agreed_turns = k;
    if (k < na || k < nb) {
        d.diverge = k;
        if (k == na || k == nb) {
            const char* shorter = k == na ? "A" : "B";
            d.stops =
                k == 0 ? fmt::format("{} has no turn", shorter)
                       : fmt::format("{} stops after {}", shorter, game.turn_id(ra, k - 1).label());
        }
        d.a = k < na ? describe_turn(game, ra, ra.turns[k]) : missing_turn(ra);
        d.b = k < nb ? describe_turn(game, rb, rb.turns[k]) : missing_turn(rb);
    }

    // Replay the agreed part (A's text of it) for the position the differing turn starts from.
    GameRecord common = prefix_record(ra, k, nullptr, nullptr);
    std::size_t observed = 0;
    std::unique_ptr<GamePosition> before = rules.initial_position(common);
    GameVerdict verdict;
    const TurnObserver observer = [&](const ObservedTurn& t) {
        observed = t.index + 1;
        before = t.after.clone();
    };
    rules.referee(common, RefereeRequest{}, verdict, &observer);
    if (verdict.verdict == Verdict::invalid_record) {
        d.common_verdict = Verdict::invalid_record;
    } else if (observed < k) {
        d.common_verdict = Verdict::illegal;
    }
    if (d.common_verdict != Verdict::legal && !verdict.faults.empty())
        d.common_fault = verdict.faults.front();
    if (d.common_verdict == Verdict::legal) d.position = game.position_string(*before);

    if (d.diverge && d.common_verdict == Verdict::legal) {
        if (d.a.present) judge(d.a, rules, k, ra);
        if (d.b.present) judge(d.b, rules, k, rb);
    }

    // Tags: A's in order, then those only B has.
    for (const Tag& t : ra.tags) {
        const Tag* other = rb.find_tag(t.name);
        if (other == nullptr)
            d.tags.push_back({std::string(t.name), t.value, std::nullopt});
        else if (other->value != t.value)
            d.tags.push_back({std::string(t.name), t.value, other->value});
    }
    for (const Tag& t : rb.tags)
        if (ra.find_tag(t.name) == nullptr)
            d.tags.push_back({std::string(t.name), std::nullopt, t.value});

    const bool has_a = ra.result.has_value();
    const bool has_b = rb.result.has_value();
    d.result_differs = has_a != has_b || (has_a && ra.result->kind != rb.result->kind);
    return d;
}

std::string format_diff_text(const DiffReport& report) {
    const SheetDiff& d = report.diff;
    const Sheet& a = report.a;
    const Sheet& b = report.b;
    std::string out;
    for (const Sheet* sheet : {&a, &b})
        // TRANSLATORS: {0} is a sheet's letter (A or B), {1} its file, {2} the game's number in
        // it, {3} its number of turns.
        out += trn("{}: {} (game {}, {} turn)", "{}: {} (game {}, {} turns)",
                   sheet->record.turns.size(), sheet == &a ? "A" : "B", sheet->source.path(),
                   sheet->record.index, sheet->record.turns.size()) +
               "\n";
    if (d.identical()) {
        // TRANSLATORS: {0} is a number of turns, {1} the result (1-0, *, or "(none)").
        out += trn("identical sheets: {} turn, result {}", "identical sheets: {} turns, result {}",
                   d.agreed_turns, d.agreed_turns, result_of(a.record));
        out += '\n';
    } else if (!d.diverge) {
        // TRANSLATORS: {} is a number of turns.
        out += trn("the sheets agree on every turn ({})", "the sheets agree on all {} turns",
                   d.agreed_turns, d.agreed_turns) +
               "\n";
    } else {
        const TurnId id = report.game.turn_id(a.record, *d.diverge);
        // TRANSLATORS: {} is a turn ("turn 12, White").
        const std::string first = trf("first difference: {}", report.game.turn_name(id));
        if (d.stops.empty()) {
            out += first;
        } else {
            // The words of d.stops, a member of the JSON report, in the message language.
            const char* shorter = *d.diverge == a.record.turns.size() ? "A" : "B";
            out += label_before(first);
            out += *d.diverge == 0
                       // TRANSLATORS: {} is a sheet's letter, A or B.
                       ? trf("{} has no turn", shorter)
                       // TRANSLATORS: {0} is a sheet's letter (A or B), {1} a turn's label
                       // (11. or 11...).
                       : trf("{} stops after {}", shorter,
                             report.game.turn_id(a.record, *d.diverge - 1).label());
        }
        out += " ";
        // TRANSLATORS: {} is a number of turns.
        out += trn("(the sheets agree on the {} turn before it)",
                   "(the sheets agree on the {} turns before it)", d.agreed_turns, d.agreed_turns);
        out += '\n';
        out += reading_text(a, d.a, "A", id);
        out += reading_text(b, d.b, "B", id);
    }
    if (d.common_verdict == Verdict::illegal) {
        out += d.diverge ? tr("the sheets agree up to a fault: the turns they share break a rule")
                         : tr("the sheets agree, but the game they record breaks a rule");
        out += '\n';
    } else if (d.common_verdict == Verdict::invalid_record) {
        out += tr("the turns the sheets share cannot be replayed");
        out += '\n';
    } else if (d.diverge) {
        // TRANSLATORS: {0} is a turn's label (12. or 12...), {1} a position string.
        out += trf("position before {}: {}", report.game.turn_id(a.record, *d.diverge).label(),
                   d.position) +
               "\n";
    }
    if (d.common_fault)
        out += a.input != nullptr ? a.input->render(d.common_fault->diagnostic)
                                  : render_diagnostic(a.source, d.common_fault->diagnostic);
    // The notes are drawn as a diagnostic's headline without a place: "note: ...".
    auto note = [&](const std::string& text) {
        out += fmt::format("{}: {}\n", tr_in("severity", "note"), text);
    };
    for (const TagDifference& t : d.tags) {
        if (!t.a)
            // TRANSLATORS: {0} is a tag's name, {1} its value in sheet B, quoted.
            note(trf("tag {} only in B: {}", t.name, quoted(t.b)));
        else if (!t.b)
            // TRANSLATORS: {0} is a tag's name, {1} its value in sheet A, quoted.
            note(trf("tag {} only in A: {}", t.name, quoted(t.a)));
        else
            // TRANSLATORS: {0} is a tag's name, {1} and {2} its values in sheets A and B, quoted.
            note(trf("tag {} differs: A {}, B {}", t.name, quoted(t.a), quoted(t.b)));
    }
    if (d.result_differs) {
        auto where = [](const Sheet& s) {
            return s.record.result ? " (" + location(s, s.record.result->region) + ")"
                                   : std::string();
        };
        // TRANSLATORS: {0} and {2} are the results of sheets A and B (1-0, *, or "(none)"), {1}
        // and {3} their places (" (file:line:column)"), or nothing.
        note(trf("result differs: A {}{}, B {}{}", result_of(a.record), where(a),
                 result_of(b.record), where(b)));
    }
    return out;
}

nlohmann::ordered_json diff_to_json(const DiffReport& report) {
    const SheetDiff& d = report.diff;
    const Sheet& a = report.a;
    const Sheet& b = report.b;
    nlohmann::ordered_json out;
    out["a"] = {
        {"file", a.source.path()}, {"game", a.record.index}, {"turns", a.record.turns.size()}};
    out["b"] = {
        {"file", b.source.path()}, {"game", b.record.index}, {"turns", b.record.turns.size()}};
    out["identical"] = d.identical();
    out["agreed_turns"] = d.agreed_turns;
    out["common"] = {{"verdict", verdict_name(d.common_verdict)},
                     {"error", d.common_fault ? fault_json(a, *d.common_fault)
                                              : nlohmann::ordered_json(nullptr)}};
    if (d.diverge) {
        const TurnId id = report.game.turn_id(a.record, *d.diverge);
        nlohmann::ordered_json difference;
        difference["turn"] = id.number;
        difference["side"] = report.game.players()[id.player].word;
        difference["label"] = id.label();
        difference["stops"] =
            d.stops.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.stops);
        difference["position"] = d.position.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(d.position);
        difference["a"] = reading_json(a, d.a);
        difference["b"] = reading_json(b, d.b);
        out["difference"] = difference;
    } else {
        out["difference"] = nullptr;
    }
    nlohmann::ordered_json tags = nlohmann::ordered_json::array();
    for (const TagDifference& t : d.tags)
        tags.push_back({{"name", t.name}, {"a", nullable(t.a)}, {"b", nullable(t.b)}});
    out["tags"] = tags;
    out["result"] = {
        {"a", a.record.result ? nlohmann::ordered_json(result_text(a.record.result->kind))
                              : nlohmann::ordered_json(nullptr)},
        {"b", b.record.result ? nlohmann::ordered_json(result_text(b.record.result->kind))
                              : nlohmann::ordered_json(nullptr)},
        {"differ", d.result_differs}};
    return out;
}

}  // namespace jv::report
