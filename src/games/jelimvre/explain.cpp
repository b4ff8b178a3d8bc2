#include "games/jelimvre/explain.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <tuple>

#include <fmt/format.h>

#include "core/explanation.hpp"
#include "core/translate.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel {

namespace {

using jel::Action;
using jel::ActionKind;
using jel::Square;

int square_distance(Square a, Square b) {
    if (a == jel::no_square || b == jel::no_square) return 0;
    return std::max(std::abs(jel::file_of(a) - jel::file_of(b)),
                    std::abs(jel::rank_of(a) - jel::rank_of(b)));
}

bool moves_a_piece(Action a) {
    return a.kind() == ActionKind::move || a.kind() == ActionKind::cross;
}

// How near `b`, an action of a legal turn, is to `a`, the faulty action: tier and distance.
std::optional<std::pair<int, int>> nearness(Action a, Action b) {
    if (moves_a_piece(a) && moves_a_piece(b) && a.from() == b.from())
        return std::pair{0, square_distance(a.to(), b.to())};
    if (a.to() != jel::no_square && b.to() == a.to() && b.kind() != ActionKind::timeout)
        return std::pair{1, square_distance(a.from(), b.from())};
    if (a.kind() == b.kind() && a.letter() == b.letter())
        return std::pair{2, square_distance(a.to(), b.to())};
    return std::nullopt;
}

std::string why_text(int tier, Action a, Action b) {
    switch (tier) {
        case 0:
            // TRANSLATORS: why a legal turn is suggested instead of a faulty one; both {} are
            // squares, such as e5
            return trf("the same piece from {}, to {}", jel::square_name(a.from()),
                       jel::square_name(b.to()));
        case 1:
            // TRANSLATORS: why a legal turn is suggested instead of a faulty one; {} is a square
            return trf("another action onto {}", jel::square_name(a.to()));
        default:
            if (b.to() == jel::no_square)
                // TRANSLATORS: why a legal turn is suggested instead of a faulty one
                return tr("the same kind of action");
            // TRANSLATORS: why a legal turn is suggested instead of a faulty one; {} is a square
            return trf("the same kind of action, on {}", jel::square_name(b.to()));
    }
}

int count_missing(std::span<const Action> from, std::span<const Action> in) {
    int n = 0;
    for (Action a : from)
        if (std::find(in.begin(), in.end(), a) == in.end()) ++n;
    return n;
}

struct FaultyTurn {
    std::size_t index = 0;                // in record.turns
    std::optional<std::uint32_t> action;  // the faulty action within the turn; none: its number
};

std::optional<FaultyTurn> find_faulty_turn(const GameRecord& record, const Fault& fault) {
    const SourceRegion region = fault.diagnostic.region;
    for (std::size_t k = 0; k < record.turns.size(); ++k) {
        const Turn& turn = record.turns[k];
        if (turn.number && turn.number->region == region) return FaultyTurn{k, std::nullopt};
        for (std::uint32_t i = 0; i < turn.action_count; ++i)
            if (record.action(turn, i).region == region) return FaultyTurn{k, i};
    }
    return std::nullopt;
}

}  // namespace

SuggestionSearch suggest_turns(const jel::Position& before, const jel::TurnContext& context,
                               const jel::Ruleset& rules, std::span<const Action> faulty,
                               std::size_t fault_action, std::size_t limit,
                               std::size_t turn_budget) {
    SuggestionSearch search;
    std::vector<Suggestion>& found = search.best;
    if (fault_action >= faulty.size() || limit == 0) return search;
    const Action wrong = faulty[fault_action];
    const std::span<const Action> prefix = faulty.first(fault_action);
    // Nearer first, ties by the turn's text.
    auto rank = [](const Suggestion& s) { return std::tuple(s.tier, s.difference, s.distance); };
    auto order = [&](const Suggestion& a, const Suggestion& b) {
        return rank(a) != rank(b) ? rank(a) < rank(b) : a.text < b.text;
    };
    // `found` holds the best turns so far, in order, at most `limit` of them: a strategy turn
    // can have millions of legal turns (the crossings of position 7), and keeping every one
    // ran out of memory. A turn is written out only when its rank may let it in.
    auto visit = [&](std::span<const Action> turn, const jel::Position&) {
        if (search.turns_searched == turn_budget) {
            search.complete = false;
            return false;
        }
        ++search.turns_searched;
        Suggestion s;
        std::optional<std::pair<int, int>> best;
        Action best_action;
        for (Action b : turn) {
            std::optional<std::pair<int, int>> n = nearness(wrong, b);
            if (n && (!best || *n < *best)) {
                best = n;
                best_action = b;
            }
        }
        // The legal part of the faulty turn, played alone, is the nearest of all.
        const bool faulty_turn_without_fault =
            !prefix.empty() && turn.size() == prefix.size() && count_missing(prefix, turn) == 0;
        if (!faulty_turn_without_fault && !best) return true;
        if (!faulty_turn_without_fault) {
            s.tier = best->first;
            s.distance = best->second;
        }
        s.difference = count_missing(turn, faulty) + count_missing(faulty, turn);
        if (found.size() == limit && rank(s) > rank(found.back())) return true;
        s.text = format_turn(turn);
        if (found.size() == limit && !order(s, found.back())) return true;
        // TRANSLATORS: why a legal turn is suggested instead of a faulty one
        s.why = faulty_turn_without_fault ? tr("the turn without the faulty action")
                                          : why_text(best->first, wrong, best_action);
        s.turn.assign(turn.begin(), turn.end());
        found.insert(std::upper_bound(found.begin(), found.end(), s, order), std::move(s));
        if (found.size() > limit) found.pop_back();
        return true;
    };
    jel::for_each_legal_turn(before, context, rules, visit, 1);
    return search;
}

std::string explain_first_fault(const GameRecord& record, const GameVerdict& verdict,
                                const jel::Ruleset& rules) {
    if (verdict.verdict != Verdict::illegal || verdict.faults.empty()) return {};
    const Fault& fault = verdict.faults.front();
    std::optional<jel::Position> before = jel::position_before_fault(record, rules);
    if (!before) return {};
    std::string out;

    std::optional<FaultyTurn> where = find_faulty_turn(record, fault);
    std::vector<Action> actions;
    if (where) {
        const Turn& turn = record.turns[where->index];
        for (std::uint32_t i = 0; i < turn.action_count; ++i)
            if (auto parsed = jel::parse_action(record.action(turn, i).text); parsed.action)
                actions.push_back(*parsed.action);
        // The number as written, or the one the turn has when none is written.
        std::string number =
            turn.number
                ? fmt::format("{}{} ", turn.number->value, turn.number->second_player ? "..." : ".")
                : fmt::format("{}{} ", before->turn_number(),
                              before->side_to_move() == jel::Color::black ? "..." : ".");
        // TRANSLATORS: {0} is a turn number in the notation, followed by a space, such as "3. ";
        // {1} the turn's actions in the notation, such as "Ke1-e2,W@e5"
        out += "  " + trf("the turn: {}{}", number, format_turn(actions));
        if (where->action && actions.size() > 1)
            // TRANSLATORS: {0} and {1} are numbers; {2} an action in the notation, such as W@e5
            out += " " + trf("(action {} of {}: {})", *where->action + 1, actions.size(),
                             jel::format_action(actions[*where->action]));
        out += '\n';
    }
    const std::string_view mover = jel::color_name(before->side_to_move());
    const std::uint32_t turn_number = before->turn_number();
    out += "  ";
    if (fault.turn)
        // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
        out += trf("the board before that turn ({} to play turn {}):", mover, turn_number);
    else
        // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
        out += trf("the board at the end ({} to play turn {}):", mover, turn_number);
    out += '\n';
    out += indented(jel::draw_position(*before), "    ");

    const char* none = nullptr;
    if (!where)
        none = tr("the fault is in the record as a whole, not in one turn");
    else if (!where->action)
        none = tr("the fault is the turn's number, not its actions");
    else if (before->turn_number() == 0)
        none = tr("setups (J3) are not suggested");
    else if (fault.diagnostic.rule == "J12.5")
        none = tr("the game was already over, so no turn may be played (J12.5)");
    if (none != nullptr) return out + no_suggestion(none);

    const jel::TurnContext context = context_of(record.tags);
    // More turns than are shown: many are one move with each possible wall beside it, and
    // distinct_suggestions keeps one of them.
    const SuggestionSearch search =
        suggest_turns(*before, context, rules, actions, *where->action, 60);
    std::vector<std::string> ranked;
    for (const Suggestion& s : search.best) ranked.push_back(s.text);
    const std::vector<SuggestedTurn> suggested = distinct_suggestions(format_turn(actions), ranked);
    out += suggestion_lines(suggested);
    if (!suggested.empty() && before->turn_number() == 1)
        out += fmt::format("  {}\n", tr("(first turns were searched with at most one placement)"));
    if (!search.complete)
        out += fmt::format(
            "  ({})\n",
            // TRANSLATORS: {} is a number of legal turns (250000); the turns suggested are
            // the nearest among them.
            trf("the search stopped after the first {} legal turns", search.turns_searched));
    return out;
}

}  // namespace jv::jel
