#include "games/jelimvre/referee.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/ruleset.hpp"
#include "core/translate.hpp"
#include "games/jelimvre/fault_picture.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

namespace {

std::string_view side_word(Color c) {
    return c == Color::white ? "white" : "black";
}

int home_rank_low(Color c) {
    return c == Color::white ? 0 : board_size - 2;
}

// One game's replay. Holds what the checks of successive turns share.
class Replay {
  public:
    Replay(const Ruleset& rules, const TurnContext& context, const GameRecord& record,
           std::span<const Action> actions, GameVerdict& out)
        : rules_(rules), context_(context), record_(record), actions_(actions), out_(out) {}

    void run();
    // The position a verdict reports: after the last legal turn. A faulty turn leaves the
    // position as it started (play_turn restores it); a faulty setup is shown from where its
    // side started.
    const Position& position_to_show() const {
        return setup_fault_start ? *setup_fault_start : position;
    }

    Position position = Position::before_setup();
    // The record's turn k is the game's ply base_ply + k (ply 0 = White's setup).
    std::size_t base_ply = 0;
    const Referee::TurnObserver* observer = nullptr;
    GameEnd end;
    // The last turn played when the game ended (J12), for the notes of the faults that follow.
    const Turn* ending_turn = nullptr;
    // Whether the turn being played captured a king (J12.5 then refuses its next action).
    bool ended_within_turn = false;

  private:
    void add_fault(std::uint32_t action_index, std::optional<std::uint32_t> turn, Color side,
                   RuleFault fault);
    void add_turn_fault(const Turn& turn, std::uint32_t i, Color side, RuleFault fault) {
        add_fault(turn.first_action + i, position.turn_number(), side, std::move(fault));
    }
    bool check_number(std::size_t k, const Turn& turn);
    void check_setup(const Turn& turn);
    bool play_turn(const Turn& turn);
    void check_result();
    void play_turns();
    void check_end_at_turn_start();
    void add_notes(Diagnostic& diagnostic, std::uint32_t action_index) const;
    std::optional<DiagnosticNote> arrival_note(Square square, std::uint32_t before) const;
    DiagnosticNote end_note() const;
    std::string describe_end() const;

    std::optional<Position> setup_fault_start;
    const Ruleset& rules_;
    const TurnContext& context_;
    const GameRecord& record_;
    std::span<const Action> actions_;
    GameVerdict& out_;
};

void Replay::add_fault(std::uint32_t action_index, std::optional<std::uint32_t> turn, Color side,
                       RuleFault fault) {
    if (out_.faults.size() >= max_reported_faults) {
        ++out_.unreported_faults;
        return;
    }
    const ActionText& text = record_.actions[action_index];
    Diagnostic diagnostic{Severity::error, text.region, std::move(fault.rule),
                          std::move(fault.message)};
    add_notes(diagnostic, action_index);
    out_.faults.push_back(Fault{std::move(diagnostic), turn, side_word(side), text.text});
}

// The notes of a fault whose cause lies elsewhere in the record (see DiagnosticNote). Runs
// only once a fault is found.
void Replay::add_notes(Diagnostic& diagnostic, std::uint32_t action_index) const {
    if (diagnostic.message.empty()) return;   // a quiet fault: nobody reads it
    if (position.turn_number() == 0) return;  // a setup's notes are check_setup's
    const std::string_view rule = diagnostic.rule;
    if (rule == "J12.5") {
        if (ending_turn != nullptr) {
            diagnostic.notes.push_back(end_note());
        } else if (ended_within_turn && action_index > 0) {
            // The turn being played captured the king with the action before this one.
            diagnostic.notes.push_back(
                DiagnosticNote{record_.actions[action_index - 1].region,
                               // TRANSLATORS: a note at the action that ended the game; {} says how
                               // it ended, such as "the black king was captured"
                               trf("the game ended with this action, when {}", describe_end())});
        }
        return;
    }
    const Action action = actions_[action_index];
    const auto picture =
        fault_picture(position, FaultMark{record_.actions[action_index].text, rule});
    Square related = no_square;
    if (picture && picture->in_the_way != no_square)
        related = picture->in_the_way;  // what blocks a path
    else if (rule == "J7.2" && action.kind() == ActionKind::move &&
             !position.has_double_step(action.from()))
        related = action.from();  // a soldier that moved already: where it moved
    else if ((rule == "J10.2" || rule == "J11.2") && action.kind() == ActionKind::place &&
             action.to() != no_square && !position.cell(action.to()).empty())
        related = action.to();  // a wall or water placed on a square something else holds
    if (related == no_square) return;
    if (auto note = arrival_note(related, action_index)) diagnostic.notes.push_back(*note);
}

// The note at the action that put what stands on `square` there, looking back from the action
// `before`: "the white soldier came to e4 with this action". None when the record does not
// show it (the thing left the square since, or the replay started from a given position).
std::optional<DiagnosticNote> Replay::arrival_note(Square square, std::uint32_t before) const {
    const Cell cell = position.cell(square);
    const SquareName name{square};
    for (std::uint32_t i = before; i-- > 0;) {
        const Action a = actions_[i];
        if (a.kind() == ActionKind::timeout) continue;
        if (a.from() == square || (a.kind() == ActionKind::remove && a.to() == square))
            return std::nullopt;  // it left, or was removed: what stands there now came later
        if (a.to() != square) continue;
        std::string message;
        if (cell.piece() != 0 && a.kind() != ActionKind::remove)
            // TRANSLATORS: a note at an earlier action; {0} is a piece with its side ("the white
            // soldier"), {1} a square
            message = trf("{} came to {} with this action", piece_name(cell.piece()), name);
        else if (is_wall(cell.terrain()) && a.letter() == Letter::wall)
            // TRANSLATORS: a note at an earlier action; {} is a square
            message = trf("the wall on {} was built with this action", name);
        else if (cell.terrain() == Terrain::water && a.letter() == Letter::water)
            // TRANSLATORS: a note at an earlier action; {} is a square
            message = trf("the water on {} was dug with this action", name);
        else if (cell.has_regenerator() && a.letter() == Letter::regenerator)
            message = cell.regenerator_color() == Color::white
                          // TRANSLATORS: a note at an earlier action; {} is a square
                          ? trf("the white regenerator was placed on {} with this action", name)
                          : trf("the black regenerator was placed on {} with this action", name);
        else
            return std::nullopt;
        return DiagnosticNote{record_.actions[i].region, std::move(message)};
    }
    return std::nullopt;
}

// The note at the turn after which the game was over.
DiagnosticNote Replay::end_note() const {
    const Turn& turn = *ending_turn;
    return DiagnosticNote{record_.turn_region(turn),
                          // TRANSLATORS: a note at the turn that ended the game; {} says how it
                          // ended, such as "the black king was captured"
                          trf("the game ended with this turn, when {}", describe_end())};
}

// Out of line: check_number runs on every turn, this only on a record without its setup.
[[gnu::noinline, gnu::cold]] std::string setup_missing(const std::string& written) {
    return trf(
        // TRANSLATORS: {} is a turn number as written, such as '3.' or '0...'; '0.' and '0...' are
        // notation, keep them as they are
        "the setup is missing: the record's first turn is numbered '{}', and a "
        "game starts with White's setup, '0.', then Black's, '0...', each placing "
        "its army (J3.1)",
        written);
}

// J14.2: a written turn number must be the right one. Turn k of the record (0-based) is turn
// k / 2; even k are White's.
bool Replay::check_number(std::size_t ply, const Turn& turn) {
    const std::size_t k = ply;
    if (!turn.number) return true;
    auto expected = static_cast<std::uint32_t>(k / 2);
    bool black = k % 2 == 1;
    if (turn.number->value == expected && turn.number->second_player == black) return true;
    auto problem = fault("J14.2", [&] {
        std::string right = fmt::format("{}{}", expected, black ? "..." : ".");
        const std::string_view side = color_name(black ? Color::black : Color::white);
        std::string what = expected == 0
                               // TRANSLATORS: {} is a side, White or Black: "White's setup"
                               ? trf("{}'s setup", side)
                               // TRANSLATORS: {0} is a side, White or Black; {1} a turn number
                               : trf("{}'s turn {}", side, expected);
        std::string written =
            fmt::format("{}{}", turn.number->value, turn.number->second_player ? "..." : ".");
        // A first turn numbered past the setup that places nothing: the record left its setup
        // out, which says more than a wrong number.
        if (k == 0 && turn.number->value > 0 &&
            actions_[turn.first_action].kind() != ActionKind::place)
            return setup_missing(written);
        // TRANSLATORS: {0} names a turn, such as "White's turn 3" or "Black's setup"; {1} and {2}
        // are turn numbers in the notation, such as '3.' and '3...'
        return trf("this is {}, numbered '{}'; '{}' is written", what, right, written);
    });
    if (!problem) return true;
    out_.faults.push_back(Fault{Diagnostic{Severity::error, turn.number->region,
                                           std::move(problem->rule), std::move(problem->message)},
                                expected, black ? "black" : "white",
                                record_.actions[turn.first_action].text});
    return false;
}

// The name of `count` pieces of a setup (army pieces or the regenerator), for its messages:
// "knight", "knights".
std::string_view counted_name(Letter letter, int count) {
    if (letter == Letter::regenerator) return tr_in("piece", "regenerator");  // a side has one
    return count == 1 ? kind_name(to_kind(letter)) : kind_name_plural(to_kind(letter));
}

// J3: each side places all 20 army pieces and its regenerator on its two home ranks. Every
// fault is reported; placements that break no rule are made so that later ones are judged on
// the board they would find.
void Replay::check_setup(const Turn& turn) {
    const Color me = position.side_to_move();
    const int low = home_rank_low(me);
    std::array<int, 9> placed{};
    SquareSet used;
    // Whether the placement is refused: not when J3.2 is switched off (rules.hpp), and then it
    // goes on to the next check and is made.
    auto refused = [&](std::uint32_t i, std::string message) {
        auto problem = fault("J3.2", std::move(message));
        if (problem) add_turn_fault(turn, i, me, std::move(*problem));
        return problem.has_value();
    };
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        Action a = actions_[turn.first_action + i];
        Letter letter = a.letter();
        if (a.kind() != ActionKind::place || !(is_army(letter) || letter == Letter::regenerator)) {
            // Skipped even when J3.2 is switched off: a setup has no way to make such an action.
            refused(i, trf(
                           // TRANSLATORS: X@sq is notation, keep it as it is; {} is an action in
                           // the notation, such as We5
                           "the setup only places army pieces and the regenerator (X@sq); "
                           "{} is not such a placement",
                           format_action(a)));
            continue;
        }
        Square s = a.to();
        int rank = rank_of(s);
        if (rank < low || rank > low + 1) {
            if (refused(i, trf(
                               // TRANSLATORS: {0} is a side, White or Black; {1}, {2} and {4} are
                               // rank numbers; {3} a square such as e5
                               "{} sets up on ranks {} and {}; {} is on rank {}", color_name(me),
                               low + 1, low + 2, square_name(s), rank + 1)))
                continue;
        }
        if (used.contains(s)) {
            const std::size_t faults_before = out_.faults.size();
            if (refused(i, trf(
                               // TRANSLATORS: {0} is a square such as e5; {1} a side, White or
                               // Black
                               "{} is used twice in {}'s setup", square_name(s), color_name(me)))) {
                Diagnostic& refusal = out_.faults.back().diagnostic;
                // The note goes with the refusal just made, when it was kept.
                if (out_.faults.size() > faults_before && !refusal.message.empty())
                    if (auto note = arrival_note(s, turn.first_action + i))
                        refusal.notes.push_back(std::move(*note));
                continue;
            }
        }
        int limit = letter == Letter::regenerator ? 1 : army_count[slot(letter)];
        if (placed[slot(letter)] >= limit) {
            if (refused(i, trf(
                               // TRANSLATORS: {0} is a side, White or Black; {1} a number; {2} the
                               // name of the pieces counted, such as "knights" or "king"
                               "{} has {} {}; this is one more", color_name(me), limit,
                               counted_name(letter, limit))))
                continue;
        }
        ++placed[slot(letter)];
        used.insert(s);
        position.apply(a, me);
    }
    // A missing piece is located at the side's last setup action (J3.2).
    std::uint32_t last = turn.action_count - 1;
    for (Letter letter : {Letter::king, Letter::queen, Letter::dragon, Letter::tower, Letter::guard,
                          Letter::knight, Letter::soldier, Letter::regenerator}) {
        int limit = letter == Letter::regenerator ? 1 : army_count[slot(letter)];
        int missing = limit - placed[slot(letter)];
        if (missing <= 0) continue;
        refused(last, trf(
                          // TRANSLATORS: {0} is a side, White or Black; {1} a number; {2} the
                          // name of the pieces counted, such as "knights" or "regenerator"; {3}
                          // and {4} are numbers
                          "{}'s setup is missing {} {} ({} of {} placed)", color_name(me), missing,
                          counted_name(letter, missing), placed[slot(letter)], limit));
    }
}

// Every turn after the setup goes through play_turn (turn.cpp), which knows each kind of turn.
bool Replay::play_turn(const Turn& turn) {
    const Color me = position.side_to_move();
    if (end.over) {
        auto problem = fault("J12.5", [&] {
            // TRANSLATORS: {} says how the game ended, such as "the black king was captured"
            return trf("the game ended when {}; no action may follow", describe_end());
        });
        if (problem) {
            add_turn_fault(turn, 0, me, std::move(*problem));
            return false;
        }
    }
    auto actions = actions_.subspan(turn.first_action, turn.action_count);
    TurnResult result = jel::play_turn(position, actions, context_, rules_);
    if (result.game_over) {
        end = GameEnd{true, false, result.winner, "king-captured"};
        ended_within_turn = true;
    }
    if (result.fault) {
        add_turn_fault(turn, result.fault_action, me, std::move(*result.fault));
        return false;
    }
    return true;
}

void Replay::check_result() {
    const Tag* tag = record_.find_tag("Result");
    const ResultToken& token = *record_.result;
    std::string_view written = result_text(token.kind);
    // A fault of the whole record has no turn and no side (J15).
    auto add = [&](SourceRegion where, RuleFault problem, std::optional<DiagnosticNote> note) {
        Diagnostic diagnostic{Severity::error, where, std::move(problem.rule),
                              std::move(problem.message)};
        if (note) diagnostic.notes.push_back(std::move(*note));
        out_.faults.push_back(Fault{std::move(diagnostic), std::nullopt, {}, {}});
    };
    if (tag != nullptr && tag->value != written) {
        if (auto problem = fault("J14.1", [&] {
                // TRANSLATORS: Result is a tag name; both {} are results in the notation, such as
                // 1-0, 0-1, 1/2-1/2 or *
                return trf("the Result tag says \"{}\" but the movetext ends with {}", tag->value,
                           written);
            })) {
            add(tag->value_region, std::move(*problem),
                // TRANSLATORS: a note at the result token that ends the movetext; {} is that
                // result in the notation, such as 1-0
                DiagnosticNote{token.region, trf("the movetext ends with {} here", written)});
            return;
        }
    }
    if (end.over && token.kind != end.result())
        if (auto problem = fault("J14.1", [&] {
                // TRANSLATORS: {0} says how the game ended, such as "the black king was captured";
                // {1} and {2} are results in the notation, such as 1-0, 0-1, 1/2-1/2 or *
                return trf("the game ended when {}, so the result is {}, not {}", describe_end(),
                           result_text(end.result()), written);
            }))
            add(token.region, std::move(*problem),
                ending_turn != nullptr ? std::optional<DiagnosticNote>(end_note()) : std::nullopt);
}

// J12.2 and J12.4, decided at the start of the side to move's turn.
void Replay::check_end_at_turn_start() {
    if (end.over) return;
    const Color me = position.side_to_move();
    // These ends are no faults, yet the rule switches of rules.hpp cover them too: the tests
    // must notice a game that fails to end as much as a fault that goes missing.
    switch (end_at_turn_start(position, context_, rules_)) {
        case TurnStartEnd::none:
            return;
        case TurnStartEnd::encirclement:
            if (rule_switched_off("J12.2")) return;
            end = GameEnd{true, false, opponent(me), "encirclement"};
            return;
        case TurnStartEnd::no_legal_turn:
            if (rule_switched_off("J12.4")) return;
            end = GameEnd{true, rules_.no_legal_turn == NoLegalTurn::draw, opponent(me),
                          "no-legal-turn"};
            return;
    }
}

// The end of the game in words, for messages: "the black king was captured".
std::string Replay::describe_end() const {
    const Color loser = opponent(end.winner);
    if (end.reason == "encirclement")
        // TRANSLATORS: how the game ended, as in "the game ended when {}"; {} is the king with
        // its side ("the black king")
        return trf("{} was encircled (attacked, and no legal turn ends the attack)",
                   piece_name(make_piece(loser, PieceKind::king)));
    if (end.reason == "no-legal-turn") {
        if (end.draw)
            // TRANSLATORS: how the game ended, as in "the game ended when {}"; {} is a side, White
            // or Black
            return trf("{} had no legal turn, a draw", color_name(loser));
        // TRANSLATORS: how the game ended, as in "the game ended when {}"; {} is a side, White or
        // Black
        return trf("{} had no legal turn, a loss under this ruleset", color_name(loser));
    }
    // TRANSLATORS: how the game ended, as in "the game ended when {}"; {} is the king with its
    // side ("the black king")
    return trf("{} was captured", piece_name(make_piece(loser, PieceKind::king)));
}

void Replay::run() {
    play_turns();
}

void Replay::play_turns() {
    // The end of the game at a turn's start (J12.2, J12.4) is decided as soon as the turn
    // before it is played, so that an observer sees it with that turn's position. A given start
    // position after the setups may itself be such a start.
    if (base_ply >= 2) check_end_at_turn_start();
    for (std::size_t k = 0; k < record_.turns.size(); ++k) {
        const Turn& turn = record_.turns[k];
        // Both setups are checked, whatever the first held; replay stops after them (J3.2).
        const std::size_t ply = base_ply + k;
        if (ply >= 2 && !out_.faults.empty()) return;
        if (!check_number(ply, turn)) return;
        if (ply < 2) {
            std::size_t faults_before = out_.faults.size();
            Position start = position;
            check_setup(turn);
            if (out_.faults.size() > faults_before && !setup_fault_start) setup_fault_start = start;
            position.end_turn(1);
            if (!out_.faults.empty()) continue;
            if (ply == 1) check_end_at_turn_start();
            if (end.over && ending_turn == nullptr) ending_turn = &turn;
            if (observer != nullptr) (*observer)(turn, position, end);
            continue;
        }
        if (!play_turn(turn)) return;
        check_end_at_turn_start();
        if (end.over && ending_turn == nullptr) ending_turn = &turn;
        if (observer != nullptr) (*observer)(turn, position, end);
    }
    if (!out_.faults.empty()) return;
    check_result();
}

}  // namespace

Referee::Referee(Ruleset rules)
    : rules_(std::move(rules)),
      fingerprint_(fingerprint(option_specs(), neutral_ruleset(rules_))) {}

void Referee::referee(const GameRecord& record, const RefereeRequest& request,
                      GameVerdict& out) const {
    referee_impl(record, request, out, nullptr);
}

void Referee::referee_from(const GameRecord& record, const Position& start,
                           const RefereeRequest& request, GameVerdict& out) const {
    referee_impl(record, request, out, &start);
}

void Referee::referee_observed(const GameRecord& record, const TurnObserver& after_turn,
                               GameVerdict& out, const RefereeRequest& request) const {
    referee_impl(record, request, out, nullptr, &after_turn);
}

TurnContext context_of(std::span<const Tag> tags, std::vector<Diagnostic>* faults) {
    TurnContext context;
    auto find = [&](std::string_view name) -> const Tag* {
        for (const Tag& tag : tags)
            if (tag.name == name) return &tag;
        return nullptr;
    };
    if (const Tag* mode = find("Mode")) {
        if (mode->value == "2v2")
            context.timer = !rule_switched_off("J13.2");  // a team game always has a timer
        else if (mode->value != "1v1" && faults != nullptr)
            faults->push_back(
                Diagnostic{Severity::error, mode->value_region, "",
                           // TRANSLATORS: Mode is a tag name, "1v1" and "2v2" its values: keep them
                           // as they are; {} is the value written
                           trf("the Mode tag is \"1v1\" or \"2v2\", not \"{}\"", mode->value)});
    }
    if (const Tag* timer = find("Timer");
        timer != nullptr && (faults == nullptr || faults->empty())) {
        const std::string& v = timer->value;
        bool seconds = !v.empty() && v.size() <= 6 && v[0] != '0' &&
                       std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (seconds)
            context.timer = true;
        else if (faults != nullptr)
            faults->push_back(Diagnostic{
                Severity::error, timer->value_region, "",
                trf(
                    // TRANSLATORS: Timer is a tag name, keep it as it is; {} is the value written
                    "the Timer tag is a whole number of seconds per turn, such as "
                    "\"30\", not \"{}\"",
                    v)});
    }
    return context;
}

void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults) {
    check_turn_numbers_present(record, color_name(Color::white), 0, faults);
    // Required tags (notation-brief): a record without them is not a JGN record.
    for (std::string_view required : {"White", "Black", "Result"}) {
        if (record.find_tag(required) == nullptr && faults.empty())
            faults.push_back(
                Diagnostic{Severity::error,
                           {record.region.begin, record.region.begin},
                           "",
                           // TRANSLATORS: both {} are the same tag name (White, Black or Result):
                           // keep them, and the brackets and quotes, as they are
                           trf("the tag {} is required: add [{} \"...\"] to the tag section",
                               required, required)});
    }
}

void Referee::referee_impl(const GameRecord& record, const RefereeRequest& request,
                           GameVerdict& out, const Position* start,
                           const TurnObserver* observer) const {
    out.start(name(), rules_.name, fingerprint_, record);
    // Reading faults: the reader's, then the game's own (numbering, tags, the action grammar).
    std::vector<Diagnostic> reading = record.read_errors;
    if (reading.empty()) record_reading_faults(record, reading);
    // J13: the Timer and Mode tags decide whether timeouts exist.
    TurnContext context;
    if (reading.empty()) context = context_of(record.tags, &reading);
    // The action grammar: any action that is not Jelimvre JGN makes the record unreadable.
    thread_local std::vector<Action> actions;
    actions.clear();
    if (reading.empty()) {
        for (const ActionText& text : record.actions) {
            if (const Action common = read_common_action(text.text); common != Action{}) {
                actions.push_back(common);
                continue;
            }
            ActionParse parsed = parse_action(text.text);
            if (!parsed.action) {
                // The faulty part of the action when the grammar knows it (a square off the
                // board), else the whole action.
                const SourceRegion where =
                    parsed.fault_end > parsed.fault_begin
                        ? SourceRegion{text.region.begin + parsed.fault_begin,
                                       text.region.begin + parsed.fault_end}
                        : text.region;
                if (reading.size() < max_reported_faults)
                    reading.push_back(
                        Diagnostic{Severity::error, where, "", std::move(parsed.problem)});
                else
                    ++out.unreported_faults;
                actions.push_back(Action{});
            } else {
                actions.push_back(*parsed.action);
            }
        }
    }
    if (!reading.empty()) {
        out.verdict = Verdict::invalid_record;
        if (reading.size() > max_reported_faults) {
            out.unreported_faults += reading.size() - max_reported_faults;
            reading.resize(max_reported_faults);
        }
        for (Diagnostic& d : reading)
            out.faults.push_back(Fault{std::move(d), std::nullopt, {}, {}});
        // Nothing is replayed: the report gives no outcome and no position.
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
        return;
    }

    Replay replay(rules_, context, record, actions, out);
    replay.observer = observer;
    if (start != nullptr) {
        replay.position = *start;
        replay.base_ply = 2 * start->turn_number() + (start->side_to_move() == Color::black);
    }
    replay.run();
    const GameEnd& end = replay.end;
    if (end.over)
        out.outcome = Outcome{end.result(), end.reason};
    else if (out.faults.empty() && record.result->kind != ResultKind::unfinished)
        out.outcome = Outcome{record.result->kind, "declared"};
    else
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};

    const Position& shown = replay.position_to_show();
    out.verdict = out.faults.empty() ? Verdict::legal : Verdict::illegal;
    out.position = format_position(shown, end);
    if (request.want_diagram) out.diagram = draw_position(shown);
}

std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules) {
    // The observer sees every legal turn; the faulty turn starts where the last one left off.
    Position last = Position::before_setup();
    GameVerdict verdict;
    Referee(rules).referee_observed(
        record, [&](const Turn&, const Position& after, const GameEnd&) { last = after; }, verdict);
    if (verdict.verdict != Verdict::illegal) return std::nullopt;
    return last;
}

std::string_view ending_words(std::string_view reason) {
    // TRANSLATORS: how a game of Jelimvre ended, shown after its result: "1-0 (king captured)"
    if (reason == "king-captured") return N_("king captured");
    if (reason == "encirclement") return N_("encirclement");
    if (reason == "no-legal-turn") return N_("no legal turn left");
    return shared_ending_words(reason);
}

}  // namespace jv::jel
