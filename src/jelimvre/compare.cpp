#include "jelimvre/compare.hpp"

#include "jelimvre/referee.hpp"
#include "jelimvre/ruleset_file.hpp"

namespace jv::jel {

namespace {

GameVerdict referee_under(const GameRecord& record, const Ruleset& rules) {
    GameVerdict verdict;
    JelimvreGame(rules).referee(record, RefereeRequest{}, verdict);
    return verdict;
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

}  // namespace

ReadingComparison compare_readings(const GameRecord& record, const Ruleset& first,
                                   const Ruleset& second) {
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

    std::vector<const OptionInfo*> differing = differing_options(first, second);
    for (const OptionInfo* option : differing) {
        Ruleset changed = first;
        option->set(changed, option->get(second));
        if (!same_reading(referee_under(record, changed), out.first))
            out.responsible.push_back(option);
    }
    if (out.responsible.empty()) {
        out.responsible = differing;
        out.jointly = true;
    }
    return out;
}

}  // namespace jv::jel
