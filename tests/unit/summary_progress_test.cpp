// The summary of a validation run (validate --summary, the last line of JSON Lines) and the
// progress line: counts, order, first places, and when a progress line is drawn.
#include <catch2/catch.hpp>

#include <string>

#include "report/progress.hpp"
#include "report/summary_report.hpp"

using jv::Verdict;
using jv::report::ProgressMeter;
using jv::report::Summary;

TEST_CASE("summary: counts per file, in the order given, and per rule of the first fault",
          "[summary]") {
    Summary summary;
    summary.add_file("a.jgn");
    summary.add_file("b.jgn");
    summary.add_file("c.jgn");
    summary.add({"a.jgn", Verdict::legal, "", 0, 0});
    summary.add({"a.jgn", Verdict::illegal, "J7.10", 15, 4});
    summary.add({"b.jgn", Verdict::illegal, "J7.2", 20, 1});
    summary.add({"b.jgn", Verdict::illegal, "J7.10", 30, 2});
    summary.add({"b.jgn", Verdict::invalid_record, "", 3, 1});
    summary.add({"b.jgn", Verdict::illegal, "J7.2", 40, 1});
    summary.add({"b.jgn", Verdict::illegal, "J10.1", 50, 1});
    summary.add({"b.jgn", Verdict::illegal, "J9", 60, 1});
    summary.add_file_error({{"file", "c.jgn"}, {"message", "cannot be opened"}});
    // A file read to its end despite a fault of the whole file is not an unreadable one.
    summary.add_file_error(
        {{"file", "b.jgn"}, {"line", 3}, {"column", 1}, {"message", "not UTF-8"}}, false);

    CHECK(summary.format_text() ==
          "a.jgn: 2 games: 1 legal, 1 illegal, 0 invalid records\n"
          "b.jgn: 6 games: 0 legal, 5 illegal, 1 invalid record\n"
          "c.jgn: 0 games: 0 legal, 0 illegal, 0 invalid records; could not be read\n"
          "first faults by rule:\n"
          // The most frequent first; a tie in the order of the ids' numbers (J7.2 < J7.10).
          "  J7.2: 2 games, first at b.jgn:20:1\n"
          "  J7.10: 2 games, first at a.jgn:15:4\n"
          "  J9: 1 game, first at b.jgn:60:1\n"
          "  J10.1: 1 game, first at b.jgn:50:1\n"
          "  reading (no rule id): 1 game, first at b.jgn:3:1\n");
    CHECK(summary.tally().games() == 8);
    CHECK(summary.tally().unreadable_files == 1);

    const nlohmann::ordered_json json = summary.to_json();
    CHECK(json["games"] == 8);
    CHECK(json["legal"] == 1);
    CHECK(json["illegal"] == 6);
    CHECK(json["invalid_records"] == 1);
    CHECK(json["unreadable_files"] == 1);
    REQUIRE(json["files"].size() == 3);
    CHECK(json["files"][2]["file"] == "c.jgn");
    CHECK(json["files"][2]["unreadable"] == true);
    CHECK(json["files"][1]["illegal"] == 5);
    REQUIRE(json["rules"].size() == 5);
    CHECK(json["rules"][0]["rule"] == "J7.2");
    CHECK(json["rules"][0]["games"] == 2);
    CHECK(json["rules"][1]["first"] ==
          nlohmann::ordered_json{{"file", "a.jgn"}, {"line", 15}, {"column", 4}});
    CHECK(json["rules"][4]["rule"].is_null());
    CHECK(json["file_errors"][0]["message"] == "cannot be opened");
    CHECK(json["file_errors"][1]["line"] == 3);
}

TEST_CASE("summary: rule ids ordered by their numbers", "[summary]") {
    using jv::report::rule_id_less;
    CHECK(rule_id_less("J7.2", "J7.10"));
    CHECK_FALSE(rule_id_less("J7.10", "J7.2"));
    CHECK(rule_id_less("J9", "J10.1"));
    CHECK(rule_id_less("J7", "J7.1"));
    CHECK(rule_id_less("C3.1", "J1.1"));
    CHECK_FALSE(rule_id_less("J7.1", "J7.1"));
}

TEST_CASE("progress: nothing in the first second, then at most four lines a second", "[progress]") {
    ProgressMeter meter(true);
    CHECK(meter.update(100, 0.5, 0.5).empty());
    CHECK(meter.finish().empty());  // nothing drawn, nothing to erase
    CHECK(meter.update(2000, 1.0, 0.25) == "\r2,000 games, 2,000 games/s, about 3 s left\x1b[K");
    CHECK(meter.update(2100, 1.1, 0.26).empty());
    CHECK(meter.update(3000, 1.25, std::nullopt) == "\r3,000 games, 2,400 games/s\x1b[K");
    CHECK(meter.finish() == "\r\x1b[K");

    ProgressMeter off(false);
    CHECK(off.update(1000000, 100.0, 0.5).empty());
    CHECK(off.finish().empty());
}

TEST_CASE("progress: the line's words", "[progress]") {
    using jv::report::format_progress;
    CHECK(format_progress(1, 0, std::nullopt) == "1 game");
    CHECK(format_progress(1234567, 10, 0.5) == "1,234,567 games, 123,456 games/s, about 10 s left");
    CHECK(format_progress(600, 60, 0.25) == "600 games, 10 games/s, about 3 min 0 s left");
    CHECK(format_progress(600, 3600, 0.5) == "600 games, 0 games/s, about 1 h 0 min left");
    CHECK(format_progress(10, 2, 1.0) == "10 games, 5 games/s");
}
