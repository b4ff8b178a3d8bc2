// J6, J7.1-J7.3, J8, J9.2, J9.4: army moves, replayed from the standard setup of support.hpp.
#include <random>

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"

#include "support.hpp"

using jv::test::message_of;
using jv::test::require_fault;
using jv::test::require_legal;

using jv::Verdict;
using jv::test::check_game;
using jv::test::game_text;

namespace {}  // namespace

TEST_CASE("J7.1 a soldier steps one square forward", "[J7.1]") {
    require_legal(check_game(game_text("1. Se2-e3 Sd10-d9")));
    auto illegal = check_game(game_text("1. Se2-e5"));
    require_fault(illegal, "J7.1", "Se2-e5");
    CHECK(illegal.turn == 1u);
    CHECK(illegal.side == "white");
    CHECK(illegal.line == 9);
    CHECK(illegal.column == 4);
    CHECK(illegal.message ==
          "the white soldier on e2 cannot go to e5: a soldier on the ground moves one square "
          "forward (two from its setup square), and e5 is 3 ranks ahead");
}

TEST_CASE("J7.1 a soldier never steps backwards or sideways", "[J7.1]") {
    require_fault(check_game(game_text("1. Se2-e3 Sd10-d9 2. Se3-e2")), "J7.1", "Se3-e2");
    require_fault(check_game(game_text("1. Sj2-k2")), "J7.1", "Sj2-k2");
    // Black's forward is towards rank 1.
    require_fault(check_game(game_text("1. Se2-e3 Se10-e9 2. Se3-e4 Se9-e10")), "J7.1", "Se9-e10");
}

TEST_CASE("J7.1 a soldier does not capture straight ahead", "[J7.1]") {
    auto c = check_game(game_text("1. Se2-e4 Se10-e8 2. Se4-e5 Se8-e7 3. Se5-e6 Se7xe6"));
    require_fault(c, "J7.1", "Se7xe6");
    CHECK(c.side == "black");
    CHECK(c.message ==
          "the black soldier on e7 cannot capture on e6: a soldier on the ground captures only "
          "diagonally forward, never straight ahead, and e6 holds the white soldier");
}

TEST_CASE("J7.1 a soldier may step onto its own free regenerator", "[J7.1][J9.2]") {
    // A setup variant with the white king on j2 and a soldier on f1, behind the regenerator on f2.
    std::string text =
        "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n"
        "0. T@a1,N@b1,G@c1,S@d1,Q@e1,S@f1,D@g1,S@h1,G@i1,N@j1,T@k1,\n"
        "   S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,K@j2\n" +
        std::string(jv::test::standard_setup.substr(jv::test::standard_setup.find("0..."))) +
        "1. Sf1-f2 Sa10-a9 2. Sf2-f3 *\n";
    require_legal(check_game(text));
    // The regenerator is not empty ground, so the double step cannot pass over it.
    std::string jump = text.substr(0, text.find("1. Sf1-f2")) + "1. Sf1-f3 *\n";
    require_fault(check_game(jump), "J7.2", "Sf1-f3");
}

TEST_CASE("J7.2 the double step is for soldiers that have not moved", "[J7.2]") {
    require_legal(check_game(game_text("1. Se2-e4 Sd10-d8")));
    auto moved = check_game(game_text("1. Se2-e3 Sd10-d9 2. Se3-e5"));
    require_fault(moved, "J7.2", "Se3-e5");
    CHECK(moved.message ==
          "the white soldier on e3 cannot advance two squares to e5: only a soldier that has not "
          "moved since the setup may, and this one has moved or was regenerated");
    auto blocked = check_game(game_text("1. Sd1-d3"));
    require_fault(blocked, "J7.2", "Sd1-d3");
    CHECK(blocked.message ==
          "the white soldier on d1 cannot advance two squares to d3: the double step needs both "
          "squares ahead to be empty ground, and d2 holds the white soldier");
}

TEST_CASE("J7.2 the double step may not land on an occupied square", "[J7.2]") {
    auto c = check_game(game_text(
        "1. Sa2-a3 Nj11-i9 2. Sa3-a4 Ni9-h7 3. Sa4-a5 Nh7-g5 4. Sa5-a6 Ng5-e4 5. Se2-e4"));
    require_fault(c, "J7.2", "Se2-e4");
    CHECK(c.message ==
          "the white soldier on e2 cannot advance two squares to e4: the double step needs both "
          "squares ahead to be empty ground, and e4 holds the black knight");
}

TEST_CASE("J7.3 a soldier captures one square diagonally forward", "[J7.3][J2.2]") {
    auto c = check_game(game_text("1. Se2-e4 Sd10-d8 2. Se4-e5 Sd8-d7 3. Se5-e6 Sd7xe6"));
    require_legal(c);
    CHECK(c.position.find("lost=w:S,b:-") != std::string::npos);
    auto empty = check_game(game_text("1. Se2-f3"));
    require_fault(empty, "J7.3", "Se2-f3");
    CHECK(empty.message ==
          "the white soldier on e2 cannot go to f3: a soldier moves diagonally only to capture, "
          "and f3 is empty");
}

TEST_CASE("J14.2 the capture mark must agree with the move", "[J14.2]") {
    auto missing = check_game(game_text("1. Se2-e4 Sd10-d8 2. Se4-e5 Sd8-d7 3. Se5-e6 Sd7-e6"));
    require_fault(missing, "J14.2", "Sd7-e6");
    CHECK(
        missing.message ==
        "this move captures (e6 holds the white soldier), so it must be written with 'x': Sd7xe6");
    auto false_mark = check_game(game_text("1. Se2xe3"));
    require_fault(false_mark, "J14.2", "Se2xe3");
    CHECK(false_mark.message ==
          "the capture mark 'x' is written, but there is nothing to capture (e3 is empty); write "
          "Se2-e3");
}

TEST_CASE("J6.1 a move takes an own piece of the written kind", "[J6.1]") {
    auto nothing = check_game(game_text("1. Se3-e4"));
    require_fault(nothing, "J6.1", "Se3-e4");
    CHECK(nothing.message == "there is no piece on e3 to move (e3 is empty)");
    auto enemy = check_game(game_text("1. Se10-e9"));
    require_fault(enemy, "J6.1", "Se10-e9");
    CHECK(enemy.message ==
          "White cannot move the black soldier on e10: a player moves only its own pieces");
    auto kind = check_game(game_text("1. Ne2-e3"));
    require_fault(kind, "J6.1", "Ne2-e3");
    CHECK(kind.message == "the piece on e2 is the white soldier, not a knight as written");
    auto own = check_game(game_text("1. Ta1-a2"));
    require_fault(own, "J6.1", "Ta1-a2");
    CHECK(own.message ==
          "the white tower on a1 cannot go to a2: the white soldier stands there, and no piece "
          "moves onto a piece of its own side");
}

TEST_CASE("J6.2 sliding pieces need a clear path", "[J6.2][J8.1][J8.2][J8.3]") {
    require_legal(check_game(game_text("1. Sa2-a4 Sa10-a8 2. Ta1-a3 Ta11-a9")));
    auto tower = check_game(game_text("1. Ta1-a5"));
    require_fault(tower, "J6.2", "Ta1-a5");
    CHECK(tower.message ==
          "the white tower on a1 cannot reach a5: it passes only over empty squares, and a2 holds "
          "the white soldier");
    require_fault(check_game(game_text("1. Gc1-a3")), "J6.2", "Gc1-a3");
    require_fault(check_game(game_text("1. Qe1-e5")), "J6.2", "Qe1-e5");
    // The own regenerator blocks as well (J9.2).
    auto regenerator = check_game(game_text("1. Se2-e3 Sa10-a9 2. Qe1-g3"));
    require_fault(regenerator, "J6.2", "Qe1-g3");
    CHECK(regenerator.message ==
          "the white queen on e1 cannot reach g3: it passes only over empty squares, and f2 holds "
          "the white regenerator");
}

TEST_CASE("J8.1 J8.2 J8.3 the sliders' lines", "[J8.1][J8.2][J8.3]") {
    auto tower = check_game(game_text("1. Ta1-c3"));
    require_fault(tower, "J8.1", "Ta1-c3");
    CHECK(tower.message ==
          "the white tower on a1 cannot go to c3: a tower moves along its rank or its file, and c3 "
          "is on neither");
    require_fault(check_game(game_text("1. Gc1-c3")), "J8.2", "Gc1-c3");
    require_legal(check_game(game_text("1. Sd2-d3 Sa10-a9 2. Gc1-e3")));
    require_fault(check_game(game_text("1. Qe1-f3")), "J8.3", "Qe1-f3");
    require_legal(check_game(game_text("1. Sd2-d3 Sa10-a9 2. Qe1-b4")));
}

TEST_CASE("J8.4 the knight jumps over anything", "[J8.4]") {
    require_legal(check_game(game_text("1. Nb1-c3 Nb11-a9")));
    auto c = check_game(game_text("1. Nb1-b3"));
    require_fault(c, "J8.4", "Nb1-b3");
    CHECK(c.message ==
          "the white knight on b1 cannot go to b3: a knight jumps two squares one way and one the "
          "other, and b3 is 2 ranks straight from it, on its file");
}

TEST_CASE("J8.5 the dragon flies along lines over everything", "[J8.5]") {
    require_legal(check_game(game_text("1. Dg1-g5 Dg11-g6")));
    require_fault(check_game(game_text("1. Dg1-h3")), "J8.5", "Dg1-h3");
    // Capturing a king needs a clear line: f10 holds the black regenerator.
    auto blocked = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf11"));
    require_fault(blocked, "J8.5", "Df2xf11");
    CHECK(blocked.message ==
          "the white dragon on f2 cannot capture on f11: to capture a king or a regenerator the "
          "dragon needs every square between to be empty, and f10 holds the black regenerator");
    // Ordinary captures need no clear line.
    require_legal(check_game(game_text("1. Dg1xg10 Sa10-a9")));
}

TEST_CASE("J8.6 the king steps one square", "[J8.6]") {
    require_legal(check_game(game_text("1. Se2-e3 Sa10-a9 2. Kf1-e2")));
    auto c = check_game(game_text("1. Se2-e4 Sa10-a9 2. Kf1-e3"));
    require_fault(c, "J8.6", "Kf1-e3");
    CHECK(c.message ==
          "the white king on f1 cannot go to e3: a king moves one square in any direction, and e3 "
          "is 2 squares away");
}

TEST_CASE("J9.2 standing on the own regenerator", "[J9.2]") {
    require_legal(check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2-f5")));
    jv::jel::Ruleset strict;
    strict.stand_on_own_regenerator = false;
    auto c = check_game(game_text("1. Dg1-f2"), strict);
    require_fault(c, "J9.2", "Dg1-f2");
}

TEST_CASE("J9.4 J12.1 capturing the regenerator, then the king", "[J9.4][J12.1][J14.1]") {
    auto c = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf10 Sa9-a8 3. Df10xf11", "1-0"));
    require_legal(c);
    CHECK(c.result == "1-0");
    CHECK(c.reason == "king-captured");
    CHECK(c.position.find("lost=w:-,b:K") != std::string::npos);
    CHECK(c.position.find("over=1-0:king-captured") != std::string::npos);
    // After its regenerator is captured Black cannot regenerate any more.
    auto regenerate = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf10 S@e9"));
    require_fault(regenerate, "J9.4", "S@e9");
}

TEST_CASE("J12.5 nothing may follow the end of the game", "[J12.5]") {
    auto c = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf10 Sa9-a8 3. Df10xf11 Sa8-a7", "1-0"));
    require_fault(c, "J12.5", "Sa8-a7");
    // The outcome of the legal part is White's win.
    CHECK(c.result == "1-0");
    CHECK(c.reason == "king-captured");
}

TEST_CASE("J12.5 nothing may follow a king capture within its turn", "[J12.5][J5.3]") {
    // At counter 3 a bonus wall next to the dragon would be legal, but the game is over.
    auto c = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf10 Sa9-a8 3. Df10xf11,W@f10", "1-0"));
    require_fault(c, "J12.5", "W@f10");
    CHECK(c.turn == 3u);
    CHECK(c.side == "white");
    CHECK(c.message == "the game ended when the black king was captured; no action may follow");
}

TEST_CASE("J14.1 the result must agree with the game", "[J14.1]") {
    auto unfinished = check_game(game_text("1. Dg1-f2 Sa10-a9 2. Df2xf10 Sa9-a8 3. Df10xf11", "*"));
    REQUIRE(unfinished.verdict == Verdict::illegal);
    CHECK(unfinished.rule == "J14.1");
    CHECK(!unfinished.turn.has_value());
    CHECK(unfinished.side.empty());
    CHECK(unfinished.message ==
          "the game ended when the black king was captured, so the result is 1-0, not *");
    std::string text = game_text("1. Se2-e3 Sa10-a9", "*");
    text.replace(text.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
    auto tag = check_game(text);
    REQUIRE(tag.verdict == Verdict::illegal);
    CHECK(tag.rule == "J14.1");
    CHECK(tag.line == 3);
    CHECK(tag.message == "the Result tag says \"1-0\" but the movetext ends with *");
    auto declared = check_game(game_text("1. Se2-e3 Sa10-a9", "0-1"));
    require_legal(declared);
    CHECK(declared.reason == "declared");
}

TEST_CASE("J4.1 one army move a turn", "[J4.1][J4.2]") {
    auto second = check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4,Sd2-d3"));
    require_fault(second, "J4.1", "Sd2-d3");
    CHECK(second.message ==
          "Se3-e4 and Sd2-d3 are two army moves; a turn has only one (or one set of crossings)");
    // On a first turn the same fault belongs to the opening rule (J15).
    require_fault(check_game(game_text("1. Se2-e3,Sd2-d3")), "J4.2", "Sd2-d3");
}

TEST_CASE("J5.1 the counter advances after an ordinary turn, up to 12", "[J5.1]") {
    auto c = check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4 Sa9-a8 3. Se4-e5"));
    require_legal(c);
    CHECK(c.position.find("|side=b|turn=3|counter=w:4,b:3|") != std::string::npos);
    std::string moves;
    for (int turn = 1; turn <= 14; ++turn)
        moves += fmt::format("{}. Nb1-c3 Nb11-c9 {}. Nc3-b1 Nc9-b11 ", 2 * turn - 1, 2 * turn);
    auto capped = check_game(game_text(moves));
    require_legal(capped);
    CHECK(capped.position.find("|counter=w:12,b:12|") != std::string::npos);
}

TEST_CASE("J5.2 a strategy turn needs its counter position", "[J5.2]") {
    auto walls =
        check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4 Sa9-a8 3. Se4-e5 Sa8-a7 4. W@c5"));
    require_fault(walls, "J5.2", "W@c5");
    CHECK(walls.message ==
          "placing walls is the strategy turn of counter position 6; White's counter is at 4");
    auto regeneration = check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4 Q@f10"));
    require_fault(regeneration, "J5.2", "Q@f10");
    CHECK(regeneration.message ==
          "regenerating a tower or the queen is the strategy turn of "
          "counter position 8; Black's counter is at 2");
}

TEST_CASE("J5.3 a lone placement at counter 2 or 3", "[J5.3]") {
    auto c = check_game(game_text("1. Se2-e3 Sa10-a9 2. W@c5"));
    require_fault(c, "J5.3", "W@c5");
    CHECK(c.message ==
          "at counter position 2 a wall or water may be placed only together with "
          "an army move, and this turn has none");
}

TEST_CASE("J9.1 J9.3 regenerator placement and the king", "[J9.1][J9.3]") {
    require_fault(check_game(game_text("1. Se2-e3 Sa10-a9 2. R@e5")), "J9.1", "R@e5");
    require_fault(check_game(game_text("1. Se2-e3 Sa10-a9 2. K@f2")), "J9.3", "K@f2");
}

TEST_CASE("J9.1 J9.3 are named wherever the action stands in the turn", "[J9.1][J9.3][J15]") {
    // Beside an army move these actions are no part of an ordinary turn either; the rule that
    // refuses them outright is named, not J4.1.
    auto regenerator = check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4,R@e5"));
    require_fault(regenerator, "J9.1", "R@e5");
    CHECK(regenerator.turn == 2u);
    CHECK(regenerator.column == 29);
    auto king = check_game(game_text("1. Se2-e3 Sa10-a9 2. Se3-e4,K@f2"));
    require_fault(king, "J9.3", "K@f2");
    CHECK(king.message == "the king is never regenerated");
}

TEST_CASE("J6.1 a move leaves its square", "[J6.1]") {
    auto c = check_game(game_text("1. Se2-e2"));
    require_fault(c, "J6.1", "Se2-e2");
    CHECK(c.turn == 1u);
    CHECK(c.side == "white");
    CHECK(c.message == "a move must leave its square; Se2-e2 goes nowhere");
}

TEST_CASE("J13.1 a piece is removed only at a timeout", "[J13.1]") {
    require_fault(check_game(game_text("1. xSe2")), "J13.1", "xSe2");
}

// check_army_move answers the plain moves of most turns through a shortcut (rules.cpp); it must
// agree with the full checks on every move, legal or not, in crowded random positions with walls,
// water, regenerators, pieces on walls and soldiers that may make the double step.
TEST_CASE("J6-J8 the shortcut for plain moves agrees with the full checks",
          "[J6.1][J6.2][J7.1][J8.4][J14.2][property]") {
    using namespace jv::jel;
    QuietFaults quiet;  // the rule of each fault is compared; its words are not needed
    std::mt19937 random(20261125);
    const PieceKind kinds[] = {PieceKind::king,   PieceKind::queen, PieceKind::dragon,
                               PieceKind::tower,  PieceKind::guard, PieceKind::knight,
                               PieceKind::soldier};
    long compared = 0;
    long legal = 0;
    for (int trial = 0; trial < 160; ++trial) {
        Position p;
        p.set_turn_number(5);
        p.set_side_to_move(trial % 2 == 0 ? Color::white : Color::black);
        for (Square s = 0; s < square_count; ++s) {
            Cell c;
            const auto roll = random() % 100;
            if (roll < 8) c.set_terrain(Terrain::water);
            if (roll >= 8 && roll < 20)
                c.set_terrain(roll % 2 ? Terrain::white_wall : Terrain::black_wall);
            if (roll >= 20 && roll < 23) c.set_regenerator(roll % 2 ? Color::white : Color::black);
            const bool may_hold_piece = c.terrain() != Terrain::water;
            if (may_hold_piece && random() % 100 < 35) {
                const Color color = random() % 2 ? Color::white : Color::black;
                c.set_piece(make_piece(color, kinds[random() % 7]));
            }
            p.set_cell(s, c);
            if (c.piece() != 0 && kind_of(c.piece()) == PieceKind::soldier && random() % 2)
                p.grant_double_step(s);
        }
        Ruleset rules;
        if (trial % 3 == 0) rules.knight_vs_dragon = KnightVsDragon::cannot_capture;
        if (trial % 4 == 0) rules.stand_on_own_regenerator = false;
        for (Square from = 0; from < square_count; ++from) {
            const Piece piece = p.piece_on(from);
            if (piece == 0 && random() % 8 != 0) continue;
            const Letter written = piece != 0 && random() % 6 != 0 ? to_letter(kind_of(piece))
                                                                   : to_letter(kinds[random() % 7]);
            for (Square to = 0; to < square_count; ++to) {
                for (bool mark : {false, true}) {
                    const Letter promotion = random() % 20 == 0 ? Letter::queen : Letter::none;
                    const Action a =
                        Action::make(ActionKind::move, written, from, to, mark, promotion);
                    const auto quick = check_army_move(p, a, rules);
                    const auto full = check_army_move_in_full(p, a, rules);
                    const bool agree = quick.has_value() == full.has_value() &&
                                       (!quick || quick->rule == full->rule);
                    if (!agree)
                        FAIL(format_position(p, GameEnd{})
                             << " " << format_action(a) << ": the shortcut says "
                             << (quick ? quick->rule : "legal") << ", the full checks "
                             << (full ? full->rule : "legal"));
                    ++compared;
                    legal += quick ? 0 : 1;
                }
            }
        }
    }
    CHECK(compared > 500000);
    CHECK(legal > 5000);  // the positions must give the shortcut many legal moves to judge
}
