#include "games/imbriquation/rules.hpp"

#include <bit>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "core/translate.hpp"

namespace jv::imb {

namespace {

constexpr Squares file_a = 0x0101010101010101ull;
constexpr Squares file_h = file_a << 7;

// The squares whose neighbour on one side is in `set`.
constexpr Squares with_east_neighbour_in(Squares set) {
    return (set & ~file_a) >> 1;
}
constexpr Squares with_west_neighbour_in(Squares set) {
    return (set & ~file_h) << 1;
}
constexpr Squares with_north_neighbour_in(Squares set) {
    return set >> 8;
}
constexpr Squares with_south_neighbour_in(Squares set) {
    return set << 8;
}
// The squares between two pawns of `set` on a rank or a file, next to both (I4.2 under
// sandwich = adjacent).
constexpr Squares between_two_of(Squares set) {
    return (with_east_neighbour_in(set) & with_west_neighbour_in(set)) |
           (with_north_neighbour_in(set) & with_south_neighbour_in(set));
}
constexpr Squares side_neighbours_of(Squares set) {
    return with_east_neighbour_in(set) | with_west_neighbour_in(set) |
           with_north_neighbour_in(set) | with_south_neighbour_in(set);
}

// The square `steps` steps from `s` in direction `d`, if it is on the board.
std::optional<Square> step_from(Square s, Direction d, int steps = 1) {
    const int file = file_of(s) + d.file * steps;
    const int rank = rank_of(s) + d.rank * steps;
    if (!on_board(file, rank)) return std::nullopt;
    return square_at(file, rank);
}

// The line from `from` to `to`: its direction and length when they share a rank, a file or a
// diagonal.
struct Line {
    Direction direction;
    int length = 0;
    bool diagonal = false;
};
std::optional<Line> line_between(Square from, Square to) {
    const int df = file_of(to) - file_of(from);
    const int dr = rank_of(to) - rank_of(from);
    if (df == 0 && dr == 0) return std::nullopt;
    const bool orthogonal = df == 0 || dr == 0;
    const bool diagonal = std::abs(df) == std::abs(dr);
    if (!orthogonal && !diagonal) return std::nullopt;
    const Direction d{(df > 0) - (df < 0), (dr > 0) - (dr < 0)};
    return Line{d, std::max(std::abs(df), std::abs(dr)), diagonal};
}

// The squares strictly between the two ends of a line.
Squares squares_between(Square from, const Line& line) {
    Squares out = 0;
    for (int i = 1; i < line.length; ++i) out |= bit(*step_from(from, line.direction, i));
    return out;
}

std::string squares_list(Squares set) {
    std::string out;
    for (; set != 0; set &= set - 1) {
        if (!out.empty()) out += ", ";
        out += square_name(first_square(set));
    }
    return out;
}

// The line a tile moves along, a noun phrase of the messages.
std::string_view line_words(Tile tile) {
    if (is_diagonal(tile))
        // TRANSLATORS: the line a tile moves along, inserted into "a SD tile moves a pawn along
        // {}" and "the jump ... is not along {}".
        return tr("a diagonal");
    // TRANSLATORS: the line a tile moves along, inserted into "a SO tile moves a pawn along {}"
    // and "the jump ... is not along {}".
    return tr("a rank or file");
}

// Under `sandwich = line`, the nearest pawn from `s` in direction `d` past empty squares.
std::optional<Square> nearest_pawn(const Position& position, Square s, Direction d) {
    for (std::optional<Square> at = step_from(s, d); at; at = step_from(*at, d))
        if ((position.occupied() & bit(*at)) != 0) return at;
    return std::nullopt;
}

// The two enemy pawns that forbid a placement on `s` (I4.2), if any.
std::optional<std::pair<Square, Square>> sandwich_of(const Position& position, Color mover,
                                                     Square s, const Ruleset& rules) {
    const Squares enemy = position.pawns(opponent(mover));
    for (const auto& [one, other] : {std::pair{Direction{-1, 0}, Direction{1, 0}},
                                     std::pair{Direction{0, -1}, Direction{0, 1}}}) {
        const std::optional<Square> a = rules.sandwich == Sandwich::adjacent
                                            ? step_from(s, one)
                                            : nearest_pawn(position, s, one);
        const std::optional<Square> b = rules.sandwich == Sandwich::adjacent
                                            ? step_from(s, other)
                                            : nearest_pawn(position, s, other);
        if (a && b && (enemy & bit(*a)) != 0 && (enemy & bit(*b)) != 0) return std::pair{*a, *b};
    }
    return std::nullopt;
}

bool sandwich_applies(bool opening, const Ruleset& rules) {
    return !opening || rules.sandwich_in_openings;
}

// Calls f(landing, captured) for each single jump of the pawn on `from` under a jump tile.
template <typename F>
void for_each_jump(const Position& position, Color mover, Square from, Tile tile,
                   const Ruleset& rules, F&& f) {
    const Squares own = position.pawns(mover);
    const Squares enemy = position.pawns(opponent(mover));
    for (Direction d : directions_of(tile)) {
        Squares captured = 0;
        bool last_was_enemy = false;
        for (std::optional<Square> at = step_from(from, d); at; at = step_from(*at, d)) {
            const Squares here = bit(*at);
            if ((own & here) != 0) break;
            if ((enemy & here) != 0) {
                // One enemy pawn per jump (long_jump = one, and every short jump), never two
                // neighbours (I6.7).
                if (last_was_enemy) break;
                if (captured != 0 && (!is_long_jump(tile) || rules.long_jump == LongJump::one))
                    break;
                captured |= here;
                last_was_enemy = true;
                continue;
            }
            last_was_enemy = false;
            if (captured == 0) {
                if (!is_long_jump(tile)) break;  // a short jump starts next to its enemy pawn
                continue;
            }
            f(*at, captured);
            if (!is_long_jump(tile)) break;  // a short jump lands just beyond it
        }
    }
}

void for_each_chain(const Position& position, Color mover, const Action& prefix, Square at,
                    Tile tile, const Ruleset& rules, const std::function<void(const Action&)>& f) {
    if (prefix.jumps == max_chain_jumps) return;
    for_each_jump(position, mover, at, tile, rules, [&](Square landing, Squares captured) {
        Action chain = prefix;
        chain.landings[chain.jumps++] = landing;
        f(chain);
        Position after = position;
        for (Squares c = captured; c != 0; c &= c - 1) after.remove(first_square(c));
        after.move_pawn(at, landing);
        for_each_chain(after, mover, chain, landing, tile, rules, f);
    });
}

// A legal action, for the messages that give an example.
std::optional<Action> some_action(const Position& after_placement, Square placed, Tile tile,
                                  const Ruleset& rules) {
    std::optional<Action> found;
    for_each_action(after_placement, placed, tile, rules, [&](const Action& a) {
        if (!found) found = a;
    });
    return found;
}

// I6.9: an action or a removal written under the blank tile.
std::optional<RuleFault> blank_tile_fault(Square placed, const Action& written) {
    return fault("I6.9", [&] {
        return trf(
            // TRANSLATORS: {0} is a square (e4), {1} an action as written (e4-e5, e4xc4, xe4).
            "the blank tile BL has no action: the pawn just placed on {} stays where it is, and "
            "{} may not follow it",
            square_name(placed), format_action(written));
    });
}

}  // namespace

// ---------------------------------------------------------------------------------------------

Squares placement_squares(const Position& position, Color mover, bool opening,
                          const Ruleset& rules) {
    const Squares empty = position.empty();
    if (!sandwich_applies(opening, rules)) return empty;
    if (rules.sandwich == Sandwich::adjacent) {
        return empty & ~between_two_of(position.pawns(opponent(mover)));
    }
    Squares out = 0;
    for (Squares e = empty; e != 0; e &= e - 1)
        if (!sandwich_of(position, mover, first_square(e), rules)) out |= bit(first_square(e));
    return out;
}

std::optional<RuleFault> check_placement(const Position& position, Square square,
                                         const Ruleset& rules) {
    const Color mover = position.side_to_move();
    if (const std::optional<Color> holder = position.pawn_at(square))
        return fault("I4.1", [&] {
            return trf(
                // TRANSLATORS: {0} is the player who places (Light or Dark), {1} a square (e4),
                // {2} the pawn on it with its colour ("the light pawn").
                "{} cannot place a pawn on {}: {} already stands there, and a pawn is placed only "
                "on an empty square",
                side_name(mover), square_name(square), the_pawns(*holder, false));
        });
    if (!sandwich_applies(position.in_openings(), rules)) return std::nullopt;
    if (rules.sandwich == Sandwich::adjacent) {
        // The usual case in a few operations on the enemy's set; sandwich_of finds the pair
        // for the message.
        if ((between_two_of(position.pawns(opponent(mover))) & bit(square)) == 0)
            return std::nullopt;
    }
    if (const auto pair = sandwich_of(position, mover, square, rules))
        return fault("I4.2", [&] {
            if (rules.sandwich == Sandwich::line)
                return trf(
                    // TRANSLATORS: {0}, {2} and {3} are squares (e4), {1} the pawns with their
                    // colour ("the dark pawns"); "sandwich = line" is a ruleset option and its
                    // value, kept as they are.
                    "{} lies between {} on {} and {} (sandwich = line: empty squares between): "
                    "no pawn may be placed between two enemy pawns on a rank or file",
                    square_name(square), the_pawns(opponent(mover), true), square_name(pair->first),
                    square_name(pair->second));
            return trf(
                // TRANSLATORS: {0}, {2} and {3} are squares (e4), {1} the pawns with their colour
                // ("the dark pawns").
                "{} lies between {} on {} and {}: no pawn may be placed between two enemy pawns "
                "on a rank or file",
                square_name(square), the_pawns(opponent(mover), true), square_name(pair->first),
                square_name(pair->second));
        });
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------

JumpCheck check_jump(const Position& position, Color mover, Square from, Square landing, Tile tile,
                     const Ruleset& rules) {
    JumpCheck out;
    const std::optional<Line> line = line_between(from, landing);
    if (!line || line->diagonal != is_diagonal(tile)) {
        // TRANSLATORS: the end of a sentence about one jump ("the jump from e4 to c4 under the
        // JO tile is not along a rank or file"); {} is "a diagonal" or "a rank or file".
        out.problem = trf("is not along {}", line_words(tile));
        return out;
    }
    if (!is_long_jump(tile) && line->length != 2) {
        out.problem =
            // TRANSLATORS: the end of a sentence about one jump ("the jump from e4 to e7 under the
            // JO tile goes 3 squares, ..."); {} is a number of squares.
            trf("goes {} squares, and a short jump lands two squares away, just beyond the enemy "
                "pawn next to the jumping pawn",
                line->length);
        return out;
    }
    if (const std::optional<Color> holder = position.pawn_at(landing)) {
        // TRANSLATORS: the end of a sentence about one jump ("the jump from e4 to c4 under the
        // JO tile lands on c4, where the dark pawn stands"); {0} is a square, {1} the pawn on it
        // with its colour ("the dark pawn").
        out.problem = trf("lands on {}, where {} stands, and a jump lands only on an empty square",
                          square_name(landing), the_pawns(*holder, false));
        return out;
    }
    const Squares passed = squares_between(from, *line);
    const Squares own = passed & position.pawns(mover);
    const Squares enemy = passed & position.pawns(opponent(mover));
    if (own != 0) {
        const auto passed_own = static_cast<unsigned long>(std::popcount(own));
        // TRANSLATORS: the end of a sentence about one jump ("the jump from e4 to c4 under the
        // JO tile passes over the light pawn on d4, of its own colour"); {0} is the jumping
        // player's pawns ("the light pawn" or "the light pawns"), {1} one or more squares.
        out.problem = trn("passes over {} on {}, of its own colour",
                          "passes over {} on {}, of its own colour", passed_own,
                          the_pawns(mover, passed_own > 1), squares_list(own));
        return out;
    }
    if (enemy == 0) {
        if (passed != 0)
            out.problem =
                // TRANSLATORS: the end of a sentence about one jump ("the jump from d4 to d6 under
                // the JO tile passes over d5, where no enemy pawn stands, ..."); {} is one or more
                // squares (d5, or d5, d6), all empty.
                trf("passes over {}, where no enemy pawn stands, and a jump tile moves a pawn "
                    "only by a jump that captures",
                    squares_list(passed));
        else
            out.problem =
                // TRANSLATORS: the end of a sentence about one jump to a neighbouring square
                // ("the jump from e4 to e5 under the LO tile passes over no enemy pawn, ...").
                tr("passes over no enemy pawn, and a jump tile moves a pawn only by a jump that "
                   "captures");
        return out;
    }
    for (int i = 1; i + 1 < line->length; ++i)
        if ((enemy & bit(*step_from(from, line->direction, i))) != 0 &&
            (enemy & bit(*step_from(from, line->direction, i + 1))) != 0) {
            // TRANSLATORS: the end of a sentence about one jump ("the jump from b4 to e4 under
            // the LO tile passes over the dark pawns on c4 and d4, ..."); {0} is the enemy pawns
            // with their colour ("the dark pawns"), {1} and {2} squares.
            out.problem = trf(
                "passes over {} on {} and {}, which stand side by side, and no jump passes over "
                "two neighbouring enemy pawns",
                the_pawns(opponent(mover), true), square_name(*step_from(from, line->direction, i)),
                square_name(*step_from(from, line->direction, i + 1)));
            return out;
        }
    if (std::popcount(enemy) > 1 && rules.long_jump == LongJump::one) {
        out.problem =
            // TRANSLATORS: the end of a sentence about one jump ("the jump from a4 to h4 under the
            // LO tile passes over the dark pawns on c4, f4, ..."); {0} is the enemy pawns with
            // their colour ("the dark pawns"), {1} their squares; "long_jump = one" is a ruleset
            // option and its value, kept as they are.
            trf("passes over {} on {}: a jump captures exactly one enemy pawn (long_jump = one), "
                "and a chain takes the others one jump at a time",
                the_pawns(opponent(mover), true), squares_list(enemy));
        return out;
    }
    out.captured = enemy;
    return out;
}

bool can_act(const Position& position, Color mover, Square pawn, Tile tile, const Ruleset& rules) {
    if (tile == Tile::BL) return true;
    if (is_step(tile) || is_slide(tile)) {
        const Squares around =
            is_diagonal(tile) ? diagonal_neighbours[pawn] : orthogonal_neighbours[pawn];
        return (around & position.empty()) != 0;
    }
    bool found = false;
    for_each_jump(position, mover, pawn, tile, rules, [&](Square, Squares) { found = true; });
    return found;
}

Squares allowed_actors(const Position& after_placement, Square placed) {
    if (after_placement.any_pawn_acts())
        return after_placement.pawns(after_placement.side_to_move());
    return bit(placed);
}

bool action_possible(const Position& after_placement, Square placed, Tile tile,
                     const Ruleset& rules) {
    if (tile == Tile::BL) return true;
    const Color mover = after_placement.side_to_move();
    for (Squares a = allowed_actors(after_placement, placed); a != 0; a &= a - 1)
        if (can_act(after_placement, mover, first_square(a), tile, rules)) return true;
    return false;
}

std::optional<RuleFault> check_action(const Position& after_placement, Square placed, Tile tile,
                                      const Action& action, const Ruleset& rules,
                                      std::size_t* faulty_jump) {
    const Color mover = after_placement.side_to_move();
    const std::string_view code = tile_code(tile);
    // Under the blank tile no pawn acts at all (I6.9), whichever pawn the action names.
    if (tile == Tile::BL) return blank_tile_fault(placed, action);
    // I5.1: which pawn acts.
    if (!after_placement.any_pawn_acts() && action.from != placed)
        return fault("I5.1", [&] {
            const int round = after_placement.round();
            if (const std::optional<Color> holder = after_placement.pawn_at(action.from))
                return trf(
                    // TRANSLATORS: {0} is a round number (1 to 3), {1} a square (e4), {2} a tile
                    // code (SO), {3} a pawn with its colour ("the light pawn"), {4} a square.
                    "in round {} only the pawn just placed on {} performs the {} tile's action, "
                    "not {} on {}",
                    round, square_name(placed), code, the_pawns(*holder, false),
                    square_name(action.from));
            return trf(
                // TRANSLATORS: {0} is a round number (1 to 3), {1} a square (e4), {2} a tile code
                // (SO), {3} an action as written (d4-d3), {4} the square it starts from (d4).
                "in round {} only the pawn just placed on {} performs the {} tile's action; {} "
                "starts from {}, which is empty",
                round, square_name(placed), code, format_action(action), square_name(action.from));
        });
    if ((after_placement.pawns(mover) & bit(action.from)) == 0)
        return fault("I5.1", [&] {
            const int round = after_placement.round();
            if (const std::optional<Color> holder = after_placement.pawn_at(action.from))
                return trf(
                    // TRANSLATORS: {0} is a round number (4 or 5), {1} a tile code (SO), {2} the
                    // player who acts (Light or Dark), {3} a pawn with its colour ("the dark
                    // pawn"), {4} a square (e4).
                    "in round {} the {} tile's action is performed by one of {}'s own pawns, not "
                    "by {} on {}",
                    round, code, side_name(mover), the_pawns(*holder, false),
                    square_name(action.from));
            return trf(
                // TRANSLATORS: {0} is a round number (4 or 5), {1} a tile code (SO), {2} the
                // player who acts (Light or Dark), {3} an action as written (d4-d3), {4} the
                // square it starts from (d4).
                "in round {} the {} tile's action is performed by one of {}'s own pawns; {} starts "
                "from {}, which is empty",
                round, code, side_name(mover), format_action(action), square_name(action.from));
        });
    const std::string_view rule = tile_rule(tile);
    if (is_jump(tile) && action.type == Action::Type::move)
        return fault(rule, [&] {
            return trf(
                // TRANSLATORS: {0} is a tile code (JO), {1} a square (e4), {2} an action as written
                // (e4-e5).
                "a {} tile moves a pawn only by jumping over an enemy pawn, which it captures "
                "(written {}x…); {} is a plain move",
                code, square_name(action.from), format_action(action));
        });
    if (!is_jump(tile) && action.type == Action::Type::chain)
        return fault(rule, [&] {
            if (is_step(tile))
                return trf(
                    // TRANSLATORS: {0} is a tile code (SO), {1} an action as written (e4xc4).
                    "a {} tile moves a pawn one square and never jumps or captures; {} is "
                    "a jump",
                    code, format_action(action));
            // TRANSLATORS: {0} is a tile code (RO), {1} an action as written (e4xc4).
            return trf("a {} tile slides a pawn and never jumps or captures; {} is a jump", code,
                       format_action(action));
        });
    if (action.type == Action::Type::move) {
        const std::optional<Line> line = line_between(action.from, action.to);
        if (!line || line->diagonal != is_diagonal(tile))
            return fault(rule, [&] {
                // TRANSLATORS: {0} is a tile code (SO), {1} "a diagonal" or "a rank or file",
                // {2} and {3} squares (e4).
                return trf("a {} tile moves a pawn along {}; {} to {} is not", code,
                           line_words(tile), square_name(action.from), square_name(action.to));
            });
        if (is_step(tile) && line->length != 1)
            return fault(rule, [&] {
                // TRANSLATORS: {0} is a tile code (SO), {1} and {3} squares (e4), {2} a number
                // of squares.
                return trf("a {} tile moves a pawn one square; {} is {} squares from {}", code,
                           square_name(action.to), line->length, square_name(action.from));
            });
        const Squares path = squares_between(action.from, *line) | bit(action.to);
        if (const Squares blocked = path & after_placement.occupied(); blocked != 0)
            return fault(rule, [&] {
                // The first pawn on the way: the one that stops the pawn.
                Square first = action.to;
                for (int i = 1; i <= line->length; ++i)
                    if (const Square s = *step_from(action.from, line->direction, i);
                        (blocked & bit(s)) != 0) {
                        first = s;
                        break;
                    }
                const char* pawn = the_pawns(*after_placement.pawn_at(first), false);
                if (first == action.to) {
                    if (is_step(tile))
                        // TRANSLATORS: {0} and {1} are squares (e4), {2} a pawn with its colour
                        // ("the dark pawn").
                        return trf("the step from {} to {} is blocked: {} already stands on {}",
                                   square_name(action.from), square_name(action.to), pawn,
                                   square_name(first));
                    // TRANSLATORS: {0} and {1} are squares (e4), {2} a pawn with its colour
                    // ("the dark pawn").
                    return trf("the slide from {} to {} is blocked: {} already stands on {}",
                               square_name(action.from), square_name(action.to), pawn,
                               square_name(first));
                }
                // TRANSLATORS: {0} and {1} are squares (a4, e4), {2} a pawn with its colour ("the
                // dark pawn"), {3} the square between them where it stands (c4).
                return trf("the slide from {} to {} is blocked: {} on {} stands in the way",
                           square_name(action.from), square_name(action.to), pawn,
                           square_name(first));
            });
        return std::nullopt;
    }
    // A chain: each jump judged on the board the jumps before it left (I6.10).
    Position board = after_placement;
    Square at = action.from;
    for (std::size_t i = 0; i < action.jumps; ++i) {
        const JumpCheck jump = check_jump(board, mover, at, action.landings[i], tile, rules);
        if (!jump.problem.empty() && faulty_jump != nullptr) *faulty_jump = i;
        if (!jump.problem.empty())
            return fault(rule, [&] {
                // TRANSLATORS: the subject of "{} from {} to {} under the {} tile {}", for a
                // chain of one jump.
                std::string which = tr("the jump");
                if (action.jumps > 1)
                    // TRANSLATORS: {} is the number of a jump in a chain of several (1, 2, ...).
                    which = trf("jump {} of the chain", i + 1);
                // TRANSLATORS: {0} is "the jump" or "jump 2 of the chain", {1} and {2} squares
                // (e4), {3} a tile code (JO), {4} what is wrong with the jump, the end of the
                // sentence ("passes over no enemy pawn, ...").
                return trf("{} from {} to {} under the {} tile {}", which, square_name(at),
                           square_name(action.landings[i]), code, jump.problem);
            });
        for (Squares c = jump.captured; c != 0; c &= c - 1) board.remove(first_square(c));
        board.move_pawn(at, action.landings[i]);
        at = action.landings[i];
    }
    return std::nullopt;
}

std::optional<RuleFault> check_removal(const Position& after_placement, Square placed, Tile tile,
                                       const Action& removal, const Ruleset& rules) {
    if (tile == Tile::BL) return blank_tile_fault(placed, removal);
    if (action_possible(after_placement, placed, tile, rules))
        return fault("I5.2", [&] {
            if (const std::optional<Action> a = some_action(after_placement, placed, tile, rules))
                return trf(
                    // TRANSLATORS: {0} is a tile code (SO), {1} an action as written (e4-e5).
                    "the {} tile's action is possible (for example {}), so it must be made; a "
                    "removal is written only when no allowed pawn can act",
                    tile_code(tile), format_action(*a));
            return trf(
                // TRANSLATORS: {} is a tile code (SO).
                "the {} tile's action is possible, so it must be made; a removal is written "
                "only when no allowed pawn can act",
                tile_code(tile));
        });
    if (removal.from != placed)
        return fault("I5.3", [&] {
            return trf(
                // TRANSLATORS: {0} is a tile code (SO), {1}, {2} and {3} squares (e4), {1} and
                // {2} the same one; x{} is a removal as written.
                "no allowed pawn can perform the {} tile's action, so the pawn just placed on {} "
                "leaves the board: write x{}, not x{}",
                tile_code(tile), square_name(placed), square_name(placed),
                square_name(removal.from));
        });
    return std::nullopt;
}

std::optional<RuleFault> missing_action_fault(const Position& after_placement, Square placed,
                                              Tile tile, const Ruleset& rules) {
    if (tile == Tile::BL) return std::nullopt;
    if (action_possible(after_placement, placed, tile, rules))
        return fault("I5.2", [&] {
            if (const std::optional<Action> a = some_action(after_placement, placed, tile, rules))
                return trf(
                    // TRANSLATORS: {0} is a tile code (SO), {1} an action as written (e4-e5).
                    "the {} tile's action is possible (for example {}) and compulsory, and none "
                    "is written",
                    tile_code(tile), format_action(*a));
            // TRANSLATORS: {} is a tile code (SO).
            return trf("the {} tile's action is possible and compulsory, and none is written",
                       tile_code(tile));
        });
    return fault("I5.3", [&] {
        return trf(
            // TRANSLATORS: {0} is a tile code (SO), {1} and {2} the same square (e4); x{} is a
            // removal as written.
            "no allowed pawn can perform the {} tile's action, so the pawn just placed on {} "
            "leaves the board: write x{}",
            tile_code(tile), square_name(placed), square_name(placed));
    });
}

void apply_action(Position& position, const Action& action, const Ruleset&) {
    switch (action.type) {
        case Action::Type::move:
            position.move_pawn(action.from, action.to);
            return;
        case Action::Type::removal:
            position.remove(action.from);
            return;
        case Action::Type::chain: {
            const Color mover = *position.pawn_at(action.from);
            Square at = action.from;
            for (std::size_t i = 0; i < action.jumps; ++i) {
                const Square landing = action.landings[i];
                const Squares passed = squares_between(at, *line_between(at, landing));
                for (Squares c = passed & position.pawns(opponent(mover)); c != 0; c &= c - 1)
                    position.remove(first_square(c));
                position.move_pawn(at, landing);
                at = landing;
            }
            return;
        }
        case Action::Type::place:
        case Action::Type::tile:
            return;
    }
}

void for_each_action(const Position& after_placement, Square placed, Tile tile,
                     const Ruleset& rules, const std::function<void(const Action&)>& f) {
    if (tile == Tile::BL) return;
    const Color mover = after_placement.side_to_move();
    const Squares empty = after_placement.empty();
    for (Squares a = allowed_actors(after_placement, placed); a != 0; a &= a - 1) {
        const Square from = first_square(a);
        if (is_jump(tile)) {
            Action chain;
            chain.type = Action::Type::chain;
            chain.from = from;
            for_each_chain(after_placement, mover, chain, from, tile, rules, f);
            continue;
        }
        for (Direction d : directions_of(tile))
            for (std::optional<Square> at = step_from(from, d); at && (empty & bit(*at)) != 0;
                 at = step_from(*at, d)) {
                Action move;
                move.type = Action::Type::move;
                move.from = from;
                move.to = *at;
                f(move);
                if (is_step(tile)) break;
            }
    }
}

// ---------------------------------------------------------------------------------------------

std::array<Squares, 2> territories(const Position& position) {
    std::array<Squares, 2> out{};
    Squares left = position.empty();
    while (left != 0) {
        // One region (I7.1): grown from its lowest square through side neighbours.
        Squares region = bit(first_square(left));
        for (;;) {
            const Squares grown = (region | side_neighbours_of(region)) & position.empty();
            if (grown == region) break;
            region = grown;
        }
        left &= ~region;
        if ((region & edge_squares) != 0) continue;  // I7.2 (a)
        const Squares border = side_neighbours_of(region) & position.occupied();
        for (Color c : {Color::light, Color::dark})
            if (border != 0 && (border & position.pawns(opponent(c))) == 0)  // I7.2 (b)
                out[slot(c)] |= region;
    }
    return out;
}

Score score_of(const Position& position) {
    Score out;
    const std::array<Squares, 2> owned = territories(position);
    for (Color c : {Color::light, Color::dark}) {
        out.territory[slot(c)] = std::popcount(owned[slot(c)]);
        out.pawns[slot(c)] = std::popcount(position.pawns(c));
    }
    return out;
}

ResultKind scored_result(const Score& score) {
    const auto light = slot(Color::light);
    const auto dark = slot(Color::dark);
    if (score.territory[light] != score.territory[dark])
        return score.territory[light] > score.territory[dark] ? ResultKind::white_wins
                                                              : ResultKind::black_wins;
    if (score.pawns[light] != score.pawns[dark])
        return score.pawns[light] > score.pawns[dark] ? ResultKind::white_wins
                                                      : ResultKind::black_wins;
    return ResultKind::draw;
}

std::string score_words(const Score& score, bool scored) {
    const std::array<int, 2>& territory = score.territory;
    const std::array<int, 2>& pawns = score.pawns;
    if (!scored)
        return trf(
            // TRANSLATORS: the score of a game that did not end by the rules (unfinished, or a
            // result declared), so without a winner: each player's (Light, Dark) territory in
            // squares and pawns on the board.
            "so far Light territory {}, pawns {}; Dark territory {}, pawns {}", territory[0],
            pawns[0], territory[1], pawns[1]);
    const ResultKind result = scored_result(score);
    if (result == ResultKind::draw)
        // TRANSLATORS: the score of a drawn game (I7.5): the territories, then the pawns, each
        // pair Light's then Dark's (equal). Keep the dash between the numbers.
        return trf("draw: territory {}–{}, pawns {}–{}", territory[0], territory[1], pawns[0],
                   pawns[1]);
    const Color winner = result == ResultKind::white_wins ? Color::light : Color::dark;
    const std::size_t w = slot(winner);
    const std::size_t l = slot(opponent(winner));
    if (territory[w] != territory[l])
        // TRANSLATORS: the score of a game won on territory (I7.5): {0} is the winner (Light or
        // Dark), {1}–{2} the winner's territory in squares, then the loser's.
        return trf("{} wins on territory {}–{}", side_name(winner), territory[w], territory[l]);
    // TRANSLATORS: the score of a game won on pawns, the territories being equal (I7.5): {0} is
    // the winner (Light or Dark), {1}–{2} the winner's pawns on the board, then the loser's,
    // {3}–{4} the territories.
    return trf("{} wins on pawns {}–{}, territory {}–{}", side_name(winner), pawns[w], pawns[l],
               territory[w], territory[l]);
}

bool can_place_at_turn(const Position& position, Color player, std::uint32_t ply,
                       const Ruleset& rules) {
    return placement_squares(position, player, position.opening_turn_at(ply), rules) != 0;
}

}  // namespace jv::imb
