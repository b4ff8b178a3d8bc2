// The summary of a validation run: counts per file and, for the faulty games, per rule id with
// the first place each id was met. Game-neutral, no I/O.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

// What the summary keeps of one game: its file, its verdict and where its first fault is.
struct SummaryEntry {
    std::string_view file;
    Verdict verdict = Verdict::legal;
    std::string_view rule;  // the first fault's rule id; empty for a reading fault or none
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

class Summary {
  public:
    // Gives the file its line, in this order, before any of its games is added.
    void add_file(std::string_view file) { file_count(file); }
    void add(const SummaryEntry& game);
    // An element of file_errors ({file, message} and maybe line, column). `unreadable`: the file
    // could not be read (to its end); otherwise its games were judged all the same.
    void add_file_error(const nlohmann::ordered_json& error, bool unreadable = true);

    const Tally& tally() const { return tally_; }

    // Per file ("a.jgn: 12 games: 10 legal, 2 illegal, 0 invalid records"), then per rule id,
    // the most frequent first ("J7.1: 14 games, first at a.jgn:15:4"), then the closing tally.
    std::string format_text() const;

    // {"games", "legal", "illegal", "invalid_records", "unreadable_files", "files": [...],
    //  "rules": [...], "file_errors": [...]} (notation/validate-json.md).
    nlohmann::ordered_json to_json() const;

  private:
    struct FileCount {
        std::string file;
        Tally tally;
    };
    struct RuleCount {
        std::string rule;  // empty: a reading fault, which cites no rule
        std::size_t games = 0;
        std::string first_file;
        std::uint32_t first_line = 0;
        std::uint32_t first_column = 0;
    };
    FileCount& file_count(std::string_view file);
    std::vector<const RuleCount*> rules_by_frequency() const;

    Tally tally_;
    std::vector<FileCount> files_;
    std::unordered_map<std::string, std::size_t> file_index_;
    std::vector<RuleCount> rules_;
    std::unordered_map<std::string, std::size_t> rule_index_;
    nlohmann::ordered_json file_errors_ = nlohmann::ordered_json::array();
};

// Orders rule ids as their numbers read: J7.2 before J7.10, J9 before J10.1.
bool rule_id_less(std::string_view a, std::string_view b);

}  // namespace jv::report
