#include "games/jelimvre/turn.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <type_traits>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/jelimvre/geometry.hpp"
#include "games/jelimvre/notation.hpp"

namespace jv::jel {

namespace {

bool is_army_move(Action a) {
    return a.kind() == ActionKind::move && is_army(a.letter());
}
bool is_crossing(Action a) {
    return a.kind() == ActionKind::cross;
}
bool is_terrain_placement(Action a) {
    return a.kind() == ActionKind::place &&
           (a.letter() == Letter::wall || a.letter() == Letter::water);
}

// Notices a king that was on the board at the turn's start (`kings_before`, by colour) and has
// left it (J12.1, J13.1): the game is over, won by the other side. That end is no fault, yet it
// has a rule switch (rules.hpp) so that the tests must notice it missing.
void notice_lost_king(const std::array<Square, 2>& kings_before, const Position& now,
                      TurnResult& result) {
    if (now.king_square(Color::white) != no_square && now.king_square(Color::black) != no_square)
        return;  // no king has left the board, the usual case
    for (Color c : {Color::white, Color::black}) {
        if (kings_before[slot(c)] != no_square && now.king_square(c) == no_square &&
            !result.game_over && !rule_switched_off("J12.1")) {
            result.game_over = true;
            result.winner = opponent(c);
        }
    }
}

std::array<Square, 2> kings_of(const Position& position) {
    return {position.king_square(Color::white), position.king_square(Color::black)};
}

// What each kind of strategy turn does, in words for its messages ("placing walls is the
// strategy turn of counter position 6"), translated where a message says it.
namespace strategy_words {
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* placing_walls = N_("placing walls");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* adding_water = N_("adding water");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* moving_regenerator = N_("moving the regenerator");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* regenerating_dragon = N_("regenerating the dragon");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* regenerating_tower_or_queen = N_("regenerating a tower or the queen");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* regenerating_other = N_("regenerating a soldier, knight or royal guard");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* moving_walls = N_("moving walls");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* removing_a_wall = N_("removing a wall");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* removing_walls = N_("removing walls");
// TRANSLATORS: a kind of strategy turn, as in "placing walls is the strategy turn of counter
// position 6"
constexpr const char* removing_water = N_("removing water");
}  // namespace strategy_words

// What a strategy turn needs (J5.2) and the rule that names its faults (J15).
struct StrategyInfo {
    TurnKind kind;
    int position;
    std::string_view rule;
    const char* what;  // marked with N_, translated where a message says it
};

class TurnPlayer {
  public:
    TurnPlayer(Position& position, std::span<const Action> actions, const TurnContext& context,
               const Ruleset& rules)
        : position_(position),
          actions_(actions),
          context_(context),
          rules_(rules),
          me_(position.side_to_move()),
          counter_(position.counter(me_)),
          kings_before_(kings_of(position)) {
        if (actions.size() * Undo::cells_per_action > Undo::capacity)
            long_turn_start_.emplace(position);
    }

    TurnResult play();

  private:
    TurnResult fail(std::uint32_t i, RuleFault f) {
        take_back();  // a faulty turn changes nothing
        result_.fault = std::move(f);
        result_.fault_action = i;
        return std::move(result_);
    }
    // A fault of the whole turn (too many actions, water that is not one zone) is located at
    // the turn's last action (J15).
    TurnResult fail_turn(RuleFault f) {
        return fail(static_cast<std::uint32_t>(actions_.size() - 1), std::move(f));
    }
    // The turn's first army move or crossing, for the message of a second one.
    Action first_army_move() const {
        return *std::find_if(actions_.begin(), actions_.end(),
                             [](Action a) { return is_army_move(a) || is_crossing(a); });
    }
    // The rule that a turn with one army move too many breaks (J15).
    std::string_view extra_move_rule(bool first_turn) const {
        if (first_turn) return "J4.2";
        bool bonus = std::any_of(actions_.begin(), actions_.end(), is_terrain_placement);
        return bonus ? "J5.3" : "J4.1";
    }
    // Applies a checked action, recording how to take it back; notices a king leaving the
    // board.
    void apply(Action a) {
        if (long_turn_start_)
            position_.apply(a, me_);
        else if (applied_++ == 0)
            position_.apply(a, me_, undo_);
        else
            position_.apply_more(a, me_, undo_);
        notice_lost_king(kings_before_, position_, result_);
    }
    void take_back() {
        if (long_turn_start_) {
            position_ = *long_turn_start_;
            return;
        }
        if (applied_ > 0) position_.undo(undo_);
    }
    // J12.5: nothing may follow the end of the game, even within the turn.
    std::optional<TurnResult> after_end(std::uint32_t next) {
        if (!result_.game_over || next >= actions_.size()) return std::nullopt;
        if (auto f = fault("J12.5", [&] {
                // The words of the referee's message at the next turn (Replay::describe_end).
                return trf("the game ended when {}; no action may follow",
                           trf("{} was captured",
                               piece_name(make_piece(opponent(result_.winner), PieceKind::king))));
            }))
            return fail(next, std::move(*f));
        return std::nullopt;
    }
    void finish(int new_counter) { position_.end_turn(new_counter); }

    TurnResult play_timeout();
    TurnResult play_with_army_move(bool first_turn);
    TurnResult play_strategy();
    TurnResult play_regeneration(const StrategyInfo& info);
    TurnResult play_regenerator();
    TurnResult play_walls(const StrategyInfo& info);
    TurnResult play_water();
    std::optional<StrategyInfo> strategy_of(Action first, std::optional<RuleFault>& problem) const;
    bool bonus_anchor_next_to(Square s) const;

    Position& position_;
    std::span<const Action> actions_;
    const TurnContext& context_;
    const Ruleset& rules_;
    const Color me_;
    const int counter_;
    const std::array<Square, 2> kings_before_;
    TurnResult result_;

    // A faulty turn is taken back from one undo record of all its applied actions, rather
    // than from a copy of the whole position made before every turn: most turns are legal,
    // and a copy costs more than the few cells a turn changes. A turn with more actions than
    // the record holds (a first turn of 7, or a faulty record) keeps a copy of its start
    // instead.
    Undo undo_;
    std::uint32_t applied_ = 0;
    std::optional<Position> long_turn_start_;
};

TurnResult TurnPlayer::play() {
    for (std::uint32_t i = 1; i < actions_.size(); ++i)
        if (actions_[i].kind() == ActionKind::timeout)
            if (auto f = fault("J13.1", [] {
                    return tr(
                        "a timeout is a whole turn; it cannot follow other "
                        "actions");
                }))
                return fail(i, std::move(*f));
    if (actions_[0].kind() == ActionKind::timeout) return play_timeout();
    // Actions that no turn but a timeout (or the setup) allows name their own rule (J15).
    for (std::uint32_t i = 0; i < actions_.size(); ++i) {
        const Action a = actions_[i];
        if (a.kind() == ActionKind::remove && is_army(a.letter()))
            if (auto f = fault("J13.1", [&] {
                    return trf(
                        "an army piece is removed only as the piece "
                        // TRANSLATORS: {}{} is a piece letter and a square, such as Nc4:
                        // "timeout,xNc4" is notation, keep it as it is
                        "lost at a timeout (timeout,x{}{})",
                        letter_char(a.letter()), square_name(a.to()));
                }))
                return fail(i, std::move(*f));
        if (a.letter() == Letter::regenerator &&
            (a.kind() == ActionKind::place || a.kind() == ActionKind::remove))
            if (auto f = fault("J9.1", [&] {
                    if (a.kind() == ActionKind::place)
                        return tr(
                            "the regenerator is placed only in the setup; afterwards it only "
                            "moves, by the strategy turn of position 12 (J5.9)");
                    return tr(
                        "the regenerator is never removed: it only moves, by the strategy turn "
                        "of position 12 (J5.9), and leaves the board only when an enemy piece "
                        "captures it (J9.4)");
                }))
                return fail(i, std::move(*f));
        if (a.kind() == ActionKind::place && to_kind(a.letter()) == PieceKind::king)
            if (auto f = fault("J9.3", [] { return tr("the king is never regenerated"); }))
                return fail(i, std::move(*f));
        bool regenerator_used = (a.kind() == ActionKind::place && is_army(a.letter())) ||
                                (a.kind() == ActionKind::move && a.letter() == Letter::regenerator);
        if (regenerator_used && position_.regenerator_captured(me_))
            if (auto f = fault("J9.4", [&] {
                    return trf(
                        // TRANSLATORS: both {} are the same side, White or Black
                        "{}'s regenerator was captured, so {} can no "
                        "longer regenerate or move it",
                        color_name(me_), color_name(me_));
                }))
                return fail(i, std::move(*f));
    }
    bool has_army_move = std::any_of(actions_.begin(), actions_.end(),
                                     [](Action a) { return is_army_move(a) || is_crossing(a); });
    if (position_.turn_number() == 1) return play_with_army_move(true);
    if (has_army_move) return play_with_army_move(false);
    return play_strategy();
}

// J13.1: the turn is lost; it may name one own piece that was in the air.
TurnResult TurnPlayer::play_timeout() {
    result_.kind = TurnKind::timeout;
    if (!context_.timer)
        if (auto f = fault("J13.1", [] {
                // TRANSLATORS: Timer and Mode are tag names, and "2v2" a tag value: keep them as
                // they are
                return tr("a timeout needs a timer: a Timer tag, or Mode \"2v2\"");
            }))
            return fail(0, std::move(*f));
    if (actions_.size() > 2)
        if (auto f = fault("J13.1", [&] {
                return trf(
                    // TRANSLATORS: 'timeout' and 'timeout,xXsq' are notation, keep them as they
                    // are; {} is a number
                    "a timeout turn is 'timeout' alone, or "
                    "'timeout,xXsq' naming the one piece lost; "
                    "this one has {} actions",
                    actions_.size());
            }))
            return fail_turn(std::move(*f));
    if (actions_.size() == 2) {
        Action a = actions_[1];
        if (a.kind() != ActionKind::remove || !is_army(a.letter()))
            if (auto f = fault("J13.1", [&] {
                    return trf(
                        // TRANSLATORS: 'timeout' and xXsq are notation, keep them as they are; {}
                        // is an action in the notation, such as Ke1-e2
                        "after 'timeout' only the piece lost in "
                        "the air may be named (xXsq); {} is not "
                        "such a removal",
                        format_action(a));
                }))
                return fail(1, std::move(*f));
        Piece p = position_.piece_on(a.to());
        if (p == 0 || color_of(p) != me_ || kind_of(p) != to_kind(a.letter()))
            if (auto f = fault("J13.1", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} a
                        // square (c4); {2} a whole clause saying what is on {1} ("c4 is empty",
                        // "c4 holds the black knight")
                        "the timeout names {0} on {1} as the piece lost, but {2}; the piece lost "
                        "at a timeout is one of the player's own",
                        piece_name(make_piece(me_, to_kind(a.letter()))), SquareName{a.to()},
                        square_clause(a.to(), position_.cell(a.to())));
                }))
                return fail(1, std::move(*f));
        apply(a);
    }
    int counter = rules_.counter_on_timeout == CounterOnTimeout::advance
                      ? std::min(counter_ + 1, 12)
                      : counter_;
    finish(counter);
    return std::move(result_);
}

// J4.2 (first turn) and J4.1 + J5.3 (ordinary turn): one army move, which may be one or more
// crossings written together (J11.3), and walls or water.
TurnResult TurnPlayer::play_with_army_move(bool first_turn) {
    result_.kind = first_turn ? TurnKind::first : TurnKind::ordinary;
    const std::string_view turn_rule = first_turn ? "J4.2" : "J4.1";
    const std::string_view placement_rule = first_turn ? "J4.2" : "J5.3";
    int placements = 0;
    bool moved = false;
    bool crossing_open = false;  // crossings started and may continue
    bool crossings_done = false;
    SquareSet crossed;  // where the pieces that crossed now stand
    for (std::uint32_t i = 0; i < actions_.size(); ++i) {
        const Action a = actions_[i];
        if (auto end = after_end(i)) return *end;
        if (is_terrain_placement(a)) {
            if (first_turn) {
                if (++placements > 6)
                    if (auto f = fault("J4.2", [&] {
                            return trf(
                                // TRANSLATORS: {} is a number
                                "a first turn places at most 6 walls and water "
                                "pieces, and this one places {}",
                                std::count_if(actions_.begin(), actions_.end(),
                                              is_terrain_placement));
                        }))
                        return fail_turn(std::move(*f));
            } else {
                if (counter_ != 2 && counter_ != 3)
                    if (auto f = fault("J5.3", [&] {
                            return trf(
                                // TRANSLATORS: {0} is a side, White or Black; {1} a number
                                "a wall or water piece goes with "
                                "an army move only at counter "
                                "position 2 or 3; {}'s counter is "
                                "at {}",
                                color_name(me_), counter_);
                        }))
                        return fail(i, std::move(*f));
                if (++placements > 1)
                    if (auto f = fault("J5.3", [&] {
                            return trf(
                                // TRANSLATORS: {} is a number (2 or more)
                                "the bonus of counter positions 2 and 3 is one wall or one water "
                                "piece, and this turn places {}",
                                std::count_if(actions_.begin(), actions_.end(),
                                              is_terrain_placement));
                        }))
                        return fail_turn(std::move(*f));
                if (!bonus_anchor_next_to(a.to()))
                    if (auto f = fault("J5.3", [&] {
                            if (rules_.bonus_anchor == BonusAnchor::army)
                                return trf(
                                    // TRANSLATORS: {0} is a side, White or Black; {1} a square
                                    // such as e5
                                    "the bonus wall or water goes next to a square holding one of "
                                    "{}'s army pieces; {} has none next to it",
                                    color_name(me_), square_name(a.to()));
                            return trf(
                                // TRANSLATORS: {0} is a side, White or Black; {1} a square such
                                // as e5
                                "the bonus wall or water goes next to a square holding one of "
                                "{}'s army pieces, walls or regenerator; {} has none next to it",
                                color_name(me_), square_name(a.to()));
                        }))
                        return fail(i, std::move(*f));
            }
            auto problem = a.letter() == Letter::wall
                               ? check_wall_placement(position_, a.to(), placement_rule)
                               : check_water_placement(position_, a.to());
            if (problem) return fail(i, std::move(*problem));
            if (crossing_open) crossings_done = true, crossing_open = false;
            apply(a);
            continue;
        }
        if (is_army_move(a)) {
            if (moved || crossing_open || crossings_done)
                if (auto f = fault(extra_move_rule(first_turn), [&] {
                        return trf(
                            // TRANSLATORS: {0} and {1} are actions in the notation, such as
                            // Sd2-d4 and Nj1-i3 (or a crossing, Nc4~e6)
                            "{0} and {1} are two army moves; a turn has only one (or one set of "
                            "crossings)",
                            format_action(first_army_move()), format_action(a));
                    }))
                    return fail_turn(std::move(*f));
            if (auto problem = check_army_move(position_, a, rules_))
                return fail(i, std::move(*problem));
            apply(a);
            moved = true;
            continue;
        }
        if (is_crossing(a)) {
            if (moved)
                if (auto f = fault(extra_move_rule(first_turn), [&] {
                        return trf(
                            // TRANSLATORS: {0} is an army move in the notation, such as Sd2-d4;
                            // {1} a water crossing, such as Nc4~e6
                            "this turn moves {0} and crosses with {1}: the crossings are the "
                            "turn's army move, and a turn has only one",
                            format_action(first_army_move()), format_action(a));
                    }))
                    return fail_turn(std::move(*f));
            if (crossings_done)
                if (auto f = fault("J11.3", [] {
                        return tr(
                            "the crossings of a turn are written one after "
                            "another, with no other action between them");
                    }))
                    return fail(i, std::move(*f));
            if (crossed.contains(a.from()))
                if (auto f = fault("J11.3", [&] {
                        return trf(
                            // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1}
                            // a square (e5)
                            "{0} on {1} has crossed already in this turn, and each piece crosses "
                            "at most once a turn",
                            piece_name(position_.piece_on(a.from())), SquareName{a.from()});
                    }))
                    return fail(i, std::move(*f));
            if (auto problem = check_crossing(position_, a, rules_))
                return fail(i, std::move(*problem));
            apply(a);
            crossed.insert(a.to());
            crossing_open = true;
            continue;
        }
        if (auto f = fault(turn_rule, [&] {
                if (first_turn)
                    return trf(
                        // TRANSLATORS: {} is an action in the notation, such as Ke1-e2 or xWe5
                        "a first turn holds walls, water and one army move; {} is none of these",
                        format_action(a));
                return trf(
                    // TRANSLATORS: {} is an action in the notation, such as Ke1-e2 or xWe5
                    "a turn with an army move holds nothing else but, at counter 2 or 3, one "
                    "wall or water piece; {} belongs to a strategy turn",
                    format_action(a));
            }))
            return fail(i, std::move(*f));
        apply(a);  // only when that rule is switched off (rules.hpp): the action then passes
    }
    finish(std::min(counter_ + 1, 12));
    return std::move(result_);
}

bool TurnPlayer::bonus_anchor_next_to(Square s) const {
    if (adjacent_to_own_army(position_, s, me_)) return true;
    if (rules_.bonus_anchor == BonusAnchor::army) return false;
    for (Square n : neighbours(s)) {
        Cell c = position_.cell(n);
        if (c.terrain() == wall_of(me_)) return true;
        if (c.has_regenerator() && c.regenerator_color() == me_) return true;
    }
    return false;
}

std::optional<StrategyInfo> TurnPlayer::strategy_of(Action first,
                                                    std::optional<RuleFault>& problem) const {
    const Letter letter = first.letter();
    const bool moves_regenerator = std::any_of(actions_.begin(), actions_.end(), [](Action a) {
        return a.kind() == ActionKind::move && a.letter() == Letter::regenerator;
    });
    switch (first.kind()) {
        case ActionKind::place:
            // Not reached: play() refuses regenerator placements and removals, king placements
            // and army removals before it asks for the kind of turn. They stay so that this
            // function answers for any action on its own.
            if (letter == Letter::regenerator) {
                problem = fault("J9.1", [] {
                    return tr(
                        "the regenerator is placed only in the setup; afterwards "
                        "it only moves, by the strategy turn of position 12 "
                        "(J5.9)");
                });
                return std::nullopt;
            }
            if (letter == Letter::wall || letter == Letter::water) {
                if (counter_ == 2 || counter_ == 3) {
                    problem = fault("J5.3", [&] {
                        return trf(
                            // TRANSLATORS: {} is a number
                            "at counter position {} a wall or water "
                            "may be placed only together with an "
                            "army move, and this turn has none",
                            counter_);
                    });
                    return std::nullopt;
                }
                if (letter == Letter::wall)
                    return StrategyInfo{TurnKind::place_walls, 6, "J5.5",
                                        strategy_words::placing_walls};
                return StrategyInfo{TurnKind::water, 9, "J5.7", strategy_words::adding_water};
            }
            if (to_kind(letter) == PieceKind::king) {  // Not reached (see above)
                problem = fault("J9.3", [] { return tr("the king is never regenerated"); });
                return std::nullopt;
            }
            if (moves_regenerator || to_kind(letter) == PieceKind::dragon)
                return StrategyInfo{TurnKind::regenerator, 12, "J5.9",
                                    moves_regenerator ? strategy_words::moving_regenerator
                                                      : strategy_words::regenerating_dragon};
            if (to_kind(letter) == PieceKind::tower || to_kind(letter) == PieceKind::queen)
                return StrategyInfo{TurnKind::regenerate, 8, "J5.6",
                                    strategy_words::regenerating_tower_or_queen};
            return StrategyInfo{TurnKind::regenerate, 4, "J5.4",
                                strategy_words::regenerating_other};
        case ActionKind::move:
            if (letter == Letter::regenerator)
                return StrategyInfo{TurnKind::regenerator, 12, "J5.9",
                                    strategy_words::moving_regenerator};
            if (letter == Letter::wall)
                return StrategyInfo{TurnKind::move_walls, 6, "J5.5", strategy_words::moving_walls};
            problem = fault("J5.7", [] { return tr("water is added or removed, never moved"); });
            return std::nullopt;
        case ActionKind::remove:
            if (letter == Letter::wall) {
                if (actions_.size() == 1 && counter_ >= 10)
                    return StrategyInfo{TurnKind::remove_walls, 10, "J5.8",
                                        strategy_words::removing_a_wall};
                return StrategyInfo{TurnKind::remove_walls, 6, "J5.5",
                                    strategy_words::removing_walls};
            }
            if (letter == Letter::water)
                return StrategyInfo{TurnKind::water, 9, "J5.7", strategy_words::removing_water};
            // Not reached (see above).
            if (letter == Letter::regenerator) {
                problem = fault("J9.1", [] { return tr("the regenerator is never removed"); });
                return std::nullopt;
            }
            problem = fault("J13.1", [&] {
                return trf(
                    // TRANSLATORS: {}{} is a piece letter and a square, such as Nc4: "timeout,xNc4"
                    // is notation, keep it as it is
                    "an army piece is removed only as the piece lost "
                    "at a timeout (timeout,x{}{})",
                    letter_char(letter), square_name(first.to()));
            });
            return std::nullopt;
        case ActionKind::cross:
        case ActionKind::timeout:
            break;
    }
    // Not reached: a crossing makes a turn with an army move, and a timeout a turn of its own.
    problem =
        fault("J4.1", [] { return tr("this turn is neither an army move nor a strategy turn"); });
    return std::nullopt;
}

// J5.2-J5.9: a turn without an army move is one strategy turn, worked out from its actions.
TurnResult TurnPlayer::play_strategy() {
    std::optional<RuleFault> problem;
    auto info = strategy_of(actions_[0], problem);
    if (!info) {
        if (problem) return fail(0, std::move(*problem));
        // The rule that refuses this turn is switched off (rules.hpp): its actions pass.
        for (Action a : actions_) apply(a);
        finish(1);
        return std::move(result_);
    }
    result_.kind = info->kind;
    if (counter_ < info->position)
        if (auto f = fault("J5.2", [&] {
                return trf(
                    // TRANSLATORS: {0} is a kind of strategy turn, such as "placing walls" or
                    // "regenerating the dragon"; {1} a number; {2} a side, White or Black; {3} a
                    // number
                    "{} is the strategy turn of counter position {}; "
                    "{}'s counter is at {}",
                    tr(info->what), info->position, color_name(me_), counter_);
            }))
            return fail(0, std::move(*f));
    TurnResult played;
    switch (info->kind) {
        case TurnKind::regenerate:
            played = play_regeneration(*info);
            break;
        case TurnKind::regenerator:
            played = play_regenerator();
            break;
        case TurnKind::water:
            played = play_water();
            break;
        default:
            played = play_walls(*info);
            break;
    }
    if (played.fault) return played;
    finish(1);  // J5.1: a strategy turn sets the counter back to 1
    return std::move(result_);
}

void grant_double_step_if_allowed(Position& position, Action a, const Ruleset& rules) {
    if (rules.regenerated_soldier_double_step && to_kind(a.letter()) == PieceKind::soldier)
        position.grant_double_step(a.to());
}

// J5.4 and J5.6: one regeneration and nothing else.
TurnResult TurnPlayer::play_regeneration(const StrategyInfo& info) {
    if (auto problem = check_regeneration(position_, actions_[0]))
        return fail(0, std::move(*problem));
    apply(actions_[0]);
    grant_double_step_if_allowed(position_, actions_[0], rules_);
    if (actions_.size() > 1)
        if (auto f = fault("J4.1", [&] {
                return trf(
                    // TRANSLATORS: {0} is a kind of strategy turn, such as "placing walls" or
                    // "regenerating the dragon"
                    "{} is a turn of its own; nothing else may be "
                    "done in it",
                    tr(info.what));
            }))
            return fail_turn(std::move(*f));
    return std::move(result_);
}

// J5.9: move the regenerator and/or regenerate any lost piece onto it, the move first.
TurnResult TurnPlayer::play_regenerator() {
    bool moved = false;
    bool regenerated = false;
    for (std::uint32_t i = 0; i < actions_.size(); ++i) {
        const Action a = actions_[i];
        const bool move = a.kind() == ActionKind::move && a.letter() == Letter::regenerator;
        const bool regeneration = a.kind() == ActionKind::place && is_army(a.letter());
        if (move && regenerated)
            if (auto f = fault("J5.9", [] {
                    return tr(
                        "when the regenerator moves and a piece is regenerated "
                        "in the same turn, the move comes first");
                }))
                return fail(i, std::move(*f));
        if ((move && moved) || (regeneration && regenerated))
            if (auto f = fault("J4.1", [] {
                    return tr(
                        "the position-12 turn moves the regenerator once and "
                        "regenerates at most one piece");
                }))
                return fail_turn(std::move(*f));
        if (!move && !regeneration)
            if (auto f = fault("J4.1", [&] {
                    return trf(
                        // TRANSLATORS: {} is an action in the notation, such as Ke1-e2 or xWe5
                        "the position-12 turn moves the regenerator "
                        "and regenerates one piece, nothing else; "
                        "{} is neither",
                        format_action(a));
                }))
                return fail(i, std::move(*f));
        auto problem =
            move ? check_regenerator_move(position_, a) : check_regeneration(position_, a);
        if (problem) return fail(i, std::move(*problem));
        apply(a);
        if (regeneration) grant_double_step_if_allowed(position_, a, rules_);
        moved = moved || move;
        regenerated = regenerated || regeneration;
    }
    return std::move(result_);
}

// J5.5 (a, b or c) and J5.8.
TurnResult TurnPlayer::play_walls(const StrategyInfo& info) {
    const Action first = actions_[0];
    SquareSet moved_to;
    // Removals judge units and guards as at the turn's start (J10.3): keep a copy of it. Every
    // action of the turn has the first one's kind, or the turn fails before a removal is judged.
    std::optional<Position> start;
    if (first.kind() == ActionKind::remove) start.emplace(position_);
    for (std::uint32_t i = 0; i < actions_.size(); ++i) {
        const Action a = actions_[i];
        if (a.kind() != first.kind() || a.letter() != Letter::wall)
            if (auto f = fault("J5.5", [&] {
                    return trf(
                        // TRANSLATORS: {} is an action in the notation, such as Ke1-e2 or xWe5
                        "a position-6 turn does exactly one of: "
                        "place, move or remove walls; {} does "
                        "something else",
                        format_action(a));
                }))
                return fail(i, std::move(*f));
        if (i == 3)
            if (auto f = fault(info.rule, [&] {
                    return trf(
                        // TRANSLATORS: {} is a number
                        "a position-6 turn places, moves or "
                        "removes at most 3 walls, and this "
                        "one has {} actions",
                        actions_.size());
                }))
                return fail_turn(std::move(*f));
        std::optional<RuleFault> problem;
        if (a.kind() == ActionKind::place) {
            problem = check_wall_placement(position_, a.to(), "J5.5");
        } else if (a.kind() == ActionKind::move) {
            if (moved_to.contains(a.from()))
                problem = fault("J5.5", [&] {
                    return trf(
                        // TRANSLATORS: {} is a square such as e5
                        "each wall moves one step a turn, and the wall "
                        "on {} has moved already",
                        square_name(a.from()));
                });
            else
                problem = check_wall_move(position_, a);
            moved_to.insert(a.to());
        } else if (info.rule == "J5.8") {
            // A single removal at counter 10 or more: by J5.5c when it qualifies, else by J5.8.
            // Only whether it qualifies matters here, not why not: no message is written.
            const bool qualifies = [&] {
                QuietFaults quiet;
                return !check_wall_removal(position_, *start, a.to(), WallRemoval::position_6,
                                           rules_);
            }();
            if (!qualifies)
                problem =
                    check_wall_removal(position_, *start, a.to(), WallRemoval::position_10, rules_);
        } else {
            problem =
                check_wall_removal(position_, *start, a.to(), WallRemoval::position_6, rules_);
        }
        if (problem) return fail(i, std::move(*problem));
        apply(a);
        if (auto end = after_end(i + 1)) return *end;
    }
    return std::move(result_);
}

// J5.7: add 1-5 water pieces forming one zone, or remove 1-5 from one zone; one of those squares
// must be next to an own army piece.
TurnResult TurnPlayer::play_water() {
    const bool adding = actions_[0].kind() == ActionKind::place;
    const ActionKind kind = actions_[0].kind();
    SquareSet touched;
    SquareSet start_zone;
    // Read before the first action is applied: the zone as at the turn's start.
    if (!adding && position_.cell(actions_[0].to()).terrain() == Terrain::water)
        start_zone = connected_terrain(position_, actions_[0].to());
    for (std::uint32_t i = 0; i < actions_.size(); ++i) {
        const Action a = actions_[i];
        if (a.kind() != kind || a.letter() != Letter::water)
            if (auto f = fault("J5.7", [&] {
                    return trf(
                        // TRANSLATORS: {} is an action in the notation, such as Ke1-e2 or xWe5
                        "a position-9 turn either adds or removes "
                        "water, and nothing else; {} does not fit",
                        format_action(a));
                }))
                return fail(i, std::move(*f));
        if (i == 5)
            if (auto f = fault("J5.7", [&] {
                    return trf(
                        // TRANSLATORS: {} is a number
                        "a position-9 turn adds or removes at most "
                        "5 water pieces, and this one has {} "
                        "actions",
                        actions_.size());
                }))
                return fail_turn(std::move(*f));
        std::optional<RuleFault> problem = adding ? check_water_placement(position_, a.to())
                                                  : check_water_removal(position_, a.to());
        if (problem) return fail(i, std::move(*problem));
        if (!adding && !start_zone.contains(a.to()))
            if (auto f = fault("J5.7", [&] {
                    return trf(
                        // TRANSLATORS: both {} are squares, such as e5
                        "the water removed in one turn lies in one "
                        "zone; {} is not in the zone of {}",
                        square_name(a.to()), square_name(actions_[0].to()));
                }))
                return fail_turn(std::move(*f));
        apply(a);
        touched.insert(a.to());
    }
    const auto last = static_cast<std::uint32_t>(actions_.size() - 1);
    if (adding) {
        SquareSet zone = connected_terrain(position_, actions_[0].to());
        Square outside = no_square;
        touched.for_each([&](Square s) {
            if (!zone.contains(s) && outside == no_square) outside = s;
        });
        if (outside != no_square)
            if (auto f = fault("J5.7", [&] {
                    return trf(
                        // TRANSLATORS: both {} are squares, such as e5
                        "the water added in one turn ends up in "
                        "one zone, but {} is not connected to {}",
                        square_name(outside), square_name(actions_[0].to()));
                }))
                return fail(last, std::move(*f));
    }
    bool anchored = false;
    touched.for_each(
        [&](Square s) { anchored = anchored || adjacent_to_own_army(position_, s, me_); });
    if (!anchored)
        if (auto f = fault("J5.7", [&] {
                if (adding)
                    return trf(
                        // TRANSLATORS: {} is a side, White or Black
                        "one of the squares where water is added must be next to one of {}'s army "
                        "pieces",
                        color_name(me_));
                return trf(
                    // TRANSLATORS: {} is a side, White or Black
                    "one of the squares where water is removed must be next to one of {}'s army "
                    "pieces",
                    color_name(me_));
            }))
            return fail(last, std::move(*f));
    return std::move(result_);
}

// A turn of one army move and nothing else, most turns of a game, as TurnPlayer plays it
// (play_with_army_move) without its bookkeeping for mixed turns: no undo record is needed, since
// a faulty move is refused before anything changes.
TurnResult play_single_army_move(Position& position, Action move, const Ruleset& rules) {
    TurnResult result;
    result.kind = position.turn_number() == 1 ? TurnKind::first : TurnKind::ordinary;
    if (auto problem = check_army_move(position, move, rules)) {
        result.fault = std::move(problem);
        return result;
    }
    const Color me = position.side_to_move();
    const std::array<Square, 2> kings = kings_of(position);
    position.move_army_piece(move, me);
    notice_lost_king(kings, position, result);
    position.end_turn(std::min(position.counter(me) + 1, 12));
    return result;
}

}  // namespace

TurnResult play_turn(Position& position, std::span<const Action> actions,
                     const TurnContext& context, const Ruleset& rules) {
    if (actions.size() == 1 && is_army_move(actions[0]))
        return play_single_army_move(position, actions[0], rules);
    TurnPlayer player(position, actions, context, rules);
    return player.play();
}

}  // namespace jv::jel
