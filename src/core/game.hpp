// The boundary between the game-neutral tool and one game's rules.
//
// The reader, the reports and the command line know only these types. Each game (Jelimvre now;
// ChessMe and Imbriquation later) implements GameRules and is found by the record's Game tag.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/record.hpp"

namespace jv {

enum class Verdict : std::uint8_t {
    legal,           // every action follows the rules and the result agrees with the game
    illegal,         // a rule is broken (the record's result included)
    invalid_record,  // the text cannot be read as a record of the game
};

std::string_view verdict_name(Verdict verdict);  // "legal", "illegal", "invalid-record"

// One fault, located in the source. Rule faults name a rule id; reading faults do not.
struct Fault {
    Diagnostic diagnostic;
    std::optional<std::uint32_t> turn;  // turn number; none for a fault of the whole record
    std::string_view side;              // "white", "black" (the game's names); empty: none
    std::string_view action;            // the action's text; empty when the fault is not one action
};

// How the game ended, or why it has not. `reason` is one of the game's own words
// ("king-captured", "encirclement", "no-legal-turn", "declared", "unfinished" for Jelimvre).
struct Outcome {
    ResultKind result = ResultKind::unfinished;
    std::string_view reason = "unfinished";
};

struct GameVerdict {
    std::string_view game;  // the game's name, as in the Game tag
    Verdict verdict = Verdict::legal;
    std::vector<Fault> faults;  // the first is "the" error; empty when legal
    // Faults found past the first max_reported_faults: counted, not kept, so that a record
    // with a fault on each of a million lines costs neither a million reports nor their memory.
    std::size_t unreported_faults = 0;
    Outcome outcome;
    std::string position;              // the canonical position string after the last legal turn
    std::string diagram;               // the final position drawn as text (only when asked for)
    std::string ruleset;               // the name of the ruleset in force
    std::string ruleset_fingerprint;   // a short hash of its option values
    std::vector<Diagnostic> warnings;  // not faults: e.g. a Rules tag naming another ruleset

    void clear();
};

// How many faults of one game a verdict keeps and reports.
inline constexpr std::size_t max_reported_faults = 100;

struct RefereeRequest {
    bool want_diagram = false;
};

class GameRules {
  public:
    virtual ~GameRules() = default;
    virtual std::string_view name() const = 0;
    // Checks one record and fills `out`. The record's read_errors, if any, make it an invalid
    // record; the game may add reading faults of its own (an action that is not of its grammar).
    virtual void referee(const GameRecord& record, const RefereeRequest& request,
                         GameVerdict& out) const = 0;
};

// The games this build knows, found by the value of a record's Game tag.
class GameCatalog {
  public:
    void add(std::unique_ptr<GameRules> game);
    const GameRules* find(std::string_view name) const;
    std::vector<std::string_view> names() const;

    // Referees one record with the game its Game tag names (`default_game` when absent). A
    // record of an unknown game is an invalid record.
    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out) const;

  private:
    std::vector<std::unique_ptr<GameRules>> games_;
};

inline constexpr std::string_view default_game = "Jelimvre";

}  // namespace jv
