#include "support.hpp"

#include <fmt/format.h>

namespace jv::test {

Checked check_game(std::string_view text, const jel::Ruleset& rules) {
    SourceFile source("test.jgn", std::string(text));
    RecordReader reader(source);
    GameRecord record;
    Checked out;
    if (!reader.next(record)) {
        out.verdict = Verdict::invalid_record;
        out.message = "no game";
        return out;
    }
    jel::JelimvreGame game(rules);
    GameVerdict verdict;
    game.referee(record, RefereeRequest{}, verdict);
    out.verdict = verdict.verdict;
    out.fault_count = verdict.faults.size();
    if (!verdict.faults.empty()) {
        const Fault& fault = verdict.faults.front();
        out.rule = fault.diagnostic.rule;
        out.message = fault.diagnostic.message;
        out.action = std::string(fault.action);
        out.turn = fault.turn;
        out.side = std::string(fault.side);
        LineColumn at = source.line_column(fault.diagnostic.region.begin);
        out.line = at.line;
        out.column = at.column;
    }
    out.result = std::string(result_text(verdict.outcome.result));
    out.reason = std::string(verdict.outcome.reason);
    out.position = verdict.position;
    return out;
}

std::string game_text(std::string_view movetext, std::string_view result) {
    return fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"{}\"]\n\n{}{}\n{}\n", result,
                       standard_setup, movetext, result);
}

}  // namespace jv::test
