#include "games/jelimvre/movegen.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <vector>

#include "games/jelimvre/geometry.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel {

namespace {

// Directions are numbered as geometry's rays: the first 4 orthogonal, then the diagonals.
bool attacks_along(PieceKind kind, int direction) {
    if (kind == PieceKind::dragon || kind == PieceKind::queen) return true;
    return direction < 4 ? kind == PieceKind::tower : kind == PieceKind::guard;
}

// Squares from `s` one step at a time in `direction`, up to the edge, while `f` says go on.
template <typename F>
void walk(Square s, int direction, F&& f) {
    for (Square t : ray(s, direction))
        if (!f(t)) return;
}

// What attacks a king: "point" attackers (knight, soldier, king: nothing can be put in their
// way) and "lines" (slider or dragon whose squares between are all empty).
struct Attack {
    int point_attackers = 0;
    SquareSet point_squares;
    int line_count = 0;
    // The squares between, nearest first; only the first between_count[l] of line l are set
    // (left uninitialised: this runs at every turn's start).
    std::array<std::array<Square, board_size>, 8> between;
    std::array<int, 8> between_count{};
    std::array<Square, 8> attacker{};

    bool any() const { return point_attackers > 0 || line_count > 0; }
};

// Every attacker of the king on `k` (J12.2), with the squares between for the lines: what the
// escape search needs to know how an attack could end. king_attacked answers only whether there
// is one, faster.
Attack attack_on(const Position& position, Square k, Color king) {
    Attack out;
    const Color enemy = opponent(king);
    auto point = [&](Square s) {
        ++out.point_attackers;
        out.point_squares.insert(s);
    };
    const Piece enemy_knight = make_piece(enemy, PieceKind::knight);
    for (Square s : knight_jumps(k)) {
        if (position.piece_on(s) != enemy_knight) continue;
        point(s);
    }
    const Piece enemy_soldier = make_piece(enemy, PieceKind::soldier);
    const SoldierAttackers& soldiers = soldier_attackers(k, enemy);
    for (Square s : soldiers.ground) {
        const Cell c = position.cell(s);
        if (c.piece() == enemy_soldier && c.ground()) point(s);  // J7.3
    }
    for (Square s : soldiers.from_wall) {
        const Cell c = position.cell(s);
        if (c.piece() == enemy_soldier && c.terrain() == wall_of(enemy)) point(s);  // J7.7
    }
    for (int d = 0; d < 8; ++d) {
        // The squares between are written straight into the next line's slot.
        auto slot = static_cast<std::size_t>(out.line_count);
        int count = 0;
        const Ray& line = ray(k, d);
        for (int i = 0; i < line.count; ++i) {
            Square s = line.squares[static_cast<std::size_t>(i)];
            Cell c = position.cell(s);
            if (c.empty()) {
                out.between[slot][static_cast<std::size_t>(count++)] = s;
                continue;
            }
            Piece p = c.piece();
            if (p != 0 && color_of(p) == enemy) {
                if (attacks_along(kind_of(p), d)) {
                    out.between_count[slot] = count;
                    out.attacker[slot] = s;
                    ++out.line_count;
                } else if (i == 0 && kind_of(p) == PieceKind::king) {
                    point(s);
                }
            }
            break;
        }
    }
    return out;
}

// ----------------------------------------------------------------------------------------------
// Candidate generation. Every candidate is confirmed by play_turn on a copy.

class Search {
  public:
    // `only`, when not empty, restricts the enumerations that check allows() to those actions.
    Search(const Position& position, const TurnContext& context, const Ruleset& rules,
           TurnVisitor visit, bool remember_every_set = false, std::span<const Action> only = {})
        : start_(position),
          context_(context),
          rules_(rules),
          visit_(visit),
          me_(position.side_to_move()),
          remember_every_set_(remember_every_set),
          only_(only) {
        for (Action a : only) only_to_.insert(a.to());
    }

    // Plays `turn` on a copy of the start; visits it if legal. Returns false to stop.
    bool offer(std::span<const Action> turn) {
        if (turn.empty()) return true;
        Position after = start_;
        TurnResult result = play_turn(after, turn, context_, rules_);
        if (result.fault) return true;
        return visit_(turn, after);
    }
    bool offer(std::initializer_list<Action> turn) {
        return offer(std::span<const Action>(turn.begin(), turn.size()));
    }

    enum class Offered { illegal, repeated, visited, stop };
    // Like offer(), but a set of actions already visited (in another order) is not visited
    // again, and only legal turns count as visited.
    template <typename Seen>
    Offered offer_once(std::span<const Action> turn, Seen& seen) {
        Position after = start_;
        if (play_turn(after, turn, context_, rules_).fault) return Offered::illegal;
        if (!seen.first_time(turn)) return Offered::repeated;
        return visit_(turn, after) ? Offered::visited : Offered::stop;
    }

    // Whether `a` may be tried (see `only` above).
    bool allows(Action a) const {
        return only_.empty() || (only_to_.contains(a.to()) &&
                                 std::find(only_.begin(), only_.end(), a) != only_.end());
    }
    std::span<const Action> only() const { return only_; }

    const Position& start() const { return start_; }
    Color me() const { return me_; }
    const Ruleset& rules() const { return rules_; }
    const TurnContext& context() const { return context_; }
    bool remember_every_set() const { return remember_every_set_; }

  private:
    const Position& start_;
    const TurnContext& context_;
    const Ruleset& rules_;
    TurnVisitor visit_;
    Color me_;
    bool remember_every_set_;
    std::span<const Action> only_;
    SquareSet only_to_;  // the squares only_'s actions go to, to refuse most others at once
};

Action make_move(const Position& position, Letter letter, Square from, Square to,
                 PieceKind promotion = PieceKind::none) {
    Action plain = Action::make(ActionKind::move, letter, from, to);
    return Action::make(ActionKind::move, letter, from, to, move_captures(position, plain),
                        to_letter(promotion));
}

// Every legal single army move of the side to move in `position` (promotions included); only
// those from `only_from` and onto `only_to` when given.
template <typename F>
bool for_each_army_move(const Position& position, const Ruleset& rules, F&& f,
                        Square only_from = no_square, const SquareSet* only_to = nullptr) {
    const Color me = position.side_to_move();
    // One square when only_from is given, else the whole board.
    const Square first = only_from != no_square ? only_from : Square{0};
    const Square last = only_from != no_square ? static_cast<Square>(only_from + 1)
                                               : static_cast<Square>(square_count);
    for (Square from = first; from < last; ++from) {
        Piece p = position.piece_on(from);
        if (p == 0 || color_of(p) != me) continue;
        const PieceKind kind = kind_of(p);
        const Letter letter = to_letter(kind);
        auto consider = [&](Square to) {
            if (to == from || (only_to != nullptr && !only_to->contains(to))) return true;
            Action a = make_move(position, letter, from, to);
            if (check_army_move(position, a, rules)) return true;
            if (!f(a)) return false;
            if (kind == PieceKind::soldier && rank_of(to) == last_rank(me) &&
                position.cell(to).ground()) {
                for (PieceKind promoted :
                     {PieceKind::queen, PieceKind::tower, PieceKind::guard, PieceKind::knight}) {
                    if (position.lost(me, promoted) == 0) continue;
                    if (!f(make_move(position, letter, from, to, promoted))) return false;
                }
            }
            return true;
        };
        auto step = [&](int df, int dr) {
            int file = file_of(from) + df;
            int rank = rank_of(from) + dr;
            return !on_board(file, rank) || consider(make_square(file, rank));
        };
        // The neighbouring square in direction d, if any.
        auto next_to = [&](int d) {
            const Ray& line = ray(from, d);
            return line.count == 0 || consider(line.squares[0]);
        };
        bool go_on = true;
        switch (kind) {
            case PieceKind::king:
                for (int d = 0; d < 8 && go_on; ++d) go_on = next_to(d);
                break;
            case PieceKind::knight:
                for (Square t : knight_jumps(from))
                    if (go_on) go_on = consider(t);
                break;
            case PieceKind::soldier: {
                const int fw = forward(me);
                for (int d = 0; d < 8 && go_on; ++d) go_on = next_to(d);
                if (go_on) go_on = step(0, 2 * fw) && step(1, 2 * fw) && step(-1, 2 * fw);
                // On its own wall it may walk farther (J7.5).
                if (go_on && position.cell(from).terrain() == wall_of(me)) {
                    if (rules.wall_walk == WallWalk::unit) {
                        SquareSet unit = connected_terrain(position, from);
                        unit.for_each([&](Square s) {
                            if (go_on && !adjacent(s, from)) go_on = consider(s);
                        });
                    } else {
                        for (int d = 0; d < 8 && go_on; ++d) {
                            int n = 0;
                            walk(from, d, [&](Square s) {
                                if (++n > 1) go_on = consider(s);
                                return go_on && position.cell(s).terrain() == wall_of(me) &&
                                       position.piece_on(s) == 0;
                            });
                        }
                    }
                }
                break;
            }
            default:
                for (int d = 0; d < 8 && go_on; ++d) {
                    if (kind != PieceKind::dragon && !attacks_along(kind, d)) continue;
                    walk(from, d, [&](Square s) {
                        go_on = consider(s);
                        return go_on && (kind == PieceKind::dragon || position.cell(s).empty());
                    });
                }
                break;
        }
        if (!go_on) return false;
    }
    return true;
}

// The water zones of a position (J11.1), each with the squares next to it, found once.
struct WaterZones {
    std::array<std::uint8_t, square_count> zone{};  // 0: no water; else the zone's number
    std::array<SquareSet, water_pieces + 1> next_to{};
    int count = 0;

    explicit WaterZones(const Position& position) {
        for (Square s = 0; s < square_count; ++s) {
            if (position.cell(s).terrain() != Terrain::water || zone[s] != 0) continue;
            SquareSet members = connected_terrain(position, s);
            ++count;
            members.for_each([&](Square m) { zone[m] = static_cast<std::uint8_t>(count); });
            next_to[static_cast<std::size_t>(count)] = adjacent_to(members);
        }
    }
};

// Every legal single crossing of a piece not in `crossed` (squares of pieces that crossed). The
// crossings are built legal (J11.3): from a square next to a zone to an empty square next to the
// same zone, promotions only where J7.10 allows them.
template <typename F>
bool for_each_crossing(const Position& position, const Ruleset& rules, const SquareSet& crossed,
                       F&& f) {
    (void)rules;
    const Color me = position.side_to_move();
    const WaterZones zones(position);
    if (zones.count == 0) return true;
    for (Square from = 0; from < square_count; ++from) {
        Piece p = position.piece_on(from);
        if (p == 0 || color_of(p) != me || crossed.contains(from)) continue;
        SquareSet reachable;
        for (Square n : neighbours(from))
            if (zones.zone[n] != 0) reachable |= zones.next_to[zones.zone[n]];
        if (reachable.empty()) continue;
        const Letter letter = to_letter(kind_of(p));
        bool go_on = true;
        reachable.for_each([&](Square to) {
            if (!go_on || !position.cell(to).empty()) return;
            go_on = f(Action::make(ActionKind::cross, letter, from, to));
            if (go_on && kind_of(p) == PieceKind::soldier && rank_of(to) == last_rank(me)) {
                for (PieceKind promoted :
                     {PieceKind::queen, PieceKind::tower, PieceKind::guard, PieceKind::knight})
                    if (go_on && position.lost(me, promoted) > 0)
                        go_on = f(Action::make(ActionKind::cross, letter, from, to, false,
                                               to_letter(promoted)));
            }
        });
        if (!go_on) return false;
    }
    return true;
}

void apply_to(Position& position, Action a) {
    position.apply(a, position.side_to_move());
}

bool escaped(const Position& after, Color me) {
    if (after.king_square(opponent(me)) == no_square) return true;
    // A king given up at a timeout (timeout,xKsq) is lost (J12.1), not out of the attack.
    return after.king_square(me) != no_square && !king_attacked(after, me);
}

// ----------------------------------------------------------------------------------------------
// Full enumeration.

// Every set of actions met, to meet each once. Its memory grows with the sets, so the
// enumerations keep one only for the orders of one turn (FirstOrders) or for tests
// (TurnSections::remember_every_set).
struct TurnSet {
    std::set<std::vector<std::uint32_t>> seen;
    // True the first time a set of actions is seen.
    bool first_time(std::span<const Action> turn) {
        std::vector<std::uint32_t> key;
        for (Action a : turn) key.push_back(a.raw());
        std::sort(key.begin(), key.end());
        return seen.insert(std::move(key)).second;
    }
};

// The sets of actions met lately, in a fixed table where a new set takes the place of an older
// one with the same hash. A set found is one met; one not found may have been met or not.
class RecentSets {
  public:
    bool contains(std::span<const Action> turn) const {
        Key key;
        return !slots_.empty() && make_key(turn, key) && slots_[slot_of(key)] == key;
    }
    void insert(std::span<const Action> turn) {
        Key key;
        if (!make_key(turn, key)) return;
        if (slots_.empty()) slots_.assign(slot_count, Key{});  // only searches that meet sets
        slots_[slot_of(key)] = key;
    }

  private:
    static constexpr std::size_t most_actions = 6;
    static constexpr std::size_t slot_count = std::size_t{1} << 16;
    // The raw actions in increasing order, then zeros: a turn's actions differ, so two sets
    // never share a key.
    using Key = std::array<std::uint32_t, most_actions>;

    static bool make_key(std::span<const Action> turn, Key& key) {
        if (turn.size() > most_actions) return false;
        key.fill(0);
        // Insertion sort: a handful of actions.
        for (std::size_t i = 0; i < turn.size(); ++i) {
            std::size_t j = i;
            for (; j > 0 && key[j - 1] > turn[i].raw(); --j) key[j] = key[j - 1];
            key[j] = turn[i].raw();
        }
        return true;
    }
    static std::size_t slot_of(const Key& key) {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        for (std::uint32_t raw : key) h = (h ^ raw) * 0x100000001B3ULL;
        return static_cast<std::size_t>(h >> 20) & (slot_count - 1);
    }
    std::vector<Key> slots_;  // 1.5 MB once used
};

// Tells whether a turn met by `enumerate` is the first order of its set of actions that
// `enumerate` meets, without remembering the sets met: that keeps `moves` on a position with a
// million crossings in the memory of one turn (issue 33), where a TurnSet took 110 MB.
//
// `enumerate(search, seen)` is a depth-first search that offers each turn with
// Search::offer_once, extends only the turns visited, and tries the actions at each depth in an
// order that does not depend on the position (by square). `earliest(actions)` puts a turn's
// actions in the order that search tries first. A turn met (so reached through visited turns) in
// that order is the first of its set. A turn in another order is not the first when the earliest
// order and each of its beginnings are legal: those are each in order, so visited, and come
// before it (the move generator gives every legal action), and so is one met lately
// (RecentSets). In the few cases left, the search
// runs again on the turn's actions alone (Search::allows) with a TurnSet of their subsets, until
// it meets the whole set; the turn is the first if that is the order met. The rerun is exact:
// the subsets of the turn's set are met in the same order, with the same outcomes, as in the
// whole search. The plain way, a TurnSet of every set, is kept for remember_every_set; a test
// checks that both list the same turns.
template <typename Enumerate, typename Earliest>
class FirstOrders {
  public:
    FirstOrders(const Search& search, Enumerate enumerate, Earliest earliest)
        : search_(search), enumerate_(enumerate), earliest_(earliest) {}

    // Runs the search with this as its judge of first orders.
    bool run(Search& search) { return enumerate_(search, *this); }

    bool first_time(std::span<const Action> turn) {
        if (search_.remember_every_set()) return remembered_.first_time(turn);
        if (turn.size() < 2) return true;
        const bool first = is_first(turn);
        if (first) recent_.insert(turn);
        return first;
    }

  private:
    bool is_first(std::span<const Action> turn) {
        std::vector<Action> earliest(turn.begin(), turn.end());
        earliest_(std::span<Action>(earliest));
        if (std::equal(earliest.begin(), earliest.end(), turn.begin(), turn.end())) return true;
        if (recent_.contains(turn)) return false;
        if (legal_with_each_beginning(earliest)) return false;
        std::vector<Action> first;
        auto meet_whole_set = [&](std::span<const Action> met, const Position&) {
            if (met.size() != turn.size()) return true;
            first.assign(met.begin(), met.end());
            return false;
        };
        Search on_these(search_.start(), search_.context(), search_.rules(), meet_whole_set, false,
                        turn);
        TurnSet subsets;
        enumerate_(on_these, subsets);
        return std::equal(first.begin(), first.end(), turn.begin(), turn.end());
    }

    bool legal_with_each_beginning(std::span<const Action> turn) const {
        for (std::size_t length = 1; length <= turn.size(); ++length) {
            Position after = search_.start();
            if (play_turn(after, turn.first(length), search_.context(), search_.rules()).fault)
                return false;
        }
        return true;
    }

    const Search& search_;
    Enumerate enumerate_;
    Earliest earliest_;
    TurnSet remembered_;
    RecentSets recent_;
};

// Sorts `actions` by `key(action)`.
template <typename Key>
void sort_by(std::span<Action> actions, Key key) {
    std::sort(actions.begin(), actions.end(), [&](Action a, Action b) { return key(a) < key(b); });
}

// Whether placements_on(now, me) gives the placement `p`.
bool placeable(const Position& now, Color me, Action p) {
    return now.cell(p.to()).empty() &&
           (p.letter() == Letter::wall ? now.wall_supply(me) > 0 : now.water_supply() > 0);
}

// Wall and water placements on the squares empty in `now`, within the supplies.
std::vector<Action> placements_on(const Position& now, Color me) {
    std::vector<Action> out;
    for (Square s = 0; s < square_count; ++s)
        for (Letter letter : {Letter::wall, Letter::water})
            if (const Action p = Action::make(ActionKind::place, letter, no_square, s);
                placeable(now, me, p))
                out.push_back(p);
    return out;
}

// Sequences of crossings after the actions already in `turn` (none, or a placement made
// before them), each offered alone and, when `place_after`, followed by one placement on a
// square empty after the crossings (a square a crossing piece left included).
template <typename Seen>
bool enumerate_crossing_sequences(Search& search, const Position& now, std::vector<Action>& turn,
                                  SquareSet crossed, Seen& seen, bool place_after) {
    using Offered = Search::Offered;
    return for_each_crossing(now, search.rules(), crossed, [&](Action a) {
        if (!search.allows(a)) return true;
        turn.push_back(a);
        Offered offered = search.offer_once(turn, seen);
        bool go_on = offered != Offered::stop;
        if (go_on && offered == Offered::visited) {
            Position next = now;
            apply_to(next, a);
            if (place_after) {
                // On a rerun (Search::only), the one placement among the turn's actions, if
                // placements_on would give it, rather than all placements_on gives.
                std::vector<Action> placements;
                if (search.only().empty()) {
                    placements = placements_on(next, search.me());
                } else {
                    for (Action p : search.only())
                        if (p.kind() == ActionKind::place && placeable(next, search.me(), p))
                            placements.push_back(p);
                }
                for (Action p : placements) {
                    std::vector<Action> with = turn;
                    with.push_back(p);
                    if (search.offer_once(with, seen) == Offered::stop) {
                        go_on = false;
                        break;
                    }
                }
            }
            SquareSet crossed_now = crossed;
            crossed_now.insert(a.to());
            if (go_on)
                go_on = enumerate_crossing_sequences(search, next, turn, crossed_now, seen,
                                                     place_after);
        }
        turn.pop_back();
        return go_on;
    });
}

// Subsets of `squares` (in increasing order) of size 1..max_size, each offered as a turn of
// `make(square)` actions.
template <typename Make>
bool enumerate_subsets(Search& search, const std::vector<Square>& squares, std::size_t first,
                       int max_size, std::vector<Action>& turn, Make&& make) {
    for (std::size_t i = first; i < squares.size(); ++i) {
        turn.push_back(make(squares[i]));
        bool go_on = search.offer(turn);
        if (go_on && static_cast<int>(turn.size()) < max_size)
            go_on = enumerate_subsets(search, squares, i + 1, max_size, turn, make);
        turn.pop_back();
        if (!go_on) return false;
    }
    return true;
}

// Sequences of up to `max_size` actions from `candidates(position)`; each set of actions is
// visited once, in the first order found legal.
template <typename Seen, typename Candidates>
bool enumerate_sequences(Search& search, const Position& now, int max_size,
                         std::vector<Action>& turn, Seen& seen, Candidates&& candidates) {
    using Offered = Search::Offered;
    std::vector<Action> options = candidates(now, turn);
    for (Action a : options) {
        if (!search.allows(a)) continue;
        turn.push_back(a);
        Offered offered = search.offer_once(turn, seen);
        bool go_on = offered != Offered::stop;
        if (offered == Offered::visited && static_cast<int>(turn.size()) < max_size) {
            Position next = now;
            apply_to(next, a);
            go_on = enumerate_sequences(search, next, max_size, turn, seen, candidates);
        }
        turn.pop_back();
        if (!go_on) return false;
    }
    return true;
}

std::vector<Square> empty_squares(const Position& position) {
    std::vector<Square> out;
    for (Square s = 0; s < square_count; ++s)
        if (position.cell(s).empty()) out.push_back(s);
    return out;
}

// Connected sets of new water (through new and existing water), up to `max_size` squares.
void grow_water(const Position& position, SquareSet current, int max_size,
                std::set<std::pair<std::uint64_t, std::uint64_t>>& seen,
                std::vector<SquareSet>& out) {
    auto key = [](const SquareSet& s) {
        std::uint64_t a = 0, b = 0;
        s.for_each([&](Square q) {
            if (q < 64)
                a |= std::uint64_t{1} << q;
            else
                b |= std::uint64_t{1} << (q - 64);
        });
        return std::make_pair(a, b);
    };
    if (!seen.insert(key(current)).second) return;
    out.push_back(current);
    if (current.count() >= max_size) return;
    // Squares touching the zone the new water forms with the existing water.
    SquareSet zone = current;
    current.for_each([&](Square s) {
        for (Square n : neighbours(s))
            if (position.cell(n).terrain() == Terrain::water && !zone.contains(n))
                zone |= connected_terrain(position, n);
    });
    adjacent_to(zone).for_each([&](Square s) {
        if (zone.contains(s) || !position.cell(s).empty()) return;
        SquareSet bigger = current;
        bigger.insert(s);
        grow_water(position, bigger, max_size, seen, out);
    });
}

// The squares of `set` not in `minus`.
SquareSet without(const SquareSet& set, const SquareSet& minus) {
    return SquareSet::from_words(set.word(0) & ~minus.word(0), set.word(1) & ~minus.word(1));
}

// The squares numbered above `s`.
SquareSet squares_above(Square s) {
    const auto shift = [](int n) { return n >= 64 ? std::uint64_t{0} : ~std::uint64_t{0} << n; };
    return s < 64 ? SquareSet::from_words(shift(s + 1), ~std::uint64_t{0})
                  : SquareSet::from_words(0, shift(s - 63));
}

Square lowest_square(const SquareSet& set) {
    return set.word(0) != 0 ? static_cast<Square>(std::countr_zero(set.word(0)))
                            : static_cast<Square>(64 + std::countr_zero(set.word(1)));
}

// For each empty square, the empty squares new water there joins in one zone (J5.7): those next
// to it, and those next to an existing water zone next to it (new water connects through the
// existing water).
struct WaterJoins {
    std::array<SquareSet, square_count> of{};

    explicit WaterJoins(const Position& position) {
        const WaterZones zones(position);
        SquareSet empty;
        for (Square s = 0; s < square_count; ++s)
            if (position.cell(s).empty()) empty.insert(s);
        empty.for_each([&](Square s) {
            SquareSet joined = neighbour_set(s);
            for (Square n : neighbours(s))
                if (zones.zone[n] != 0) joined |= zones.next_to[zones.zone[n]];
            joined = joined & empty;
            joined.erase(s);
            of[s] = joined;
        });
    }
};

// Connected sets of new water (through new and existing water) of up to `max_size` squares,
// each offered once as its placements in increasing square order, and none held: a set grows
// from its lowest square `lowest` by the squares of `extension`, which lie above it and join
// the set first through the square that brought them in (the ESU algorithm of Wernicke, 2006).
bool offer_water_sets(Search& search, const WaterJoins& joins, const SquareSet& set,
                      SquareSet extension, Square lowest, int max_size, std::vector<Action>& turn) {
    turn.clear();
    set.for_each([&](Square s) {
        turn.push_back(Action::make(ActionKind::place, Letter::water, no_square, s));
    });
    if (!search.offer(turn)) return false;
    if (set.count() >= max_size) return true;
    SquareSet reached = set;  // the set and every square it joins
    set.for_each([&](Square s) { reached |= joins.of[s]; });
    const SquareSet above = squares_above(lowest);
    while (!extension.empty()) {
        const Square next = lowest_square(extension);
        extension.erase(next);
        SquareSet bigger = set;
        bigger.insert(next);
        SquareSet bigger_extension = extension;
        bigger_extension |= without(joins.of[next], reached) & above;
        if (!offer_water_sets(search, joins, bigger, bigger_extension, lowest, max_size, turn))
            return false;
    }
    return true;
}

bool enumerate_strategy_turns(Search& search, TurnKinds kinds) {
    const Position& p = search.start();
    const Color me = search.me();
    const int c = p.counter(me);
    std::vector<Action> turn;
    // Regeneration alone (J5.4, J5.6, J5.9).
    // A dragon regenerated is a J5.9 turn, the others J5.4 or J5.6.
    if (c >= 4 && (kinds.has(TurnKind::regenerate) || kinds.has(TurnKind::regenerator)) &&
        !p.regenerator_captured(me)) {
        Square g = p.regenerator_square(me);
        for (PieceKind k : army_kinds) {
            if (k == PieceKind::king || p.lost(me, k) == 0 || g == no_square) continue;
            if (!search.offer({Action::make(ActionKind::place, to_letter(k), no_square, g)}))
                return false;
        }
    }
    std::vector<Square> empties = empty_squares(p);
    if (c >= 6) {
        // J5.5a: 1-3 walls.
        int most = std::min(3, p.wall_supply(me));
        if (most > 0 && kinds.has(TurnKind::place_walls) &&
            !enumerate_subsets(search, empties, 0, most, turn, [](Square s) {
                return Action::make(ActionKind::place, Letter::wall, no_square, s);
            }))
            return false;
        // J5.5b: 1-3 wall moves, each wall once.
        // A wall moved or removed once per turn, so the actions of a turn differ by their
        // squares, and the candidates come by square: a turn in that order is the first of its
        // set (FirstOrders).
        auto from_square = [](Action a) { return a.from(); };
        auto wall_moves = [me](const Position& now, std::span<const Action> so_far) {
            std::vector<Action> out;
            SquareSet moved;
            for (Action a : so_far) moved.insert(a.to());
            for (Square s = 0; s < square_count; ++s) {
                if (now.cell(s).terrain() != wall_of(me) || now.piece_on(s) != 0 ||
                    moved.contains(s))
                    continue;
                for (Square n : neighbours(s))
                    if (now.cell(n).empty())
                        out.push_back(Action::make(ActionKind::move, Letter::wall, s, n));
            }
            return out;
        };
        auto enumerate_wall_moves = [&](Search& on, auto& seen) {
            std::vector<Action> moves;
            return enumerate_sequences(on, on.start(), 3, moves, seen, wall_moves);
        };
        FirstOrders moved_once(search, enumerate_wall_moves,
                               [&](std::span<Action> met) { sort_by(met, from_square); });
        if (kinds.has(TurnKind::move_walls) && !moved_once.run(search)) return false;
        // J5.5c and J5.8: 1-3 removals (order matters for J10.3).
        auto removals = [](const Position& now, std::span<const Action>) {
            std::vector<Action> out;
            for (Square s = 0; s < square_count; ++s)
                if (is_wall(now.cell(s).terrain()))
                    out.push_back(Action::make(ActionKind::remove, Letter::wall, no_square, s));
            return out;
        };
        auto enumerate_removals = [&](Search& on, auto& seen) {
            std::vector<Action> removed;
            return enumerate_sequences(on, on.start(), 3, removed, seen, removals);
        };
        FirstOrders removed_once(search, enumerate_removals, [](std::span<Action> met) {
            sort_by(met, [](Action a) { return a.to(); });
        });
        if (kinds.has(TurnKind::remove_walls) && !removed_once.run(search)) return false;
    }
    if (c >= 9 && kinds.has(TurnKind::water)) {
        // J5.7: 1-5 water pieces added as one zone, or removed from one zone.
        const int most = std::min(5, p.water_supply());
        if (most > 0) {
            const WaterJoins joins(p);
            for (Square s : empties) {
                SquareSet one;
                one.insert(s);
                if (!offer_water_sets(search, joins, one, joins.of[s] & squares_above(s), s, most,
                                      turn))
                    return false;
            }
        }
        turn.clear();
        SquareSet done;
        for (Square s = 0; s < square_count; ++s) {
            if (p.cell(s).terrain() != Terrain::water || done.contains(s)) continue;
            SquareSet zone = connected_terrain(p, s);
            done |= zone;
            std::vector<Square> squares;
            zone.for_each([&](Square q) { squares.push_back(q); });
            if (!enumerate_subsets(search, squares, 0, 5, turn, [](Square q) {
                    return Action::make(ActionKind::remove, Letter::water, no_square, q);
                }))
                return false;
        }
    }
    if (c >= 12 && kinds.has(TurnKind::regenerator) && !p.regenerator_captured(me) &&
        p.regenerator_square(me) != no_square) {
        // J5.9: move the regenerator, and regenerate onto it.
        Square g = p.regenerator_square(me);
        for (Square s : empties) {
            Action move = Action::make(ActionKind::move, Letter::regenerator, g, s);
            if (!search.offer({move})) return false;
            for (PieceKind k : army_kinds) {
                if (k == PieceKind::king || p.lost(me, k) == 0) continue;
                if (!search.offer(
                        {move, Action::make(ActionKind::place, to_letter(k), no_square, s)}))
                    return false;
            }
        }
    }
    return true;
}

}  // namespace

namespace {

// Whether `enemy`'s army attacks square k (J12.2) when the squares in `occupied` are the ones
// that block lines: the position's own, or those after a king step that the escape search tries
// without playing it.
[[gnu::always_inline]] inline bool attacked_by(const Position& position, Square k, Color enemy,
                                               const SquareSet& occupied) {
    const AttackSets& sets = attack_sets(k);
    const auto e = static_cast<std::size_t>(index_of(enemy));
    // Point attackers first, each a set intersection: nothing can stand in their way.
    if (sets.knight_jumps.intersects(position.knights(enemy))) return true;
    const Square enemy_king = position.king_square(enemy);
    if (enemy_king != no_square && sets.neighbours.contains(enemy_king)) return true;
    const SquareSet& soldiers = position.soldiers(enemy);
    if (soldiers.intersects(sets.soldier_ground[e])) {
        const SquareSet on_ground = soldiers & sets.soldier_ground[e];
        if (on_ground.any_of([&](Square s) { return position.cell(s).ground(); }))  // J7.3
            return true;
    }
    if (soldiers.intersects(sets.soldier_wall[e] & position.squares_of(wall_of(enemy))))  // J7.7
        return true;
    // Lines: only the enemy's line pieces on one of the square's lines, each with every square
    // between it and k empty.
    const SquareSet aligned = position.line_pieces(enemy) & sets.lines;
    return aligned.any_of([&](Square s) {
        const int d = direction_between(k, s);
        return attacks_along(kind_of(position.piece_on(s)), d) &&
               !squares_between(k, s, d).intersects(occupied);
    });
}

// The empty squares; the 7 bits past the board are set too, so only intersect the result with
// sets of squares.
SquareSet empty_square_set(const Position& position) {
    const SquareSet& occupied = position.occupied();
    return SquareSet::from_words(~occupied.word(0), ~occupied.word(1));
}

// The shortcut that settles nearly every has_legal_turn: a timeout is always legal with a timer
// (J13.1); a king next to an empty square can step there (J8.6).
bool legal_turn_at_hand(const Position& position, const TurnContext& context, Square king) {
    return context.timer ||
           (king != no_square && neighbour_set(king).intersects(empty_square_set(position)));
}

}  // namespace

bool king_attacked(const Position& position, Color king) {
    const Square k = position.king_square(king);
    if (k == no_square) return false;
    return attacked_by(position, k, opponent(king), position.occupied());
}

namespace {

// The turns after the army's: the strategy turns (J5.4 to J5.9) from counter 4, then the
// timeouts (J13.1) with a timer.
bool for_each_strategy_or_timeout(Search& search, TurnKinds kinds) {
    const Position& position = search.start();
    const Color me = search.me();
    if (position.turn_number() != 1 && position.counter(me) >= 4 &&
        !enumerate_strategy_turns(search, kinds))
        return false;
    if (!search.context().timer || !kinds.has(TurnKind::timeout)) return true;
    const Action timeout = Action::make(ActionKind::timeout, Letter::none, no_square, no_square);
    if (!search.offer({timeout})) return false;
    for (Square s = 0; s < square_count; ++s) {
        Piece p = position.piece_on(s);
        if (p == 0 || color_of(p) != me) continue;
        if (!search.offer(
                {timeout, Action::make(ActionKind::remove, to_letter(kind_of(p)), no_square, s)}))
            return false;
    }
    return true;
}

}  // namespace

bool for_each_legal_turn(const Position& position, const TurnContext& context, const Ruleset& rules,
                         TurnVisitor visit, int first_turn_placements, TurnSections sections) {
    QuietFaults quiet;
    Search search(position, context, rules, visit, sections.remember_every_set);
    const Color me = position.side_to_move();
    const int c = position.counter(me);
    const bool first_turn = position.turn_number() == 1;
    const bool bonus = !first_turn && (c == 2 || c == 3);
    const int placements = !sections.placements ? 0
                           : first_turn         ? first_turn_placements
                           : bonus              ? 1
                                                : 0;

    // Placements go after the army move, on any square then empty (the square the piece left
    // included), or before it when only that order is legal (a bonus's anchor is judged at the
    // moment of placing).
    std::vector<Action> placement_actions;
    if (placements > 0) placement_actions = placements_on(position, me);
    const bool army_moves = sections.army_moves || placements > 0;
    bool go_on = !army_moves || for_each_army_move(position, rules, [&](Action m) {
        if (sections.army_moves && !search.offer({m})) return false;
        if (placements == 0) return true;
        Position after_move = position;
        apply_to(after_move, m);
        for (Action p : placements_on(after_move, me)) {
            Position after = position;
            bool after_ok = !play_turn(after, std::array<Action, 2>{m, p}, context, rules).fault;
            bool before_possible = position.cell(p.to()).empty();
            if (after_ok ? !search.offer({m, p}) : before_possible && !search.offer({p, m}))
                return false;
        }
        return true;
    });
    if (!go_on) return false;
    // Crossings, alone, with a placement after them, or after a placement (water placed first
    // can open new crossings; a wall's anchor may hold only before the crossings). Those with a
    // placement grow from those without: the latter are offered for the former too.
    if (sections.crossings || placements > 0) {
        auto enumerate_crossings = [&](Search& on, auto& seen) {
            std::vector<Action> turn;
            if (!enumerate_crossing_sequences(on, on.start(), turn, SquareSet{}, seen,
                                              placements > 0))
                return false;
            for (Action p : placement_actions) {
                if (!on.allows(p)) continue;
                Position with = on.start();
                apply_to(with, p);
                turn.assign(1, p);
                if (!enumerate_crossing_sequences(on, with, turn, SquareSet{}, seen, false))
                    return false;
            }
            return true;
        };
        // Each piece crosses once per turn, so the crossings of a turn differ by their
        // squares of departure, and the candidates come by that square.
        FirstOrders crossed_once(search, enumerate_crossings, [](std::span<Action> met) {
            // Crossings then a placement: the crossings are the order of their set met first,
            // the only one the search goes on from, so the turn is the first of its set.
            if (met.front().kind() == ActionKind::cross && met.back().kind() == ActionKind::place)
                return;
            // Else a placement goes last: a turn that begins with one comes after every turn
            // that begins with a crossing.
            sort_by(met, [](Action a) {
                return a.kind() == ActionKind::cross ? int{a.from()} : int{square_count};
            });
        });
        if (!crossed_once.run(search)) return false;
    }
    // Army moves that only a wall placed first makes possible: a soldier's climb onto it (J7.4)
    // or walk across it (J7.5). The moves of the starting position were offered above, in
    // either order, so only the new ones are offered here. Water only ever blocks army moves;
    // the crossings it opens were offered above.
    if (placements > 0) {
        std::set<std::uint32_t> start_moves;
        for_each_army_move(position, rules, [&](Action m) {
            start_moves.insert(m.raw());
            return true;
        });
        for (Action p : placement_actions) {
            if (p.letter() != Letter::wall) continue;
            Position with = position;
            apply_to(with, p);
            const bool go_on_after_wall = for_each_army_move(with, rules, [&](Action m) {
                return start_moves.count(m.raw()) != 0 || search.offer({p, m});
            });
            if (!go_on_after_wall) return false;
        }
    }
    // Placements alone (a first turn without army move).
    if (first_turn)
        for (Action p : placement_actions)
            if (!search.offer({p})) return false;
    return for_each_strategy_or_timeout(search, sections.others);
}

namespace {

// has_legal_turn when legal_turn_at_hand has said no: callers that have asked it already go on
// here, without asking twice.
bool legal_turn_beyond_hand(const Position& position, const TurnContext& context,
                            const Ruleset& rules) {
    // More shortcuts, each an exact sufficient condition: from counter 6 on, one wall from
    // supply may go on any empty square (J5.5a).
    const Color me = position.side_to_move();
    if (position.turn_number() > 1 && position.counter(me) >= 6 && position.wall_supply(me) > 0)
        for (Square s = 0; s < square_count; ++s)
            if (position.cell(s).empty()) return true;
    // A knight jumping onto an empty square (J8.4), or a soldier on the ground stepping forward
    // onto one (J7.1; promotion is never compulsory, J7.10), makes a legal turn of its own.
    const SquareSet empty = empty_square_set(position);
    bool simple_move =
        position.knights(me).any_of([&](Square s) { return knight_jump_set(s).intersects(empty); });
    simple_move = simple_move || position.soldiers(me).any_of([&](Square s) {
        const int ahead = rank_of(s) + forward(me);
        return position.cell(s).terrain() == Terrain::ground && ahead >= 0 && ahead < board_size &&
               position.cell(make_square(file_of(s), ahead)).empty();
    });
    if (simple_move) return true;
    QuietFaults quiet;
    // The usual answer comes from the first army move found.
    bool found = false;
    // A single army move that passes check_army_move is a legal turn of its own (ordinary or
    // first turn), so the first one found answers.
    for_each_army_move(position, rules, [&](Action) {
        found = true;
        return false;
    });
    if (found) return true;
    auto stop = [&](std::span<const Action>, const Position&) {
        found = true;
        return false;
    };
    for_each_legal_turn(position, context, rules, stop, 1);
    return found;
}

}  // namespace

bool has_legal_turn(const Position& position, const TurnContext& context, const Ruleset& rules) {
    return legal_turn_at_hand(position, context, position.king_square(position.side_to_move())) ||
           legal_turn_beyond_hand(position, context, rules);
}

bool can_escape_by_full_search(const Position& position, const TurnContext& context,
                               const Ruleset& rules) {
    QuietFaults quiet;
    const Color me = position.side_to_move();
    bool found = false;
    auto check = [&](std::span<const Action>, const Position& after) {
        found = escaped(after, me);
        return !found;
    };
    for_each_legal_turn(position, context, rules, check, 1);
    return found;
}

namespace {

// The escape search (J12.2). Each stage tries the turns of one kind that could end the attack;
// every escape turn of that kind must do one of the things tried, so a stage that finds nothing
// proves there is no escape of that kind. See notation/rules.md, J12.2.
class Escape {
  public:
    Escape(const Position& position, const TurnContext& context, const Ruleset& rules)
        : start_(position),
          context_(context),
          rules_(rules),
          me_(position.side_to_move()),
          counter_(position.counter(me_)),
          first_turn_(position.turn_number() == 1) {}

    bool run() {
        if (army_moves()) return true;
        if (crossings(start_, {}, SquareSet{}, false, 0, {})) return true;
        if (first_turn_) return first_turn_placements();
        if (counter_ == 2 || counter_ == 3) return bonus();
        return strategy();
    }

  private:
    bool works(std::span<const Action> turn) {
        Position after = start_;
        if (play_turn(after, turn, context_, rules_).fault) return false;
        return escaped(after, me_);
    }
    bool works(std::initializer_list<Action> turn) {
        return works(std::span<const Action>(turn.begin(), turn.size()));
    }
    Attack attack_after(const Position& p) const { return attack_on(p, p.king_square(me_), me_); }
    Action wall_at(Square s) const {
        return Action::make(ActionKind::place, Letter::wall, no_square, s);
    }
    Action water_at(Square s) const {
        return Action::make(ActionKind::place, Letter::water, no_square, s);
    }

    // Every single army move, which covers captures of an attacker or of the enemy king, king
    // steps and pieces stepping into a line.
    bool army_moves() {
        // The king's own steps first: the usual escape, and cheap to try. A step onto an empty
        // square is always a legal move (J8.6), so it escapes exactly when the square is not
        // attacked once the king has left its own: tested directly, without playing the move.
        // The square left keeps what stood under the king (its regenerator), which may block a
        // line.
        const Square king = start_.king_square(me_);
        Cell left_behind = start_.cell(king);
        left_behind.set_piece(0);
        SquareSet occupied_after_step = start_.occupied();
        occupied_after_step.assign(king, !left_behind.empty());
        for (Square n : neighbours(king))
            if (start_.cell(n).empty() &&
                !attacked_by(start_, n, opponent(me_), occupied_after_step))
                return true;
        bool found = false;
        // A lone army move that check_army_move accepts (as every move listed here is) is a
        // whole legal turn: play_turn has nothing more to check in it. So each is tried by
        // applying and undoing it on one scratch copy instead of playing a turn on a new copy.
        Position scratch = start_;
        auto attempt = [&](Action m) {
            Undo undo;
            scratch.apply(m, me_, undo);
            found = escaped(scratch, me_);
            scratch.undo(undo);
            return !found;
        };
        // The king's other moves: its steps onto empty squares were all judged above.
        for_each_army_move(
            start_, rules_, [&](Action m) { return start_.cell(m.to()).empty() || attempt(m); },
            king);
        if (found) return true;
        // Another piece's move changes two squares: the one it leaves (which can only open a
        // line) and the one it lands on. So it ends the attack only by landing on the enemy king,
        // or, when a single piece attacks, on that piece or between it and the king.
        const Attack attack = attack_after(start_);
        SquareSet targets;
        if (const Square enemy_king = start_.king_square(opponent(me_)); enemy_king != no_square)
            targets.insert(enemy_king);
        if (attack.point_attackers + attack.line_count == 1) {
            targets |= attack.point_squares;
            if (attack.line_count == 1) {
                targets.insert(attack.attacker[0]);
                for (int i = 0; i < attack.between_count[0]; ++i)
                    targets.insert(attack.between[0][static_cast<std::size_t>(i)]);
            }
        }
        for_each_army_move(
            start_, rules_, [&](Action m) { return m.from() == king || attempt(m); }, no_square,
            &targets);
        return found;
    }

    // Crossings (J11.3), with `budget` placements still allowed in the turn (1 with the bonus,
    // up to 6 on a first turn). An escape by crossings moves the king, or closes every open line,
    // each with a crossing or one of the placements; so one of the first budget + 1 open lines
    // gets a crossing, and branching on the crossings onto those lines misses no escape.
    bool crossings(const Position& now, std::vector<Action> turn, SquareSet crossed,
                   bool king_crossed, int budget, const std::vector<Action>& prefix) {
        std::vector<Action> full = prefix;
        full.insert(full.end(), turn.begin(), turn.end());
        if (!turn.empty() && works(full)) return true;
        Attack attack = attack_after(now);
        if (!turn.empty() && budget > 0 && attack.point_attackers == 0 &&
            attack.line_count <= budget && close_with_placements(now, full, attack, budget))
            return true;
        const Square king = now.king_square(me_);
        SquareSet first_line;  // the squares of the first budget + 1 open lines
        bool blockable = attack.point_attackers == 0 && attack.line_count > 0;
        if (blockable)
            for (int l = 0; l < std::min(attack.line_count, budget + 1); ++l)
                for (int i = 0; i < attack.between_count[static_cast<std::size_t>(l)]; ++i)
                    first_line.insert(
                        attack.between[static_cast<std::size_t>(l)][static_cast<std::size_t>(i)]);
        bool found = false;
        for_each_crossing(now, rules_, crossed, [&](Action a) {
            bool moves_king = a.from() == king;
            if (moves_king ? king_crossed : !(blockable && first_line.contains(a.to())))
                return true;
            Position next = now;
            apply_to(next, a);
            SquareSet crossed_now = crossed;
            crossed_now.insert(a.to());
            std::vector<Action> longer = turn;
            longer.push_back(a);
            found =
                crossings(next, longer, crossed_now, king_crossed || moves_king, budget, prefix);
            return !found;
        });
        if (found || king_crossed) return found;
        // The king may also cross to a square that another piece leaves first: one next to a
        // zone the king is next to (crossings change no water, so the zones stay as they are),
        // left empty by that piece.
        const WaterZones zones(now);
        SquareSet king_reach;
        for (Square n : neighbours(king))
            if (zones.zone[n] != 0) king_reach |= zones.next_to[zones.zone[n]];
        if (king_reach.empty()) return false;
        for_each_crossing(now, rules_, crossed, [&](Action a) {
            if (a.from() == king || !king_reach.contains(a.from())) return true;
            Position next = now;
            apply_to(next, a);
            if (!next.cell(a.from()).empty()) return true;
            SquareSet crossed_now = crossed;
            crossed_now.insert(a.to());
            std::vector<Action> longer = turn;
            longer.push_back(a);
            Position after_king = next;
            Action king_move = Action::make(ActionKind::cross, Letter::king, king, a.from());
            apply_to(after_king, king_move);
            longer.push_back(king_move);
            crossed_now.insert(a.from());
            found = crossings(after_king, longer, crossed_now, true, budget, prefix);
            return !found;
        });
        return found;
    }

    // Ends a set of crossings with placements closing the lines still open: on a first turn by
    // block_all; with the bonus, the one placement on the one open line, after the crossings or
    // before them (its anchor is judged at the moment it is placed).
    bool close_with_placements(const Position& now, const std::vector<Action>& turn,
                               const Attack& attack, int budget) {
        if (first_turn_) return block_all(now, turn, budget);
        if (attack.line_count != 1) return false;
        for (int i = 0; i < attack.between_count[0]; ++i) {
            Square s = attack.between[0][static_cast<std::size_t>(i)];
            for (Action place : {wall_at(s), water_at(s)}) {
                std::vector<Action> after = turn;
                after.push_back(place);
                std::vector<Action> before = {place};
                before.insert(before.end(), turn.begin(), turn.end());
                if (works(after) || works(before)) return true;
            }
        }
        return false;
    }

    // Blocks every open line of `now` with one placement each, nearest square first; true when
    // that escapes. Placements only add obstacles, so this is as good as any other choice.
    bool block_all(const Position& now, std::vector<Action> turn, int budget) {
        Attack attack = attack_after(now);
        if (attack.point_attackers > 0 || attack.line_count > budget) return false;
        int walls = now.wall_supply(me_);
        int water = now.water_supply();
        for (int i = 0; i < attack.line_count; ++i) {
            if (attack.between_count[static_cast<std::size_t>(i)] == 0) return false;
            Square s = attack.between[static_cast<std::size_t>(i)][0];
            if (walls > 0) {
                turn.push_back(wall_at(s));
                --walls;
            } else if (water > 0) {
                turn.push_back(water_at(s));
                --water;
            } else {
                return false;
            }
        }
        return works(turn);
    }

    // J4.2: placements (up to 6, anywhere) with at most one army move or set of crossings.
    bool first_turn_placements() {
        if (block_all(start_, {}, 6)) return true;
        bool found = false;
        for_each_army_move(start_, rules_, [&](Action m) {
            Position after = start_;
            apply_to(after, m);
            found = block_all(after, {m}, 6);
            return !found;
        });
        if (found) return true;
        // Crossings through the water already there, then placements.
        if (crossings(start_, {}, SquareSet{}, false, 6, {})) return true;
        // Crossings through water placed this turn: grow new water from the king's side (only a
        // king that crosses can get away from what placements cannot stop), then the crossings
        // it opens, then placements with what remains of the six.
        const Square king = start_.king_square(me_);
        std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
        std::vector<SquareSet> sets;
        SquareSet near_king;
        for (Square n : neighbours(king)) {
            near_king.insert(n);
            if (start_.cell(n).terrain() == Terrain::water)
                adjacent_to(connected_terrain(start_, n)).for_each([&](Square q) {
                    near_king.insert(q);
                });
        }
        std::vector<Square> seeds;
        near_king.for_each([&](Square q) { seeds.push_back(q); });
        for (Square n : seeds) {
            if (!start_.cell(n).empty()) continue;
            SquareSet one;
            one.insert(n);
            grow_water(start_, one, std::min(6, start_.water_supply()), seen, sets);
        }
        for (const SquareSet& set : sets) {
            Position with = start_;
            std::vector<Action> placed;
            set.for_each([&](Square s) {
                placed.push_back(water_at(s));
                apply_to(with, water_at(s));
            });
            if (crossings(with, {}, SquareSet{}, false, 6 - set.count(), placed)) return true;
        }
        return false;
    }

    // Whether a bonus placement made first, on `s`, has its anchor (J5.3): judged at that
    // moment, on the starting position, so this pruning is exact.
    bool may_anchor_bonus(Square s) const {
        for (Square n : neighbours(s)) {
            Cell c = start_.cell(n);
            if (c.piece() != 0 && color_of(c.piece()) == me_) return true;
            if (rules_.bonus_anchor == BonusAnchor::any_own &&
                (c.terrain() == wall_of(me_) ||
                 (c.has_regenerator() && c.regenerator_color() == me_)))
                return true;
        }
        return false;
    }

    // J5.3: one army move (or set of crossings) and one wall or water piece.
    bool bonus() {
        bool found = false;
        for_each_army_move(start_, rules_, [&](Action m) {
            Position after = start_;
            apply_to(after, m);
            Attack attack = attack_after(after);
            if (attack.point_attackers > 0 || attack.line_count != 1) return true;
            for (int i = 0; i < attack.between_count[0] && !found; ++i) {
                Square s = attack.between[0][static_cast<std::size_t>(i)];
                for (Action place : {wall_at(s), water_at(s)})
                    found = found || works({m, place}) || works({place, m});
            }
            return !found;
        });
        if (found) return true;
        if (crossings(start_, {}, SquareSet{}, false, 1, {})) return true;
        // Water placed first can open new crossings. The bonus piece must touch an anchor
        // (J5.3), so only those squares are tried; play_turn confirms each turn.
        for (Square s = 0; s < square_count && !found; ++s) {
            if (!start_.cell(s).empty() || !may_anchor_bonus(s)) continue;
            Action place = water_at(s);
            Position with = start_;
            apply_to(with, place);
            found = crossings(with, {}, SquareSet{}, false, 0, {place});
        }
        if (found) return true;
        // A wall placed first, onto which a soldier then climbs (J7.4): the climb may be the
        // army move that spoils nothing else.
        for (Square s = 0; s < square_count && !found; ++s) {
            if (!start_.cell(s).empty()) continue;
            bool soldier_next_to = false;
            for (Square n : neighbours(s))
                soldier_next_to =
                    soldier_next_to || start_.piece_on(n) == make_piece(me_, PieceKind::soldier);
            if (!soldier_next_to) continue;
            Position with = start_;
            apply_to(with, wall_at(s));
            for_each_army_move(with, rules_, [&](Action m) {
                found = works({wall_at(s), m});
                return !found;
            });
        }
        return found;
    }

    // J5.4-J5.9: strategy turns. Only placing obstacles on the open lines, or removing a wall
    // under an attacker, can end an attack without an army move.
    bool strategy() {
        const Attack attack = attack_after(start_);
        std::vector<Action> turn;
        const Square g = start_.regenerator_square(me_);
        // (A regeneration cannot help: the regenerator already stands in any line it is on.)
        // Moving the regenerator onto the line (J5.9).
        if (counter_ >= 12 && g != no_square && attack.point_attackers == 0 &&
            attack.line_count == 1) {
            for (int i = 0; i < attack.between_count[0]; ++i)
                if (works({Action::make(ActionKind::move, Letter::regenerator, g,
                                        attack.between[0][static_cast<std::size_t>(i)])}))
                    return true;
        }
        if (counter_ >= 6) {
            // J5.5a: up to 3 walls, one on each open line.
            if (attack.point_attackers == 0 &&
                attack.line_count <= std::min(3, start_.wall_supply(me_))) {
                bool possible = true;
                for (int i = 0; i < attack.line_count; ++i) {
                    if (attack.between_count[static_cast<std::size_t>(i)] == 0)
                        possible = false;
                    else
                        turn.push_back(wall_at(attack.between[static_cast<std::size_t>(i)][0]));
                }
                if (possible && works(turn)) return true;
                turn.clear();
            }
            // J5.5b: up to 3 own walls stepping onto open lines.
            if (wall_moves(start_, {}, 3)) return true;
            // J5.5c: up to 3 walls removed from under attackers.
            if (wall_removals(start_, {}, 3)) return true;
        }
        // J5.8 is a single removal, tried by wall_removals above when the counter is 6 or more.
        if (counter_ >= 9 && water_blocks(attack)) return true;
        return false;
    }

    bool wall_moves(const Position& now, std::vector<Action> turn, int left) {
        if (!turn.empty() && works(turn)) return true;
        if (left == 0) return false;
        Attack attack = attack_after(now);
        if (attack.point_attackers > 0 || attack.line_count == 0) return false;
        SquareSet moved;
        for (Action a : turn) moved.insert(a.to());
        for (int i = 0; i < attack.between_count[0]; ++i) {
            Square target = attack.between[0][static_cast<std::size_t>(i)];
            for (Square from : neighbours(target)) {
                if (now.cell(from).terrain() != wall_of(me_) || now.piece_on(from) != 0 ||
                    moved.contains(from))
                    continue;
                Action a = Action::make(ActionKind::move, Letter::wall, from, target);
                Position next = now;
                apply_to(next, a);
                std::vector<Action> longer = turn;
                longer.push_back(a);
                if (wall_moves(next, longer, left - 1)) return true;
            }
        }
        return false;
    }

    bool wall_removals(const Position& now, std::vector<Action> turn, int left) {
        if (!turn.empty() && works(turn)) return true;
        if (left == 0) return false;
        Attack attack = attack_after(now);
        // An attacker standing on a wall is captured with it (J10.3).
        SquareSet attackers = attack.point_squares;
        for (int i = 0; i < attack.line_count; ++i)
            attackers.insert(attack.attacker[static_cast<std::size_t>(i)]);
        bool found = false;
        attackers.for_each([&](Square s) {
            if (found || !is_wall(now.cell(s).terrain())) return;
            Action a = Action::make(ActionKind::remove, Letter::wall, no_square, s);
            Position next = now;
            apply_to(next, a);
            std::vector<Action> longer = turn;
            longer.push_back(a);
            found = wall_removals(next, longer, left - 1);
        });
        return found;
    }

    // J5.7: 1-5 new water squares in one zone, at least one next to an own army piece, putting
    // a square on every open line. Grown from the squares of the open lines.
    bool water_blocks(const Attack& attack) {
        if (attack.point_attackers > 0 || attack.line_count == 0 || attack.line_count > 5)
            return false;
        int most = std::min(5, start_.water_supply());
        if (most < attack.line_count) return false;
        std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
        std::vector<SquareSet> sets;
        for (int i = 0; i < attack.between_count[0]; ++i) {
            SquareSet one;
            one.insert(attack.between[0][static_cast<std::size_t>(i)]);
            grow_water(start_, one, most, seen, sets);
        }
        for (const SquareSet& set : sets) {
            bool blocks_all = true;
            for (int i = 0; i < attack.line_count && blocks_all; ++i) {
                bool hit = false;
                for (int j = 0; j < attack.between_count[static_cast<std::size_t>(i)]; ++j)
                    hit = hit || set.contains(attack.between[static_cast<std::size_t>(i)]
                                                            [static_cast<std::size_t>(j)]);
                blocks_all = hit;
            }
            if (!blocks_all) continue;
            std::vector<Action> turn;
            set.for_each([&](Square s) { turn.push_back(water_at(s)); });
            if (works(turn)) return true;
        }
        return false;
    }

    const Position& start_;
    const TurnContext& context_;
    const Ruleset& rules_;
    const Color me_;
    const int counter_;
    const bool first_turn_;
};

}  // namespace

TurnStartEnd end_at_turn_start(const Position& position, const TurnContext& context,
                               const Ruleset& rules) {
    const Color me = position.side_to_move();
    const Square king = position.king_square(me);
    if (king == no_square) return TurnStartEnd::none;
    if (rules.end_condition == EndCondition::capture_or_encirclement &&
        attacked_by(position, king, opponent(me), position.occupied()) &&
        !can_escape(position, context, rules))
        return TurnStartEnd::encirclement;
    // has_legal_turn, its usual answer taken here without a call.
    if (legal_turn_at_hand(position, context, king) ||
        legal_turn_beyond_hand(position, context, rules))
        return TurnStartEnd::none;
    return TurnStartEnd::no_legal_turn;
}

bool can_escape(const Position& position, const TurnContext& context, const Ruleset& rules) {
    QuietFaults quiet;
    return Escape(position, context, rules).run();
}

}  // namespace jv::jel
