// The game-neutral record reader (core/record.hpp): every token of the outer JGN format, the
// exact text and position of each reading fault, and recovery from one game to the next.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/record.hpp"
#include "core/source.hpp"
#include "support.hpp"

using jv::CommentPlace;
using jv::GameRecord;
using jv::RecordReader;
using jv::ResultKind;
using jv::SourceFile;
using jv::SourceRegion;

namespace {

using jv::test::read_all;

constexpr std::string_view tags3 = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n";

// The first game of a source (a REQUIRE fails when there is none).
GameRecord read_one(const SourceFile& source) {
    RecordReader reader(source);
    GameRecord record;
    REQUIRE(reader.next(record));
    return record;
}

std::string at(const SourceFile& source, SourceRegion region) {
    jv::LineColumn lc = source.line_column(region.begin);
    return fmt::format("{}:{}", lc.line, lc.column);
}

// "line:column: message" for each reading fault.
std::vector<std::string> errors_of(const SourceFile& source, const GameRecord& game) {
    std::vector<std::string> out;
    for (const jv::Diagnostic& d : game.read_errors) {
        CHECK(d.rule.empty());
        CHECK(d.severity == jv::Severity::error);
        out.push_back(fmt::format("{}: {}", at(source, d.region), d.message));
    }
    return out;
}

// Each turn as "N." / "N..." / "-" then " " and its actions joined with ','.
std::vector<std::string> turns_of(const SourceFile& source, const GameRecord& game) {
    std::vector<std::string> out;
    for (const jv::Turn& turn : game.turns) {
        std::string s;
        if (turn.number) {
            s = fmt::format("{}{}", turn.number->value, turn.number->second_player ? "..." : ".");
            CHECK(source.slice(turn.number->region) == s);
        } else {
            s = "-";
        }
        s += ' ';
        for (std::uint32_t i = 0; i < turn.action_count; ++i) {
            const jv::ActionText& action = game.action(turn, i);
            CHECK(source.slice(action.region) == action.text);
            if (i > 0) s += ',';
            s += action.text;
        }
        out.push_back(s);
    }
    return out;
}

// Each comment as "place index 'text'" (with ';' before the text of a line comment).
std::vector<std::string> comments_of(const GameRecord& game) {
    std::vector<std::string> out;
    for (const jv::Comment& c : game.comments) {
        std::string_view place;
        switch (c.place) {
            case CommentPlace::before_tags:
                place = "before_tags";
                break;
            case CommentPlace::after_tag:
                place = "after_tag";
                break;
            case CommentPlace::before_turn:
                place = "before_turn";
                break;
            case CommentPlace::after_action:
                place = "after_action";
                break;
            case CommentPlace::before_result:
                place = "before_result";
                break;
            case CommentPlace::after_result:
                place = "after_result";
                break;
        }
        out.push_back(
            fmt::format("{} {} {}'{}'", place, c.index, c.line_comment ? ";" : "", c.text));
    }
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

// ---------------------------------------------------------------------------------------------
// Results

TEST_CASE("reader: result_text and parse_result are inverse", "[reader]") {
    CHECK(jv::result_text(ResultKind::white_wins) == "1-0");
    CHECK(jv::result_text(ResultKind::black_wins) == "0-1");
    CHECK(jv::result_text(ResultKind::draw) == "1/2-1/2");
    CHECK(jv::result_text(ResultKind::unfinished) == "*");
    for (ResultKind kind :
         {ResultKind::white_wins, ResultKind::black_wins, ResultKind::draw, ResultKind::unfinished})
        CHECK(jv::parse_result(jv::result_text(kind)) == kind);
    CHECK_FALSE(jv::parse_result(""));
    CHECK_FALSE(jv::parse_result("1/2"));
    CHECK_FALSE(jv::parse_result("½-½"));
    CHECK_FALSE(jv::parse_result("1-0 "));
    CHECK_FALSE(jv::parse_result("2-0"));
}

TEST_CASE("reader: each result token ends the movetext", "[reader]") {
    struct Case {
        const char* token;
        ResultKind kind;
    };
    for (Case c : {Case{"1-0", ResultKind::white_wins}, Case{"0-1", ResultKind::black_wins},
                   Case{"1/2-1/2", ResultKind::draw}, Case{"*", ResultKind::unfinished}}) {
        INFO(c.token);
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 Sd10-d8 {}\n", tags3, c.token));
        GameRecord game = read_one(source);
        CHECK(game.read_errors.empty());
        REQUIRE(game.result);
        CHECK(game.result->kind == c.kind);
        CHECK(source.slice(game.result->region) == c.token);
        CHECK(at(source, game.result->region) == "4:19");
        CHECK(turns_of(source, game) == Strings{"1. Se2-e4", "- Sd10-d8"});
    }
}

TEST_CASE("reader: a game may hold nothing but its result", "[reader]") {
    SourceFile source("t.jgn", fmt::format("{}\n*\n", tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(game.turns.empty());
    CHECK(game.actions.empty());
    REQUIRE(game.result);
    CHECK(game.result->kind == ResultKind::unfinished);
    CHECK(game.index == 1);
    CHECK(game.region == SourceRegion{0, source.size() - 1});
}

TEST_CASE("reader: a missing result is reported where the movetext stops", "[reader]") {
    SECTION("at the end of the file") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 Sd10-d8\n\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:18: the movetext reaches the end of the file without a result: end it "
                      "with 1-0, 0-1, 1/2-1/2 or *"});
        CHECK(game.read_errors[0].region.size() == 0);
        CHECK_FALSE(game.result);
        CHECK(turns_of(source, game) == Strings{"1. Se2-e4", "- Sd10-d8"});
    }
    SECTION("with tags and no movetext at all") {
        SourceFile source("t.jgn", std::string(tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:1: the movetext reaches the end of the file without a result: end it "
                      "with 1-0, 0-1, 1/2-1/2 or *"});
        CHECK(game.tags.size() == 3);
    }
    SECTION("before the next game's tags") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4\n{}1. Sd2-d4 1-0\n", tags3, tags3));
        std::vector<GameRecord> games = read_all(source);
        REQUIRE(games.size() == 2);
        CHECK(errors_of(source, games[0]) ==
              Strings{"4:10: the movetext reaches the next game's tags without a result: end it "
                      "with 1-0, 0-1, 1/2-1/2 or *"});
        CHECK(turns_of(source, games[0]) == Strings{"1. Se2-e4"});
        // The next game is read whole.
        CHECK(games[1].index == 2);
        CHECK(games[1].read_errors.empty());
        CHECK(games[1].tags.size() == 3);
        CHECK(at(source, games[1].tags[0].region) == "5:1");
        CHECK(turns_of(source, games[1]) == Strings{"1. Sd2-d4"});
        REQUIRE(games[1].result);
        CHECK(games[1].result->kind == ResultKind::white_wins);
    }
}

TEST_CASE("reader: text after the result is a fault", "[reader]") {
    SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 1-0 Sd10-d8 0-1\n", tags3));
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) ==
          Strings{"4:15: 'Sd10-d8' follows the result 1-0; a game ends with its result"});
    CHECK(source.slice(game.read_errors[0].region) == "Sd10-d8");
    REQUIRE(game.result);
    CHECK(game.result->kind == ResultKind::white_wins);

    SourceFile twice("t.jgn", fmt::format("{}*\n*\n", tags3));
    CHECK(errors_of(twice, read_one(twice)) ==
          Strings{"5:1: '*' follows the result *; a game ends with its result"});
}

// ---------------------------------------------------------------------------------------------
// Tags

TEST_CASE("reader: tags keep name, value and regions", "[reader][tags]") {
    SourceFile source("t.jgn",
                      "[Event \"Club night\"]\n[White \"Ana\"]\n[Black \"Bruno\"]\n"
                      "[Result \"1-0\"]\n[Round_2 \"x1\"]\n[ Site  \t\"Lyon\"\t]\n\n1-0\n");
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    REQUIRE(game.tags.size() == 6);
    CHECK(game.tags[0].name == "Event");
    CHECK(game.tags[0].value == "Club night");
    CHECK(game.tags[0].region == SourceRegion{0, 20});
    CHECK(source.slice(game.tags[0].region) == "[Event \"Club night\"]");
    CHECK(source.slice(game.tags[0].value_region) == "\"Club night\"");
    CHECK(game.tags[4].name == "Round_2");
    CHECK(game.tags[4].value == "x1");
    CHECK(game.tags[5].name == "Site");
    CHECK(game.tags[5].value == "Lyon");
    CHECK(source.slice(game.tags[5].region) == "[ Site  \t\"Lyon\"\t]");
    CHECK(source.slice(game.tags[5].value_region) == "\"Lyon\"");
    CHECK(at(source, game.tags[5].value_region) == "6:10");

    CHECK(game.find_tag("White") == &game.tags[1]);
    CHECK(game.find_tag("white") == nullptr);
    CHECK(game.tag_value("Black") == "Bruno");
    CHECK(game.tag_value("Game", "Jelimvre") == "Jelimvre");
    CHECK(game.tag_value("Game").empty());
    CHECK(turns_of(source, game).empty());
}

TEST_CASE("reader: an escaped quote or backslash in a tag value", "[reader][tags]") {
    SourceFile source("t.jgn",
                      "[Event \"The \\\"big\\\" one \\\\ 2\"]\n[Empty \"\"]\n[Slash \"a\\\\\"]\n"
                      "[Utf8 \"Zoë – Ω\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    REQUIRE(game.tags.size() == 4);
    CHECK(game.tags[0].value == "The \"big\" one \\ 2");
    CHECK(source.slice(game.tags[0].value_region) == "\"The \\\"big\\\" one \\\\ 2\"");
    CHECK(game.tags[1].value.empty());
    CHECK(source.slice(game.tags[1].value_region) == "\"\"");
    CHECK(game.tags[2].value == "a\\");
    CHECK(game.tags[3].value == "Zoë – Ω");
}

TEST_CASE("reader: an unknown escape drops the tag and reading goes on", "[reader][tags]") {
    SourceFile source("t.jgn", "[Event \"a\\nb\"]\n[White \"A\\t\"]\n[Black \"B\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) ==
          Strings{"1:10: only \\\" and \\\\ are escapes in a tag value",
                  "2:10: only \\\" and \\\\ are escapes in a tag value"});
    CHECK(source.slice(game.read_errors[0].region) == "\\n");
    REQUIRE(game.tags.size() == 1);
    CHECK(game.tags[0].name == "Black");
    REQUIRE(game.result);
}

TEST_CASE("reader: a tag starts with a letter and its value is quoted", "[reader][tags]") {
    SourceFile source("t.jgn",
                      "[1st \"x\"]\n[ \"x\"]\n[]\n[_a \"x\"]\n[White-x \"A\"]\n[Black B]\n"
                      "[Result \"*\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) ==
          Strings{"1:2: a tag starts with its name, such as [White \"Ana\"]",
                  "2:3: a tag starts with its name, such as [White \"Ana\"]",
                  "3:2: a tag starts with its name, such as [White \"Ana\"]",
                  "4:2: a tag starts with its name, such as [White \"Ana\"]",
                  "5:7: the value of tag White must be written in double quotes",
                  "6:8: the value of tag Black must be written in double quotes"});
    REQUIRE(game.tags.size() == 1);
    CHECK(game.tags[0].name == "Result");
    REQUIRE(game.result);
}

TEST_CASE("reader: several tags may share a line", "[reader][tags]") {
    SourceFile source("t.jgn", "[White \"A\"] [Black \"B\"][Result \"*\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    REQUIRE(game.tags.size() == 3);
    CHECK(game.tags[1].name == "Black");
    CHECK(at(source, game.tags[1].region) == "1:13");
    CHECK(at(source, game.tags[2].region) == "1:24");
    CHECK(game.tags[2].value == "*");
}

TEST_CASE("reader: an unterminated tag value", "[reader][tags]") {
    SECTION("at a line end") {
        SourceFile source("t.jgn", "[White \"Ana]\n[Black \"B\"]\n*\n");
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"1:8: the value of tag White is never closed: a '\"' is missing"});
        REQUIRE(game.tags.size() == 1);
        CHECK(game.tags[0].name == "Black");
        CHECK(game.result);
    }
    SECTION("at a CRLF line end") {
        SourceFile source("t.jgn", "[White \"Ana]\r\n[Black \"B\"]\r\n*\r\n");
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"1:8: the value of tag White is never closed: a '\"' is missing"});
        CHECK(game.tags.size() == 1);
    }
    SECTION("at the end of the file") {
        SourceFile source("t.jgn", "[White \"Ana");
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"1:8: the value of tag White is never closed: a '\"' is missing",
                      "1:12: the movetext reaches the end of the file without a result: end it "
                      "with 1-0, 0-1, 1/2-1/2 or *"});
        CHECK(game.tags.empty());
    }
}

TEST_CASE("reader: a tag must end with a closing bracket", "[reader][tags]") {
    SourceFile source("t.jgn", "[White \"Ana\"\n[Black \"B\" x]\n[Result \"*\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) ==
          Strings{"1:13: tag White must end with ']'", "2:12: tag Black must end with ']'"});
    CHECK(game.read_errors[0].region.size() == 1);
    REQUIRE(game.tags.size() == 1);
    CHECK(game.tags[0].name == "Result");
}

TEST_CASE("reader: a tag given twice is reported at each repetition", "[reader][tags]") {
    SourceFile source("t.jgn",
                      "[White \"A\"]\n[Black \"B\"]\n[White \"C\"]\n[Result \"*\"]\n"
                      "[ White \"D\"]\n*\n");
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) == Strings{"3:2: tag White is given twice in this game",
                                             "5:3: tag White is given twice in this game"});
    CHECK(source.slice(game.read_errors[0].region) == "White");
    CHECK(source.slice(game.read_errors[1].region) == "White");
    // The tags are all kept; the first one is the one looked up.
    CHECK(game.tags.size() == 5);
    CHECK(game.tag_value("White") == "A");
}

TEST_CASE("reader: tag values and comments must be valid UTF-8", "[reader][tags]") {
    SECTION("a tag value") {
        SourceFile source("t.jgn", "[White \"Zo\xC3\"]\n[Black \"B\xFF\"]\n[Result \"*\"]\n*\n");
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"1:11: the value of tag White is not UTF-8 text: byte 0xC3 looks like "
                      "Latin-1 or Windows-1252 text (--encoding latin1 reads it)",
                      "2:10: the value of tag Black is not UTF-8 text: byte 0xFF looks like "
                      "Latin-1 or Windows-1252 text (--encoding latin1 reads it)"});
        CHECK(game.read_errors[0].region == SourceRegion{10, 11});
        REQUIRE(game.tags.size() == 1);
        CHECK(game.tags[0].name == "Result");
        CHECK(game.result);
    }
    SECTION("a comment in the tag section abandons the game") {
        SourceFile source("t.jgn",
                          fmt::format("[White \"A\"] {{ caf\xC3\xA9 \xED\xA0\x80 }}\n[Black "
                                      "\"B\"]\n*\n{}*\n",
                                      tags3));
        std::vector<GameRecord> games = read_all(source);
        // Reading resumes at the next line that starts with '[': here the Black tag.
        REQUIRE(games.size() == 3);
        // 0x80, one of the bytes after the first bad one, is a Windows-1252 character.
        CHECK(errors_of(source, games[0]) ==
              Strings{"1:20: this comment is not UTF-8 text: byte 0xED looks like Windows-1252 "
                      "text (--encoding cp1252 reads it)"});
        CHECK(games[0].comments.empty());
        CHECK(games[0].tags.size() == 1);
        CHECK(games[1].read_errors.empty());
        CHECK(games[1].tag_value("Black") == "B");
        CHECK(games[2].read_errors.empty());
        CHECK(games[2].tags.size() == 3);
    }
    SECTION("a comment in the movetext") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 ; bad \xC0\xAF\n*\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:17: this comment is not UTF-8 text: byte 0xC0 looks like Latin-1 or "
                      "Windows-1252 text (--encoding latin1 reads it)"});
        CHECK_FALSE(game.result);
    }
    SECTION("an action") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2\xE2\x82-e4 *\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:7: the movetext is not UTF-8 text here: byte 0xE2 looks like "
                      "Windows-1252 text (--encoding cp1252 reads it)"});
        CHECK(game.actions.empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Turn numbers and turns

TEST_CASE("reader: turn numbers N. and N...", "[reader][turns]") {
    SourceFile source("t.jgn", fmt::format("{}0. K@f1 0... K@f11\n1. Se2-e4\n1... Sd10-d8\n"
                                           "2.Sd2-d4 2...Se10-e8 12. Qe1-e3 345678... "
                                           "Qe11-e10 *\n",
                                           tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) == Strings{"0. K@f1", "0... K@f11", "1. Se2-e4", "1... Sd10-d8",
                                            "2. Sd2-d4", "2... Se10-e8", "12. Qe1-e3",
                                            "345678... Qe11-e10"});
    REQUIRE(game.turns[4].number);
    CHECK(game.turns[4].number->value == 2);
    CHECK_FALSE(game.turns[4].number->second_player);
    CHECK(game.turns[5].number->second_player);
    CHECK(at(source, game.turns[4].number->region) == "7:1");
    // A number glued to its action: the action starts right after the dots.
    CHECK(at(source, game.actions[4].region) == "7:3");
    CHECK(at(source, game.actions[5].region) == "7:14");
    CHECK(game.turns[7].number->value == 345678);
}

TEST_CASE("reader: a turn number ends with one dot or three", "[reader][turns]") {
    for (const char* bad : {"1..", "1....", "7.....", "12.."}) {
        INFO(bad);
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {} Sd10-d8 *\n", tags3, bad));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:11: a turn number ends with '.' (first player) or '...' (second "
                      "player)"});
        CHECK(source.slice(game.read_errors[0].region) == bad);
        CHECK(turns_of(source, game) == Strings{"1. Se2-e4"});
        CHECK_FALSE(game.result);
    }
}

TEST_CASE("reader: a turn number has at most six digits", "[reader][turns]") {
    SourceFile source("t.jgn", fmt::format("{}1234567. Se2-e4 *\n", tags3));
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) == Strings{"4:1: this turn number is too large"});
    CHECK(source.slice(game.read_errors[0].region) == "1234567");
}

TEST_CASE("reader: a turn number must be followed by an action", "[reader][turns]") {
    SECTION("then the result") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 Sd10-d8 2. *\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:19: turn number '2.' is not followed by any action"});
        CHECK(source.slice(game.read_errors[0].region) == "2.");
        CHECK_FALSE(game.result);
    }
    SECTION("then another number") {
        SourceFile source("t.jgn", fmt::format("{}1. {{ c }} 1... Sd10-d8 *\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:1: turn number '1.' is not followed by any action"});
    }
    SECTION("then the end of the file") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4\n1...\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"5:1: turn number '1...' is not followed by any action"});
    }
    SECTION("then the next game") {
        SourceFile source("t.jgn", fmt::format("{}1.\n{}*\n", tags3, tags3));
        std::vector<GameRecord> games = read_all(source);
        REQUIRE(games.size() == 2);
        CHECK(errors_of(source, games[0]) ==
              Strings{"4:1: turn number '1.' is not followed by any action"});
        CHECK(games[1].read_errors.empty());
    }
}

TEST_CASE("reader: a word of digits is a number or a result, nothing else", "[reader][turns]") {
    struct Case {
        const char* word;
        const char* message;
    };
    for (Case c :
         {Case{"12", "'12' is neither a turn number (such as '12.' or '12...') nor a result"},
          Case{"1/2",
               "'1/2' is neither a turn number (such as '12.' or '12...') nor a "
               "result"},
          Case{"2-0",
               "'2-0' is neither a turn number (such as '12.' or '12...') nor a "
               "result"},
          Case{"*x",
               "'*x' is neither a turn number (such as '12.' or '12...') nor a "
               "result"}}) {
        INFO(c.word);
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {} *\n", tags3, c.word));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) == Strings{fmt::format("4:11: {}", c.message)});
        CHECK(source.slice(game.read_errors[0].region) == c.word);
    }
}

TEST_CASE("reader: commas join the actions of one turn", "[reader][turns]") {
    SourceFile source("t.jgn", fmt::format("{}0. T@a1,N@b1,\n   G@c1,\t S@d1, {{ after a comma }}\n"
                                           "  ; and a line comment\n   Q@e1\n"
                                           "0... T@a11 , N@b11 *\n",
                                           tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) == Strings{"0. T@a1,N@b1,G@c1,S@d1,Q@e1", "0... T@a11,N@b11"});
    CHECK(game.turns[0].first_action == 0);
    CHECK(game.turns[0].action_count == 5);
    CHECK(game.turns[1].first_action == 5);
    CHECK(game.turns[1].action_count == 2);
    CHECK(at(source, game.actions[2].region) == "5:4");
    CHECK(at(source, game.actions[4].region) == "7:4");
    CHECK(comments_of(game) ==
          Strings{"after_action 3 ' after a comma '", "after_action 3 ;' and a line comment'"});
}

TEST_CASE("reader: white space without a comma ends a turn", "[reader][turns]") {
    SourceFile source("t.jgn",
                      fmt::format("{}1. W@c5,W@d5 Sd10-d8\n2. Se2-e4\nSe10-e9 Sd2-d3 *\n", tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) ==
          Strings{"1. W@c5,W@d5", "- Sd10-d8", "2. Se2-e4", "- Se10-e9", "- Sd2-d3"});
}

TEST_CASE("reader: a ',' needs an action on each side", "[reader][turns]") {
    struct Case {
        const char* movetext;
        const char* error;
        const char* region;
    };
    const char* no_action_before =
        "',' joins two actions of one turn; here no action stands before it";
    for (Case c : {
             Case{"1. Se2-e4, *", "4:10: an action must follow this ','", ","},
             Case{"1. Se2-e4, { c } *", "4:10: an action must follow this ','", ","},
             Case{"1. Se2-e4,\n", "4:10: an action must follow this ','", ","},
             Case{"1. Se2-e4,,W@c5 *", "4:11: ", ","},
             Case{"1. ,Se2-e4 *", "4:4: ", ","},
             Case{", Se2-e4 *", "4:1: ", ","},
             Case{"1. Se2-e4, 2. Sd10-d8 *", "4:10: an action must follow this ','", ","},
         }) {
        INFO(c.movetext);
        SourceFile source("t.jgn", fmt::format("{}{}", tags3, c.movetext));
        GameRecord game = read_one(source);
        std::string expected = c.error;
        if (expected.back() == ' ') expected += no_action_before;
        CHECK(errors_of(source, game) == Strings{expected});
        REQUIRE(game.read_errors.size() == 1);
        CHECK(source.slice(game.read_errors[0].region) == c.region);
        CHECK_FALSE(game.result);
    }
    SECTION("before the next game's tags") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4,\n{}*\n", tags3, tags3));
        std::vector<GameRecord> games = read_all(source);
        REQUIRE(games.size() == 2);
        CHECK(errors_of(source, games[0]) == Strings{"4:10: an action must follow this ','"});
        CHECK(games[1].read_errors.empty());
        CHECK(games[1].result);
    }
}

TEST_CASE("reader: check_turn_numbers_present", "[reader][turns]") {
    SECTION("the second player may leave the number out") {
        SourceFile source("t.jgn", fmt::format("{}1. a b 2. c d 2... e *\n", tags3));
        GameRecord game = read_one(source);
        jv::check_turn_numbers_present(game, "White", 1, game.read_errors);
        CHECK(game.read_errors.empty());
    }
    SECTION("the first player's turn needs one") {
        SourceFile source("t.jgn", fmt::format("{}1. a b c d e *\n", tags3));
        GameRecord game = read_one(source);
        jv::check_turn_numbers_present(game, "White", 1, game.read_errors);
        // Only the first missing number is reported.
        CHECK(errors_of(source, game) ==
              Strings{"4:8: White's turn must be numbered: write '2.' before it"});
        CHECK(source.slice(game.read_errors[0].region) == "c");
    }
    SECTION("even the first turn") {
        SourceFile source("t.jgn", fmt::format("{}Se2-e4,W@c5 *\n", tags3));
        GameRecord game = read_one(source);
        jv::check_turn_numbers_present(game, "Gold", 1, game.read_errors);
        CHECK(errors_of(source, game) ==
              Strings{"4:1: Gold's turn must be numbered: write '1.' before it"});
        CHECK(game.read_errors[0].region == game.actions[0].region);
    }
    SECTION("no turn at all") {
        SourceFile source("t.jgn", fmt::format("{}*\n", tags3));
        GameRecord game = read_one(source);
        jv::check_turn_numbers_present(game, "White", 1, game.read_errors);
        CHECK(game.read_errors.empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Glyphs

TEST_CASE("reader: annotation glyphs attach to the action before them", "[reader][glyphs]") {
    SourceFile source("t.jgn", fmt::format("{}1. Se2-e4! Sd10-d8? 2. Sd2-d4!! Se10-e8?? "
                                           "3. Qe1-e3 !? Qe11-e10?! 4. W@c5 $12,W@d5 $1 $255 *\n",
                                           tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) == Strings{"1. Se2-e4", "- Sd10-d8", "2. Sd2-d4", "- Se10-e8",
                                            "3. Qe1-e3", "- Qe11-e10", "4. W@c5,W@d5"});
    std::vector<std::string> glyphs;
    for (const jv::Glyph& g : game.glyphs) {
        CHECK(source.slice(g.region) == g.text);
        glyphs.push_back(fmt::format("{}@{}", g.text, g.action));
    }
    CHECK(glyphs ==
          Strings{"!@0", "?@1", "!!@2", "??@3", "!?@4", "?!@5", "$12@6", "$1@7", "$255@7"});
    CHECK(at(source, game.glyphs[0].region) == "4:10");
    CHECK(at(source, game.glyphs[4].region) == "4:53");
}

TEST_CASE("reader: a glyph that is not one, or stands before any action", "[reader][glyphs]") {
    struct Case {
        const char* movetext;
        const char* error;
        const char* region;
    };
    for (Case c : {
             Case{"1. Se2-e4!!! *",
                  "4:10: '!!!' is not an annotation glyph (! ? !! ?? !? ?! or $n)", "!!!"},
             Case{"1. Se2-e4 ?!? *",
                  "4:11: '?!?' is not an annotation glyph (! ? !! ?? !? ?! or $n)", "?!?"},
             Case{"1. Se2-e4 $ *", "4:11: '$' is not an annotation glyph (! ? !! ?? !? ?! or $n)",
                  "$"},
             Case{"1. Se2-e4 $1234 *",
                  "4:11: '$1234' is not an annotation glyph (! ? !! ?? !? ?! or $n)", "$1234"},
             Case{"! 1. Se2-e4 *", "4:1: an annotation glyph must follow an action", "!"},
             Case{"1. ?? Se2-e4 *", "4:4: an annotation glyph must follow an action", "??"},
             Case{"1. Se2-e4, $3 W@c5 *", "4:12: an annotation glyph must follow an action", "$3"},
             Case{"1.! Se2-e4 *", "4:3: an annotation glyph must follow an action", "!"},
         }) {
        INFO(c.movetext);
        SourceFile source("t.jgn", fmt::format("{}{}\n", tags3, c.movetext));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) == Strings{c.error});
        REQUIRE(game.read_errors.size() == 1);
        CHECK(source.slice(game.read_errors[0].region) == c.region);
        CHECK(game.glyphs.empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Comments

TEST_CASE("reader: comments in every place", "[reader][comments]") {
    SourceFile source("t.jgn",
                      "{before tags}\n; line before tags\n"
                      "[White \"A\"] {after White}\n"
                      "[Black \"B\"]\n; after Black\n"
                      "[Result \"*\"]\n"
                      "{after the last tag} 1. {between number and action} Se2-e4 "
                      "{after action 0} Sd10-d8! {after action 1 and its glyph}\n"
                      "2. Sd2-d4, {after action 2, a comma} W@c5 ;after action 3\n"
                      "{before the result}\n"
                      "* {after the result} ; also after the result\n"
                      "{still after the result}\n");
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) == Strings{"1. Se2-e4", "- Sd10-d8", "2. Sd2-d4,W@c5"});
    CHECK(comments_of(game) == Strings{
                                   "before_tags 0 'before tags'",
                                   "before_tags 0 ;' line before tags'",
                                   "after_tag 0 'after White'",
                                   "after_tag 1 ;' after Black'",
                                   "after_tag 2 'after the last tag'",
                                   "before_turn 0 'between number and action'",
                                   "after_action 0 'after action 0'",
                                   "after_action 1 'after action 1 and its glyph'",
                                   "after_action 2 'after action 2, a comma'",
                                   "before_result 0 ;'after action 3'",
                                   "before_result 0 'before the result'",
                                   "after_result 0 'after the result'",
                                   "after_result 0 ;' also after the result'",
                                   "after_result 0 'still after the result'",
                               });
    REQUIRE(game.comments.size() == 14);
    CHECK(source.slice(game.comments[0].region) == "{before tags}");
    CHECK(source.slice(game.comments[1].region) == "; line before tags");
    CHECK(at(source, game.comments[2].region) == "3:13");
    CHECK(at(source, game.comments[9].region) == "8:43");
    CHECK(game.region == SourceRegion{0, source.size() - 1});
}

TEST_CASE("reader: comments between turns and before the result", "[reader][comments]") {
    SECTION("a comment between two turns follows the first one's last action") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {{a}} 1... Sd10-d8 {{b}} ; c\n"
                                               "2. Sd2-d4 *\n",
                                               tags3));
        GameRecord game = read_one(source);
        CHECK(game.read_errors.empty());
        CHECK(comments_of(game) ==
              Strings{"after_action 0 'a'", "after_action 1 'b'", "after_action 1 ;' c'"});
    }
    SECTION("a comment between the tags and the movetext follows the last tag") {
        SourceFile source("t.jgn", fmt::format("{}\n{{nothing played}} *\n", tags3));
        GameRecord game = read_one(source);
        CHECK(comments_of(game) == Strings{"after_tag 2 'nothing played'"});
    }
    SECTION("a game without tags") {
        SourceFile source("t.jgn", "{first} 1. a {second} *\n");
        GameRecord game = read_one(source);
        CHECK(game.read_errors.empty());
        CHECK(game.tags.empty());
        CHECK(comments_of(game) == Strings{"before_tags 0 'first'", "before_result 0 'second'"});
    }
    SECTION("a comment after a glyph at the end") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {{a}} ! {{b}} 1-0\n", tags3));
        GameRecord game = read_one(source);
        CHECK(comments_of(game) == Strings{"after_action 0 'a'", "before_result 0 'b'"});
    }
}

TEST_CASE("reader: comment text and delimiters", "[reader][comments]") {
    SourceFile source("t.jgn",
                      fmt::format("{}1. Se2-e4 {{}} {{ multi\nline ; not a line comment\n}}"
                                  " ;\n;{{ not a brace comment\r\n*\n",
                                  tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    REQUIRE(game.comments.size() == 4);
    CHECK(game.comments[0].text.empty());
    CHECK(source.slice(game.comments[0].region) == "{}");
    CHECK(game.comments[1].text == " multi\nline ; not a line comment\n");
    CHECK_FALSE(game.comments[1].line_comment);
    CHECK(game.comments[2].text.empty());
    CHECK(game.comments[2].line_comment);
    CHECK(source.slice(game.comments[2].region) == ";");
    CHECK(game.comments[3].text == "{ not a brace comment");
    CHECK(source.slice(game.comments[3].region) == ";{ not a brace comment");
    CHECK(at(source, game.comments[3].region) == "7:1");
    REQUIRE(game.result);
    CHECK(at(source, game.result->region) == "8:1");
}

TEST_CASE("reader: a brace comment that is never closed", "[reader][comments]") {
    SECTION("in the movetext") {
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {{ oops\nSd10-d8 *\n", tags3));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{"4:11: this comment is never closed: '{' has no matching '}'"});
        CHECK(game.read_errors[0].region.size() == 1);
        CHECK(game.comments.empty());
        CHECK_FALSE(game.result);
        RecordReader reader(source);
        GameRecord first;
        GameRecord second;
        REQUIRE(reader.next(first));
        CHECK_FALSE(reader.next(second));
    }
    SECTION("before the tags") {
        SourceFile source("t.jgn", fmt::format("{{ oops\n{}*\n", tags3));
        std::vector<GameRecord> games = read_all(source);
        // The comment is reported; reading resumes at the next line that starts with '['.
        REQUIRE(games.size() == 2);
        CHECK(errors_of(source, games[0]) ==
              Strings{"1:1: this comment is never closed: '{' has no matching '}'"});
        CHECK(games[1].read_errors.empty());
        CHECK(games[1].tags.size() == 3);
    }
    SECTION("the only thing in the file") {
        SourceFile source("t.jgn", "  { never closed");
        std::vector<GameRecord> games = read_all(source);
        REQUIRE(games.size() == 1);
        CHECK(errors_of(source, games[0]) ==
              Strings{"1:3: this comment is never closed: '{' has no matching '}'"});
    }
}

// ---------------------------------------------------------------------------------------------
// Stray characters in the movetext

TEST_CASE("reader: a tag in the middle of a movetext line", "[reader]") {
    SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 [Event \"x\"] *\n{}*\n", tags3, tags3));
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 2);
    CHECK(errors_of(source, games[0]) ==
          Strings{"4:11: a tag must start its own line, before the movetext"});
    CHECK(games[1].read_errors.empty());
    CHECK(games[1].index == 2);
}

TEST_CASE("reader: a tag line indented by blanks still starts the next game", "[reader]") {
    SourceFile source("t.jgn", fmt::format("{}1. Se2-e4\n \t[White \"C\"]\n*\n", tags3));
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 2);
    CHECK(errors_of(source, games[0]) ==
          Strings{"4:10: the movetext reaches the next game's tags without a result: end it with "
                  "1-0, 0-1, 1/2-1/2 or *"});
    CHECK(games[1].read_errors.empty());
    CHECK(games[1].tag_value("White") == "C");
}

TEST_CASE("reader: a closing bracket, brace or quote is unexpected in the movetext", "[reader]") {
    for (char c : {']', '}', '"'}) {
        INFO(c);
        SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 {} *\n", tags3, c));
        GameRecord game = read_one(source);
        CHECK(errors_of(source, game) ==
              Strings{fmt::format("4:11: unexpected '{}' in the movetext", c)});
    }
}

TEST_CASE("reader: an action is any word the game's grammar will look at", "[reader]") {
    SourceFile source("t.jgn",
                      fmt::format("{}1. Se2-e4=Q@x~y Sd10-d8.. 2. timeout,xNc4 é-ü *\n", tags3));
    GameRecord game = read_one(source);
    CHECK(game.read_errors.empty());
    CHECK(turns_of(source, game) ==
          Strings{"1. Se2-e4=Q@x~y", "- Sd10-d8..", "2. timeout,xNc4", "- é-ü"});
    CHECK(at(source, game.actions[4].region) == "4:43");
}

// ---------------------------------------------------------------------------------------------
// Files of many games, recovery, encodings

TEST_CASE("reader: a file of several games", "[reader][files]") {
    std::string text;
    for (int i = 1; i <= 4; ++i)
        text += fmt::format("[White \"W{}\"]\n[Black \"B{}\"]\n[Result \"1-0\"]\n\n1. a{} 1-0\n\n",
                            i, i, i);
    SourceFile source("t.jgn", text);
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 4);
    for (std::uint32_t i = 0; i < 4; ++i) {
        INFO(i);
        CHECK(games[i].index == i + 1);
        CHECK(games[i].read_errors.empty());
        CHECK(games[i].tag_value("White") == fmt::format("W{}", i + 1));
        CHECK(turns_of(source, games[i]) == Strings{fmt::format("1. a{}", i + 1)});
        CHECK(at(source, games[i].region) == fmt::format("{}:1", 1 + 6 * i));
        CHECK(source.slice(games[i].region).substr(0, 12) == fmt::format("[White \"W{}\"]", i + 1));
        CHECK(source.slice(games[i].region).ends_with("1-0"));
    }
}

TEST_CASE("reader: a fault skips to the next game, which is read intact", "[reader][files]") {
    SourceFile source("t.jgn", fmt::format("{}1. Se2-e4 1.. Sd10-d8 *\n{{ more of the bad game }}\n"
                                           "2. junk\n"
                                           "{}1. Sd2-d4 {{ok}} Se10-e8 0-1\n"
                                           "{}1. Se2-e3 ]\n"
                                           "[White \"D\"]\n*\n",
                                           tags3, tags3, tags3));
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 4);
    CHECK(games[0].index == 1);
    CHECK(errors_of(source, games[0]) ==
          Strings{"4:11: a turn number ends with '.' (first player) or '...' (second player)"});
    CHECK(games[0].comments.empty());

    CHECK(games[1].index == 2);
    CHECK(games[1].read_errors.empty());
    CHECK(turns_of(source, games[1]) == Strings{"1. Sd2-d4", "- Se10-e8"});
    CHECK(comments_of(games[1]) == Strings{"after_action 0 'ok'"});
    REQUIRE(games[1].result);
    CHECK(games[1].result->kind == ResultKind::black_wins);
    CHECK(at(source, games[1].region) == "7:1");

    CHECK(games[2].index == 3);
    CHECK(errors_of(source, games[2]) == Strings{"14:11: unexpected ']' in the movetext"});

    CHECK(games[3].index == 4);
    CHECK(games[3].read_errors.empty());
    CHECK(games[3].tag_value("White") == "D");
}

TEST_CASE("reader: a record is reused from game to game", "[reader][files]") {
    SourceFile source("t.jgn", fmt::format("{}1. a {{c}} b! 1... c *\n[White \"X\"]\n*\n", tags3));
    RecordReader reader(source);
    GameRecord record;
    REQUIRE(reader.next(record));
    CHECK(record.actions.size() == 3);
    CHECK(record.glyphs.size() == 1);
    CHECK(record.comments.size() == 1);
    REQUIRE(reader.next(record));
    CHECK(record.index == 2);
    CHECK(record.tags.size() == 1);
    CHECK(record.turns.empty());
    CHECK(record.actions.empty());
    CHECK(record.glyphs.empty());
    CHECK(record.comments.empty());
    CHECK(record.read_errors.empty());
    REQUIRE(record.result);
    CHECK_FALSE(reader.next(record));
    CHECK(record.tags.empty());
    CHECK_FALSE(record.result);
    CHECK_FALSE(reader.next(record));
}

TEST_CASE("reader: a file without games", "[reader][files]") {
    for (const char* text : {"", "   \n\t\r\n", "{ just a comment }\n", "; a line comment\n",
                             "; a line comment without a line end", "{a} ; b\n{c}", "\xEF\xBB\xBF",
                             "\xEF\xBB\xBF\r\n; c\r\n"}) {
        INFO(text);
        SourceFile source("t.jgn", text);
        RecordReader reader(source);
        GameRecord record;
        CHECK_FALSE(reader.next(record));
        CHECK_FALSE(reader.next(record));
    }
}

TEST_CASE("reader: byte-order mark, CRLF line ends and tabs", "[reader][files]") {
    SourceFile source("t.jgn",
                      "\xEF\xBB\xBF[White\t\"Ana\"]\r\n[Black \"Bruno\"]\r\n[Result \"1-0\"]\r\n"
                      "\r\n0.\tK@f1,\r\n\tS@e2\t0...\tK@f11 ; c\r\n1.\tSe2-e4\r\n"
                      "\t[Event \"late\"]\r\n1-0\r\n");
    CHECK(source.had_byte_order_mark());
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 2);
    const GameRecord& game = games[0];
    CHECK(game.tag_value("White") == "Ana");
    CHECK(at(source, game.tags[0].region) == "1:1");
    CHECK(game.tags[0].region.begin == 0);
    CHECK(turns_of(source, game) == Strings{"0. K@f1,S@e2", "0... K@f11", "1. Se2-e4"});
    CHECK(at(source, game.actions[1].region) == "6:2");
    CHECK(at(source, game.actions[2].region) == "6:12");
    CHECK(comments_of(game) == Strings{"after_action 2 ;' c'"});
    // The indented tag line starts the next game.
    CHECK(errors_of(source, game) ==
          Strings{"7:10: the movetext reaches the next game's tags without a result: end it with "
                  "1-0, 0-1, 1/2-1/2 or *"});
    CHECK(games[1].read_errors.empty());
    CHECK(games[1].tag_value("Event") == "late");
    REQUIRE(games[1].result);
    CHECK(games[1].result->kind == ResultKind::white_wins);
}

TEST_CASE("reader: faults are sorted by position", "[reader]") {
    SourceFile source("t.jgn", "[White \"A\"]\n[Bad \"\\x\"]\n[White \"B\"]\n1. a !!! *\n");
    GameRecord game = read_one(source);
    CHECK(errors_of(source, game) ==
          Strings{"2:7: only \\\" and \\\\ are escapes in a tag value",
                  "3:2: tag White is given twice in this game",
                  "4:6: '!!!' is not an annotation glyph (! ? !! ?? !? ?! or $n)"});
}

TEST_CASE("reader: long or odd words are quoted safely in messages", "[reader]") {
    std::string long_word = "1" + std::string(100, '2');
    SourceFile source("t.jgn", fmt::format("{}{} *\n", tags3, long_word));
    GameRecord game = read_one(source);
    REQUIRE(game.read_errors.size() == 1);
    CHECK(game.read_errors[0].message ==
          fmt::format("'1{}...' is neither a turn number (such as '12.' or '12...') nor a result",
                      std::string(39, '2')));
    CHECK(game.read_errors[0].region.size() == 101);

    SourceFile control("t.jgn", fmt::format("{}* \x01x\n", tags3));
    GameRecord after = read_one(control);
    REQUIRE(after.read_errors.size() == 1);
    CHECK(after.read_errors[0].message ==
          "'\\x01x' follows the result *; a game ends with its result");

    SourceFile bad_utf8("t.jgn", fmt::format("{}* a\xFF\xC3\xA9\n", tags3));
    GameRecord bad = read_one(bad_utf8);
    REQUIRE(bad.read_errors.size() == 1);
    CHECK(bad.read_errors[0].message ==
          "'a\\xff\xC3\xA9' follows the result *; a game ends with its result");
}

// Found by fuzz_jgn_reader (tests/fuzz/regressions/jgn_reader): a tag cut off by the end of the
// input was faulted one character past it.
TEST_CASE("Reader: a tag cut off by the end of the input is faulted inside it", "[reader]") {
    for (std::string_view text : {"[Site", "[Site ", "[Site \"x\\", "[", "[White \"A\"]\n[Sit"}) {
        SourceFile source("cut.jgn", std::string(text));
        GameRecord game = read_one(source);
        INFO(text);
        REQUIRE_FALSE(game.read_errors.empty());
        for (const jv::Diagnostic& d : game.read_errors) {
            CHECK(d.region.begin <= d.region.end);
            CHECK(d.region.end <= source.size());
        }
    }
}

namespace {

// Every field of every game of `text`, read with the reader's fast paths or without them.
std::vector<std::string> reading_of(const std::string& text, bool fast_paths) {
    SourceFile source("odd.jgn", text);
    RecordReader reader(source, fast_paths);
    GameRecord game;
    std::vector<std::string> out;
    auto region = [](SourceRegion r) { return fmt::format("[{},{})", r.begin, r.end); };
    while (reader.next(game)) {
        out.push_back(fmt::format("game {} {}", game.index, region(game.region)));
        for (const jv::Tag& tag : game.tags)
            out.push_back(fmt::format("tag '{}' '{}' {} {}", tag.name, tag.value,
                                      region(tag.region), region(tag.value_region)));
        for (const jv::Comment& c : game.comments)
            out.push_back(fmt::format("comment '{}' {} {} {}", c.text, region(c.region),
                                      static_cast<int>(c.place), c.index));
        for (const jv::ActionText& a : game.actions)
            out.push_back(fmt::format("action '{}' {}", a.text, region(a.region)));
        for (const jv::Turn& t : game.turns)
            out.push_back(fmt::format("turn {} {} {}", t.number ? t.number->value : 0,
                                      t.first_action, t.action_count));
        if (game.result) out.push_back("result " + region(game.result->region));
        for (const jv::Diagnostic& d : game.read_errors)
            out.push_back(fmt::format("error {} {}", region(d.region), d.message));
    }
    return out;
}

}  // namespace

// The reader takes the usual tag, [Name "value"] in ASCII, by a fast path of its own; any other
// is read by the general scanner. Both must read every tag, well formed or not, the same way.
TEST_CASE("reader: the fast tag path reads as the general one", "[reader][tags]") {
    // Every short line of these bytes after a '[': names, blanks, quotes, escapes, line ends,
    // a NUL, bytes past ASCII (valid and not) and the end of the text.
    const std::string bytes = std::string("a1_ \t\"\\]\r\n\xC3\xA9\xFF", 14) + '\0';
    std::vector<std::string> lines = {""};
    std::size_t shown = 0;
    for (int length = 1; length <= 4; ++length) {
        std::vector<std::string> longer;
        for (const std::string& line : lines)
            if (line.size() == static_cast<std::size_t>(length - 1))
                for (char c : bytes) longer.push_back(line + c);
        lines.insert(lines.end(), longer.begin(), longer.end());
    }
    for (const std::string& line : lines) {
        for (const std::string& text :
             {"[" + line, "[" + line + "\n[Result \"*\"]\n\n1. a *\n",
              "[T \"" + line + "\"]\n1. a *\n", "[T" + line + "\"v\"]\n1. a *\n",
              "[T \"v\"" + line + "\n[U \"w\"]\n1. a *\n"}) {
            auto fast = reading_of(text, true);
            auto general = reading_of(text, false);
            if (fast != general && shown++ < 5) CHECK(fast == general);
        }
    }
    CHECK(shown == 0);
    // The usual tags, a value that needs a heap block, tags sharing a line, a duplicate.
    const std::string usual =
        "[Event \"Random\"]\n[Site \"jelimvre generate\"]\n[Date \"????.??.??\"]\n"
        "[Round \"1\"] [White \"Random\"]\t[Black\t\"\"]\n[Site \"again\"]\n\n1. a *\n";
    CHECK(reading_of(usual, true) == reading_of(usual, false));
    CHECK(reading_of(usual, true).size() == 12);
    // Up to 16 tags of names that share lengths and letters, some given twice: the duplicate
    // check skips most comparisons, and must still find every repetition.
    const std::vector<std::string> names = {"A",     "B",     "Ab",        "Ba",
                                            "AB",    "Site",  "Date",      "Game",
                                            "Event", "Round", "WhitePile", "BlackPile"};
    for (std::size_t seed = 1; seed <= 500; ++seed) {
        std::string text;
        std::size_t state = seed;
        for (std::size_t k = 0; k < 1 + seed % 16; ++k) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            text += fmt::format("[{} \"v\"]\n", names[(state >> 33) % names.size()]);
        }
        text += "\n1. a *\n";
        CHECK(reading_of(text, true) == reading_of(text, false));
    }
}

// Regular movetext lines ("12. Pd2-d3,B@c1" one to a line) are read by a loop of their own; any
// other line by the general reader. Both must read every movetext the same way: lines of the
// usual shape with one byte changed, and lines made of random pieces.
TEST_CASE("reader: the regular-line loop reads as the general reader", "[reader][turns]") {
    const std::vector<std::string> pieces = {
        "1",   "12", "1234567", ".",    "...",  "....", " ",        "\n",   "\r\n",
        ",",   ",,", "Pd2-d3",  "a",    "W@c1", "S",    "\xC3\xA9", "\xFF", std::string(1, '\0'),
        "{c}", "{",  "}",       ";x\n", "!",    "$1",   "*",        "1-0",  "[",
        "]",   "\"", "\t",      "#",    "+",    "\x01"};
    const std::string regular = "1. Pd2-d3,B@c1\n1... Pe5-e4\n2. Pd3xe4,N@c3,Q@d1\n2... a\n";
    std::size_t shown = 0;
    auto compare = [&](const std::string& movetext) {
        const std::string text = "[Game \"G\"]\n\n" + movetext + "\n*\n[Next \"v\"]\n\n1. a *\n";
        auto fast = reading_of(text, true);
        auto general = reading_of(text, false);
        if (fast != general && shown++ < 5) CHECK(fast == general);
    };
    compare(regular);
    compare(regular + "3. b 1-0");
    for (std::size_t at = 0; at < regular.size(); ++at) {
        for (const std::string& piece : pieces) {
            compare(regular.substr(0, at) + piece + regular.substr(at + 1));  // replaced
            compare(regular.substr(0, at) + piece + regular.substr(at));      // inserted
        }
        compare(regular.substr(0, at));  // cut off
    }
    std::size_t state = 17;
    for (int round = 0; round < 20000; ++round) {
        std::string movetext;
        const std::size_t count = 1 + static_cast<std::size_t>(round) % 12;
        for (std::size_t k = 0; k < count; ++k) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            movetext += pieces[(state >> 33) % pieces.size()];
        }
        compare(movetext);
        compare(regular + movetext);
    }
    CHECK(shown == 0);
    CHECK(reading_of(regular + "*", true).size() == 13);
}
