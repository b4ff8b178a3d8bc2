#include "report/compare_report.hpp"

#include <fmt/format.h>

#include "core/ruleset.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

namespace {

std::string one_reading(const GameVerdict& verdict) {
    std::string out = verdict_words(verdict.verdict);
    if (!verdict.faults.empty()) {
        const Diagnostic& d = verdict.faults.front().diagnostic;
        out += fmt::format(", {}{}", label_before(d.rule), d.message);
    }
    if (verdict.verdict == Verdict::invalid_record) return out + "; " + tr("not replayed");
    const std::string outcome =
        // TRANSLATORS: {0} is the result (1-0, 0-1, 1/2-1/2, *), {1} how the game ended, in
        // words (king captured, unfinished).
        trf("outcome {} ({})", result_text(verdict.outcome.result), outcome_words(verdict.outcome));
    return out + "; " + outcome;
}

nlohmann::ordered_json reading_json(const SourceFile& source, const GameVerdict& verdict) {
    nlohmann::ordered_json error = nullptr;
    if (!verdict.faults.empty()) {
        const Fault& f = verdict.faults.front();
        LineColumn at = source.line_column(f.diagnostic.region.begin);
        error = {
            {"line", at.line},
            {"column", at.column},
            {"turn", f.turn ? nlohmann::ordered_json(*f.turn) : nlohmann::ordered_json(nullptr)},
            {"side",
             f.side.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(f.side)},
            {"action",
             f.action.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(f.action)},
            {"rule", f.diagnostic.rule.empty() ? nlohmann::ordered_json(nullptr)
                                               : nlohmann::ordered_json(f.diagnostic.rule)},
            {"message", f.diagnostic.message}};
    }
    // An invalid record is not replayed: no outcome or position is made up for it.
    if (verdict.verdict == Verdict::invalid_record)
        return {
            {"ruleset", {{"name", verdict.ruleset}, {"fingerprint", verdict.ruleset_fingerprint}}},
            {"verdict", verdict_name(verdict.verdict)},
            {"error", error},
            {"outcome", nullptr},
            {"position", nullptr}};
    return {{"ruleset", {{"name", verdict.ruleset}, {"fingerprint", verdict.ruleset_fingerprint}}},
            {"verdict", verdict_name(verdict.verdict)},
            {"error", error},
            {"outcome",
             {{"result", result_text(verdict.outcome.result)}, {"reason", verdict.outcome.reason}}},
            {"position", verdict.position}};
}

std::string players(const GameRecord& record, const GameVerdict& verdict) {
    return fmt::format("{} - {}", record.tag_value(verdict.player_tags[0], "?"),
                       record.tag_value(verdict.player_tags[1], "?"));
}

// Two verdicts are the same reading when they agree on the verdict, the first fault (where and
// which rule) and the outcome.
bool same_reading(const GameVerdict& a, const GameVerdict& b) {
    if (a.verdict != b.verdict || a.outcome.result != b.outcome.result ||
        a.outcome.reason != b.outcome.reason || a.faults.size() != b.faults.size())
        return false;
    if (a.faults.empty()) return true;
    const Diagnostic& x = a.faults.front().diagnostic;
    const Diagnostic& y = b.faults.front().diagnostic;
    return x.region == y.region && x.rule == y.rule;
}

GameVerdict referee_under(const GameRecord& record, const GameRules& rules) {
    GameVerdict verdict;
    rules.referee(record, RefereeRequest{}, verdict);
    return verdict;
}

}  // namespace

ReadingComparison compare_readings(const GameRecord& record, const GameRules& first,
                                   const GameRules& second) {
    ReadingComparison out;
    out.first = referee_under(record, first);
    out.second = referee_under(record, second);
    out.differ = !same_reading(out.first, out.second);
    if (!out.differ) return out;

    const Fault* a = out.first.faults.empty() ? nullptr : &out.first.faults.front();
    const Fault* b = out.second.faults.empty() ? nullptr : &out.second.faults.front();
    const Fault* at = a;
    if (a == nullptr || (b != nullptr && b->diagnostic.region.begin < a->diagnostic.region.begin))
        at = b;
    if (at != nullptr) {
        out.where = at->diagnostic.region;
        out.turn = at->turn;
        out.side = at->side;
        out.action = at->action;
    } else if (record.result) {
        out.where = record.result->region;
    }

    const std::vector<std::size_t> differing = differing_options(first.ruleset(), second.ruleset());
    for (std::size_t option : differing) {
        Ruleset changed = first.ruleset();
        changed.values[option] = second.ruleset().values[option];
        if (!same_reading(referee_under(record, *first.game().make_rules(changed)), out.first))
            out.responsible.push_back(option);
    }
    if (out.responsible.empty()) {
        out.responsible = differing;
        out.jointly = true;
    }
    return out;
}

std::string format_comparison_text(const ComparisonReport& report) {
    const ReadingComparison& c = report.comparison;
    // TRANSLATORS: {0} is the file, {1} the game's number in it, {2} the players ("Ana - Bo").
    std::string head = trf("{}: game {} ({})", report.source.path(), report.record.index,
                           players(report.record, c.first));
    if (!c.differ)
        // TRANSLATORS: {0} is the game ("games.jgn: game 3 (Ana - Bo)"), {1} its reading
        // ("legal; outcome 1-0 (king-captured)").
        return trf("{}: the same under both readings: {}", head, one_reading(c.first)) + "\n";
    LineColumn at = report.source.line_column(c.where.begin);
    std::string where = trf("line {}, column {}", at.line, at.column);
    if (c.turn) where += ", " + trf("turn {}", *c.turn);
    if (!c.side.empty() && report.game != nullptr)
        for (const Player& player : report.game->players())
            if (player.word == c.side) where += ", " + player_name(player);
    if (!c.action.empty()) where += fmt::format(", '{}'", quote_for_message(c.action));
    // TRANSLATORS: {0} is the game ("games.jgn: game 3 (Ana - Bo)"), {1} the place ("line 3,
    // column 4, turn 2, White, 'Se2-e5'").
    std::string out = trf("{}: the readings differ from {}", head, where) + "\n";
    for (const GameVerdict* reading : {&c.first, &c.second})
        // TRANSLATORS: {0} is a ruleset's name, {1} a short hash of its options, {2} the
        // game's reading under it ("illegal, J7.1: ...; outcome * (unfinished)").
        out += fmt::format("  {}\n", trf("under {} (fingerprint {}): {}", reading->ruleset,
                                         reading->ruleset_fingerprint, one_reading(*reading)));
    out += "  ";
    // TRANSLATORS: followed by a list of options ("early_end (J12.4: hold / advance)").
    out += c.jointly ? tr("because of these options together:") : tr("because of:");
    const std::span<const OptionSpec> options = report.game->options();
    for (std::size_t option : c.responsible)
        out += fmt::format(" {} ({}: {} / {})", options[option].name, options[option].rule,
                           value_of(options, report.first, option),
                           value_of(options, report.second, option));
    return out + "\n";
}

nlohmann::ordered_json comparison_to_json(const ComparisonReport& report) {
    const ReadingComparison& c = report.comparison;
    nlohmann::ordered_json tags = tags_to_json(report.record);
    nlohmann::ordered_json where = nullptr;
    if (c.differ) {
        LineColumn at = report.source.line_column(c.where.begin);
        where = {
            {"line", at.line},
            {"column", at.column},
            {"turn", c.turn ? nlohmann::ordered_json(*c.turn) : nlohmann::ordered_json(nullptr)},
            {"side",
             c.side.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.side)},
            {"action", c.action.empty() ? nlohmann::ordered_json(nullptr)
                                        : nlohmann::ordered_json(c.action)}};
    }
    nlohmann::ordered_json responsible = nlohmann::ordered_json::array();
    for (std::size_t option : c.responsible) {
        const std::span<const OptionSpec> options = report.game->options();
        responsible.push_back({{"option", options[option].name},
                               {"rule", options[option].rule},
                               {"first", value_of(options, report.first, option)},
                               {"second", value_of(options, report.second, option)}});
    }
    return {{"file", report.source.path()},
            {"index", report.record.index},
            {"tags", tags},
            {"differ", c.differ},
            {"where", where},
            {"first", reading_json(report.source, c.first)},
            {"second", reading_json(report.source, c.second)},
            {"responsible", responsible},
            {"jointly", c.jointly}};
}

}  // namespace jv::report
