#include "report/summary_report.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/translate.hpp"

namespace jv::report {

namespace {

nlohmann::ordered_json tally_json(const Tally& tally) {
    return {{"games", tally.games()},
            {"legal", tally.legal},
            {"illegal", tally.illegal},
            {"invalid_records", tally.invalid}};
}

}  // namespace

bool rule_id_less(std::string_view a, std::string_view b) {
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() && j < b.size()) {
        const bool digit_a = std::isdigit(static_cast<unsigned char>(a[i])) != 0;
        const bool digit_b = std::isdigit(static_cast<unsigned char>(b[j])) != 0;
        if (digit_a && digit_b) {
            std::size_t end_a = i;
            std::size_t end_b = j;
            while (end_a < a.size() && std::isdigit(static_cast<unsigned char>(a[end_a])) != 0)
                ++end_a;
            while (end_b < b.size() && std::isdigit(static_cast<unsigned char>(b[end_b])) != 0)
                ++end_b;
            // Numbers of different lengths (no leading zeros in ids): the shorter is smaller.
            std::string_view number_a = a.substr(i, end_a - i);
            std::string_view number_b = b.substr(j, end_b - j);
            if (number_a.size() != number_b.size()) return number_a.size() < number_b.size();
            if (number_a != number_b) return number_a < number_b;
            i = end_a;
            j = end_b;
            continue;
        }
        if (a[i] != b[j]) return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

Summary::FileCount& Summary::file_count(std::string_view file) {
    auto [at, added] = file_index_.try_emplace(std::string(file), files_.size());
    if (added) files_.push_back(FileCount{std::string(file), {}});
    return files_[at->second];
}

void Summary::add(const SummaryEntry& game) {
    tally_.add(game.verdict);
    file_count(game.file).tally.add(game.verdict);
    if (game.verdict == Verdict::legal) return;
    auto [at, added] = rule_index_.try_emplace(std::string(game.rule), rules_.size());
    if (added)
        rules_.push_back(
            RuleCount{std::string(game.rule), 0, std::string(game.file), game.line, game.column});
    ++rules_[at->second].games;
}

void Summary::add_file_error(const nlohmann::ordered_json& error, bool unreadable) {
    file_errors_.push_back(error);
    if (!unreadable) return;
    ++tally_.unreadable_files;
    ++file_count(error.value("file", "")).tally.unreadable_files;
}

std::vector<const Summary::RuleCount*> Summary::rules_by_frequency() const {
    std::vector<const RuleCount*> order;
    for (const RuleCount& rule : rules_) order.push_back(&rule);
    // Reading faults, which cite no id, come last.
    std::stable_sort(order.begin(), order.end(), [](const RuleCount* a, const RuleCount* b) {
        if (a->rule.empty() != b->rule.empty()) return b->rule.empty();
        if (a->games != b->games) return a->games > b->games;
        return rule_id_less(a->rule, b->rule);
    });
    return order;
}

std::string Summary::format_text() const {
    std::string out;
    for (const FileCount& file : files_) {
        Tally games_only = file.tally;
        games_only.unreadable_files = 0;
        std::string counts = format_tally(games_only);
        if (file.tally.unreadable_files > 0) {
            counts.pop_back();
            counts += "; ";
            // TRANSLATORS: said of a file, after the counts of its games.
            counts += file.tally.games() == 0 ? tr("could not be read")
                                              // TRANSLATORS: said of a file, after the counts
                                              // of its games.
                                              : tr("could not be read to its end");
            counts += '\n';
        }
        out += fmt::format("{}: {}", file.file, counts);
    }
    const std::vector<const RuleCount*> rules = rules_by_frequency();
    if (!rules.empty()) {
        out += tr("first faults by rule:");
        out += '\n';
    }
    for (const RuleCount* rule : rules) {
        const std::string id =
            rule->rule.empty() ? std::string(tr("reading (no rule id)")) : rule->rule;
        // TRANSLATORS: a line of the summary: {0} is a rule id (J7.1) or "reading (no rule
        // id)", {1} a number of games ("3 games"), {2}:{3}:{4} the file, line and column of the
        // first game whose first fault it is.
        const std::string line = trf("{}: {}, first at {}:{}:{}", id, games_count(rule->games),
                                     rule->first_file, rule->first_line, rule->first_column);
        out += fmt::format("  {}\n", line);
    }
    return out;
}

nlohmann::ordered_json Summary::to_json() const {
    nlohmann::ordered_json out = tally_json(tally_);
    out["unreadable_files"] = tally_.unreadable_files;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const FileCount& file : files_) {
        nlohmann::ordered_json entry = {{"file", file.file}};
        entry.update(tally_json(file.tally));
        entry["unreadable"] = file.tally.unreadable_files > 0;
        files.push_back(std::move(entry));
    }
    out["files"] = std::move(files);
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const RuleCount* rule : rules_by_frequency())
        rules.push_back({{"rule", rule->rule.empty() ? nlohmann::ordered_json(nullptr)
                                                     : nlohmann::ordered_json(rule->rule)},
                         {"games", rule->games},
                         {"first",
                          {{"file", rule->first_file},
                           {"line", rule->first_line},
                           {"column", rule->first_column}}}});
    out["rules"] = std::move(rules);
    out["file_errors"] = file_errors_;
    return out;
}

}  // namespace jv::report
