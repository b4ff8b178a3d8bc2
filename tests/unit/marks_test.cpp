// The marks table (marks.hpp, notation/jgn.md 10.5): it covers every form and letter once, the
// page prints exactly it, and every cell is held by a record that uses the mark where the table
// allows it and one where it does not.
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "games/jelimvre/marks.hpp"
#include "games/jelimvre/notation.hpp"
#include "support.hpp"

using namespace jv::jel;
using jv::Verdict;
using jv::test::check_game_from;
using jv::test::put;
using jv::test::put_terrain;
using jv::test::sq;

namespace {

constexpr std::string_view letters = "KQDTGNSRW~";

std::string_view form_name(ActionKind form) {
    switch (form) {
        case ActionKind::place:
            return "placement `X@sq`";
        case ActionKind::move:
            return "move `Xsq-sq` or capture `Xsqxsq`";
        case ActionKind::cross:
            return "water crossing `Xsq~sq`";
        case ActionKind::remove:
            return "removal `xXsq`";
        case ActionKind::timeout:
            return "`timeout`";
    }
    return "?";
}

std::string use_text(MarkUse use, std::string_view never_rule, std::string_view refusing_rule) {
    switch (use) {
        case MarkUse::no_room:
            return "no room: not JGN";
        case MarkUse::form_refused:
            return fmt::format("the action is refused before its marks ({})", refusing_rule);
        case MarkUse::when_captures:
            return "exactly when the move captures (J14.2)";
        case MarkUse::never:
            return fmt::format("never ({})", never_rule);
        case MarkUse::where_j7_10:
            return "only where J7.10 allows it";
    }
    return "?";
}

// The table as notation/jgn.md prints it.
std::string markdown_table() {
    std::string out =
        "| form | subject | capture mark `x` | promotion `=X` |\n"
        "| --- | --- | --- | --- |\n";
    for (const MarkRow& row : mark_table) {
        std::string subjects;
        for (char c : row.subjects)
            subjects += fmt::format("{}`{}`", subjects.empty() ? "" : " ", c);
        if (subjects.empty()) subjects = "none";
        out += fmt::format("| {} | {} | {} | {} |\n", form_name(row.form), subjects,
                           use_text(row.capture, "J14.2", row.refusing_rule),
                           use_text(row.promotion, "J7.10", row.refusing_rule));
    }
    return out;
}

std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// White to play turn 5 at counter 12 (so that walls and the regenerator may move), with one
// capture and one plain move at hand for every kind of army piece:
//   king a1 (takes the knight b2), queen c3 (the soldier c6), dragon e1 (the knight e8),
//   tower g1 (the guard g5), royal guard h3 (the soldier j5), knight b5 (the tower d6), soldier
//   f6 (the knight g7), soldier h10 one step from its last rank (the knight i11), with a queen
//   in White's lost pool; regenerator f2, wall j1, water c10 and d10 with a soldier b10 and a
//   tower e9 beside them. the black king k11.
Position marks_position() {
    Position p;
    p.set_turn_number(5);
    p.mutable_state().counter = {12, 1};
    put(p, "a1", Color::white, PieceKind::king);
    put(p, "c3", Color::white, PieceKind::queen);
    put(p, "e1", Color::white, PieceKind::dragon);
    put(p, "g1", Color::white, PieceKind::tower);
    put(p, "h3", Color::white, PieceKind::guard);
    put(p, "b5", Color::white, PieceKind::knight);
    put(p, "f6", Color::white, PieceKind::soldier);
    put(p, "h10", Color::white, PieceKind::soldier);
    put(p, "b10", Color::white, PieceKind::soldier);
    put(p, "e9", Color::white, PieceKind::tower);
    p.mutable_state().lost[0][static_cast<int>(PieceKind::queen)] = 1;
    Cell regenerator;
    regenerator.set_regenerator(Color::white);
    p.set_cell(sq("f2"), regenerator);
    put_terrain(p, "j1", Terrain::white_wall);
    p.mutable_state().wall_supply[0] = 7;
    put_terrain(p, "c10", Terrain::water);
    put_terrain(p, "d10", Terrain::water);
    p.mutable_state().water_supply = 12;
    put(p, "k11", Color::black, PieceKind::king);
    put(p, "b2", Color::black, PieceKind::knight);
    put(p, "c6", Color::black, PieceKind::soldier);
    put(p, "e8", Color::black, PieceKind::knight);
    put(p, "g5", Color::black, PieceKind::guard);
    put(p, "j5", Color::black, PieceKind::soldier);
    put(p, "d6", Color::black, PieceKind::tower);
    put(p, "g7", Color::black, PieceKind::knight);
    put(p, "i11", Color::black, PieceKind::knight);
    return p;
}

struct Case {
    const char* turn;
    const char* rule;  // "" legal, "-" not JGN (an invalid record)
};

void check_cases(std::initializer_list<Case> cases) {
    for (const Case& c : cases) {
        const std::string text =
            fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n5. {} *\n", c.turn);
        const jv::test::Checked result = check_game_from(text, marks_position());
        INFO(c.turn << ": " << result.rule << " " << result.message);
        if (std::string_view(c.rule) == "-") {
            CHECK(result.verdict == Verdict::invalid_record);
        } else if (std::string_view(c.rule).empty()) {
            CHECK(result.verdict == Verdict::legal);
        } else {
            CHECK(result.verdict == Verdict::illegal);
            CHECK(result.rule == c.rule);
            CHECK(result.action == c.turn);
        }
    }
}

}  // namespace

TEST_CASE("marks: the table has one row for every form and letter", "[J14.2][J7.10]") {
    for (ActionKind form :
         {ActionKind::place, ActionKind::move, ActionKind::cross, ActionKind::remove}) {
        for (char c : letters) {
            const Letter letter = *parse_letter(c);
            int rows = 0;
            for (const MarkRow& row : mark_table)
                rows += row.form == form && row.subjects.find(c) != std::string_view::npos;
            INFO(form_name(form) << " " << c);
            CHECK(rows == 1);
            CHECK(mark_row(form, letter).subjects.find(c) != std::string_view::npos);
        }
    }
    CHECK(mark_row(ActionKind::timeout, Letter::none).form == ActionKind::timeout);
}

TEST_CASE("marks: notation/jgn.md prints the table of marks.hpp", "[J14.2][J7.10]") {
    const std::string page = read_text_file(std::string(JELIMVRE_SOURCE_DIR) + "/notation/jgn.md");
    const std::string table = markdown_table();
    INFO("expected in notation/jgn.md:\n" << table);
    CHECK(page.find(table) != std::string::npos);
}

TEST_CASE("marks: the capture mark of an army move, exactly when it captures", "[J14.2]") {
    check_cases({
        {"Ka1xb2", ""}, {"Ka1-a2", ""}, {"Ka1-b2", "J14.2"}, {"Ka1xa2", "J14.2"},
        {"Qc3xc6", ""}, {"Qc3-c4", ""}, {"Qc3-c6", "J14.2"}, {"Qc3xc4", "J14.2"},
        {"De1xe8", ""}, {"De1-e2", ""}, {"De1-e8", "J14.2"}, {"De1xe2", "J14.2"},
        {"Tg1xg5", ""}, {"Tg1-g2", ""}, {"Tg1-g5", "J14.2"}, {"Tg1xg2", "J14.2"},
        {"Gh3xj5", ""}, {"Gh3-i4", ""}, {"Gh3-j5", "J14.2"}, {"Gh3xi4", "J14.2"},
        {"Nb5xd6", ""}, {"Nb5-a7", ""}, {"Nb5-d6", "J14.2"}, {"Nb5xa7", "J14.2"},
        {"Sf6xg7", ""}, {"Sf6-f7", ""}, {"Sf6-g7", "J14.2"}, {"Sf6xf7", "J14.2"},
    });
}

TEST_CASE("marks: a promotion on an army move, a soldier's only", "[J7.10]") {
    check_cases({
        {"Sh10-h11=Q", ""},
        {"Sh10xi11=Q", ""},
        {"Sf6-f7=Q", "J7.10"},
        {"Sh10-h11=T", "J7.10"},  // no tower in the lost pool
        {"Ka1-a2=Q", "J7.10"},
        {"Qc3-c4=T", "J7.10"},
        {"De1-e2=Q", "J7.10"},
        {"Tg1-g2=Q", "J7.10"},
        {"Gh3-i4=Q", "J7.10"},
        {"Nb5-a7=Q", "J7.10"},
    });
}

TEST_CASE("marks: a wall or the regenerator moved carries no mark", "[J14.2][J7.10]") {
    check_cases({
        {"Rf2-f3", ""},
        {"Rf2xf3", "J14.2"},
        {"Rf2-f3=Q", "J7.10"},
        {"Wj1-j2", ""},
        {"Wj1xj2", "J14.2"},
        {"Wj1-j2=Q", "J7.10"},
        // Water never moves (J5.7): its marks are never reached.
        {"~c10-c9", "J5.7"},
        {"~c10xc9", "J5.7"},
        {"~c10-c9=Q", "J5.7"},
    });
}

TEST_CASE("marks: a promotion on a crossing, a soldier's only", "[J7.10][J11.3]") {
    check_cases({
        {"Sb10~c11=Q", ""},
        {"Sb10~c11", ""},
        {"Sb10~d9=Q", "J7.10"},
        {"Te9~b9", ""},
        {"Te9~b9=Q", "J7.10"},
        // Only army pieces cross (J11.3): the marks of these are never reached.
        {"Rf2~b9", "J11.3"},
        {"Rf2~b9=Q", "J11.3"},
        {"Wj1~b9", "J11.3"},
        {"~c10~b9", "J11.3"},
        {"~c10~b9=Q", "J11.3"},
    });
}

TEST_CASE("marks: placements, removals and timeouts have no room for marks", "[J14.2]") {
    check_cases({
        {"W@c4", ""},
        {"W@c4=Q", "-"},
        {"W@xc4", "-"},
        {"xWj1", ""},
        {"xWj1=Q", "-"},
        {"timeout=Q", "-"},
    });
}

TEST_CASE("marks: check_marks's inline answer agrees with mark_fault", "[J14.2][J7.10]") {
    // The inline answer covers an action with no mark that captures nothing: on every form and
    // letter, mark_fault must find nothing wrong with it either.
    const Position p = marks_position();
    for (ActionKind form : {ActionKind::place, ActionKind::move, ActionKind::cross,
                            ActionKind::remove, ActionKind::timeout})
        for (char c : letters) {
            const Action plain = Action::make(form, *parse_letter(c), sq("e4"), sq("e5"));
            INFO(format_action(plain));
            CHECK_FALSE(check_marks(p, plain, false));
            CHECK_FALSE(mark_fault(p, plain, false));
        }
}
