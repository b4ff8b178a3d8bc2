#include "report/compare_report.hpp"

#include <fmt/format.h>

#include "jelimvre/ruleset_file.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

namespace {

std::string one_reading(const GameVerdict& verdict) {
    std::string out = std::string(verdict_name(verdict.verdict));
    if (!verdict.faults.empty()) {
        const Diagnostic& d = verdict.faults.front().diagnostic;
        out += fmt::format(", {}{}", d.rule.empty() ? "" : d.rule + ": ", d.message);
    }
    return out + fmt::format("; outcome {} ({})", result_text(verdict.outcome.result),
                             verdict.outcome.reason);
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
    return {{"ruleset", {{"name", verdict.ruleset}, {"fingerprint", verdict.ruleset_fingerprint}}},
            {"verdict", verdict_name(verdict.verdict)},
            {"error", error},
            {"outcome",
             {{"result", result_text(verdict.outcome.result)}, {"reason", verdict.outcome.reason}}},
            {"position", verdict.position}};
}

std::string players(const GameRecord& record) {
    return fmt::format("{} - {}", record.tag_value("White", "?"), record.tag_value("Black", "?"));
}

std::string_view value_in(const jel::OptionInfo& option, const jel::Ruleset& rules) {
    return option.values[static_cast<std::size_t>(option.get(rules))];
}

}  // namespace

std::string format_comparison_text(const ComparisonReport& report) {
    const jel::ReadingComparison& c = report.comparison;
    std::string head = fmt::format("{}: game {} ({})", report.source.path(), report.record.index,
                                   players(report.record));
    if (!c.differ)
        return fmt::format("{}: the same under both readings: {}\n", head, one_reading(c.first));
    LineColumn at = report.source.line_column(c.where.begin);
    std::string where = fmt::format("line {}, column {}", at.line, at.column);
    if (c.turn) where += fmt::format(", turn {}", *c.turn);
    if (!c.side.empty()) where += fmt::format(", {}", c.side == "white" ? "White" : "Black");
    if (!c.action.empty()) where += fmt::format(", '{}'", c.action);
    std::string out = fmt::format("{}: the readings part at {}\n", head, where);
    out += fmt::format("  under {} (fingerprint {}): {}\n", c.first.ruleset,
                       c.first.ruleset_fingerprint, one_reading(c.first));
    out += fmt::format("  under {} (fingerprint {}): {}\n", c.second.ruleset,
                       c.second.ruleset_fingerprint, one_reading(c.second));
    out += c.jointly ? "  because of these options together:" : "  because of:";
    for (const jel::OptionInfo* option : c.responsible)
        out += fmt::format(" {} ({}: {} / {})", option->name, option->rule,
                           value_in(*option, report.first), value_in(*option, report.second));
    return out + "\n";
}

nlohmann::ordered_json comparison_to_json(const ComparisonReport& report) {
    const jel::ReadingComparison& c = report.comparison;
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
    for (const jel::OptionInfo* option : c.responsible)
        responsible.push_back({{"option", option->name},
                               {"rule", option->rule},
                               {"first", value_in(*option, report.first)},
                               {"second", value_in(*option, report.second)}});
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
