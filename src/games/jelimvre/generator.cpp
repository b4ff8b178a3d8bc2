#include "games/jelimvre/generator.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/random.hpp"
#include "core/record_writer.hpp"
#include "games/jelimvre/geometry.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel {

namespace {

// ---------------------------------------------------------------------------------------------
// Randomness: jv::Random (core/random.hpp), seeded from the seed and the round.

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

constexpr int direction_file[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int direction_rank[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int knight_file[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int knight_rank[8] = {2, 1, -1, -2, -2, -1, 1, 2};
constexpr std::array<PieceKind, 4> promotion_kinds = {PieceKind::queen, PieceKind::tower,
                                                      PieceKind::guard, PieceKind::knight};

int value_of(PieceKind k) {
    switch (k) {
        case PieceKind::queen:
            return 9;
        case PieceKind::dragon:
            return 8;
        case PieceKind::tower:
            return 5;
        case PieceKind::guard:
            return 4;
        case PieceKind::knight:
            return 3;
        case PieceKind::soldier:
            return 1;
        default:
            return 0;
    }
}

using Turn = std::vector<Action>;

Action place(Letter letter, Square s) {
    return Action::make(ActionKind::place, letter, no_square, s);
}

// The turn if play_turn accepts it, with the position after it and its result.
struct Played {
    Position after;
    TurnResult result;
};

class GameGenerator {
  public:
    GameGenerator(std::uint64_t seed, std::uint32_t round, const GeneratorOptions& options)
        : random_(splitmix64(seed ^ splitmix64(round))), options_(options), round_(round) {}

    GeneratedGame run();

  private:
    std::optional<Played> try_turn(const Turn& turn) const {
        Played played{position_, {}};
        played.result = play_turn(played.after, turn, context_, options_.rules);
        if (played.result.fault) return std::nullopt;
        return played;
    }

    void setup(Color side);
    Turn choose_turn();
    std::optional<Turn> king_capture();
    std::optional<Turn> timeout_turn();
    std::optional<Turn> first_turn();
    std::optional<Turn> ordinary_turn();
    std::optional<Turn> strategy_turn();
    std::optional<Turn> fallback_turn();
    std::optional<Turn> escape_turn();
    std::optional<Turn> encircling_turn();

    std::vector<Action> army_moves(const Position& position) const;
    std::vector<Action> crossings(const Position& position) const;
    Action choose_army_move(const std::vector<Action>& moves);
    std::optional<Action> bonus_placement(const Position& after_move);
    std::vector<Square> empty_squares(const Position& position) const;
    Letter terrain_letter(const Position& position);

    std::optional<Turn> regenerate(int counter);
    std::optional<Turn> place_walls();
    std::optional<Turn> move_walls();
    std::optional<Turn> remove_walls(WallRemoval kind);
    std::optional<Turn> add_water();
    std::optional<Turn> remove_water();
    std::optional<Turn> move_regenerator();

    void record(const Turn& turn, const TurnResult& result);

    Random random_;
    const GeneratorOptions& options_;
    std::uint32_t round_;
    Position position_ = Position::before_setup();
    TurnContext context_;
    double escape_share_ = 0.9;        // how often an attacked king is saved (drawn per game)
    std::array<int, 2> target_{4, 4};  // the counter at which each side plays its next strategy
    GeneratedStats stats_;
    std::deque<std::string> texts_;  // stable storage for the outline's views
    GameOutline outline_;
};

int choose_target(Random& random) {
    static const std::vector<int> targets = {4, 6, 8, 9, 10, 12};
    static const std::vector<int> weights = {3, 4, 2, 3, 2, 2};
    return targets[random.weighted(weights)];
}

void GameGenerator::setup(Color side) {
    std::vector<Square> home;
    const int first_rank = side == Color::white ? 0 : board_size - 2;
    for (int rank = first_rank; rank < first_rank + 2; ++rank)
        for (int file = 0; file < board_size; ++file) home.push_back(make_square(file, rank));
    random_.shuffle(home);
    std::vector<Letter> pieces;
    for (PieceKind k : army_kinds)
        for (int i = 0; i < army_count[slot(k)]; ++i) pieces.push_back(to_letter(k));
    pieces.push_back(Letter::regenerator);
    Turn turn;
    for (std::size_t i = 0; i < pieces.size(); ++i) turn.push_back(place(pieces[i], home[i]));
    std::sort(turn.begin(), turn.end(), [](Action a, Action b) { return a.to() < b.to(); });
    for (Action a : turn) {
        Undo undo;
        position_.apply(a, side, undo);
    }
    position_.end_turn(1);
    TurnResult result;
    result.kind = TurnKind::first;  // not counted: only the movetext is written
    record(turn, result);
}

void GameGenerator::record(const Turn& turn, const TurnResult& result) {
    GameOutline::Turn out;
    // The position has already passed the turn: the mover is the side not to move now.
    const bool second = position_.side_to_move() == Color::white;
    const std::uint32_t number = second ? position_.turn_number() - 1 : position_.turn_number();
    out.number = GameOutline::Number{number, second};
    for (Action a : turn) {
        texts_.push_back(format_action(a));
        out.actions.push_back(GameOutline::Action{texts_.back(), {}, {}, GameOutline::no_origin});
    }
    outline_.turns.push_back(std::move(out));
    stats_.actions += static_cast<std::uint32_t>(turn.size());
    if (number == 0) return;
    ++stats_.turns;
    ++stats_.kinds[static_cast<std::size_t>(result.kind)];
    for (Action a : turn) {
        if (a.promotion() != Letter::none) ++stats_.promotions;
        if (a.kind() == ActionKind::cross) ++stats_.crossings;
        if (result.kind == TurnKind::ordinary && a.kind() == ActionKind::place)
            ++stats_.bonus_placements;
    }
}

std::vector<Square> GameGenerator::empty_squares(const Position& position) const {
    std::vector<Square> out;
    for (Square s = 0; s < square_count; ++s)
        if (position.cell(s).empty()) out.push_back(s);
    return out;
}

Letter GameGenerator::terrain_letter(const Position& position) {
    const bool wall = position.wall_supply(position.side_to_move()) > 0;
    const bool water = position.water_supply() > 0;
    if (wall && water) return random_.chance(0.5) ? Letter::wall : Letter::water;
    return wall ? Letter::wall : Letter::water;
}

// Every legal army move of the side to move: the squares each piece could reach by its shape,
// each checked by check_army_move (promotions added for a soldier reaching its last rank).
std::vector<Action> GameGenerator::army_moves(const Position& position) const {
    std::vector<Action> out;
    const Color me = position.side_to_move();
    for (Square from = 0; from < square_count; ++from) {
        const Piece p = position.piece_on(from);
        if (p == 0 || color_of(p) != me) continue;
        const PieceKind kind = kind_of(p);
        const Letter letter = to_letter(kind);
        SquareSet targets;
        auto add = [&](int df, int dr) {
            const int f = file_of(from) + df;
            const int r = rank_of(from) + dr;
            if (on_board(f, r)) targets.insert(make_square(f, r));
        };
        auto lines = [&](bool through) {
            for (int d = 0; d < 8; ++d) {
                int f = file_of(from) + direction_file[d];
                int r = rank_of(from) + direction_rank[d];
                while (on_board(f, r)) {
                    const Square s = make_square(f, r);
                    targets.insert(s);
                    if (!through && !position.cell(s).empty()) break;
                    f += direction_file[d];
                    r += direction_rank[d];
                }
            }
        };
        switch (kind) {
            case PieceKind::king:
                for (int d = 0; d < 8; ++d) add(direction_file[d], direction_rank[d]);
                break;
            case PieceKind::knight:
                for (int i = 0; i < 8; ++i) add(knight_file[i], knight_rank[i]);
                break;
            case PieceKind::soldier:
                for (int d = 0; d < 8; ++d) add(direction_file[d], direction_rank[d]);
                for (int df = -1; df <= 1; ++df) add(df, 2 * forward(me));
                if (position.cell(from).terrain() == wall_of(me)) lines(true);
                break;
            case PieceKind::dragon:
                lines(true);
                break;
            default:
                lines(false);
                break;
        }
        targets.for_each([&](Square to) {
            const Action plain = Action::make(ActionKind::move, letter, from, to);
            const Action a =
                Action::make(ActionKind::move, letter, from, to, move_captures(position, plain));
            if (check_army_move(position, a, options_.rules)) return;
            out.push_back(a);
            if (kind == PieceKind::soldier && rank_of(to) == last_rank(me))
                for (PieceKind k : promotion_kinds) {
                    const Action promoted = Action::make(ActionKind::move, letter, from, to,
                                                         a.capture_mark(), to_letter(k));
                    if (!check_army_move(position, promoted, options_.rules))
                        out.push_back(promoted);
                }
        });
    }
    return out;
}

// Every legal single crossing of the side to move (J11.3).
std::vector<Action> GameGenerator::crossings(const Position& position) const {
    std::vector<Action> out;
    const Color me = position.side_to_move();
    for (Square from = 0; from < square_count; ++from) {
        const Piece p = position.piece_on(from);
        if (p == 0 || color_of(p) != me) continue;
        SquareSet zones;
        for (Square n : neighbours(from))
            if (position.cell(n).terrain() == Terrain::water && !zones.contains(n))
                zones |= connected_terrain(position, n);
        if (zones.empty()) continue;
        const Letter letter = to_letter(kind_of(p));
        adjacent_to(zones).for_each([&](Square to) {
            if (!position.cell(to).empty()) return;
            const Action a = Action::make(ActionKind::cross, letter, from, to);
            if (check_crossing(position, a, options_.rules)) return;
            out.push_back(a);
            if (kind_of(p) == PieceKind::soldier && rank_of(to) == last_rank(me))
                for (PieceKind k : promotion_kinds) {
                    const Action promoted =
                        Action::make(ActionKind::cross, letter, from, to, false, to_letter(k));
                    if (!check_crossing(position, promoted, options_.rules))
                        out.push_back(promoted);
                }
        });
    }
    return out;
}

// Biased towards captures, promotions, attacks on the enemy king and escapes of the own king.
Action GameGenerator::choose_army_move(const std::vector<Action>& moves) {
    if (random_.chance(0.1)) return random_.pick(moves);
    const Color me = position_.side_to_move();
    const bool in_danger = king_attacked(position_, me);
    int best_score = -1000;
    std::vector<Action> best;
    for (Action a : moves) {
        int score = random_.between(0, 3);
        const Piece victim = position_.piece_on(a.to());
        if (a.capture_mark()) {
            score += victim != 0 && color_of(victim) != me ? 2 + value_of(kind_of(victim)) : 6;
        }
        if (a.promotion() != Letter::none) score += 12;
        if (a.letter() == Letter::soldier)
            score += (rank_of(a.to()) - rank_of(a.from())) * forward(me);
        Position after = position_;
        Undo undo;
        after.apply(a, me, undo);
        if (king_attacked(after, opponent(me))) score += 7;
        // Mostly keep the own king safe, so that games last and end by a real attack.
        if (king_attacked(after, me))
            score -= 20;
        else if (in_danger)
            score += 8;
        if (score > best_score) {
            best_score = score;
            best.clear();
        }
        if (score == best_score) best.push_back(a);
    }
    return random_.pick(best);
}

// A wall or water piece on an empty square next to an own army piece.
std::optional<Action> GameGenerator::bonus_placement(const Position& after_move) {
    const Color me = position_.side_to_move();
    std::vector<Square> squares;
    for (Square s = 0; s < square_count; ++s)
        if (after_move.cell(s).empty() && adjacent_to_own_army(after_move, s, me))
            squares.push_back(s);
    if (squares.empty()) return std::nullopt;
    if (after_move.wall_supply(me) == 0 && after_move.water_supply() == 0) return std::nullopt;
    // Two draws in a row, in this order: as arguments of one call their order would be the
    // compiler's (GCC and clang differ), and the same seed would give other games.
    const Square at = random_.pick(squares);
    const Letter letter = terrain_letter(after_move);
    return place(letter, at);
}

std::optional<Turn> GameGenerator::king_capture() {
    const Color me = position_.side_to_move();
    const Square king = position_.king_square(opponent(me));
    if (king == no_square) return std::nullopt;
    for (Square from = 0; from < square_count; ++from) {
        const Piece p = position_.piece_on(from);
        if (p == 0 || color_of(p) != me) continue;
        const Action a = Action::make(ActionKind::move, to_letter(kind_of(p)), from, king, true);
        if (check_army_move(position_, a, options_.rules)) continue;
        if (try_turn({a})) return Turn{a};
    }
    return std::nullopt;
}

std::optional<Turn> GameGenerator::timeout_turn() {
    const Action timeout = Action::make(ActionKind::timeout, Letter::none, no_square, no_square);
    if (random_.chance(0.5)) return Turn{timeout};
    const Color me = position_.side_to_move();
    std::vector<Square> own;
    for (Square s = 0; s < square_count; ++s) {
        const Piece p = position_.piece_on(s);
        if (p != 0 && color_of(p) == me && kind_of(p) != PieceKind::king) own.push_back(s);
    }
    if (own.empty()) return Turn{timeout};
    const Square s = random_.pick(own);
    return Turn{timeout, Action::make(ActionKind::remove, to_letter(kind_of(position_.piece_on(s))),
                                      no_square, s)};
}

// J4.2: up to six walls and water anywhere, and maybe one army move among them.
std::optional<Turn> GameGenerator::first_turn() {
    const int count = random_.chance(0.85) ? random_.between(1, 6) : 0;
    const bool with_move = count == 0 || random_.chance(0.6);
    Position now = position_;
    Turn turn;
    const int move_at = with_move ? random_.between(0, count) : -1;
    for (int i = 0; i <= count; ++i) {
        if (i == move_at) {
            std::vector<Action> moves = army_moves(now);
            if (!moves.empty()) {
                const Action m = random_.pick(moves);
                Undo undo;
                now.apply(m, now.side_to_move(), undo);
                turn.push_back(m);
            }
        }
        if (i == count) break;
        std::vector<Square> empties = empty_squares(now);
        if (empties.empty()) break;
        const Square at = random_.pick(empties);  // drawn first, as above
        const Action a = place(terrain_letter(now), at);
        Undo undo;
        now.apply(a, now.side_to_move(), undo);
        turn.push_back(a);
    }
    if (turn.empty()) return std::nullopt;
    return turn;
}

// J4.1 and J5.3: one army move or a set of crossings, with a bonus placement at counter 2-3.
std::optional<Turn> GameGenerator::ordinary_turn() {
    const Color me = position_.side_to_move();
    const int c = position_.counter(me);
    Turn turn;
    std::vector<Action> crossing_list =
        random_.chance(0.3) ? crossings(position_) : std::vector<Action>{};
    Position now = position_;
    if (!crossing_list.empty()) {
        // Prefer a promotion when one is there.
        std::vector<Action> promotions;
        for (Action a : crossing_list)
            if (a.promotion() != Letter::none) promotions.push_back(a);
        const Action first =
            promotions.empty() ? random_.pick(crossing_list) : random_.pick(promotions);
        turn.push_back(first);
        Undo undo;
        now.apply(first, me, undo);
        if (random_.chance(0.3)) {
            std::vector<Action> more;
            for (Action a : crossings(now))
                if (a.from() != first.to()) more.push_back(a);
            if (!more.empty()) {
                const Action second = random_.pick(more);
                turn.push_back(second);
                Undo undo2;
                now.apply(second, me, undo2);
            }
        }
    } else {
        std::vector<Action> moves = army_moves(position_);
        if (moves.empty()) return std::nullopt;
        const Action m = choose_army_move(moves);
        turn.push_back(m);
        Undo undo;
        now.apply(m, me, undo);
    }
    if ((c == 2 || c == 3) && random_.chance(0.75)) {
        const bool before = random_.chance(0.25);
        if (auto p = bonus_placement(before ? position_ : now)) {
            Turn with = turn;
            if (before)
                with.insert(with.begin(), *p);
            else
                with.push_back(*p);
            if (try_turn(with)) return with;
        }
    }
    return turn;
}

std::optional<Turn> GameGenerator::regenerate(int counter) {
    const Color me = position_.side_to_move();
    const Square at = position_.regenerator_square(me);
    if (at == no_square || position_.piece_on(at) != 0) return std::nullopt;
    std::vector<PieceKind> kinds;
    for (PieceKind k : army_kinds) {
        if (k == PieceKind::king || position_.lost(me, k) == 0) continue;
        const int needed = k == PieceKind::dragon                           ? 12
                           : k == PieceKind::tower || k == PieceKind::queen ? 8
                                                                            : 4;
        if (counter >= needed) kinds.push_back(k);
    }
    if (kinds.empty()) return std::nullopt;
    return Turn{place(to_letter(random_.pick(kinds)), at)};
}

std::optional<Turn> GameGenerator::place_walls() {
    const Color me = position_.side_to_move();
    const int most = std::min(3, position_.wall_supply(me));
    if (most == 0) return std::nullopt;
    std::vector<Square> empties = empty_squares(position_);
    random_.shuffle(empties);
    const auto count = static_cast<std::size_t>(random_.between(1, most));
    if (empties.size() < count) return std::nullopt;
    Turn turn;
    for (std::size_t i = 0; i < count; ++i) turn.push_back(place(Letter::wall, empties[i]));
    return turn;
}

std::optional<Turn> GameGenerator::move_walls() {
    const Color me = position_.side_to_move();
    Position now = position_;
    Turn turn;
    SquareSet moved;
    const int count = random_.between(1, 3);
    for (int i = 0; i < count; ++i) {
        std::vector<Action> options;
        for (Square s = 0; s < square_count; ++s) {
            if (now.cell(s).terrain() != wall_of(me) || now.piece_on(s) != 0 || moved.contains(s))
                continue;
            for (Square n : neighbours(s))
                if (now.cell(n).empty())
                    options.push_back(Action::make(ActionKind::move, Letter::wall, s, n));
        }
        if (options.empty()) break;
        const Action a = random_.pick(options);
        Undo undo;
        now.apply(a, me, undo);
        moved.insert(a.to());
        turn.push_back(a);
    }
    if (turn.empty()) return std::nullopt;
    return turn;
}

std::optional<Turn> GameGenerator::remove_walls(WallRemoval kind) {
    std::vector<Square> walls;
    for (Square s = 0; s < square_count; ++s)
        if (is_wall(position_.cell(s).terrain()) &&
            !check_wall_removal(position_, position_, s, kind, options_.rules))
            walls.push_back(s);
    if (walls.empty()) return std::nullopt;
    random_.shuffle(walls);
    const std::size_t count = kind == WallRemoval::position_10
                                  ? 1
                                  : std::min<std::size_t>(walls.size(), random_.below(3) + 1);
    Turn turn;
    for (std::size_t i = 0; i < count; ++i)
        turn.push_back(Action::make(ActionKind::remove, Letter::wall, no_square, walls[i]));
    if (turn.size() > 1 && !try_turn(turn)) turn.resize(1);
    return turn;
}

// J5.7: 1-5 new water squares forming one group, one of them next to an own army piece.
std::optional<Turn> GameGenerator::add_water() {
    const Color me = position_.side_to_move();
    const int most = std::min(5, position_.water_supply());
    if (most == 0) return std::nullopt;
    std::vector<Square> starts;
    for (Square s = 0; s < square_count; ++s)
        if (position_.cell(s).empty() && adjacent_to_own_army(position_, s, me))
            starts.push_back(s);
    if (starts.empty()) return std::nullopt;
    SquareSet group;
    Turn turn;
    Square s = random_.pick(starts);
    const int count = random_.between(1, most);
    for (int i = 0; i < count; ++i) {
        group.insert(s);
        turn.push_back(place(Letter::water, s));
        std::vector<Square> next;
        adjacent_to(group).for_each([&](Square n) {
            if (!group.contains(n) && position_.cell(n).empty()) next.push_back(n);
        });
        if (next.empty()) break;
        s = random_.pick(next);
    }
    return turn;
}

// J5.7: 1-5 water squares of one zone, one of them next to an own army piece.
std::optional<Turn> GameGenerator::remove_water() {
    const Color me = position_.side_to_move();
    std::vector<Square> anchored;
    for (Square s = 0; s < square_count; ++s)
        if (position_.cell(s).terrain() == Terrain::water && adjacent_to_own_army(position_, s, me))
            anchored.push_back(s);
    if (anchored.empty()) return std::nullopt;
    const Square first = random_.pick(anchored);
    std::vector<Square> zone;
    connected_terrain(position_, first).for_each([&](Square s) {
        if (s != first) zone.push_back(s);
    });
    random_.shuffle(zone);
    const std::size_t more = std::min<std::size_t>(zone.size(), random_.below(5));
    Turn turn{Action::make(ActionKind::remove, Letter::water, no_square, first)};
    for (std::size_t i = 0; i < more; ++i)
        turn.push_back(Action::make(ActionKind::remove, Letter::water, no_square, zone[i]));
    return turn;
}

// J5.9: the regenerator to an empty square, maybe with a regeneration onto it.
std::optional<Turn> GameGenerator::move_regenerator() {
    const Color me = position_.side_to_move();
    const Square at = position_.regenerator_square(me);
    if (at == no_square || position_.piece_on(at) != 0) return std::nullopt;
    std::vector<Square> empties = empty_squares(position_);
    if (empties.empty()) return std::nullopt;
    const Square to = random_.pick(empties);
    Turn turn{Action::make(ActionKind::move, Letter::regenerator, at, to)};
    std::vector<PieceKind> kinds;
    for (PieceKind k : army_kinds)
        if (k != PieceKind::king && position_.lost(me, k) > 0) kinds.push_back(k);
    if (!kinds.empty() && random_.chance(0.6))
        turn.push_back(place(to_letter(random_.pick(kinds)), to));
    return turn;
}

// A strategy turn open at the side's counter, the kind of its target position preferred.
std::optional<Turn> GameGenerator::strategy_turn() {
    const Color me = position_.side_to_move();
    const int c = position_.counter(me);
    const int target = target_[slot(me)];
    enum Kind {
        regen,
        walls_place,
        walls_move,
        walls_remove,
        water_add,
        water_remove,
        single_removal,
        regenerator_move,
        kind_count
    };
    const std::array<int, kind_count> position_of = {4, 6, 6, 6, 9, 9, 10, 12};
    std::vector<int> weights(kind_count, 0);
    for (int k = 0; k < kind_count; ++k) {
        if (c < position_of[static_cast<std::size_t>(k)]) continue;
        weights[static_cast<std::size_t>(k)] =
            position_of[static_cast<std::size_t>(k)] == target ? 12 : 1;
    }
    if (target == 8) weights[regen] = 12;
    for (int attempt = 0; attempt < 8; ++attempt) {
        int total = 0;
        for (int w : weights) total += w;
        if (total == 0) return std::nullopt;
        const auto k = random_.weighted(weights);
        std::optional<Turn> turn;
        switch (static_cast<Kind>(k)) {
            case regen:
                turn = regenerate(c);
                break;
            case walls_place:
                turn = place_walls();
                break;
            case walls_move:
                turn = move_walls();
                break;
            case walls_remove:
                turn = remove_walls(WallRemoval::position_6);
                break;
            case water_add:
                turn = add_water();
                break;
            case water_remove:
                turn = remove_water();
                break;
            case single_removal:
                turn = remove_walls(WallRemoval::position_10);
                break;
            case regenerator_move:
                turn = random_.chance(0.3) ? regenerate(c) : move_regenerator();
                break;
            case kind_count:
                break;
        }
        if (turn && try_turn(*turn)) return turn;
        weights[k] = 0;
    }
    return std::nullopt;
}

// An army move attacking the enemy king so that no legal turn ends the attack: the game ends
// by encirclement at the start of the enemy's turn (J12.2).
std::optional<Turn> GameGenerator::encircling_turn() {
    const Color me = position_.side_to_move();
    std::vector<Action> moves = army_moves(position_);
    random_.shuffle(moves);
    for (Action a : moves) {
        Position after = position_;
        Undo undo;
        after.apply(a, me, undo);
        if (!king_attacked(after, opponent(me))) continue;
        std::optional<Played> played = try_turn({a});
        if (played && !played->result.game_over &&
            end_at_turn_start(played->after, context_, options_.rules) ==
                TurnStartEnd::encirclement)
            return Turn{a};
    }
    return std::nullopt;
}

// An army move after which the own king is no longer attacked.
std::optional<Turn> GameGenerator::escape_turn() {
    const Color me = position_.side_to_move();
    std::vector<Action> escapes;
    for (Action a : army_moves(position_)) {
        Position after = position_;
        Undo undo;
        after.apply(a, me, undo);
        if (!king_attacked(after, me)) escapes.push_back(a);
    }
    if (escapes.empty()) return std::nullopt;
    Turn turn{choose_army_move(escapes)};
    if (!try_turn(turn)) return std::nullopt;
    return turn;
}

// Any legal turn: one of the first few the full enumeration offers.
std::optional<Turn> GameGenerator::fallback_turn() {
    std::vector<Turn> found;
    auto visit = [&](std::span<const Action> turn, const Position&) {
        found.emplace_back(turn.begin(), turn.end());
        return found.size() < 64;
    };
    for_each_legal_turn(position_, context_, options_.rules, visit);
    if (found.empty()) return std::nullopt;
    return random_.pick(found);
}

Turn GameGenerator::choose_turn() {
    const Color me = position_.side_to_move();
    const bool first = position_.turn_number() == 1;
    if (auto turn = king_capture(); turn && random_.chance(0.95)) return *turn;
    if (random_.chance(0.95)) {
        if (auto turn = encircling_turn()) return *turn;
    }
    if (king_attacked(position_, me) && random_.chance(escape_share_)) {
        if (auto turn = escape_turn()) return *turn;
    }
    if (context_.timer && random_.chance(0.03)) {
        if (auto turn = timeout_turn(); turn && try_turn(*turn)) return *turn;
    }
    for (int attempt = 0; attempt < 6; ++attempt) {
        std::optional<Turn> turn;
        if (first)
            turn = first_turn();
        else if (position_.counter(me) >= target_[slot(me)] && random_.chance(0.9))
            turn = strategy_turn();
        if (!turn) turn = ordinary_turn();
        if (!turn) continue;
        std::optional<Played> played = try_turn(*turn);
        if (!played) continue;
        // A turn that leaves the own king attacked is mostly drawn again.
        if (!played->result.game_over && king_attacked(played->after, me) && attempt < 5 &&
            random_.chance(escape_share_))
            continue;
        return *turn;
    }
    if (auto turn = fallback_turn()) return *turn;
    return {};  // not reached: the game ended when the side had no legal turn
}

GeneratedGame GameGenerator::run() {
    GeneratedGame game;
    game.timer = random_.chance(options_.timer_share);
    context_.timer = game.timer;
    // Careful and careless players: the games end at different speeds.
    escape_share_ = 0.8 + 0.19 * static_cast<double>(random_.below(1001)) / 1000.0;
    target_ = {choose_target(random_), choose_target(random_)};
    // Random setups, drawn again (a few times at most) while a king stands attacked: a dragon
    // sees through every piece, so a setup often hands over the king on the first turn.
    for (int attempt = 0; attempt < 20; ++attempt) {
        position_ = Position::before_setup();
        outline_.turns.clear();
        texts_.clear();
        stats_ = {};
        setup(Color::white);
        setup(Color::black);
        if (!king_attacked(position_, Color::white) && !king_attacked(position_, Color::black))
            break;
    }
    const Ruleset& rules = options_.rules;
    while (true) {
        const Color me = position_.side_to_move();
        const TurnStartEnd end = end_at_turn_start(position_, context_, rules);
        if (end == TurnStartEnd::encirclement) {
            game.result = me == Color::white ? ResultKind::black_wins : ResultKind::white_wins;
            game.reason = "encirclement";
            break;
        }
        if (end == TurnStartEnd::no_legal_turn) {
            game.result = rules.no_legal_turn == NoLegalTurn::draw ? ResultKind::draw
                          : me == Color::white                     ? ResultKind::black_wins
                                                                   : ResultKind::white_wins;
            game.reason = "no-legal-turn";
            break;
        }
        if (position_.turn_number() > options_.max_turns) break;
        const Turn turn = choose_turn();
        TurnResult result = play_turn(position_, turn, context_, rules);
        if (result.fault) break;  // not reached: every turn was checked first
        // A strategy turn set the counter back to 1: aim at another strategy.
        if (result.kind != TurnKind::first && result.kind != TurnKind::ordinary &&
            result.kind != TurnKind::timeout)
            target_[slot(me)] = choose_target(random_);
        record(turn, result);
        if (result.game_over) {
            game.result =
                result.winner == Color::white ? ResultKind::white_wins : ResultKind::black_wins;
            game.reason = "king-captured";
            break;
        }
    }

    texts_.push_back(std::to_string(round_));
    const std::string_view round = texts_.back();
    const std::string_view result = result_text(game.result);
    outline_.tags = {{"Event", "Random", {}, GameOutline::no_origin},
                     {"Site", "jelimvre generate", {}, GameOutline::no_origin},
                     {"Date", "????.??.??", {}, GameOutline::no_origin},
                     {"Round", round, {}, GameOutline::no_origin},
                     {"White", "Random", {}, GameOutline::no_origin},
                     {"Black", "Random", {}, GameOutline::no_origin},
                     {"Result", result, {}, GameOutline::no_origin}};
    if (game.timer) outline_.tags.push_back({"Timer", "30", {}, GameOutline::no_origin});
    outline_.result = game.result;
    JgnWriter writer;
    writer.add(outline_);
    game.text = writer.take();
    game.stats = stats_;
    return game;
}

}  // namespace

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options) {
    return GameGenerator(seed, round, options).run();
}

}  // namespace jv::jel
