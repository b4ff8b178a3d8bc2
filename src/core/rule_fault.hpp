// A broken rule, as every game's rule checks report it, and the one function that makes one.
// Game-neutral: the rule ids are the games' own (J7.1, C5.2, I6.3).
#pragma once

#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <type_traits>

namespace jv {

// While a QuietFaults lives on this thread, rule checks still name the rule of a fault but leave
// its message empty: the legal-turn generator and the end-of-game searches try many actions that
// fail and only need to know that they do. Formatting those messages was most of their cost.
extern thread_local bool quiet_faults;

class QuietFaults {
  public:
    QuietFaults() : previous_(quiet_faults) { quiet_faults = true; }
    ~QuietFaults() { quiet_faults = previous_; }
    QuietFaults(const QuietFaults&) = delete;
    QuietFaults& operator=(const QuietFaults&) = delete;

  private:
    bool previous_;
};

// A broken rule: its rule id (J7.1, C5.2) and a sentence in plain words with the numbers and
// squares involved.
struct RuleFault {
    std::string rule;
    std::string message;
};

// Every fault of the referee is made by fault(), the one place where a build with the CMake
// option JELIMVRE_RULE_SWITCHES can switch a rule off (tests/bite/run.sh proves that the tests
// notice each rule's absence). A switched-off rule makes no fault, and its check passes: the
// switch lives where the optional is formed because every caller already reads an empty one as
// "legal", so no call site needs to know about switches. Without the option the test is a
// constant and the compiler removes it.
//
// The variable names a rule ("J7.1": all its faults) or one place in the sources that makes a
// fault ("rules.cpp:352"), to find the faults that no test makes.
#ifdef JELIMVRE_RULE_SWITCHES
using FaultSite = std::source_location;
// Whether JELIMVRE_DISABLE_RULE names `rule` or `site`.
bool rule_switched_off(std::string_view rule, FaultSite site = FaultSite::current());
// Whether JELIMVRE_DISABLE_RULE names anything: a referee that relies on what its rules
// guarantee (a legal turn never leaves its own king in check) asks, and checks it instead.
bool any_rule_switched_off();
#else
struct FaultSite {
    static constexpr FaultSite current() { return {}; }
};
constexpr bool rule_switched_off(std::string_view, FaultSite = FaultSite::current()) {
    return false;
}
constexpr bool any_rule_switched_off() {
    return false;
}
#endif

inline std::optional<RuleFault> fault(std::string_view rule, std::string message,
                                      FaultSite site = FaultSite::current()) {
    if (rule_switched_off(rule, site)) return std::nullopt;
    return RuleFault{std::string(rule), std::move(message)};
}

// The message of a fault, written out of line and cold: the formatting then never lands in the
// rule check that asks for it, whose size would change how the compiler inlines the checks of
// legal moves (the longer messages of issue 33 cost up to 2 % of the instructions that way).
template <typename MakeMessage>
[[gnu::noinline, gnu::cold]] std::string write_message(MakeMessage& make_message) {
    return make_message();
}

// A fault whose message is written only when someone will read it (see QuietFaults).
template <typename MakeMessage>
requires std::is_invocable_r_v<std::string, MakeMessage> std::optional<RuleFault> fault(
    std::string_view rule, MakeMessage&& make_message, FaultSite site = FaultSite::current()) {
    if (rule_switched_off(rule, site)) return std::nullopt;
    if (quiet_faults) return RuleFault{std::string(rule), {}};
    return RuleFault{std::string(rule), write_message(make_message)};
}

}  // namespace jv
