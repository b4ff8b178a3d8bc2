// The replay page of `publish` (report/replay_page.hpp): what page_game keeps of a record, and
// the page's data, from which the page's script rebuilds each position's picture. The script
// itself runs in tests/browser/publish_test.py.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "report/replay_page.hpp"
#include "support.hpp"

using jv::report::PageGame;

namespace {

std::string sample(const std::string& path) {
    std::ifstream in(std::string(JELIMVRE_SOURCE_DIR) + "/" + path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

PageGame page_of(const jv::SourceFile& source, std::size_t index = 0) {
    std::vector<jv::GameRecord> records = jv::test::read_all(source);
    REQUIRE(records.size() > index);
    const jv::Referees referees(jv::test::catalog());
    return jv::report::page_game(referees, records[index], source);
}

// The page's data document (#page-data), parsed.
nlohmann::json page_data(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"page-data\">";
    const std::size_t begin = page.find(open);
    REQUIRE(begin != std::string::npos);
    const std::size_t end = page.find("</script>", begin);
    REQUIRE(end != std::string::npos);
    return nlohmann::json::parse(page.substr(begin + open.size(), end - begin - open.size()));
}

// Every frame's picture as the page's script rebuilds it (replay.js): pairs [from, count] of
// pool lines (from >= 0) or of the previous frame's lines (from < 0), joined by line ends.
std::vector<std::string> rebuilt_pictures(const nlohmann::json& data,
                                          const nlohmann::json& frames) {
    std::vector<std::string> pictures;
    std::vector<std::size_t> previous;
    for (const nlohmann::json& frame : frames) {
        std::vector<std::size_t> numbers;
        const nlohmann::json& pairs = frame.at("lines");
        REQUIRE(pairs.size() % 2 == 0);
        for (std::size_t i = 0; i < pairs.size(); i += 2) {
            const std::int64_t from = pairs[i].get<std::int64_t>();
            const std::size_t count = pairs[i + 1].get<std::size_t>();
            for (std::size_t k = 0; k < count; ++k) {
                if (from >= 0) {
                    numbers.push_back(static_cast<std::size_t>(from) + k);
                } else {
                    const std::size_t at = static_cast<std::size_t>(-from - 1) + k;
                    REQUIRE(at < previous.size());
                    numbers.push_back(previous[at]);
                }
            }
        }
        std::string picture;
        for (std::size_t n = 0; n < numbers.size(); ++n) {
            if (n > 0) picture += '\n';
            picture += data.at("pool").at(numbers[n]).get<std::string>();
        }
        pictures.push_back(std::move(picture));
        previous = std::move(numbers);
    }
    return pictures;
}

}  // namespace

TEST_CASE("replay page: a picture goes inline without its declaration and namespace", "[page]") {
    CHECK(jv::report::inline_picture(
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
              "xmlns=\"http://www.w3.org/2000/svg\" width=\"4\">\n<rect/>\n</svg>\n") ==
          "<svg width=\"4\">\n<rect/>\n</svg>");
}

TEST_CASE("replay page: a frame for the start and each legal turn, each the game's own picture",
          "[page]") {
    for (const char* path : {"samples/legal-open-battle.jgn", "samples/chessme/legal-promotion.jgn",
                             "samples/imbriquation/legal-unfinished-round-2.jgn"}) {
        INFO(path);
        jv::SourceFile source(path, sample(path));
        const PageGame game = page_of(source);
        std::vector<jv::GameRecord> records = jv::test::read_all(source);
        REQUIRE(game.frames.size() == records.front().turns.size() + 1);
        CHECK(game.frames.front().key == "start");
        CHECK(game.opening_frame == game.frames.size() - 1);
        for (std::size_t k = 0; k < game.turns.size(); ++k) {
            REQUIRE(game.turns[k].frame == k + 1);
            CHECK(game.frames[k + 1].key == jv::report::turn_key(game.turns[k].id));
        }
        CHECK_FALSE(game.fault);

        // The page's data rebuilds every picture byte for byte, and names each position.
        const std::string page = jv::report::write_replay_page({&game, 1}, "t", "jelimvre test");
        const nlohmann::json data = page_data(page);
        const nlohmann::json& frames = data.at("games").at(0).at("frames");
        REQUIRE(frames.size() == game.frames.size());
        const std::vector<std::string> pictures = rebuilt_pictures(data, frames);
        for (std::size_t f = 0; f < game.frames.size(); ++f) {
            CHECK(pictures[f] == game.frames[f].svg);
            CHECK(frames[f].at("position") == game.frames[f].position);
            CHECK(frames[f].at("key") == game.frames[f].key);
        }
        // Self-contained: no address at all, so nothing can be fetched.
        CHECK(page.find("http:") == std::string::npos);
        CHECK(page.find("https:") == std::string::npos);
        CHECK(page.find("src=") == std::string::npos);
    }
}

TEST_CASE("replay page: the last frame is the verdict's final position", "[page]") {
    const std::string path = "samples/walls-king-capture.jgn";
    jv::SourceFile source(path, sample(path));
    const PageGame game = page_of(source);
    const jv::test::Checked checked = jv::test::check_game(sample(path));
    CHECK(game.frames.back().position == checked.position);
    CHECK_THAT(game.frames.back().description,
               Catch::EndsWith("Game over: " + checked.result + " (king captured)."));
    CHECK(checked.reason == "king-captured");
}

TEST_CASE("replay page: an illegal record stops at its first fault, which is marked", "[page]") {
    const std::string path = "samples/illegal-J7.1-soldier-sideways.jgn";
    jv::SourceFile source(path, sample(path));
    const PageGame game = page_of(source);
    const jv::test::Checked checked = jv::test::check_game(sample(path));
    REQUIRE(game.fault);
    CHECK(game.fault->rule == "J7.1");
    CHECK(game.fault->message == checked.message);
    CHECK(game.fault->where ==
          path + ":" + std::to_string(checked.line) + ":" + std::to_string(checked.column));
    REQUIRE(game.fault->turn);
    const std::size_t faulty = *game.fault->turn;
    CHECK(game.turns[faulty].id.number == *checked.turn);
    // Every turn before it has a frame, and so has the faulty turn: the last, the position it
    // started from with the refused action drawn; the page opens on it. None after it.
    for (std::size_t k = 0; k < game.turns.size(); ++k)
        CHECK(game.turns[k].frame.has_value() == (k <= faulty));
    CHECK(game.frames.size() == faulty + 2);
    CHECK(game.turns[faulty].frame == faulty + 1);
    CHECK(game.opening_frame == faulty + 1);
    const jv::report::PageFrame& fault_frame = game.frames.back();
    CHECK(fault_frame.position == checked.position);
    CHECK(fault_frame.position == game.frames[faulty].position);
    CHECK(fault_frame.key == jv::report::turn_key(game.turns[faulty].id));
    CHECK(fault_frame.svg.find("class=\"fault-mark\"") != std::string::npos);
    CHECK(game.frames[faulty].svg.find("class=\"fault-mark\"") == std::string::npos);
    CHECK(fault_frame.description.find("breaks J7.1") != std::string::npos);

    const std::string page = jv::report::write_replay_page({&game, 1}, "t", "jelimvre test");
    CHECK(page.find("class=\"turn fault\"") != std::string::npos);
    CHECK(page.find("data-rule=\"J7.1\"") != std::string::npos);

    // The turns after the faulty one are listed, greyed and without a position.
    jv::SourceFile longer("b.jgn",
                          jv::test::game_text("1. Se2-e4 Se10-e8 2. Se4-d4 Sd10-d8 3. Sg2-g4"));
    const PageGame cut = page_of(longer);
    REQUIRE(cut.fault);
    CHECK(cut.fault->rule == "J7.1");
    REQUIRE(cut.fault->turn);
    CHECK(cut.turns.size() - *cut.fault->turn == 3);
    const std::string cut_page = jv::report::write_replay_page({&cut, 1}, "t", "jelimvre test");
    std::size_t greyed = 0;
    for (std::size_t at = cut_page.find("class=\"turn after-fault\" data-turn=\"");
         at != std::string::npos;
         at = cut_page.find("class=\"turn after-fault\" data-turn=\"", at + 1))
        ++greyed;
    CHECK(greyed == 2);
}

TEST_CASE("replay page: an unreadable record is not replayed", "[page]") {
    const std::string path = "samples/invalid-record.jgn";
    jv::SourceFile source(path, sample(path));
    const PageGame game = page_of(source, 1);
    CHECK(game.verdict == jv::Verdict::invalid_record);
    CHECK(game.frames.empty());
    REQUIRE(game.fault);
    CHECK(game.fault->rule.empty());
    // publish refuses it with these, as validate reports them.
    REQUIRE(game.reading_faults.size() == 1);
    CHECK(game.reading_faults[0].message.find("'O-O' is not a Jelimvre action") == 0);
    const std::string page = jv::report::write_replay_page({&game, 1}, "t", "jelimvre test");
    CHECK(page.find("figure class=\"board\"") == std::string::npos);
    CHECK(page.find("not replayed") != std::string::npos);
}

TEST_CASE("replay page: comments stand beside their turn, and no text can end the page script",
          "[page]") {
    const std::string text = jv::test::game_text(
        "1. Sf2-f4 { see </script><script>alert(1)</script> & <b>this</b> } Sf10-f8 "
        "2. Sg2-g4 { second </script> }");
    jv::SourceFile source("a.jgn", text);
    const PageGame game = page_of(source);
    std::size_t first = 0;  // White's turn 1, after the two setups
    while (first < game.turns.size() && game.turns[first].id.number != 1) ++first;
    REQUIRE(first + 2 < game.turns.size());
    REQUIRE(game.turns[first].comments.size() == 1);
    CHECK(game.turns[first].comments[0] == "see </script><script>alert(1)</script> & <b>this</b>");
    const std::string page = jv::report::write_replay_page({&game, 1}, "<t>", "jelimvre test");
    // The page's own script elements, and no other.
    std::size_t scripts = 0;
    for (std::size_t at = page.find("<script"); at != std::string::npos;
         at = page.find("<script", at + 1))
        ++scripts;
    CHECK(scripts == 2);
    CHECK(page.find("&lt;b&gt;this&lt;/b&gt;") != std::string::npos);
    CHECK(page.find("<title>&lt;t&gt;</title>") != std::string::npos);
    CHECK_NOTHROW(page_data(page));
}

TEST_CASE("replay page: a tag's unknown value is said so, and '-' leaves the field out", "[page]") {
    using jv::report::shown_tag_value;
    CHECK(shown_tag_value("?") == "unknown");
    CHECK(shown_tag_value("????.??.??") == "unknown");
    CHECK(shown_tag_value("2024.03.??") == "2024.03");
    CHECK(shown_tag_value("2024.??.??") == "2024");
    CHECK(shown_tag_value("2024.03.16") == "2024.03.16");
    CHECK(shown_tag_value("Lyon") == "Lyon");
    CHECK_FALSE(shown_tag_value("-"));

    jv::SourceFile source("t.jgn",
                          "[Event \"?\"]\n[Site \"Lyon\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n"
                          "[White \"?\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n\n*\n");
    const PageGame game = page_of(source);
    CHECK(game.title == "unknown – Bruno");
    auto value = [&](std::string_view field) -> std::string {
        for (const jv::report::PageField& each : game.fields)
            if (each.field == field) return each.value;
        return "(none)";
    };
    CHECK(value("event") == "unknown");
    CHECK(value("site") == "Lyon");
    CHECK(value("date") == "unknown");
    CHECK(value("round") == "(none)");
    CHECK(value("white") == "unknown");
    const std::string page = jv::report::write_replay_page({&game, 1}, "t", "jelimvre test");
    CHECK(page.find("<dd class=\"unknown\">unknown</dd>") != std::string::npos);
}

TEST_CASE("replay page: turns stand in the column of the player who played them", "[page]") {
    // [First "Dark"]: "1." is Dark's turn, so Dark's column comes first (I3.4).
    const std::string path = "samples/imbriquation/legal-first-dark-rounds-complete.jgn";
    jv::SourceFile source(path, sample(path));
    const PageGame game = page_of(source);
    const std::string page = jv::report::write_replay_page({&game, 1}, "t", "jelimvre test");
    CHECK(page.find("<th scope=\"col\">Turn</th><th scope=\"col\">Dark</th><th "
                    "scope=\"col\">Light</th>") != std::string::npos);
    // Round 2 opens with Light's 7... h1: it stays in Light's column, after Dark's 7.
    CHECK(page.find("<tr><th scope=\"row\">1.</th><td><button type=\"button\" class=\"turn\" "
                    "data-turn=\"1\"") != std::string::npos);
}
