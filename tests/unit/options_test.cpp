// Every ruleset option changes the verdict of a record in the way rulings.md documents: the
// same record is refereed under the option's default and under its other value.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/ruleset.hpp"
#include "support.hpp"

using jv::test::message_of;
using jv::test::require_fault;
using jv::test::require_legal;

using namespace jv::jel;
using jv::Verdict;
using jv::test::check_game;
using jv::test::check_game_from;
using jv::test::game_text;

namespace {

Ruleset with(std::string_view setting) {
    const jv::Game& game = jv::test::catalog().default_game();
    jv::Ruleset rules = game.standard_ruleset();
    const std::optional<std::string> problem = jv::apply_setting(game, rules, setting);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    return ruleset_from(rules);
}

// n knight shuffles for both sides, numbered from turn `first`: counters rise by one a turn.
std::string shuffles(int first, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) {
        int turn = first + i;
        out += i % 2 == 0 ? fmt::format("{}. Nb1-c3 Nb11-c9 ", turn)
                          : fmt::format("{}. Nc3-b1 Nc9-b11 ", turn);
    }
    return out;
}

}  // namespace

TEST_CASE("option counter_on_timeout: hold or advance (J5.1)", "[options][J5.1]") {
    std::string text = game_text(
        "1. Se2-e3 Sa10-a9 2. Sd2-d3 Sb10-b9 3. Sc2-c3 Sc10-c9 "
        "4. timeout Sj10-j9 5. Sg2-g3 Si10-i9 6. W@e5");
    text.insert(0, "[Timer \"30\"]\n");
    // The timeout holds White's counter at 4, so position 6 is not reached at turn 6.
    require_fault(check_game(text), "J5.2", "W@e5");
    require_legal(check_game(text, with("counter_on_timeout=advance")));
}

TEST_CASE("option bonus_anchor: army or any-own (J5.3)", "[options][J5.3]") {
    // W@e6 touches White's wall on e5 but no White army piece.
    std::string text = game_text("1. W@e5,Se2-e3 Sa10-a9 2. Sd2-d3,W@e6");
    require_fault(check_game(text), "J5.3", "W@e6");
    require_legal(check_game(text, with("bonus_anchor=any-own")));
}

TEST_CASE("option tower_guards_position_10 (J5.8)", "[options][J5.8]") {
    // Black's wall on k10 stands next to its tower on k11; White removes it at counter 10.
    std::string text = game_text("1. Sa2-a3 W@k10 " + shuffles(2, 9) + "11. xWk10");
    auto guarded = check_game(text);
    require_fault(guarded, "J10.4", "xWk10");
    require_legal(check_game(text, with("tower_guards_position_10=false")));
}

TEST_CASE("option regenerated_soldier_double_step (J7.2)", "[options][J7.2]") {
    std::string text = game_text(
        "1. Se2-e4 Sd10-d8 2. Se4-e5 Sd8-d7 3. Se5-e6 Sd7xe6 "
        "4. S@f2 Sa10-a9 5. Sf2-f4");
    require_fault(check_game(text), "J7.2", "Sf2-f4");
    require_legal(check_game(text, with("regenerated_soldier_double_step=true")));
}

TEST_CASE("option wall_walk: line or unit (J7.5)", "[options][J7.5]") {
    // The soldier climbs onto d3 and walks round the corner of its wall to f4.
    std::string text =
        game_text("1. W@d3,W@e3,W@f3,W@f4,Sa2-a3 Sa10-a9 2. Sd2-d3 Sb10-b9 3. Sd3-f4");
    require_fault(check_game(text), "J7.5", "Sd3-f4");
    require_legal(check_game(text, with("wall_walk=unit")));
}

TEST_CASE("option wall_leap_may_move (J7.7)", "[options][J7.7]") {
    std::string text = game_text("1. W@e3,Sa2-a3 Sa10-a9 2. Se2-e3 Sb10-b9 3. Se3-f5");
    require_fault(check_game(text), "J7.7", "Se3-f5");
    require_legal(check_game(text, with("wall_leap_may_move=true")));
}

TEST_CASE("option knight_vs_dragon (J8.4)", "[options][J8.4]") {
    std::string text = game_text("1. Nj1-i3 Dg11-g4 2. Ni3xg4");
    require_legal(check_game(text));
    require_fault(check_game(text, with("knight_vs_dragon=cannot-capture")), "J8.4", "Ni3xg4");
}

TEST_CASE("option stand_on_own_regenerator (J9.2)", "[options][J9.2]") {
    std::string text = game_text("1. Dg1-f2");
    require_legal(check_game(text));
    require_fault(check_game(text, with("stand_on_own_regenerator=false")), "J9.2", "Dg1-f2");
}

TEST_CASE("option tower_guard: unit or contiguous (J10.4)", "[options][J10.4]") {
    // Black's unit k10-j9-i8 touches the tower on k11 only at k10; i8 is two walls away.
    std::string text = game_text("1. Sa2-a3 W@k10,W@j9,W@i8 " + shuffles(2, 9) + "11. xWi8");
    require_fault(check_game(text), "J10.4", "xWi8");
    require_legal(check_game(text, with("tower_guard=contiguous")));
    // j9 touches k10, which touches the tower: guarded under both readings.
    std::string near = game_text("1. Sa2-a3 W@k10,W@j9,W@i8 " + shuffles(2, 9) + "11. xWj9");
    require_fault(check_game(near, with("tower_guard=contiguous")), "J10.4", "xWj9");
}

namespace {

// the white king on a1 is attacked along the a-file and cannot get away: encircled (J12.2).
Position encircled_white() {
    Position p;
    p.set_turn_number(5);
    jv::test::put(p, "a1", Color::white, PieceKind::king);
    jv::test::put(p, "k11", Color::black, PieceKind::king);
    jv::test::put(p, "a11", Color::black, PieceKind::tower);
    jv::test::put(p, "b11", Color::black, PieceKind::tower);
    return p;
}

// the white king on a1 is walled in by its own walls, with nothing else to play: no legal turn.
Position stuck_white() {
    Position p;
    p.set_turn_number(5);
    jv::test::put(p, "a1", Color::white, PieceKind::king);
    jv::test::put(p, "k11", Color::black, PieceKind::king);
    for (const char* s : {"a2", "b1", "b2"}) jv::test::put_terrain(p, s, Terrain::white_wall);
    p.mutable_state().wall_supply[0] = 5;
    return p;
}

const char* tags(const char* result) {
    static std::string text;
    text = fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"{}\"]\n", result);
    return text.c_str();
}

}  // namespace

TEST_CASE("option end_condition (J12.2)", "[options][J12.2]") {
    std::string text = std::string(tags("*")) + "5. Ka1-b1 *\n";
    auto ended = check_game_from(text, encircled_white());
    require_fault(ended, "J12.5", "Ka1-b1");
    CHECK(ended.result == "0-1");
    CHECK(ended.reason == "encirclement");
    CHECK(ended.message ==
          "the game ended when the white king was encircled (attacked, and no "
          "legal turn ends the attack); no action may follow");
    // Under capture-only the king may walk on into the other tower's file (J12.3).
    require_legal(check_game_from(text, encircled_white(), with("end_condition=capture-only")));
    // A record that stops there must carry Black's win.
    std::string stopped = std::string(tags("0-1")) + "0-1\n";
    auto won = check_game_from(stopped, encircled_white());
    require_legal(won);
    CHECK(won.reason == "encirclement");
    CHECK(won.position.find("|over=0-1:encirclement") != std::string::npos);
}

TEST_CASE("option no_legal_turn: draw or loss (J12.4)", "[options][J12.4]") {
    std::string draw = std::string(tags("1/2-1/2")) + "1/2-1/2\n";
    auto drawn = check_game_from(draw, stuck_white());
    require_legal(drawn);
    CHECK(drawn.result == "1/2-1/2");
    CHECK(drawn.reason == "no-legal-turn");
    auto lost = check_game_from(draw, stuck_white(), with("no_legal_turn=loss"));
    REQUIRE(lost.verdict == Verdict::illegal);
    CHECK(lost.rule == "J14.1");
    CHECK(lost.message ==
          "the game ended when White had no legal turn, a loss under this "
          "ruleset, so the result is 0-1, not 1/2-1/2");
}

TEST_CASE("J12.4 a timer always leaves the timeout as a legal turn", "[J12.4][J13.1]") {
    std::string text = std::string("[Timer \"30\"]\n") + tags("*") + "5. timeout *\n";
    require_legal(check_game_from(text, stuck_white()));
}
