#include "jelimvre/referee.hpp"

#include <fmt/format.h>

#include "jelimvre/notation.hpp"
#include "jelimvre/rules.hpp"

namespace jv::jel {

namespace {

std::string_view side_word(Color c) {
    return c == Color::white ? "white" : "black";
}

int home_rank_low(Color c) {
    return c == Color::white ? 0 : board_size - 2;
}

// The counter position a strategy turn needs (J5.2), and the J-id of that strategy turn.
struct StrategyNeed {
    int position;
    std::string_view rule;
    std::string_view what;
};

StrategyNeed regeneration_need(PieceKind kind) {
    switch (kind) {
        case PieceKind::soldier:
        case PieceKind::knight:
        case PieceKind::guard:
            return {4, "J5.4", "regenerating a soldier, knight or royal guard"};
        case PieceKind::tower:
        case PieceKind::queen:
            return {8, "J5.6", "regenerating a tower or the queen"};
        default:
            return {12, "J5.9", "regenerating this piece"};
    }
}

// One game's replay. Holds what the checks of successive turns share.
class Replay {
  public:
    Replay(const Ruleset& rules, GameRecord& record, std::span<const Action> actions,
           GameVerdict& out)
        : rules_(rules), record_(record), actions_(actions), out_(out) {}

    void run();

    Position position = Position::before_setup();
    Position fault_position;  // where the faulty turn started
    GameEnd end;

  private:
    void add_fault(std::uint32_t action_index, std::optional<std::uint32_t> turn, Color side,
                   RuleFault fault);
    void add_turn_fault(const Turn& turn, std::uint32_t i, Color side, RuleFault fault) {
        add_fault(turn.first_action + i, position.turn_number(), side, std::move(fault));
    }
    bool check_number(std::size_t k, const Turn& turn);
    void check_setup(const Turn& turn);
    bool play_turn(const Turn& turn);
    std::optional<RuleFault> check_non_army_action(Action action, bool turn_has_army_move);
    void check_result();
    void play_turns();

    std::optional<Position> setup_fault_start;
    const Ruleset& rules_;
    GameRecord& record_;
    std::span<const Action> actions_;
    GameVerdict& out_;
};

void Replay::add_fault(std::uint32_t action_index, std::optional<std::uint32_t> turn, Color side,
                       RuleFault fault) {
    const ActionText& text = record_.actions[action_index];
    out_.faults.push_back(Fault{
        Diagnostic{Severity::error, text.region, std::move(fault.rule), std::move(fault.message)},
        turn, side_word(side), text.text});
}

// J14.2: a written turn number must be the right one. Turn k of the record (0-based) is turn
// k / 2; even k are White's.
bool Replay::check_number(std::size_t k, const Turn& turn) {
    if (!turn.number) return true;
    auto expected = static_cast<std::uint32_t>(k / 2);
    bool black = k % 2 == 1;
    if (turn.number->value == expected && turn.number->second_player == black) return true;
    std::string right = fmt::format("{}{}", expected, black ? "..." : ".");
    std::string what = expected == 0
                           ? fmt::format("{}'s setup", black ? "Black" : "White")
                           : fmt::format("{}'s turn {}", black ? "Black" : "White", expected);
    std::string written =
        fmt::format("{}{}", turn.number->value, turn.number->second_player ? "..." : ".");
    out_.faults.push_back(Fault{
        Diagnostic{Severity::error, turn.number->region, "J14.2",
                   fmt::format("this is {}, numbered '{}'; '{}' is written", what, right, written)},
        expected, black ? "black" : "white", record_.actions[turn.first_action].text});
    return false;
}

// J3: each side places all 20 army pieces and its regenerator on its two home ranks. Every
// fault is reported; placements that break no rule are made so that later ones are judged on
// the board they would find.
void Replay::check_setup(const Turn& turn) {
    const Color me = position.side_to_move();
    const int low = home_rank_low(me);
    std::array<int, 9> placed{};
    SquareSet used;
    auto fault = [&](std::uint32_t i, std::string message) {
        add_turn_fault(turn, i, me, RuleFault{"J3.2", std::move(message)});
    };
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        Action a = actions_[turn.first_action + i];
        Letter letter = a.letter();
        if (a.kind() != ActionKind::place || !(is_army(letter) || letter == Letter::regenerator)) {
            fault(i, fmt::format("the setup only places army pieces and the regenerator (X@sq); "
                                 "{} is not such a placement",
                                 format_action(a)));
            continue;
        }
        Square s = a.to();
        int rank = rank_of(s);
        if (rank < low || rank > low + 1) {
            fault(i, fmt::format("{} sets up on ranks {} and {}; {} is on rank {}", color_name(me),
                                 low + 1, low + 2, square_name(s), rank + 1));
            continue;
        }
        if (used.contains(s)) {
            fault(i, fmt::format("{} is used twice in {}'s setup", square_name(s), color_name(me)));
            continue;
        }
        int limit = letter == Letter::regenerator ? 1 : army_count[static_cast<int>(letter)];
        if (placed[static_cast<int>(letter)] >= limit) {
            std::string_view name =
                letter == Letter::regenerator ? "regenerator" : kind_name(to_kind(letter));
            fault(i, fmt::format("{} has {} {}{}; this is one more", color_name(me), limit, name,
                                 limit == 1 ? "" : "s"));
            continue;
        }
        ++placed[static_cast<int>(letter)];
        used.insert(s);
        Undo undo;
        position.apply(a, me, undo);
    }
    // A missing piece is located at the side's last setup action (J3.2).
    std::uint32_t last = turn.action_count - 1;
    for (Letter letter : {Letter::king, Letter::queen, Letter::dragon, Letter::tower, Letter::guard,
                          Letter::knight, Letter::soldier, Letter::regenerator}) {
        int limit = letter == Letter::regenerator ? 1 : army_count[static_cast<int>(letter)];
        int missing = limit - placed[static_cast<int>(letter)];
        if (missing <= 0) continue;
        std::string_view name =
            letter == Letter::regenerator ? "regenerator" : kind_name(to_kind(letter));
        fault(last, fmt::format("{}'s setup is missing {} {}{} ({} of {} placed)", color_name(me),
                                missing, name, missing == 1 ? "" : "s",
                                placed[static_cast<int>(letter)], limit));
    }
}

// Actions that are not army moves. Until every strategy turn is implemented, the ones that need
// a rule of a later version are reported as not supported, naming their J-id.
std::optional<RuleFault> Replay::check_non_army_action(Action a, bool turn_has_army_move) {
    const Color me = position.side_to_move();
    const int counter = position.counter(me);
    const bool first_turn = position.turn_number() == 1;
    auto unsupported = [](std::string_view rule, std::string_view what) {
        return RuleFault{std::string(rule),
                         fmt::format("{} is not supported yet by this version of the referee, so "
                                     "this record cannot be checked past this action",
                                     what)};
    };
    // J5.2: a strategy turn needs its counter position.
    auto needs = [&](StrategyNeed need) -> std::optional<RuleFault> {
        if (counter >= need.position) return unsupported(need.rule, need.what);
        return RuleFault{"J5.2", fmt::format("{} is the strategy turn of counter position {}; "
                                             "{}'s counter is at {}",
                                             need.what, need.position, color_name(me), counter)};
    };
    const Letter letter = a.letter();
    switch (a.kind()) {
        case ActionKind::timeout:
            return unsupported("J13.1", "a timeout");
        case ActionKind::place:
            if (letter == Letter::regenerator)
                return RuleFault{"J9.1",
                                 "the regenerator is placed only in the setup; afterwards "
                                 "it only moves, by the strategy turn of position 12 "
                                 "(J5.9)"};
            if (is_army(letter)) {
                if (to_kind(letter) == PieceKind::king)
                    return RuleFault{"J9.3", "the king is never regenerated"};
                if (position.regenerator_captured(me))
                    return RuleFault{"J9.4", fmt::format("{}'s regenerator was captured, so {} can "
                                                         "no longer regenerate",
                                                         color_name(me), color_name(me))};
                return needs(regeneration_need(to_kind(letter)));
            }
            if (first_turn)
                return unsupported("J4.2",
                                   "the opening construction (walls and water on a first turn)");
            if (turn_has_army_move || counter == 2 || counter == 3) {
                if (!turn_has_army_move && (counter == 2 || counter == 3))
                    return RuleFault{"J5.3", fmt::format("at counter position {} a wall or water "
                                                         "may be placed only together with an "
                                                         "army move, and this turn has none",
                                                         counter)};
                return unsupported("J5.3", "the bonus placement of counter positions 2 and 3");
            }
            if (letter == Letter::wall) return needs({6, "J5.5", "placing walls"});
            return needs({9, "J5.7", "adding water"});
        case ActionKind::move:
        case ActionKind::cross:
            if (letter == Letter::regenerator) {
                if (position.regenerator_captured(me))
                    return RuleFault{"J9.4", fmt::format("{}'s regenerator was captured and can no "
                                                         "longer move",
                                                         color_name(me))};
                return needs({12, "J5.9", "moving the regenerator"});
            }
            if (letter == Letter::wall) return needs({6, "J5.5", "moving walls"});
            if (letter == Letter::water)
                return RuleFault{"J5.7", "water is added or removed, never moved"};
            return unsupported("J11.3", "a water crossing");
        case ActionKind::remove:
            if (letter == Letter::wall) return needs({6, "J5.5", "removing walls"});
            if (letter == Letter::water) return needs({9, "J5.7", "removing water"});
            return RuleFault{"J13.1", fmt::format("an army piece is removed only as the piece "
                                                  "lost at a timeout (timeout,x{}{})",
                                                  letter_char(letter), square_name(a.to()))};
    }
    return std::nullopt;
}

// An ordinary turn (J4.1): one army move. Returns false at the first illegal action.
bool Replay::play_turn(const Turn& turn) {
    const Color me = position.side_to_move();
    const bool first_turn = position.turn_number() == 1;
    bool turn_has_army_move = false;
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        Action a = actions_[turn.first_action + i];
        if (a.kind() == ActionKind::move && is_army(a.letter())) turn_has_army_move = true;
    }
    int army_moves = 0;
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        Action a = actions_[turn.first_action + i];
        if (end.over) {
            add_turn_fault(turn, i, me,
                           {"J12.5", fmt::format("the game ended when {}'s king was captured; no "
                                                 "action may follow",
                                                 color_name(opponent(end.winner)))});
            return false;
        }
        if (a.kind() != ActionKind::move || !is_army(a.letter())) {
            if (auto problem = check_non_army_action(a, turn_has_army_move)) {
                add_turn_fault(turn, i, me, std::move(*problem));
                return false;
            }
            continue;
        }
        if (army_moves == 1) {
            std::string_view rule = first_turn ? "J4.2" : "J4.1";
            add_turn_fault(turn, i, me,
                           {std::string(rule),
                            "a turn has at most one army move, and this is "
                            "the second"});
            return false;
        }
        if (auto problem = check_army_move(position, a, rules_)) {
            add_turn_fault(turn, i, me, std::move(*problem));
            return false;
        }
        Square enemy_king = position.king_square(opponent(me));
        Undo undo;
        position.apply(a, me, undo);
        ++army_moves;
        if (enemy_king != no_square && position.king_square(opponent(me)) == no_square)
            end = GameEnd{true, me, "king-captured"};  // J12.1
    }
    position.end_turn(std::min(position.counter(me) + 1, 12));  // J5.1
    return true;
}

void Replay::check_result() {
    const Tag* tag = record_.find_tag("Result");
    const ResultToken& token = *record_.result;
    std::string_view written = result_text(token.kind);
    if (tag != nullptr && tag->value != written) {
        out_.faults.push_back(
            Fault{Diagnostic{Severity::error, tag->value_region, "J14.1",
                             fmt::format("the Result tag says \"{}\" but the movetext ends with {}",
                                         tag->value, written)},
                  std::nullopt,
                  {},
                  {}});
        return;
    }
    if (end.over) {
        ResultKind expected =
            end.winner == Color::white ? ResultKind::white_wins : ResultKind::black_wins;
        if (token.kind != expected)
            out_.faults.push_back(Fault{
                Diagnostic{Severity::error, token.region, "J14.1",
                           fmt::format("{} captured {}'s king, so the result is {}, not {}",
                                       color_name(end.winner), color_name(opponent(end.winner)),
                                       result_text(expected), written)},
                std::nullopt,
                {},
                {}});
    }
}

void Replay::run() {
    play_turns();
    // A faulty setup is reported from the position its side started from.
    if (setup_fault_start) fault_position = *setup_fault_start;
}

void Replay::play_turns() {
    for (std::size_t k = 0; k < record_.turns.size(); ++k) {
        const Turn& turn = record_.turns[k];
        fault_position = position;
        // Both setups are checked, whatever the first held; replay stops after them (J3.2).
        if (k >= 2 && !out_.faults.empty()) return;
        if (!check_number(k, turn)) return;
        if (k < 2) {
            std::size_t faults_before = out_.faults.size();
            Position start = position;
            check_setup(turn);
            if (out_.faults.size() > faults_before && !setup_fault_start) setup_fault_start = start;
            position.end_turn(1);
            continue;
        }
        if (!play_turn(turn)) return;
    }
    if (!out_.faults.empty()) return;
    check_result();
    fault_position = position;
}

}  // namespace

void JelimvreGame::referee(GameRecord& record, const RefereeRequest& request,
                           GameVerdict& out) const {
    out.clear();
    out.game = name();
    if (record.read_errors.empty()) check_turn_numbers_present(record, "White", 0);
    // Required tags (notation-brief): a record without them is not a JGN record.
    for (std::string_view required : {"White", "Black", "Result"}) {
        if (record.find_tag(required) == nullptr && record.read_errors.empty())
            record.read_errors.push_back(Diagnostic{
                Severity::error,
                {record.region.begin, record.region.begin},
                "",
                fmt::format("the tag {} is required: add [{} \"...\"] to the tag section", required,
                            required)});
    }
    // The action grammar: any action that is not Jelimvre JGN makes the record unreadable.
    thread_local std::vector<Action> actions;
    actions.clear();
    if (record.read_errors.empty()) {
        for (const ActionText& text : record.actions) {
            ActionParse parsed = parse_action(text.text);
            if (!parsed.action) {
                record.read_errors.push_back(
                    Diagnostic{Severity::error, text.region, "", std::move(parsed.problem)});
                actions.push_back(Action{});
            } else {
                actions.push_back(*parsed.action);
            }
        }
    }
    if (!record.read_errors.empty()) {
        out.verdict = Verdict::invalid_record;
        for (Diagnostic& d : record.read_errors)
            out.faults.push_back(Fault{std::move(d), std::nullopt, {}, {}});
        record.read_errors.clear();
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
        out.position = format_position(Position::before_setup(), GameEnd{});
        if (request.want_diagram) out.diagram = draw_position(Position::before_setup());
        return;
    }

    Replay replay(rules_, record, actions, out);
    replay.run();
    const GameEnd& end = replay.end;
    if (end.over)
        out.outcome =
            Outcome{end.winner == Color::white ? ResultKind::white_wins : ResultKind::black_wins,
                    end.reason};
    else if (out.faults.empty() && record.result->kind != ResultKind::unfinished)
        out.outcome = Outcome{record.result->kind, "declared"};
    else
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};

    const Position& shown = out.faults.empty() ? replay.position : replay.fault_position;
    out.verdict = out.faults.empty() ? Verdict::legal : Verdict::illegal;
    out.position = format_position(shown, end);
    if (request.want_diagram) out.diagram = draw_position(shown);
}

}  // namespace jv::jel
