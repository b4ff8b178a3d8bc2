// ChessMe's speed tricks against their plain versions: the shortcuts of read_square and
// parse_action for common names and words, format_position's writer, has_legal_move's
// shortcuts against the search, and the turn's undo record against a copy of the position.
// Positions come from generated games and from random positions.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/source.hpp"
#include "games/chessme/generator.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/referee.hpp"
#include "games/chessme/rules.hpp"
#include "support.hpp"

namespace {

using namespace jv;
using namespace jv::cme;

// Every position of generated games under `rules`, the start included.
std::vector<Position> generated_positions(const cme::Ruleset& rules, std::uint32_t games) {
    std::vector<Position> out;
    GeneratorOptions options;
    options.rules = rules;
    for (std::uint32_t round = 1; round <= games; ++round) {
        const GeneratedGame game = generate_game(20261126, round, options);
        const SourceFile source("generated.jgn", game.text);
        const std::vector<GameRecord> records = test::read_all(source);
        REQUIRE(records.size() == 1);
        out.push_back(start_position(records[0], rules));
        const cme::Referee::TurnObserver observe = [&](const Turn&, const Position& after,
                                                       const GameEnd&) { out.push_back(after); };
        GameVerdict verdict;
        cme::Referee(rules).referee(records[0], RefereeRequest{}, verdict, &observe);
        REQUIRE(verdict.verdict == Verdict::legal);
    }
    return out;
}

// A random position: both kings and fewer than `others_below` other pieces on squares whose
// coordinates `coordinate` draws, the side to move at random.
template <typename Coordinate>
Position random_position_on(std::mt19937_64& random, Coordinate&& coordinate,
                            std::size_t others_below) {
    Position p = Position::start(StartKings::e1_e6, std::nullopt, std::nullopt);
    p.clear_pieces();
    auto free_square = [&] {
        for (;;) {
            const Square s{coordinate(), coordinate()};
            if (p.find_by_scan(s) < 0) return s;
        }
    };
    p.add_piece(Piece{free_square(), Color::white, Kind::king});
    p.add_piece(Piece{free_square(), Color::black, Kind::king});
    const std::size_t others = random() % others_below;
    constexpr Kind kinds[] = {Kind::queen,  Kind::rook, Kind::bishop,
                              Kind::knight, Kind::pawn, Kind::pawn};
    for (std::size_t i = 0; i < others; ++i)
        p.add_piece(Piece{free_square(), random() % 2 == 0 ? Color::white : Color::black,
                          kinds[random() % std::size(kinds)]});
    p.set_side_to_move(random() % 2 == 0 ? Color::white : Color::black);
    return p;
}

// Both kings and up to 14 other pieces in a 7 x 7 box; positions where the side not to move is
// in check are skipped by the callers.
Position random_position(std::mt19937_64& random) {
    return random_position_on(
        random, [&] { return static_cast<std::int64_t>(random() % 7) + 1; }, 15);
}

std::vector<cme::Ruleset> rulesets() {
    cme::Ruleset standard;
    cme::Ruleset king_moves;
    king_moves.check_escape = CheckEscape::king_move;
    cme::Ruleset occupied;
    occupied.adjacency_origin = AdjacencyOrigin::occupied;
    return {standard, king_moves, occupied};
}

}  // namespace

TEST_CASE("chessme: read_square's shortcut reads every name as the general reader does",
          "[chessme][fast-paths]") {
    std::size_t compared = 0;
    for (std::int64_t x = -60; x <= 800; ++x)
        for (std::int64_t y = -30; y <= 130; ++y) {
            const std::string name = square_name(Square{x, y});
            for (const std::string& text : {name, name + "-b2", name + "xc3", name + "=Q",
                                            name + "+", name + "0", name + "'"}) {
                const SquareRead fast = read_square(text);
                const SquareRead plain = read_square_by_parts(text);
                INFO(text);
                REQUIRE(fast.length == plain.length);
                REQUIRE(fast.square == plain.square);
                REQUIRE(fast.beyond == plain.beyond);
                ++compared;
            }
        }
    CHECK(compared == 861 * 161 * 7);
    CHECK(read_square("d4").square == Square{4, 4});
    CHECK(read_square("d4").length == 2);
    CHECK(read_square("d45").square == Square{4, 45});
}

TEST_CASE("chessme: has_legal_move's shortcuts agree with the search on generated positions",
          "[chessme][fast-paths]") {
    for (const cme::Ruleset& rules : rulesets()) {
        const std::vector<Position> positions = generated_positions(rules, 150);
        std::size_t in_check_count = 0;
        std::size_t without_move = 0;
        for (const Position& p : positions) {
            const bool fast = has_legal_move(p, rules);
            const bool search = has_legal_move_by_search(p, rules);
            if (fast != search) FAIL_CHECK(format_position(p, GameEnd{}));
            if (in_check(p, p.side_to_move())) ++in_check_count;
            if (!search) ++without_move;
        }
        // The comparison covers the cases the shortcuts are for.
        CHECK(positions.size() > 3000);
        CHECK(in_check_count > 200);
        CHECK(without_move > 100);
    }
}

TEST_CASE("chessme: has_legal_move's shortcuts agree with the search on random positions",
          "[chessme][fast-paths]") {
    std::mt19937_64 random(17);
    for (const cme::Ruleset& rules : rulesets()) {
        std::size_t compared = 0;
        std::size_t checks = 0;
        std::size_t mates = 0;
        while (compared < 20000) {
            const Position p = random_position(random);
            if (in_check(p, opponent(p.side_to_move()))) continue;
            const bool fast = has_legal_move(p, rules);
            const bool search = has_legal_move_by_search(p, rules);
            if (fast != search) FAIL_CHECK(format_position(p, GameEnd{}));
            const bool check = in_check(p, p.side_to_move());
            if (check) ++checks;
            if (check && !search) ++mates;
            ++compared;
        }
        CHECK(checks > 2000);
        CHECK(mates > 50);
    }
}

TEST_CASE("chessme: a turn taken back restores the position exactly", "[chessme][fast-paths]") {
    const cme::Ruleset rules;
    const std::vector<Position> positions = generated_positions(rules, 60);
    std::size_t turns = 0;
    for (const Position& start : positions) {
        const std::vector<Action> moves = legal_moves(start, rules);
        for (std::size_t m = 0; m < moves.size(); m += 3) {
            Position p = start;
            TurnUndo undo;
            p.begin_turn(undo);
            p.apply_move(moves[m], &undo);
            const std::vector<Action> placements = legal_placements(p, rules);
            if (!placements.empty()) p.apply_placement(placements[m % placements.size()], &undo);
            p.end_turn();
            Position played_without_undo = start;
            played_without_undo.apply_move(moves[m]);
            if (!placements.empty())
                played_without_undo.apply_placement(placements[m % placements.size()]);
            played_without_undo.end_turn();
            REQUIRE(p == played_without_undo);
            p.take_back(undo);
            REQUIRE(p == start);
            ++turns;
        }
    }
    CHECK(turns > 5000);
}

namespace {

// A random position whose pieces straddle the edge of the position's window (the squares -12 to
// 19 on both axes) and sometimes stand far beyond it, so that both ways of finding a piece are
// used.
Position random_position_at_the_edge(std::mt19937_64& random) {
    return random_position_on(
        random,
        [&]() -> std::int64_t {
            switch (random() % 8) {
                case 0:
                    return 10'000 + static_cast<std::int64_t>(random() % 3);
                case 1:
                    return -14 + static_cast<std::int64_t>(random() % 4);
                default:
                    return 15 + static_cast<std::int64_t>(random() % 8);
            }
        },
        20);
}

// The positions the shortcuts of the king's safety are compared on: those of 60 generated
// games, 3,000 random ones and 1,000 at the window's edge.
std::vector<Position> mixed_positions(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<Position> positions = generated_positions(cme::Ruleset{}, 60);
    for (int i = 0; i < 3000; ++i) positions.push_back(random_position(random));
    for (int i = 0; i < 1000; ++i) positions.push_back(random_position_at_the_edge(random));
    return positions;
}

// Moves of the side to move that fit their pieces' patterns, whatever they do to the own king:
// each piece to every square within three of it, and along its lines to the grid's bound.
std::vector<Action> pattern_moves(const Position& p) {
    std::vector<Action> out;
    for (const Piece& piece : p.pieces()) {
        if (piece.color != p.side_to_move()) continue;
        auto consider = [&](Square to) {
            if (!in_grid(to) || to == piece.at) return;
            const Piece* target = p.at(to);
            if (target != nullptr && target->color == piece.color) return;
            Action move;
            move.kind = piece.kind;
            move.from = piece.at;
            move.to = to;
            move.capture_mark = target != nullptr;
            out.push_back(move);
        };
        for (std::int64_t dx = -3; dx <= 3; ++dx)
            for (std::int64_t dy = -3; dy <= 3; ++dy)
                consider(Square{piece.at.x + dx, piece.at.y + dy});
        for (std::int64_t far : {40, 10'000})
            for (std::int64_t sx = -1; sx <= 1; ++sx)
                for (std::int64_t sy = -1; sy <= 1; ++sy)
                    consider(Square{piece.at.x + far * sx, piece.at.y + far * sy});
    }
    return out;
}

}  // namespace

TEST_CASE("chessme: the position's window finds every piece as the scan does",
          "[chessme][fast-paths]") {
    std::mt19937_64 random(23);
    const cme::Ruleset rules;
    std::vector<Position> positions = generated_positions(rules, 40);
    for (int i = 0; i < 400; ++i) positions.push_back(random_position_at_the_edge(random));
    std::size_t found = 0;
    std::size_t turns = 0;
    for (const Position& start : positions) {
        REQUIRE(start.window_consistent());
        auto same_finds = [&](const Position& p) {
            for (const Piece& piece : p.pieces())
                for (std::int64_t dx = -2; dx <= 2; ++dx)
                    for (std::int64_t dy = -2; dy <= 2; ++dy) {
                        const Square s{piece.at.x + dx, piece.at.y + dy};
                        REQUIRE(p.find(s) == p.find_by_scan(s));
                        found += p.find(s) >= 0;
                    }
        };
        same_finds(start);
        // Every move played and taken back, captures of pieces in and out of the window
        // included, keeps the window in step with the pieces.
        const std::vector<Action> moves = pattern_moves(start);
        for (std::size_t m = 0; m < moves.size(); m += 7) {
            Position p = start;
            TurnUndo undo;
            p.begin_turn(undo);
            p.apply_move(moves[m], &undo);
            REQUIRE(p.window_consistent());
            same_finds(p);
            p.take_back(undo);
            REQUIRE(p == start);
            ++turns;
        }
    }
    CHECK(found > 100000);
    CHECK(turns > 5000);
}

namespace {

// The plain reading of the patterns (C6), kind by kind, for the tables of fits_pattern: whether
// `piece` reaches `to`, capturing or not. A line's squares are checked against every piece.
bool plain_fits(const Position& p, const Piece& piece, Square to, bool captures) {
    const std::int64_t dx = to.x - piece.at.x;
    const std::int64_t dy = to.y - piece.at.y;
    const std::int64_t fw = forward(piece.color);
    const std::int64_t ax = dx < 0 ? -dx : dx;
    const std::int64_t ay = dy < 0 ? -dy : dy;
    const bool straight = (dx == 0) != (dy == 0);
    const bool diagonal = ax != 0 && ax == ay;
    auto clear = [&] {
        const std::int64_t n = ax > ay ? ax : ay;
        const std::int64_t sx = (dx > 0) - (dx < 0);
        const std::int64_t sy = (dy > 0) - (dy < 0);
        for (const Piece& q : p.pieces()) {
            const std::int64_t t =
                sx != 0 ? (q.at.x - piece.at.x) * sx : (q.at.y - piece.at.y) * sy;
            if (t > 0 && t < n && q.at.x == piece.at.x + t * sx && q.at.y == piece.at.y + t * sy)
                return false;
        }
        return true;
    };
    switch (piece.kind) {
        case Kind::king:
            return ax <= 1 && ay <= 1 && (ax + ay) > 0 && (captures || dy != -fw);
        case Kind::knight:
            return (ax == 1 && ay == 2) || (ax == 2 && ay == 1);
        case Kind::pawn:
            return dy == fw && (captures ? ax == 1 : dx == 0);
        case Kind::rook:
            return straight && clear();
        case Kind::bishop:
            return diagonal && clear();
        case Kind::queen:
            return (straight || diagonal) && clear();
        case Kind::none:
            break;
    }
    return false;
}

// Whether a piece of `by` attacks `target` on `p`: every piece tried by plain_fits.
bool plain_attacked(const Position& p, Square target, Color by) {
    for (const Piece& q : p.pieces())
        if (q.color == by && plain_fits(p, q, target, true)) return true;
    return false;
}

}  // namespace

TEST_CASE("chessme: the pattern tables and the attack test agree with the plain patterns",
          "[chessme][fast-paths]") {
    const std::vector<Position> positions = mixed_positions(41);
    std::size_t compared = 0;
    std::size_t fitting = 0;
    std::size_t unsafe = 0;
    for (const Position& p : positions) {
        for (Color c : {Color::white, Color::black})
            if (const std::optional<Square> king = p.king(c))
                REQUIRE(in_check(p, c) == plain_attacked(p, *king, opponent(c)));
        const Color me = p.side_to_move();
        for (const Action& move : pattern_moves(p)) {
            const Piece& piece = *p.at(move.from);
            const bool plain = plain_fits(p, piece, move.to, move.capture_mark);
            if (fits_pattern(p, piece.color, piece.kind, move.from, move.to, move.capture_mark) !=
                    plain ||
                attacks(p, piece, move.to) != plain_fits(p, piece, move.to, true))
                FAIL_CHECK(format_position(p, GameEnd{}) << " " << format_action(move));
            fitting += plain;
            // The attack test after the move, against the position the move leaves.
            Position after = p;
            after.apply_move(move);
            const std::optional<Square> king = after.king(me);
            const bool safe = !king || !plain_attacked(after, *king, opponent(me));
            if (leaves_king_safe_by_attack_test(p, move) != safe)
                FAIL_CHECK(format_position(p, GameEnd{}) << " " << format_action(move));
            unsafe += !safe;
            ++compared;
        }
    }
    CHECK(compared > 500000);
    CHECK(fitting > 50000);
    CHECK(unsafe > 20000);
}

TEST_CASE("chessme: apply_move's shortcuts leave the position the general path leaves",
          "[chessme][fast-paths]") {
    const std::vector<Position> positions = mixed_positions(43);
    std::size_t captures = 0;
    std::size_t compared = 0;
    for (const Position& start : positions) {
        const std::vector<Action> moves = pattern_moves(start);
        for (std::size_t m = 0; m < moves.size(); m += 3) {
            Position fast = start;
            Position plain = start;
            TurnUndo fast_undo;
            TurnUndo plain_undo;
            fast.begin_turn(fast_undo);
            plain.begin_turn(plain_undo);
            fast.apply_move(moves[m], &fast_undo);
            plain.apply_move_by_slots(moves[m], &plain_undo);
            // The same pieces in the same slots, so that every later listing keeps its order.
            if (!(fast == plain) || !fast.window_consistent())
                FAIL_CHECK(format_position(start, GameEnd{}) << " " << format_action(moves[m]));
            fast.take_back(fast_undo);
            REQUIRE(fast == start);
            captures += moves[m].capture_mark;
            ++compared;
        }
    }
    CHECK(compared > 150000);
    CHECK(captures > 20000);
}

TEST_CASE("chessme: the king's safety without the attack test agrees with it",
          "[chessme][fast-paths]") {
    const std::vector<Position> positions = mixed_positions(29);
    std::size_t compared = 0;
    std::size_t unsafe = 0;
    for (const Position& p : positions) {
        if (in_check(p, opponent(p.side_to_move()))) continue;
        const bool checked = in_check(p, p.side_to_move());
        for (const Action& move : pattern_moves(p)) {
            const bool plain = leaves_king_safe_by_attack_test(p, move);
            if (leaves_king_safe(p, move, checked) != plain)
                FAIL_CHECK(format_position(p, GameEnd{}) << " " << format_action(move));
            unsafe += !plain;
            ++compared;
        }
    }
    CHECK(compared > 500000);
    CHECK(unsafe > 20000);
}

TEST_CASE("chessme: the check a turn gives is found without the attack test",
          "[chessme][fast-paths]") {
    const cme::Ruleset rules;
    const std::vector<Position> positions = mixed_positions(31);
    std::size_t compared = 0;
    std::size_t checks = 0;
    for (const Position& start : positions) {
        const Color me = start.side_to_move();
        if (in_check(start, opponent(me))) continue;
        for (const Action& move : legal_moves(start, rules)) {
            Position p = start;
            p.apply_move(move);
            // The turn without a placement, then with each placement it allows.
            std::vector<Action> placements = legal_placements(p, rules);
            placements.insert(placements.begin(), Action{});
            for (std::size_t i = 0; i < placements.size(); ++i) {
                Position after = p;
                const Action* placement = i == 0 ? nullptr : &placements[i];
                if (placement != nullptr) after.apply_placement(*placement);
                after.end_turn();
                const bool plain = in_check(after, opponent(me));
                if (turn_gives_check(after, move, placement, me) != plain)
                    FAIL_CHECK(format_position(start, GameEnd{})
                               << " " << format_action(move) << " "
                               << (placement ? format_action(*placement) : std::string()));
                checks += plain;
                ++compared;
            }
        }
    }
    CHECK(compared > 200000);
    CHECK(checks > 10000);
}

TEST_CASE("chessme: a square's neighbours read from the window's rows agree with the lookups",
          "[chessme][fast-paths]") {
    std::mt19937_64 random(37);
    std::size_t compared = 0;
    std::size_t with_neighbour = 0;
    for (int i = 0; i < 3000; ++i) {
        const Position p =
            i % 2 == 0 ? random_position(random) : random_position_at_the_edge(random);
        for (const Piece& piece : p.pieces())
            for (std::int64_t dx = -2; dx <= 2; ++dx)
                for (std::int64_t dy = -2; dy <= 2; ++dy) {
                    const Square s{piece.at.x + dx, piece.at.y + dy};
                    // Every piece as the one left out, and a square where none stands.
                    for (const Square except : {piece.at, Square{s.x + 1, s.y}, s}) {
                        bool plain = false;
                        for (const Piece& q : p.pieces())
                            plain = plain || (q.at != except && adjacent(q.at, s));
                        REQUIRE(p.has_neighbour(s, except) == plain);
                        REQUIRE(p.has_neighbour_by_lookups(s, except) == plain);
                        with_neighbour += plain;
                        ++compared;
                    }
                }
    }
    CHECK(compared > 500000);
    CHECK(with_neighbour > 100000);
}

TEST_CASE("chessme: format_position writes what the plain writer writes", "[chessme][fast-paths]") {
    const std::vector<Position> generated = generated_positions(cme::Ruleset{}, 150);
    const GameEnd ends[] = {GameEnd{}, GameEnd{true, false, Color::white, "checkmate"},
                            GameEnd{true, false, Color::black, "checkmate"},
                            GameEnd{true, true, Color::white, "stalemate"}};
    std::size_t compared = 0;
    for (const Position& p : generated) {
        const GameEnd& end = ends[compared % std::size(ends)];
        REQUIRE(format_position(p, end) == format_position_plain(p, end));
        ++compared;
    }
    // Far squares: the coordinates where names change length or gain a prime, the grid's
    // bounds, and the largest turn numbers, on the tiles of generated positions.
    constexpr std::int64_t coordinates[] = {
        grid_min, grid_min + 1, -702, -701, -26, -25, -1,           0,       1, 9, 10, 26,
        27,       99,           100,  702,  703, 999, grid_max - 1, grid_max};
    std::mt19937_64 random(29);
    auto coordinate = [&] { return coordinates[random() % std::size(coordinates)]; };
    for (std::size_t round = 0; round < 5000; ++round) {
        Position p = generated[random() % generated.size()];
        p.clear_pieces();
        const std::size_t count = random() % 33;
        while (p.pieces().size() < count) {
            const Square s{coordinate(), coordinate()};
            if (p.at(s) != nullptr) continue;
            p.add_piece(Piece{s, random() % 2 == 0 ? Color::white : Color::black,
                              static_cast<Kind>(1 + random() % 6)});
        }
        constexpr std::uint32_t turns[] = {1, 9, 10, 99, 100, 999'999'999};
        p.set_turn_number(turns[random() % std::size(turns)]);
        p.set_side_to_move(random() % 2 == 0 ? Color::white : Color::black);
        const GameEnd& end = ends[random() % std::size(ends)];
        REQUIRE(format_position(p, end) == format_position_plain(p, end));
        ++compared;
    }
    CHECK(compared > 8000);
}

TEST_CASE("chessme: parse_action's shortcut reads every word as the grammar does",
          "[chessme][fast-paths]") {
    // Every action of generated games, then each changed: cut short, one character replaced or
    // inserted, from an alphabet of what action words are made of and a few strangers.
    std::vector<std::string> words;
    GeneratorOptions options;
    for (std::uint32_t round = 1; round <= 60; ++round) {
        const GeneratedGame game = generate_game(20261126, round, options);
        const SourceFile source("generated.jgn", game.text);
        for (const GameRecord& record : test::read_all(source))
            for (const ActionText& action : record.actions) words.emplace_back(action.text);
    }
    REQUIRE(words.size() > 2000);
    const std::string alphabet = "KQRBNPkqx@-=+#'019adhz AZ~\xc3";
    std::vector<std::string> texts = words;
    for (const std::string& word : words) {
        for (std::size_t i = 0; i <= word.size(); ++i) {
            texts.push_back(word.substr(0, i));
            for (char c : alphabet) {
                if (i < word.size()) {
                    std::string changed = word;
                    changed[i] = c;
                    texts.push_back(changed);
                }
                std::string inserted = word;
                inserted.insert(i, 1, c);
                texts.push_back(inserted);
            }
        }
    }
    for (const char* odd : {"",
                            "+",
                            "#",
                            "P",
                            "P@",
                            "P@d",
                            "P@d2",
                            "P@d2+",
                            "P@d0",
                            "P@'a'1",
                            "Pd2-d3=",
                            "Pd2-d3=QQ",
                            "Pd2-d3=K#",
                            "Pd2-d3=P",
                            "Pd2-d3=q",
                            "Pd2xd3=B+",
                            "Pd2-d3++",
                            "Pd2-d3+#",
                            "Pd10-d11",
                            "Q@cfdgsxl1000000000",
                            "Q@cfdgsxm1",
                            "Q@a1000000001",
                            "Rc1-'cfdgsxl'1000000000",
                            "Pc5-c6+=B",
                            "O-O"})
        texts.emplace_back(odd);
    std::size_t read = 0;
    for (const std::string& text : texts) {
        const ActionParse fast = parse_action(text);
        const ActionParse plain = parse_action_by_grammar(text);
        INFO(text);
        REQUIRE(fast.word.has_value() == plain.word.has_value());
        if (fast.word) {
            REQUIRE(fast.word->action == plain.word->action);
            REQUIRE(fast.word->mark == plain.word->mark);
            ++read;
        }
        REQUIRE(fast.problem == plain.problem);
    }
    CHECK(texts.size() > 500000);
    CHECK(read > 20000);
}

TEST_CASE("chessme: write_position reusing one string writes what the plain writer writes",
          "[chessme][fast-paths]") {
    // A verdict's position string is written over the previous game's: longer and shorter
    // strings in turn, from generated positions, random ones and ones at the window's edge.
    const std::vector<Position> generated = generated_positions(cme::Ruleset{}, 60);
    std::mt19937_64 random(41);
    std::vector<Position> positions = generated;
    for (int i = 0; i < 2000; ++i) positions.push_back(random_position(random));
    for (int i = 0; i < 1000; ++i) positions.push_back(random_position_at_the_edge(random));
    const GameEnd ends[] = {GameEnd{}, GameEnd{true, false, Color::black, "checkmate"},
                            GameEnd{true, true, Color::white, "stalemate"}};
    std::string reused = "left over from an earlier game";
    std::size_t compared = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Position& p = positions[(i * 7919) % positions.size()];
        const GameEnd& end = ends[i % std::size(ends)];
        write_position(reused, p, end);
        REQUIRE(reused == format_position_plain(p, end));
        ++compared;
    }
    CHECK(compared == positions.size());
}
