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

// A random position: both kings, up to 14 other pieces in a 7 x 7 box, the side to move at
// random; positions where the side not to move is in check are skipped by the caller.
Position random_position(std::mt19937_64& random) {
    Position p = Position::start(StartKings::e1_e6, std::nullopt, std::nullopt);
    p.clear_pieces();
    auto coordinate = [&] { return static_cast<std::int64_t>(random() % 7) + 1; };
    auto free_square = [&] {
        for (;;) {
            const Square s{coordinate(), coordinate()};
            if (p.at(s) == nullptr) return s;
        }
    };
    p.add_piece(Piece{free_square(), Color::white, Kind::king});
    p.add_piece(Piece{free_square(), Color::black, Kind::king});
    const std::size_t others = random() % 15;
    constexpr Kind kinds[] = {Kind::queen,  Kind::rook, Kind::bishop,
                              Kind::knight, Kind::pawn, Kind::pawn};
    for (std::size_t i = 0; i < others; ++i)
        p.add_piece(Piece{free_square(), random() % 2 == 0 ? Color::white : Color::black,
                          kinds[random() % std::size(kinds)]});
    p.set_side_to_move(random() % 2 == 0 ? Color::white : Color::black);
    return p;
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
