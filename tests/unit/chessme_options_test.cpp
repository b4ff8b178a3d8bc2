// ChessMe's ruleset options (chessme-rulings.md, notation/chessme-rules.md): for each, a record
// whose verdict changes with the option's value, refereed under every value; and a ruleset file
// of the game loaded through the neutral interface (core/ruleset.hpp).
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "chessme_support.hpp"
#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/turn_listing.hpp"
#include "support.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

using jv::test::chessme::judge;
using jv::test::chessme::judge_under;
using jv::test::chessme::Judged;
using jv::test::chessme::record;
using jv::test::chessme::where;

const jv::Game& chessme() {
    return jv::test::chessme::game();
}
jv::Ruleset with(std::initializer_list<std::string_view> settings) {
    return jv::test::chessme::ruleset_with(settings);
}

void require_legal(const Judged& j) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::legal);
}

void require_fault(const Judged& j, std::string_view rule, const std::string& at,
                   std::uint32_t turn, std::string_view side, std::string_view action,
                   std::string_view message_part) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::illegal);
    const jv::test::chessme::SeenFault& f = j.first();
    CHECK(f.rule == rule);
    CHECK(f.at == at);
    CHECK(f.turn == turn);
    CHECK(f.side == side);
    CHECK(f.action == action);
    CHECK_THAT(f.message, Contains(std::string(message_part)));
}

// The example of the record brief up to 4... Nb4xc2,P@b5+: the white king on e1 is in check from
// the knight on c2, which the white rook on d2 can take.
constexpr std::string_view example_piles =
    "[WhitePile \"NPBQRPNBRPP\"]\n[BlackPile \"BPNRQPBNPRP\"]\n";
constexpr std::string_view example_check =
    "1. Pd2-d3,N@d2 Pd5-d4,B@d5\n2. Pc2-c3,B@c2 Pd4xc3,N@c6\n3. Nd2-b1,P@e3 Nc6-b4,R@c6\n"
    "4. Nb1xc3,R@d2 Nb4xc2,P@b5+\n";

}  // namespace

TEST_CASE("chessme: the option table names five options with their C-ids", "[chessme]") {
    const std::span<const jv::OptionSpec> options = chessme().options();
    REQUIRE(options.size() == 5);
    const std::vector<std::pair<std::string_view, std::string_view>> expected = {
        {"start_kings", "C2.2"},
        {"adjacency_origin", "C5.2"},
        {"check_escape", "C7.4"},
        {"pawn_drop_on_king_rank", "C8.5"},
        {"promotion", "C9.3"}};
    for (std::size_t i = 0; i < options.size(); ++i) {
        CHECK(options[i].name == expected[i].first);
        CHECK(options[i].rule == expected[i].second);
    }
    CHECK(std::vector<std::string_view>(options[0].values.begin(), options[0].values.end()) ==
          std::vector<std::string_view>{"e1-e6", "d1-d6", "e1-d6", "d1-e6"});
    CHECK(options[1].values[0] == "empty");
    CHECK(options[2].values[0] == "any-move");
    CHECK(options[3].values[0] == "allowed");
    CHECK(options[4].values[0] == "optional");
    // A Jelimvre option is no ChessMe option.
    jv::Ruleset ruleset = chessme().standard_ruleset();
    const std::optional<std::string> problem =
        jv::apply_setting(chessme(), ruleset, "knight_vs_dragon=cannot-capture");
    REQUIRE(problem);
    CHECK_THAT(*problem, Contains("knight_vs_dragon"));
    const std::optional<std::string> bad_value =
        jv::apply_setting(chessme(), ruleset, "promotion=sometimes");
    REQUIRE(bad_value);
    CHECK_THAT(*bad_value, Contains("sometimes"));
}

TEST_CASE("chessme option start_kings (C2.2): the kings' start squares", "[chessme][C2.2]") {
    struct Case {
        std::string_view value;
        std::string_view white;
        std::string_view black;
    };
    for (const Case c : {Case{"e1-e6", "e1", "e6"}, Case{"d1-d6", "d1", "d6"},
                         Case{"e1-d6", "e1", "d6"}, Case{"d1-e6", "d1", "e6"}}) {
        const std::string setting = fmt::format("start_kings={}", c.value);
        INFO(setting);
        const Judged start = judge(record(""), {setting});
        require_legal(start);
        CHECK_THAT(start.position, StartsWith(fmt::format("{}=wK,", c.white)));
        CHECK(start.position.find(fmt::format(",{}=bK|", c.black)) != std::string::npos);

        // the white king steps sideways from e1 (to f1) or from d1 (to c1).
        const std::string e_king = record("1. Ke1-f1");
        const std::string d_king = record("1. Kd1-c1");
        if (c.white == "e1") {
            require_legal(judge(e_king, {setting}));
            require_fault(judge(d_king, {setting}), "C5.1", where(d_king, "Kd1-c1"), 1, "white",
                          "Kd1-c1", "moves a king from d1, but d1 is empty");
        } else {
            require_legal(judge(d_king, {setting}));
            require_fault(judge(e_king, {setting}), "C5.1", where(e_king, "Ke1-f1"), 1, "white",
                          "Ke1-f1", "moves a king from e1, but e1 is empty");
        }
        // the black king from e6 (to f6) or from d6 (to c6).
        const std::string e_black = record("1. Pc2-c3 Ke6-f6");
        const std::string d_black = record("1. Pc2-c3 Kd6-c6");
        if (c.black == "e6") {
            require_legal(judge(e_black, {setting}));
            require_fault(judge(d_black, {setting}), "C5.1", where(d_black, "Kd6-c6"), 1, "black",
                          "Kd6-c6", "moves a king from d6, but d6 is empty");
        } else {
            require_legal(judge(d_black, {setting}));
            require_fault(judge(e_black, {setting}), "C5.1", where(e_black, "Ke6-f6"), 1, "black",
                          "Ke6-f6", "moves a king from e6, but e6 is empty");
        }
    }
    // The full start string under d1-d6.
    CHECK(judge(record(""), {"start_kings=d1-d6"}).position ==
          "d1=wK,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,d6=bK|side=w|turn=1|hand=w:???,"
          "b:???|pile=w8,b8|next=w:?,b:?|captured=w:,b:|over=-");
}

TEST_CASE("chessme option adjacency_origin (C5.2): does the square left count?",
          "[chessme][C5.2]") {
    // The rook on d'1 steps to d'2, whose only neighbour is the square it leaves.
    const std::string prefix = "1. Pd2-d3,R@d2 Pd5-d4 2. Rd2-d'1 Pc5-c4\n";
    const std::string step = record(prefix + "3. Rd'1-d'2");
    require_fault(judge(step), "C5.2", where(step, "Rd'1-d'2"), 3, "white", "Rd'1-d'2",
                  "once it has left d'1, no piece stands next to d'2");
    require_fault(judge(step, {"adjacency_origin=empty"}), "C5.2", where(step, "Rd'1-d'2"), 3,
                  "white", "Rd'1-d'2", "no piece stands next to d'2");
    require_legal(judge(step, {"adjacency_origin=occupied"}));
    // Two squares away the origin is no neighbour under either value.
    const std::string slide = record(prefix + "3. Rd'1-d'3");
    for (std::string_view value : {"adjacency_origin=empty", "adjacency_origin=occupied"}) {
        INFO(value);
        require_fault(judge(slide, {value}), "C5.2", where(slide, "Rd'1-d'3"), 3, "white",
                      "Rd'1-d'3", "no piece stands next to d'3");
    }
}

TEST_CASE("chessme option check_escape (C7.4): any move, or the king's only",
          "[chessme][C7.4][C13.14]") {
    const std::string capture =
        record(std::string(example_check) + "5. Rd2xc2,Q@d2", "*", example_piles);
    require_legal(judge(capture));
    require_legal(judge(capture, {"check_escape=any-move"}));
    require_fault(judge(capture, {"check_escape=king-move"}), "C7.4", where(capture, "Rd2xc2"), 5,
                  "white", "Rd2xc2", "only a move of the king escapes check");
    // A king move is legal under both.
    const std::string king = record(std::string(example_check) + "5. Ke1-d1", "*", example_piles);
    require_legal(judge(king));
    require_legal(judge(king, {"check_escape=king-move"}));
    // A move that does not escape at all: C7.2 by default, C7.4 (checked first) under king-move.
    const std::string ignore = record(std::string(example_check) + "5. Pe3-e4", "*", example_piles);
    require_fault(judge(ignore), "C7.2", where(ignore, "Pe3-e4"), 5, "white", "Pe3-e4",
                  "leaves the white king on e1 in check: the black knight on c2 attacks it");
    require_fault(judge(ignore, {"check_escape=king-move"}), "C7.4", where(ignore, "Pe3-e4"), 5,
                  "white", "Pe3-e4", "only a move of the king");
    // Not in check, other pieces move freely under king-move.
    require_legal(judge(record("1. Pd2-d3,N@d2 Pd5-d4"), {"check_escape=king-move"}));
}

TEST_CASE("chessme option check_escape: king-move mates where another piece could capture",
          "[chessme][C7.4][C13.14][C10.1]") {
    // the white king on e1, boxed in by its pawns, is checked along rank 1 by a rook on a1 that
    // also covers d1 and f1; the white knight on b3 could block on c1 or take the rook.
    const std::string text =
        "a1=bR,e1=wK,d2=wP,e2=wP,f2=wP,b3=wN,c5=bP,d5=bP,e6=bK|side=w|turn=5|hand=w:???,b:???|"
        "pile=w7,b7|next=w:?,b:?|captured=w:P,b:PP|over=-";
    std::uint32_t offset = 0;
    std::string error;
    const std::unique_ptr<jv::GamePosition> position =
        chessme().parse_position(text, {}, offset, error);
    INFO(error << " at " << offset);
    REQUIRE(position);
    const std::unique_ptr<jv::GameRules> any = chessme().make_rules(with({}));
    const jv::TurnListing escapes = any->legal_turns(*position, jv::ListingRequest{});
    CHECK(escapes.facts["in_check"] == true);
    CHECK(escapes.facts["game_over"].is_null());
    std::vector<std::string> moves;
    for (const jv::TurnGroup& group : escapes.groups)
        for (const std::string& turn : group.turns)
            if (turn.find(',') == std::string::npos) moves.push_back(turn);
    CHECK(moves == std::vector<std::string>{"Nb3-c1", "Nb3xa1"});  // block or capture
    const std::unique_ptr<jv::GameRules> king =
        chessme().make_rules(with({"check_escape=king-move"}));
    const jv::TurnListing none = king->legal_turns(*position, jv::ListingRequest{});
    CHECK(none.total == 0);
    CHECK(none.facts["game_over"]["result"] == "0-1");
    CHECK(none.facts["game_over"]["reason"] == "checkmate");
    REQUIRE(none.notes.size() == 1);
    CHECK_THAT(none.notes[0], Contains("C10.4"));
}

TEST_CASE("chessme option pawn_drop_on_king_rank (C8.5)", "[chessme][C8.5]") {
    // the black king walks to g4; White places a pawn beside its pawn on c4, on rank 4.
    const std::string prefix = "1. Pc2-c3 Ke6-f6 2. Pc3-c4 Kf6-g5 3. Pe2-e3 Kg5-g4\n";
    const std::string drop = record(prefix + "4. Pd2-d3,P@d4");
    const Judged allowed = judge(drop);
    require_legal(allowed);
    require_legal(judge(drop, {"pawn_drop_on_king_rank=allowed"}));
    // It stays a pawn (C9.4): d4 holds a white pawn.
    CHECK(allowed.position.find(",d4=wP,") != std::string::npos);
    const Judged forbidden = judge(drop, {"pawn_drop_on_king_rank=forbidden"});
    require_fault(forbidden, "C8.5", where(drop, "P@d4"), 4, "white", "P@d4",
                  "the black king on g4 stands on the same rank");
    CHECK(forbidden.position == judge(record(prefix)).position);
    // Another rank is fine under both values.
    const std::string elsewhere = record(prefix + "4. Pd2-d3,P@e2");
    require_legal(judge(elsewhere, {"pawn_drop_on_king_rank=forbidden"}));
    require_legal(judge(elsewhere));
}

TEST_CASE("chessme option promotion (C9.3): optional or mandatory", "[chessme][C9.3][C9.2]") {
    // White's pool holds the knight Black took; the black king stands on rank 5.
    const std::string prefix = "1. Pd2-d3,N@d2 Ke6-f6 2. Nd2-c4 Pd5xc4 3. Pd3-d4 Kf6-g5\n";
    const std::string plain = record(prefix + "4. Pd4xe5");
    require_legal(judge(plain));
    require_legal(judge(plain, {"promotion=optional"}));
    require_fault(judge(plain, {"promotion=mandatory"}), "C9.3", where(plain, "Pd4xe5"), 4, "white",
                  "Pd4xe5", "must be promoted under this ruleset");
    const std::string step = record(prefix + "4. Pd4-d5");
    require_legal(judge(step));
    require_fault(judge(step, {"promotion=mandatory"}), "C9.3", where(step, "Pd4-d5"), 4, "white",
                  "Pd4-d5", "the white pawn reaching d5, on the rank of the black king");
    const std::string promoted = record(prefix + "4. Pd4xe5=N");
    require_legal(judge(promoted));
    require_legal(judge(promoted, {"promotion=mandatory"}));
    // With nothing but pawns (here nothing) in the pool, nothing is required.
    const std::string empty_pool =
        record("1. Pc2-c3 Ke6-f6 2. Pc3-c4 Kf6-g5 3. Pe2-e3 Kg5-g4 4. Pe3-e4");
    require_legal(judge(empty_pool, {"promotion=mandatory"}));
}

TEST_CASE("chessme: a ruleset file for the game loads through the neutral interface", "[chessme]") {
    const std::map<std::string, std::string> files = {
        {"strict.yaml",
         "name: strict-chessme\n"
         "game: ChessMe\n"
         "extends: standard\n"
         "description: the publisher's English summary\n"
         "options:\n"
         "  start_kings: d1-d6\n"
         "  check_escape: king-move\n"
         "  promotion: mandatory\n"},
        {"club.yaml",
         "name: club\n"
         "game: ChessMe\n"
         "extends: strict.yaml\n"
         "options:\n"
         "  adjacency_origin: occupied\n"},
        {"wrong.yaml",
         "name: wrong\n"
         "game: ChessMe\n"
         "options:\n"
         "  knight_vs_dragon: cannot-capture\n"
         "  promotion: sometimes\n"},
    };
    const jv::RulesetFileReader read = [&](const std::string& path, std::string& text,
                                           std::string& error) {
        const auto it = files.find(path);
        if (it == files.end()) {
            error = "cannot open: No such file or directory";
            return false;
        }
        text = it->second;
        return true;
    };
    const jv::RulesetLoad strict =
        jv::load_ruleset(jv::test::catalog(), "strict.yaml", nullptr, read);
    for (const jv::FileDiagnostic& e : strict.errors) FAIL_CHECK(e.render());
    REQUIRE(strict.ruleset);
    CHECK(strict.game == &chessme());
    CHECK(strict.ruleset->name == "strict-chessme");
    const std::span<const jv::OptionSpec> options = chessme().options();
    auto value = [&](const jv::Ruleset& r, std::string_view name) {
        const std::optional<std::size_t> index = jv::find_option(chessme(), name);
        REQUIRE(index);
        return std::string(jv::value_of(options, r, *index));
    };
    CHECK(value(*strict.ruleset, "start_kings") == "d1-d6");
    CHECK(value(*strict.ruleset, "adjacency_origin") == "empty");
    CHECK(value(*strict.ruleset, "check_escape") == "king-move");
    CHECK(value(*strict.ruleset, "pawn_drop_on_king_rank") == "allowed");
    CHECK(value(*strict.ruleset, "promotion") == "mandatory");

    // Refereed under it: the kings start on d1 and d6.
    const std::string text = record("1. Kd1-c1 Kd6-c6");
    const Judged j = judge_under(text, *strict.ruleset);
    require_legal(j);
    CHECK(j.fingerprint == jv::fingerprint(options, *strict.ruleset));
    CHECK(j.fingerprint != jv::fingerprint(options, chessme().standard_ruleset()));
    const std::string standard_king = record("1. Ke1-f1");
    require_fault(judge_under(standard_king, *strict.ruleset), "C5.1",
                  where(standard_king, "Ke1-f1"), 1, "white", "Ke1-f1",
                  "a king from e1, but e1 is empty");

    // A file extending it keeps its values and changes one more.
    const jv::RulesetLoad club = jv::load_ruleset(jv::test::catalog(), "club.yaml", nullptr, read);
    for (const jv::FileDiagnostic& e : club.errors) FAIL_CHECK(e.render());
    REQUIRE(club.ruleset);
    CHECK(club.game == &chessme());
    CHECK(value(*club.ruleset, "start_kings") == "d1-d6");
    CHECK(value(*club.ruleset, "adjacency_origin") == "occupied");
    CHECK(value(*club.ruleset, "promotion") == "mandatory");
    CHECK(jv::differing_options(*strict.ruleset, *club.ruleset) == std::vector<std::size_t>{1});

    // Options of another game, and values outside the table, are errors, never defaults.
    const jv::RulesetLoad wrong =
        jv::load_ruleset(jv::test::catalog(), "wrong.yaml", nullptr, read);
    CHECK_FALSE(wrong.ruleset);
    REQUIRE(wrong.errors.size() >= 2);
    std::string all;
    for (const jv::FileDiagnostic& e : wrong.errors) all += e.render() + "\n";
    CHECK_THAT(all, Contains("wrong.yaml:4:"));
    CHECK_THAT(all, Contains("knight_vs_dragon"));
    CHECK_THAT(all, Contains("wrong.yaml:5:"));
    CHECK_THAT(all, Contains("sometimes"));

    // The YAML written for a ChessMe ruleset names the game and loads back to the same values.
    const std::string yaml = jv::ruleset_to_yaml(jv::test::catalog(), chessme(), *club.ruleset);
    CHECK_THAT(yaml, Contains("game: ChessMe"));
    const jv::RulesetFileReader again = [&](const std::string&, std::string& out, std::string&) {
        out = yaml;
        return true;
    };
    const jv::RulesetLoad back = jv::load_ruleset(jv::test::catalog(), "back.yaml", nullptr, again);
    for (const jv::FileDiagnostic& e : back.errors) FAIL_CHECK(e.render());
    REQUIRE(back.ruleset);
    CHECK(back.game == &chessme());
    CHECK(back.ruleset->values == club.ruleset->values);
}
