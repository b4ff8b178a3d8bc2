// Jelimvre's action notation (games/jelimvre/notation.hpp): squares, letters, every action form,
// the messages for text that is not an action, and the canonical spelling.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/jelimvre/notation.hpp"

using namespace jv::jel;

namespace {

constexpr std::string_view forms =
    "write X@sq (placement), Xsq-sq (move), Xsqxsq (capture), Xsq~sq (water crossing), xXsq "
    "(removal) or timeout, with X one of K Q D T G N S R W ~ and squares a1 to k11";
constexpr std::string_view removal_hint = "a removal is written xXsq, such as xWe5, x~g5 or xNc4";
constexpr std::string_view placement_hint =
    "a placement is written X@sq, such as K@f1, W@c5 or ~@f5";
constexpr std::string_view joint_hint =
    "after the first square comes '-' (move), 'x' (capture) or '~' (water crossing), then the "
    "second square";
constexpr std::string_view second_square_hint =
    "the second square is missing or is not a square a1 to k11";
constexpr std::string_view promotion_hint =
    "only a promotion (=Q, =T, =G or =N) may follow the second square";

Action parsed(std::string_view text) {
    ActionParse p = parse_action(text);
    INFO(text << ": " << p.problem);
    REQUIRE(p.action);
    CHECK(p.problem.empty());
    return *p.action;
}

std::string problem(std::string_view text) {
    ActionParse p = parse_action(text);
    INFO(text);
    CHECK_FALSE(p.action);
    return p.problem;
}

std::string not_action(std::string_view quoted, std::string_view hint) {
    return "'" + std::string(quoted) + "' is not a Jelimvre action: " + std::string(hint);
}

Square sq(std::string_view name) {
    Square s = parse_square(name);
    REQUIRE(s != no_square);
    return s;
}

}  // namespace

TEST_CASE("notation: parse_square reads a1 to k11", "[notation]") {
    CHECK(parse_square("a1") == 0);
    CHECK(parse_square("k1") == 10);
    CHECK(parse_square("a2") == 11);
    CHECK(parse_square("f1") == 5);
    CHECK(parse_square("a10") == 99);
    CHECK(parse_square("f10") == 104);
    CHECK(parse_square("a11") == 110);
    CHECK(parse_square("k11") == 120);
    CHECK(file_of(parse_square("g7")) == 6);
    CHECK(rank_of(parse_square("g7")) == 6);
}

TEST_CASE("notation: parse_square rejects what is not a square", "[notation]") {
    for (const char* text :
         {"",    "a",   "1",   "l1",   "z5",  "A1",  "K1",  "`1", "a0", "a01", "a00",  "a12",
          "k12", "a20", "a99", "a111", "a1 ", " a1", "a-1", "1a", "aa", "a1x", "a10x", "a:"}) {
        INFO(text);
        CHECK(parse_square(text) == no_square);
    }
}

TEST_CASE("notation: square_name and parse_square are inverse on all 121 squares", "[notation]") {
    int count = 0;
    for (int rank = 0; rank < board_size; ++rank) {
        for (int file = 0; file < board_size; ++file) {
            Square s = make_square(file, rank);
            std::string name = square_name(s);
            INFO(name);
            CHECK(name.size() == (rank >= 9 ? 3u : 2u));
            CHECK(name[0] == 'a' + file);
            CHECK(parse_square(name) == s);
            ++count;
        }
    }
    CHECK(count == square_count);
    CHECK(square_name(0) == "a1");
    CHECK(square_name(120) == "k11");
    CHECK(square_name(99) == "a10");
    CHECK(square_name(no_square) == "-");
    CHECK(square_name(square_count) == "-");
}

TEST_CASE("notation: piece letters", "[notation]") {
    CHECK(parse_letter('K') == Letter::king);
    CHECK(parse_letter('Q') == Letter::queen);
    CHECK(parse_letter('D') == Letter::dragon);
    CHECK(parse_letter('T') == Letter::tower);
    CHECK(parse_letter('G') == Letter::guard);
    CHECK(parse_letter('N') == Letter::knight);
    CHECK(parse_letter('S') == Letter::soldier);
    CHECK(parse_letter('R') == Letter::regenerator);
    CHECK(parse_letter('W') == Letter::wall);
    CHECK(parse_letter('~') == Letter::water);
    for (char c : {'k', 'q', 'P', 'B', 'X', 'x', '@', ' ', '\0'}) {
        INFO(int(c));
        CHECK_FALSE(parse_letter(c));
    }
    for (Letter l :
         {Letter::king, Letter::queen, Letter::dragon, Letter::tower, Letter::guard, Letter::knight,
          Letter::soldier, Letter::regenerator, Letter::wall, Letter::water})
        CHECK(parse_letter(letter_char(l)) == l);
}

TEST_CASE("notation: timeout", "[notation]") {
    Action a = parsed("timeout");
    CHECK(a.kind() == ActionKind::timeout);
    CHECK(a.letter() == Letter::none);
    CHECK(a.from() == no_square);
    CHECK(a.to() == no_square);
    CHECK_FALSE(a.capture_mark());
    CHECK(a.promotion() == Letter::none);
    CHECK(format_action(a) == "timeout");
    CHECK(problem("Timeout") == not_action("Timeout", forms));
    CHECK(problem("timeout,xNc4") == not_action("timeout,xNc4", forms));
    CHECK(problem("timeouts") == not_action("timeouts", forms));
}

TEST_CASE("notation: placements X@sq", "[notation]") {
    Action king = parsed("K@f1");
    CHECK(king.kind() == ActionKind::place);
    CHECK(king.letter() == Letter::king);
    CHECK(king.from() == no_square);
    CHECK(king.to() == sq("f1"));
    CHECK_FALSE(king.capture_mark());
    CHECK(king.promotion() == Letter::none);

    CHECK(parsed("W@c5").letter() == Letter::wall);
    CHECK(parsed("~@f5").letter() == Letter::water);
    CHECK(parsed("R@f2").letter() == Letter::regenerator);
    Action regeneration = parsed("S@f10");
    CHECK(regeneration.letter() == Letter::soldier);
    CHECK(regeneration.to() == sq("f10"));
    CHECK(parsed("T@k11").to() == 120);
}

TEST_CASE("notation: moves, captures and crossings", "[notation]") {
    Action move = parsed("Se2-e4");
    CHECK(move.kind() == ActionKind::move);
    CHECK(move.letter() == Letter::soldier);
    CHECK(move.from() == sq("e2"));
    CHECK(move.to() == sq("e4"));
    CHECK_FALSE(move.capture_mark());
    CHECK(move.promotion() == Letter::none);

    Action capture = parsed("Dg1xg7");
    CHECK(capture.kind() == ActionKind::move);
    CHECK(capture.letter() == Letter::dragon);
    CHECK(capture.from() == sq("g1"));
    CHECK(capture.to() == sq("g7"));
    CHECK(capture.capture_mark());

    Action three_char = parsed("Kf11xg10");
    CHECK(three_char.from() == sq("f11"));
    CHECK(three_char.to() == sq("g10"));
    CHECK(three_char.capture_mark());

    Action cross = parsed("Qf4~h6");
    CHECK(cross.kind() == ActionKind::cross);
    CHECK(cross.letter() == Letter::queen);
    CHECK(cross.from() == sq("f4"));
    CHECK(cross.to() == sq("h6"));
    CHECK_FALSE(cross.capture_mark());

    Action wall = parsed("We5-e6");
    CHECK(wall.kind() == ActionKind::move);
    CHECK(wall.letter() == Letter::wall);
    Action regenerator = parsed("Rf2-c6");
    CHECK(regenerator.letter() == Letter::regenerator);
    CHECK(regenerator.to() == sq("c6"));

    // Squares of three characters on either side, and the longest square read first.
    Action tens = parsed("Na10-a11");
    CHECK(tens.from() == sq("a10"));
    CHECK(tens.to() == sq("a11"));
    Action one_ten = parsed("Ta1-a10");
    CHECK(one_ten.from() == sq("a1"));
    CHECK(one_ten.to() == sq("a10"));
    Action ten_one = parsed("Ta10xa1");
    CHECK(ten_one.from() == sq("a10"));
    CHECK(ten_one.to() == sq("a1"));
}

TEST_CASE("notation: promotions =X", "[notation]") {
    Action queen = parsed("Sc10-c11=Q");
    CHECK(queen.kind() == ActionKind::move);
    CHECK(queen.from() == sq("c10"));
    CHECK(queen.to() == sq("c11"));
    CHECK_FALSE(queen.capture_mark());
    CHECK(queen.promotion() == Letter::queen);

    Action tower = parsed("Sb10xc11=T");
    CHECK(tower.capture_mark());
    CHECK(tower.promotion() == Letter::tower);

    CHECK(parsed("Sd2-d1=G").promotion() == Letter::guard);
    Action crossing = parsed("Sb10~b11=N");
    CHECK(crossing.kind() == ActionKind::cross);
    CHECK(crossing.promotion() == Letter::knight);
}

TEST_CASE("notation: removals xXsq", "[notation]") {
    Action wall = parsed("xWe5");
    CHECK(wall.kind() == ActionKind::remove);
    CHECK(wall.letter() == Letter::wall);
    CHECK(wall.from() == no_square);
    CHECK(wall.to() == sq("e5"));
    CHECK_FALSE(wall.capture_mark());
    CHECK(parsed("x~g5").letter() == Letter::water);
    Action knight = parsed("xNc4");
    CHECK(knight.letter() == Letter::knight);
    CHECK(knight.to() == sq("c4"));
    CHECK(parsed("xKa10").to() == sq("a10"));
    CHECK(parsed("xSk11").to() == 120);
}

TEST_CASE("notation: text that is not an action names the expected form", "[notation]") {
    // Not one of the forms at all.
    CHECK(problem("") == not_action("", forms));
    CHECK(problem("O-O") == not_action("O-O", forms));
    CHECK(problem("e4") == not_action("e4", forms));
    CHECK(problem("se2-e4") == not_action("se2-e4", forms));
    CHECK(problem("Pe2-e4") == not_action("Pe2-e4", forms));
    CHECK(problem("@f1") == not_action("@f1", forms));
    CHECK(problem("S") == not_action("S", forms));
    // A square off the board is named, whichever part of the action holds it.
    CHECK(problem("Sl1-e4") == "'l1' is not a square of the board: files go from a to k");
    CHECK(problem("Se0-e4") == "'e0' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("S e2-e4") == not_action("S e2-e4", forms));

    // A first square without a joint.
    CHECK(problem("Se2e4") == not_action("Se2e4", joint_hint));
    CHECK(problem("Se2") == not_action("Se2", joint_hint));
    CHECK(problem("Se2=e4") == not_action("Se2=e4", joint_hint));
    CHECK(problem("Se2@e4") == not_action("Se2@e4", joint_hint));
    CHECK(problem("Se2--e4") == not_action("Se2--e4", second_square_hint));

    // A joint without a second square.
    CHECK(problem("Se2-") == not_action("Se2-", second_square_hint));
    CHECK(problem("Se2-l4") == "'l4' is not a square of the board: files go from a to k");
    // e12 is not e1 followed by a '2' that would be a faulty promotion.
    CHECK(problem("Se2xe12") == "'e12' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("Se2~e0") == "'e0' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("Se2-e011") == "'e011' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("Se2-e4x5") == not_action("Se2-e4x5", promotion_hint));

    // Something after the second square.
    CHECK(problem("Se2-e4=") == not_action("Se2-e4=", promotion_hint));
    CHECK(problem("Se2-e4Q") == not_action("Se2-e4Q", promotion_hint));
    CHECK(problem("Se2-e4=QQ") == not_action("Se2-e4=QQ", promotion_hint));
    CHECK(problem("Se2-e4=q") == not_action("Se2-e4=q", promotion_hint));
    CHECK(problem("Se2-e4+") == not_action("Se2-e4+", promotion_hint));

    // Placements.
    CHECK(problem("S@l1") == "'l1' is not a square of the board: files go from a to k");
    CHECK(problem("S@") == not_action("S@", placement_hint));
    CHECK(problem("S@a0") == "'a0' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("S@a01") == "'a01' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("S@a12") == "'a12' is not a square of the board: ranks go from 1 to 11");
    CHECK(problem("S@a1a") == not_action("S@a1a", placement_hint));
    CHECK(problem("S@a1=Q") == not_action("S@a1=Q", placement_hint));

    // Removals.
    CHECK(problem("x") == not_action("x", removal_hint));
    CHECK(problem("xW") == not_action("xW", removal_hint));
    CHECK(problem("xPe5") == not_action("xPe5", removal_hint));
    CHECK(problem("xWl5") == "'l5' is not a square of the board: files go from a to k");
    CHECK(problem("xWe5x") == not_action("xWe5x", removal_hint));
    CHECK(problem("xWe10x") == not_action("xWe10x", removal_hint));
    CHECK(problem("xe5") == not_action("xe5", removal_hint));
    CHECK(problem("xW@e5") == not_action("xW@e5", removal_hint));
}

TEST_CASE("notation: messages quote odd text safely", "[notation]") {
    CHECK(problem("S\x01") == not_action("S\\x01", forms));
    std::string long_text = "W@" + std::string(60, 'z');
    CHECK(problem(long_text) == not_action("W@" + std::string(38, 'z') + "...", placement_hint));
    CHECK(problem("\xC3\xA9@a1") == not_action("\xC3\xA9@a1", forms));
}

TEST_CASE("notation: format_action writes the canonical spelling back", "[notation]") {
    for (const char* text :
         {"timeout",  "K@f1",   "W@c5",       "~@f5",       "S@f10",    "R@f2",
          "T@k11",    "Se2-e4", "Nb1-c3",     "We5-e6",     "Rf2-c6",   "Dg1xg7",
          "Kf11xg10", "Qf4~h6", "Sc10-c11=Q", "Sb10xc11=T", "Sd2-d1=G", "Sb10~b11=N",
          "xWe5",     "x~g5",   "xNc4",       "xKa10",      "Ta1-a10",  "Ta10xa1"}) {
        INFO(text);
        CHECK(format_action(parsed(text)) == text);
    }
}

TEST_CASE("notation: every placement, removal and move round-trips", "[notation]") {
    const char letters[] = {'K', 'Q', 'D', 'T', 'G', 'N', 'S', 'R', 'W', '~'};
    int checked = 0;
    for (char letter : letters) {
        for (Square s = 0; s < square_count; ++s) {
            std::string place = std::string(1, letter) + "@" + square_name(s);
            Action a = parsed(place);
            CHECK(a.to() == s);
            CHECK(format_action(a) == place);
            std::string remove = "x" + std::string(1, letter) + square_name(s);
            CHECK(format_action(parsed(remove)) == remove);
            Square other = static_cast<Square>(square_count - 1 - s);
            for (char joint : {'-', 'x', '~'}) {
                std::string move =
                    std::string(1, letter) + square_name(s) + joint + square_name(other);
                Action m = parsed(move);
                CHECK(m.from() == s);
                CHECK(m.to() == other);
                CHECK(format_action(m) == move);
            }
            ++checked;
        }
    }
    CHECK(checked == 10 * 121);
}

// One grammar for every form and letter (notation/jgn.md 10.4): each letter slot takes any of
// the ten letters, and the referee, not the reader, refuses what the rules forbid.
TEST_CASE("notation: every letter is read in every letter slot of every form", "[notation]") {
    const char letters[] = {'K', 'Q', 'D', 'T', 'G', 'N', 'S', 'R', 'W', '~'};
    for (char subject : letters) {
        for (char promoted : letters) {
            for (char joint : {'-', 'x', '~'}) {
                std::string text = std::string(1, subject) + "e10" + joint + "e11=" + promoted;
                const Action a = parsed(text);
                CHECK(a.letter() == *parse_letter(subject));
                CHECK(a.promotion() == *parse_letter(promoted));
                CHECK(format_action(a) == text);
            }
        }
        const Action removal = parsed(std::string("x") + subject + "f2");
        CHECK(removal.kind() == ActionKind::remove);
        CHECK(removal.letter() == *parse_letter(subject));
    }
}

TEST_CASE("notation: format_action of values built directly", "[notation]") {
    CHECK(format_action(Action::make(ActionKind::move, Letter::soldier, sq("e2"), sq("e4"))) ==
          "Se2-e4");
    CHECK(format_action(Action::make(ActionKind::move, Letter::dragon, sq("g1"), sq("g7"), true)) ==
          "Dg1xg7");
    CHECK(format_action(Action::make(ActionKind::cross, Letter::queen, sq("f4"), sq("h6"))) ==
          "Qf4~h6");
    CHECK(format_action(Action::make(ActionKind::move, Letter::soldier, sq("c10"), sq("c11"), false,
                                     Letter::queen)) == "Sc10-c11=Q");
    CHECK(format_action(Action::make(ActionKind::remove, Letter::water, no_square, sq("g5"))) ==
          "x~g5");
    CHECK(format_action(Action::make(ActionKind::place, Letter::wall, no_square, sq("c5"))) ==
          "W@c5");
    CHECK(format_action(Action::make(ActionKind::timeout, Letter::none, no_square, no_square)) ==
          "timeout");
    CHECK(format_action(Action{}) == "?@a1");  // the all-zero value: a placement of no letter
}

TEST_CASE("notation: the common-form reader agrees with parse_action", "[notation]") {
    // Every short string over the characters actions are made of, plus some longer ones: the
    // fast reader either gives parse_action's action or leaves the text to it.
    const std::string alphabet = "KSWR~@x-=a1k0Q9";
    std::vector<std::string> texts = {"Sa10-a11=Q", "Sk10xj11=N", "Ta1-a11",    "Sa1-a12",
                                      "S@k11",      "W@a10x",     "Qf4~h6",     "Sc10-c11=K",
                                      "Sc10-c11=",  "Sc10-c11Q",  "K@a0",       "Dg1xg7!",
                                      "timeout",    "xWe5",       "Se2-e4,W@b2"};
    std::string text;
    auto grow = [&](auto&& self, std::size_t length) -> void {
        texts.push_back(text);
        if (length == 0) return;
        for (char c : alphabet) {
            text.push_back(c);
            self(self, length - 1);
            text.pop_back();
        }
    };
    grow(grow, 5);
    int common = 0;
    for (const std::string& t : texts) {
        std::optional<Action> fast = parse_common_action(t);
        ActionParse full = parse_action(t);
        if (fast) {
            ++common;
            INFO(t);
            REQUIRE(full.action.has_value());
            CHECK(full.action->raw() == fast->raw());
        }
    }
    // The common forms are really taken by the fast reader.
    CHECK(parse_common_action("Sa10-a11=Q").has_value());
    CHECK(parse_common_action("Qf4~h6").has_value());
    CHECK(parse_common_action("W@a10").has_value());
    CHECK(common > 40);
}

// parse_common_action reads "Xsq-sq" and "X@sq" with one-digit ranks through a shortcut
// (notation.cpp); every text of those lengths, well formed or nearly so, must read exactly as
// the grammar says: the expected action when it has that shape, nothing otherwise (no other
// action of 4 or 6 characters exists: a removal starts with 'x', a two-digit rank makes 5 or 7).
TEST_CASE("notation: the shortcut for short actions follows the grammar", "[notation]") {
    const std::string_view letters = "KQDTGNSRW~";
    auto letter_of = [&](char c) -> std::optional<Letter> {
        if (letters.find(c) == std::string_view::npos) return std::nullopt;
        return parse_letter(c);
    };
    auto file_ok = [](char c) { return c >= 'a' && c <= 'k'; };
    auto digit_ok = [](char c) { return c >= '1' && c <= '9'; };
    auto square = [](char f, char d) { return make_square(f - 'a', d - '1'); };
    const std::string_view first = "KSRW~xz@";
    const std::string_view files = "akl`1@";
    const std::string_view digits = "1590:a-";
    const std::string_view joints = "-x~=01@";
    int read = 0;
    for (char l : first)
        for (char f1 : files)
            for (char d1 : digits) {
                // X@sq
                const std::string place{l, '@', f1, d1};
                std::optional<Action> expected;
                if (letter_of(l) && file_ok(f1) && digit_ok(d1))
                    expected =
                        Action::make(ActionKind::place, *letter_of(l), no_square, square(f1, d1));
                INFO(place);
                CHECK(parse_common_action(place) == expected);
                read += expected ? 1 : 0;
                for (char j : joints)
                    for (char f2 : files)
                        for (char d2 : digits) {
                            const std::string move{l, f1, d1, j, f2, d2};
                            std::optional<Action> expected_move;
                            if (letter_of(l) && file_ok(f1) && digit_ok(d1) &&
                                (j == '-' || j == 'x' || j == '~') && file_ok(f2) && digit_ok(d2))
                                expected_move = Action::make(
                                    j == '~' ? ActionKind::cross : ActionKind::move, *letter_of(l),
                                    square(f1, d1), square(f2, d2), j == 'x');
                            if (parse_common_action(move) != expected_move) FAIL(move);
                            read += expected_move ? 1 : 0;
                        }
            }
    // 5 letters (K S R W ~), 2 files (a, k), 3 digits (1, 5, 9), 3 joints.
    CHECK(read == 5 * 2 * 3 + 5 * 2 * 3 * 3 * 2 * 3);
}

TEST_CASE("notation: a square off the board is the part of the action a fault points at",
          "[notation]") {
    const auto span = [](std::string_view text) {
        const jv::jel::ActionParse parsed = jv::jel::parse_action(text);
        CHECK_FALSE(parsed.action);
        return std::string(text.substr(parsed.fault_begin, parsed.fault_end - parsed.fault_begin));
    };
    CHECK(span("Qe3-e12") == "e12");
    CHECK(span("Qe3-l4") == "l4");
    CHECK(span("Ql3xe4") == "l3");
    CHECK(span("W@c0") == "c0");
    // Any other fault is about the whole action.
    CHECK(span("Qe3-e4=X").empty());
    CHECK(span("O-O").empty());
}
