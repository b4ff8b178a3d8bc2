#include "games/chessme/referee.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/ruleset.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/pictures.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

std::string_view side_word(Color c) {
    return c == Color::white ? "white" : "black";
}

// A parsed turn of the record: its actions and the one check mark it may carry.
struct ParsedTurn {
    std::uint32_t first = 0;  // index of its first action in the record
    std::uint32_t count = 0;
    CheckMark mark = CheckMark::none;
    std::uint32_t mark_action = 0;  // index within the turn of the action carrying the mark
};

class Replay {
  public:
    Replay(const Ruleset& rules, const GameRecord& record, std::span<const Action> actions,
           std::span<const ParsedTurn> turns, GameVerdict& out)
        : rules_(rules), record_(record), actions_(actions), turns_(turns), out_(out) {}

    void run(const Referee::TurnObserver* observer);

    Position position;
    GameEnd end;
    // The last turn played without a fault: the one that ended the game, once it is over.
    const Turn* last_played = nullptr;

  private:
    void add_fault(SourceRegion where, std::optional<std::uint32_t> turn, Color side,
                   std::string_view action, RuleFault fault,
                   std::vector<DiagnosticNote> notes = {}) {
        Diagnostic diagnostic{Severity::error, where, std::move(fault.rule),
                              std::move(fault.message)};
        diagnostic.notes = std::move(notes);
        out_.faults.push_back(Fault{std::move(diagnostic), turn, side_word(side), action});
    }
    void add_action_fault(const Turn& turn, std::uint32_t i, RuleFault fault) {
        const ActionText& text = record_.action(turn, i);
        std::vector<DiagnosticNote> notes;
        if (!fault.message.empty()) notes = notes_of(fault.rule, turn.first_action + i);
        add_fault(text.region, position.turn_number(), position.side_to_move(), text.text,
                  std::move(fault), std::move(notes));
    }
    std::vector<DiagnosticNote> notes_of(std::string_view rule, std::size_t action_index) const;
    std::optional<DiagnosticNote> arrival_note(Square square, std::size_t before) const;
    DiagnosticNote end_note() const;
    bool check_number(std::size_t k, const Turn& turn);
    bool play_turn(const Turn& turn, const ParsedTurn& parsed);
    void decide_end();
    // Whether `end` holds the answer for the position: the search for a legal move (C10.1,
    // C10.2) is the costliest check of a turn, and a record that goes on answers it for free
    // when its next move is legal, so it runs only when a turn does not (see play_turn).
    bool end_known_ = false;
    // Whether the side to move is in check: known after each turn from what the turn did
    // (turn_gives_check), so that judging the next move seldom needs the attack test (C7.2).
    bool side_in_check_ = false;
    // The current turn's undo record, kept here rather than built for every turn.
    TurnUndo undo_;
    void check_result();
    std::string describe_end() const;

    const Ruleset& rules_;
    const GameRecord& record_;
    std::span<const Action> actions_;
    std::span<const ParsedTurn> turns_;
    GameVerdict& out_;
};

// C11.2: a written turn number must be the right one. Turn k of the record (0-based) is turn
// k / 2 + 1; even k are White's.
bool Replay::check_number(std::size_t k, const Turn& turn) {
    if (!turn.number) return true;
    const auto expected = static_cast<std::uint32_t>(k / 2 + 1);
    const bool black = k % 2 == 1;
    if (turn.number->value == expected && turn.number->second_player == black) return true;
    auto problem = fault("C11.2", [&] {
        return trf(
            // TRANSLATORS: the first {} is a side (White, Black); the second a turn number; then
            // the number as it must be written ("12." for White, "12..." for Black), in two
            // parts, and the number as the record writes it, in two parts.
            "this is {}'s turn {}, numbered '{}{}'; '{}{}' is written",
            color_name(black ? Color::black : Color::white), expected, expected,
            black ? "..." : ".", turn.number->value, turn.number->second_player ? "..." : ".");
    });
    if (!problem) return true;
    add_fault(turn.number->region, expected, black ? Color::black : Color::white,
              record_.actions[turn.first_action].text, std::move(*problem));
    return false;
}

// C4.1 to C11.2 for one turn; the position is changed only when the whole turn is legal.
bool Replay::play_turn(const Turn& turn, const ParsedTurn& parsed) {
    const Color me = position.side_to_move();
    const Action* actions = actions_.data() + parsed.first;
    // The first action judged once, before C10.4 needs the end: a legal move proves the game
    // had not ended, so the search for one is left out.
    std::optional<RuleFault> move_fault;
    const bool starts_with_move = parsed.count >= 1 && actions[0].type == Action::Type::move;
    if (starts_with_move) move_fault = check_move(position, actions[0], rules_, side_in_check_);
    if (!end_known_) {
        if (starts_with_move && !move_fault)
            end_known_ = true;  // not over
        else
            decide_end();
    }
    if (end.over)
        if (auto problem = fault("C10.4", [&] {
                // TRANSLATORS: {} says how the game ended, as in "White was checkmated".
                return trf("the game ended when {}; no action may follow", describe_end());
            })) {
            add_action_fault(turn, 0, std::move(*problem));
            return false;
        }
    // C4.1: a move, then at most one placement.
    for (std::uint32_t i = 0; i < parsed.count; ++i) {
        const bool fits = i == 0 ? actions[i].type == Action::Type::move
                                 : i == 1 && actions[i].type == Action::Type::place;
        if (fits) continue;
        if (auto problem = fault("C4.1", [&] {
                if (i == 0)
                    return trf(
                        // TRANSLATORS: {0} is a side (White, Black), {1} a kind of piece with "a"
                        // ("a knight"), {2} a square.
                        "{0} places {1} on {2} before any move: a turn starts with a move of a "
                        "piece on the grid, and a placement comes only after it",
                        color_name(me), kind_indefinite(actions[0].kind),
                        square_name(actions[0].to));
                if (i == 1)
                    return trf(
                        // TRANSLATORS: {0} is a side (White, Black); {1} the turn's first move
                        // as written in the notation, such as "Pd5-d4".
                        "{0} has already moved in this turn ({1}): a turn has one move, then at "
                        "most one placement",
                        color_name(me), format_action(actions[0]));
                return trf(
                    // TRANSLATORS: {0} is a side (White, Black); {1} a number of actions, 3 or
                    // more; {2} an action as written in the notation, such as "P@c3".
                    "{0} plays {1} actions in this turn, and a turn is one move, then at most one "
                    "placement: the first action too many is {2}",
                    color_name(me), parsed.count, format_action(actions[i]));
            })) {
            add_action_fault(turn, i, std::move(*problem));
            return false;
        }
    }
    if (move_fault) {
        add_action_fault(turn, 0, std::move(*move_fault));
        return false;
    }
    // The turn is played on the position itself and taken back if it turns out faulty.
    TurnUndo& undo = undo_;
    position.begin_turn(undo);
    auto take_back = [&](std::uint32_t i, RuleFault problem) {
        position.take_back(undo);
        add_action_fault(turn, i, std::move(problem));
        return false;
    };
    position.apply_move(actions[0], &undo);
    if (parsed.count >= 2) {
        if (auto problem = check_placement(position, actions[1], rules_, &actions[0]))
            return take_back(1, std::move(*problem));
        position.apply_placement(actions[1], &undo);
    }
    position.end_turn();
    const Position& after = position;
    // turn_gives_check needs a turn that left its own king safe, which a switched-off rule no
    // longer guarantees.
    const bool gives_check =
        any_rule_switched_off()
            ? in_check(after, opponent(me))
            : turn_gives_check(after, actions[0], parsed.count >= 2 ? &actions[1] : nullptr, me);
    // C11.2: a check mark tells the truth about the position after the whole turn.
    const TurnStartEnd next =
        parsed.mark == CheckMark::mate ? end_at_turn_start(after, rules_) : TurnStartEnd::none;
    if (parsed.mark == CheckMark::check && !gives_check)
        if (auto problem = fault("C11.2", [&] {
                const std::optional<Square> king = after.king(opponent(me));
                const Piece their_king{king.value_or(Square{}), opponent(me), Kind::king};
                if (!king)
                    return trf(
                        // TRANSLATORS: {} is the king with its side ("the black king").
                        "'+' says that {} is in check after this turn, and it is not",
                        piece_name(their_king));
                return trf(
                    // TRANSLATORS: {0} is the king with its side ("the black king"), {1} its
                    // square; {2} the side that played the turn (White, Black).
                    "'+' says that {0} on {1} is in check after this turn, but no piece of {2}'s "
                    "attacks {1}",
                    piece_name(their_king), square_name(*king), color_name(me));
            }))
            return take_back(parsed.mark_action, std::move(*problem));
    if (parsed.mark == CheckMark::mate && next != TurnStartEnd::checkmate)
        if (auto problem = fault("C11.2", [&] {
                const std::optional<Square> king = after.king(opponent(me));
                const Piece their_king{king.value_or(Square{}), opponent(me), Kind::king};
                if (gives_check && king) {
                    // An escape proves it: the first legal move of the side in check.
                    const std::vector<Action> escapes = legal_moves(after, rules_);
                    if (!escapes.empty())
                        return trf(
                            // TRANSLATORS: {0} is a side (White, Black); {1} its king ("the
                            // black king"), {2} that king's square; {3} a legal move as written
                            // in the notation, such as "Ke6-d6".
                            "'#' says that {0} is checkmated after this turn, but {1} on {2}, "
                            "in check, can escape: {3} is a legal move",
                            color_name(opponent(me)), piece_name(their_king), square_name(*king),
                            format_action(escapes.front()));
                }
                if (gives_check)
                    return trf(
                        // TRANSLATORS: {} is a side (White, Black).
                        "'#' says that {} is checkmated after this turn, and it is in check but "
                        "can escape",
                        color_name(opponent(me)));
                if (king)
                    return trf(
                        // TRANSLATORS: {0} is a side (White, Black); {1} its king ("the black
                        // king"), {2} that king's square.
                        "'#' says that {0} is checkmated after this turn, but {1} on {2} is not "
                        "even in check",
                        color_name(opponent(me)), piece_name(their_king), square_name(*king));
                return trf(
                    // TRANSLATORS: {} is a side (White, Black).
                    "'#' says that {} is checkmated after this turn, and it is not even in check",
                    color_name(opponent(me)));
            }))
            return take_back(parsed.mark_action, std::move(*problem));
    side_in_check_ = gives_check;
    end_known_ = false;
    if (next == TurnStartEnd::checkmate && !end.over && !rule_switched_off("C10.1")) {
        end = GameEnd{true, false, me, "checkmate"};
        end_known_ = true;
    }
    return true;
}

// C10.1, C10.2 (C13.6): decided at the start of the side to move's turn.
void Replay::decide_end() {
    if (end_known_) return;
    end_known_ = true;
    if (end.over) return;
    switch (end_at_turn_start(position, rules_)) {
        case TurnStartEnd::none:
            return;
        case TurnStartEnd::checkmate:
            if (rule_switched_off("C10.1")) return;
            end = GameEnd{true, false, opponent(position.side_to_move()), "checkmate"};
            return;
        case TurnStartEnd::stalemate:
            if (rule_switched_off("C10.2")) return;
            end = GameEnd{true, true, Color::white, "stalemate"};
            return;
    }
}

std::string Replay::describe_end() const {
    // Both are inserted into sentences, as in "the game ended when White was checkmated".
    if (end.reason == "stalemate")
        // TRANSLATORS: {} is a side (White, Black); said after "the game ended when".
        return trf("{} had no legal move and was not in check (stalemate)",
                   color_name(position.side_to_move()));
    // TRANSLATORS: {} is a side (White, Black); said after "the game ended when".
    return trf("{} was checkmated", color_name(opponent(end.winner)));
}

// C11.1: the result tag and token agree with each other and with the game.
void Replay::check_result() {
    const Tag* tag = record_.find_tag("Result");
    const ResultToken& token = *record_.result;
    const std::string_view written = result_text(token.kind);
    auto add = [&](SourceRegion where, RuleFault problem, std::optional<DiagnosticNote> note) {
        Diagnostic diagnostic{Severity::error, where, std::move(problem.rule),
                              std::move(problem.message)};
        if (note) diagnostic.notes.push_back(std::move(*note));
        out_.faults.push_back(Fault{std::move(diagnostic), std::nullopt, {}, {}});
    };
    if (tag != nullptr && tag->value != written)
        if (auto problem = fault("C11.1", [&] {
                // TRANSLATORS: both {} are results, such as 1-0, 0-1, 1/2-1/2 or *.
                return trf("the Result tag says \"{}\" but the movetext ends with {}", tag->value,
                           written);
            })) {
            add(tag->value_region, std::move(*problem),
                // TRANSLATORS: a note at the result token that ends the movetext; {} is that
                // result in the notation, such as 1-0
                DiagnosticNote{token.region, trf("the movetext ends with {} here", written)});
            return;
        }
    if (end.over && token.kind != end.result())
        if (auto problem = fault("C11.1", [&] {
                // TRANSLATORS: the first {} says how the game ended, as in "White was
                // checkmated"; the second and third are results, such as 1-0 or 0-1.
                return trf("the game ended when {}, so the result is {}, not {}", describe_end(),
                           result_text(end.result()), written);
            }))
            add(token.region, std::move(*problem),
                last_played != nullptr ? std::optional<DiagnosticNote>(end_note()) : std::nullopt);
}

// The notes of a fault whose cause lies elsewhere in the record (see DiagnosticNote): the turn
// that ended the game (C10.4), the pieces that block a slide (C6.1) or attack the king (C7.2,
// C7.4) where they came from. Runs only once a fault is found.
std::vector<DiagnosticNote> Replay::notes_of(std::string_view rule,
                                             std::size_t action_index) const {
    std::vector<DiagnosticNote> notes;
    if (rule == "C10.4") {
        if (last_played != nullptr) notes.push_back(end_note());
        return notes;
    }
    const FaultDrawing drawing = read_fault(position, record_.actions[action_index].text, rule);
    for (Square culprit : drawing.culprits)
        if (auto note = arrival_note(culprit, action_index)) notes.push_back(std::move(*note));
    return notes;
}

// The note at the action that brought the piece on `square` there, looking back from the action
// `before`: "the black rook came to f4 with this action". None when the record does not show it
// (the piece stood there from the start).
std::optional<DiagnosticNote> Replay::arrival_note(Square square, std::size_t before) const {
    const Piece* piece = position.at(square);
    if (piece == nullptr) return std::nullopt;
    for (std::size_t i = before; i-- > 0;) {
        const Action& a = actions_[i];
        if (a.type == Action::Type::move && a.from == square) return std::nullopt;
        if (a.to != square) continue;
        return DiagnosticNote{
            record_.actions[i].region,
            // TRANSLATORS: a note at an earlier action; {0} is a piece with its side ("the
            // black rook"), {1} a square
            trf("{} came to {} with this action", piece_name(*piece), square_name(square))};
    }
    return std::nullopt;
}

// The note at the last turn played, the one after which the game was over.
DiagnosticNote Replay::end_note() const {
    const Turn& turn = *last_played;
    return DiagnosticNote{record_.turn_region(turn),
                          // TRANSLATORS: a note at the turn that ended the game; {} says how it
                          // ended, such as "the black king was captured"
                          trf("the game ended with this turn, when {}", describe_end())};
}

void Replay::run(const Referee::TurnObserver* observer) {
    side_in_check_ = in_check(position, position.side_to_move());
    for (std::size_t k = 0; k < record_.turns.size(); ++k) {
        const Turn& turn = record_.turns[k];
        if (!check_number(k, turn)) {
            decide_end();
            return;
        }
        if (!play_turn(turn, turns_[k])) return;
        last_played = &turn;
        // An observer is told the end after every turn; otherwise the next turn decides it.
        if (observer != nullptr) {
            decide_end();
            (*observer)(turn, position, end);
        }
    }
    decide_end();
    check_result();
}

}  // namespace

namespace {

// The tags the referee reads, each the first of its name as GameRecord::find_tag gives it, found
// in one pass over the record's tags: looked up one by one (White, Black, Result, both piles,
// Rules), they cost about 700 instructions a game.
struct RefereeTags {
    const Tag* white = nullptr;
    const Tag* black = nullptr;
    const Tag* result = nullptr;
    const Tag* rules = nullptr;
    std::array<const Tag*, 2> piles{};  // by Color
};

RefereeTags find_referee_tags(const GameRecord& record) {
    RefereeTags out;
    auto keep_first = [](const Tag*& found, const Tag& tag, std::string_view name) {
        if (found == nullptr && tag.name == name) found = &tag;
    };
    for (const Tag& tag : record.tags) {
        switch (tag.name.size()) {
            case 5:
                keep_first(out.white, tag, "White");
                keep_first(out.black, tag, "Black");
                keep_first(out.rules, tag, "Rules");
                break;
            case 6:
                keep_first(out.result, tag, "Result");
                break;
            case 9:
                keep_first(out.piles[slot(Color::white)], tag, "WhitePile");
                keep_first(out.piles[slot(Color::black)], tag, "BlackPile");
                break;
            default:
                break;
        }
    }
    return out;
}

// What a pile tag's value has that a pile has not, or lacks: "1 P is missing, 'X' is no tile
// letter". Out of line: only a faulty tag needs it.
[[gnu::noinline, gnu::cold]] std::string pile_differences(
    std::string_view value, const std::array<int, kind_slots>& counts) {
    std::vector<std::string> parts;
    for (Kind k : {Kind::king, Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn}) {
        const int difference = counts[slot(k)] - (tiles_owned[slot(k)] - tiles_at_start[slot(k)]);
        const std::string letter(1, kind_letter(k));
        const auto n = static_cast<unsigned long>(std::abs(difference));
        if (difference < 0)
            // TRANSLATORS: {0} is a number, {1} a tile's letter (P, N, B, R, Q): part of a list
            // of what a pile tag lacks or has too many of
            parts.push_back(trn("{} {} is missing", "{} {} are missing", n, n, letter));
        else if (difference > 0)
            // TRANSLATORS: {0} is a number, {1} a tile's letter (K, P, N, B, R, Q): part of a
            // list of what a pile tag lacks or has too many of
            parts.push_back(trn("{} {} is one too many", "{} {} are too many", n, n, letter));
    }
    std::string unknown;
    for (char c : value)
        if (c != ' ' && c != '\t' && c != '\f' && c != '\v' && kind_at(c) == Kind::none &&
            unknown.find(c) == std::string::npos && unknown.size() < 8)
            unknown += c;
    for (char c : unknown)
        // TRANSLATORS: {} is a character of a pile tag's value that is no tile's letter
        parts.push_back(trf("'{}' is no tile letter", quote_for_message(std::string_view(&c, 1))));
    std::string out;
    for (const std::string& part : parts) {
        if (!out.empty()) out += ", ";
        out += part;
    }
    return out;
}

// C13.2: a pile tag's value read (no tag: unknown).
PileTag read_pile_value(const Tag* tag) {
    PileTag out;
    out.tag = tag;
    if (out.tag == nullptr) return out;
    // The value's characters other than white space, read in place (every game reads both tags,
    // and a copy of them cost more than the reading).
    std::array<Kind, pile_tiles> order{};
    std::array<int, kind_slots> counts{};
    std::size_t letters = 0;
    char first = 0;
    bool well_formed = true;
    for (char c : out.tag->value) {
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') continue;
        if (letters == 0) first = c;
        const std::size_t i = letters++;
        const Kind kind = kind_at(c);
        if (kind == Kind::none) {
            well_formed = false;
            continue;
        }
        ++counts[slot(kind)];
        if (i < order.size()) order[i] = kind;
    }
    if (letters == 0 || (letters == 1 && first == '?')) return out;
    if (letters != pile_tiles) well_formed = false;
    for (Kind k : {Kind::king, Kind::queen, Kind::rook, Kind::bishop, Kind::knight, Kind::pawn})
        if (counts[slot(k)] != tiles_owned[slot(k)] - tiles_at_start[slot(k)]) well_formed = false;
    if (!well_formed) {
        out.fault = trf(
            // TRANSLATORS: {0} is the value of a WhitePile or BlackPile tag as the record writes
            // it; {1} what differs from a pile ("1 P is missing, 1 K is one too many"). Q R B N P
            // are the letters of the notation: keep them.
            "a pile is the 11 tiles Q R R B B N N P P P P in some order, top first; \"{}\" is not: "
            "{}",
            quote_for_message(out.tag->value), pile_differences(out.tag->value, counts));
        return out;
    }
    out.order = order;
    return out;
}

// record_reading_faults, the tags found.
void reading_faults_of(const GameRecord& record, const RefereeTags& tags,
                       std::vector<Diagnostic>& faults) {
    // The name of the side that plays first, in a sentence ("White's turn must be numbered").
    check_turn_numbers_present(record, color_name(Color::white), 1, faults);
    const std::pair<std::string_view, const Tag*> required[] = {
        {"White", tags.white}, {"Black", tags.black}, {"Result", tags.result}};
    for (const auto& [name, tag] : required) {
        if (tag == nullptr && faults.empty())
            faults.push_back(Diagnostic{
                Severity::error,
                {record.region.begin, record.region.begin},
                "",
                // TRANSLATORS: both {} are the name of a tag (White, Black, Result): keep
                // '[', '"...' and ']', which are notation.
                trf("the tag {} is required: add [{} \"...\"] to the tag section", name, name)});
    }
}

}  // namespace

PileTag read_pile_tag(const GameRecord& record, Color side) {
    return read_pile_value(record.find_tag(side == Color::white ? "WhitePile" : "BlackPile"));
}

void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults) {
    reading_faults_of(record, find_referee_tags(record), faults);
}

Position start_position(const GameRecord& record, const Ruleset& rules) {
    return Position::start(rules.start_kings, read_pile_tag(record, Color::white).order,
                           read_pile_tag(record, Color::black).order);
}

Referee::Referee(Ruleset rules)
    : rules_(std::move(rules)), fingerprint_(jv::fingerprint(option_specs(), neutral_of(rules_))) {}

void Referee::referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                      const TurnObserver* observer) const {
    const RefereeTags tags = find_referee_tags(record);
    out.start("ChessMe", rules_.name, fingerprint_, tags.rules);

    // Reading: the reader's faults, then the game's own (numbers, tags, the action grammar, the
    // place of the check marks).
    std::vector<Diagnostic> reading = record.read_errors;
    if (reading.empty()) reading_faults_of(record, tags, reading);
    // The parsed actions and turns, by their index in the record. The vectors keep their size
    // from game to game and only grow, and every entry a game uses is written: a push_back for
    // each action (its capacity check and its construction) cost about 20 instructions. The
    // loop reads the record and writes the entries through local spans and counts: an Action's
    // one-byte fields may alias anything, so that the vectors' and the turn's fields were read
    // again from memory after every action stored (about 25 instructions an action).
    thread_local std::vector<Action> actions;
    thread_local std::vector<ParsedTurn> turns;
    if (actions.size() < record.actions.size()) actions.resize(record.actions.size());
    if (turns.size() < record.turns.size()) turns.resize(record.turns.size());
    if (reading.empty()) {
        const std::span<const Turn> record_turns = record.turns;
        const std::span<const ActionText> texts = record.actions;
        const std::span<Action> parsed_actions(actions.data(), texts.size());
        const std::span<ParsedTurn> parsed_turns(turns.data(), record_turns.size());
        for (std::size_t k = 0; k < record_turns.size(); ++k) {
            const std::uint32_t first = record_turns[k].first_action;
            const std::uint32_t count = record_turns[k].action_count;
            ParsedTurn parsed{first, count};
            for (std::uint32_t i = 0; i < count; ++i) {
                const ActionText& text = texts[first + i];
                ActionParse read = parse_action(text.text);
                if (!read.word) {
                    // The faulty square when the grammar knows it, else the whole action.
                    const ActionFaultPart part = action_fault_part(text.text);
                    const SourceRegion where = part.end > part.begin
                                                   ? SourceRegion{text.region.begin + part.begin,
                                                                  text.region.begin + part.end}
                                                   : text.region;
                    if (reading.size() < max_reported_faults)
                        reading.push_back(
                            Diagnostic{Severity::error, where, "", std::move(read.problem)});
                    else
                        ++out.unreported_faults;
                    parsed_actions[first + i] = Action{};
                    continue;
                }
                parsed_actions[first + i] = read.word->action;
                if (read.word->mark == CheckMark::none) continue;
                // C13.3, C13.7: one mark a turn, after its last action or after the move of a
                // turn of two actions. A lone placement's mark stands after the turn's last
                // action: the turn is read, and C4.1 refuses it as it refuses `P@b5`.
                const bool last = i + 1 == count;
                const bool after_move =
                    i == 0 && count == 2 && read.word->action.type == Action::Type::move;
                if (parsed.mark != CheckMark::none || !(last || after_move)) {
                    reading.push_back(Diagnostic{
                        Severity::error, text.region, "",
                        parsed.mark != CheckMark::none
                            ? std::string(tr("a turn carries at most one check mark (+ or #)"))
                            : std::string(tr("a check mark (+ or #) stands after the turn's last "
                                             "action, or after the move of a turn of two "
                                             "actions"))});
                    continue;
                }
                parsed.mark = read.word->mark;
                parsed.mark_action = i;
            }
            parsed_turns[k] = parsed;
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

    Replay replay(rules_, record, std::span<const Action>(actions.data(), record.actions.size()),
                  std::span<const ParsedTurn>(turns.data(), record.turns.size()), out);
    const std::array<PileTag, 2> piles = {read_pile_value(tags.piles[slot(Color::white)]),
                                          read_pile_value(tags.piles[slot(Color::black)])};
    replay.position = Position::start(rules_.start_kings, piles[0].order, piles[1].order);
    // C3.2: a faulty pile tag is a fault of turn 0, both tags reported.
    for (Color side : {Color::white, Color::black}) {
        const PileTag& pile = piles[slot(side)];
        if (pile.fault.empty()) continue;
        if (auto problem = fault("C3.2", pile.fault))
            out.faults.push_back(
                Fault{Diagnostic{Severity::error, pile.tag->value_region, std::move(problem->rule),
                                 std::move(problem->message)},
                      0,
                      side_word(side),
                      {}});
    }
    if (out.faults.empty()) replay.run(observer);

    const GameEnd& end = replay.end;
    if (end.over)
        out.outcome = Outcome{end.result(), end.reason};
    else if (out.faults.empty() && record.result->kind != ResultKind::unfinished)
        out.outcome = Outcome{record.result->kind, "declared"};
    else
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
    out.verdict = out.faults.empty() ? Verdict::legal : Verdict::illegal;
    write_position(out.position, replay.position, end);
    if (request.want_diagram) out.diagram = draw_position(replay.position);
}

std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules) {
    std::optional<Position> last;
    GameVerdict verdict;
    const Referee::TurnObserver observe = [&](const Turn&, const Position& after, const GameEnd&) {
        last = after;
    };
    Referee(rules).referee(record, RefereeRequest{}, verdict, &observe);
    if (verdict.verdict != Verdict::illegal) return std::nullopt;
    return last ? last : std::optional<Position>(start_position(record, rules));
}

std::string_view ending_words(std::string_view reason) {
    // TRANSLATORS: how a game of ChessMe ended, shown after its result: "0-1 (checkmate)"
    if (reason == "checkmate") return N_("checkmate");
    if (reason == "stalemate") return N_("stalemate");
    return shared_ending_words(reason);
}

}  // namespace jv::cme
