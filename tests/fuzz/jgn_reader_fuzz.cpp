// Arbitrary bytes as a JGN file: every game is read, refereed as Jelimvre and reported, as
// `jelimvre validate` does, and everything the reader and the referee hand on must point into
// the input. `--explain` is left out: its search for the nearest legal turns takes a third of a
// second per illegal game under the sanitizers, which would starve the reader of executions.
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "cli/games.hpp"
#include "core/diag.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/record_stream.hpp"
#include "core/source.hpp"
#include "fuzz_targets.hpp"
#include "games/jelimvre/referee.hpp"
#include "report/verdict_report.hpp"

namespace jv::fuzz {

namespace {

class InputBounds {
  public:
    explicit InputBounds(const SourceFile& source) : source_(source) {}

    bool holds(SourceRegion region) const {
        return region.begin <= region.end && region.end <= source_.size();
    }
    bool holds(SourceRegion inner, SourceRegion outer) const {
        return holds(inner) && outer.begin <= inner.begin && inner.end <= outer.end;
    }
    // Views handed on by the reader must point into the source, never into a copy that dies.
    bool holds(std::string_view view) const {
        const std::string_view text = source_.text();
        const auto begin = std::less_equal<const char*>();
        return view.empty() || (begin(text.data(), view.data()) &&
                                begin(view.data() + view.size(), text.data() + text.size()));
    }
    // The view is exactly the text of its region.
    bool spells(std::string_view view, SourceRegion region) const {
        return holds(region) && view.data() == source_.text().data() + region.begin &&
               view.size() == region.size();
    }

  private:
    const SourceFile& source_;
};

void check_record(const InputBounds& input, const GameRecord& record) {
    FUZZ_CHECK(input.holds(record.region));
    for (const Tag& tag : record.tags) {
        FUZZ_CHECK(input.holds(tag.region, record.region));
        FUZZ_CHECK(input.holds(tag.value_region, tag.region));
        FUZZ_CHECK(input.holds(tag.name));
    }
    for (const Turn& turn : record.turns) {
        FUZZ_CHECK(turn.first_action <= record.actions.size());
        FUZZ_CHECK(turn.action_count <= record.actions.size() - turn.first_action);
        if (turn.number) FUZZ_CHECK(input.holds(turn.number->region, record.region));
    }
    for (const ActionText& action : record.actions) {
        FUZZ_CHECK(input.spells(action.text, action.region));
        FUZZ_CHECK(input.holds(action.region, record.region));
    }
    for (const Glyph& glyph : record.glyphs) {
        FUZZ_CHECK(input.spells(glyph.text, glyph.region));
        FUZZ_CHECK(glyph.action < record.actions.size());
    }
    for (const Comment& comment : record.comments) {
        FUZZ_CHECK(input.holds(comment.region));
        FUZZ_CHECK(input.holds(comment.text));
    }
    if (record.result) FUZZ_CHECK(input.holds(record.result->region, record.region));
    for (const Diagnostic& d : record.read_errors) FUZZ_CHECK(input.holds(d.region));
}

void check_verdict(const InputBounds& input, const SourceFile& source, const GameRecord& record,
                   const GameVerdict& verdict) {
    FUZZ_CHECK((verdict.verdict == Verdict::legal) == verdict.faults.empty());
    if (!record.read_errors.empty()) FUZZ_CHECK(verdict.verdict == Verdict::invalid_record);
    for (const Fault& fault : verdict.faults) {
        FUZZ_CHECK(input.holds(fault.diagnostic.region));
        FUZZ_CHECK(input.holds(fault.action));
        FUZZ_CHECK(!render_diagnostic(source, fault.diagnostic).empty());
    }
    for (const Diagnostic& warning : verdict.warnings) {
        FUZZ_CHECK(input.holds(warning.region));
        FUZZ_CHECK(!render_diagnostic(source, warning).empty());
    }
    // An invalid record is not replayed and has no position; every other Jelimvre verdict's
    // position string is one the JFEN reader takes back.
    if (verdict.verdict == Verdict::invalid_record) {
        FUZZ_CHECK(verdict.position.empty() && verdict.diagram.empty());
    } else if (verdict.game == "Jelimvre") {
        jel::PositionParseError error;
        FUZZ_CHECK(jel::parse_position(verdict.position, error).has_value());
    }
}

// What a game is, as far as the reader goes, in words that do not depend on where its text
// starts: its tags, actions, result and located reading faults. False when some game has
// reading faults.
bool describe_games(const SourceFile& source, std::vector<std::string>& out) {
    RecordReader reader(source);
    GameRecord record;
    bool clean = true;
    while (reader.next(record)) {
        std::string text;
        for (const Tag& tag : record.tags) text += fmt::format("[{} {}]", tag.name, tag.value);
        for (const ActionText& action : record.actions) text += fmt::format(" {}", action.text);
        if (record.result) text += fmt::format(" {}", result_text(record.result->kind));
        for (const Diagnostic& d : record.read_errors)
            text += "\n" + render_diagnostic_headline(source, d);
        clean = clean && record.read_errors.empty();
        out.push_back(std::move(text));
    }
    return clean;
}

// `validate` reads a long input in pieces cut where last_game_start says (GameStream): when the
// whole text reads without faults, the two pieces must hold the same games. (Where a game
// cannot be read, the reader's recovery and the cut may part ways: the games then differ, but
// the input is refused either way.)
void check_cut(std::string_view text) {
    const std::size_t cut = last_game_start(text);
    FUZZ_CHECK(cut <= text.size());
    if (cut == 0) return;
    std::vector<std::string> at_once;
    if (!describe_games(SourceFile("fuzz.jgn", std::string(text)), at_once)) return;
    const auto lines =
        static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + cut, '\n'));
    std::vector<std::string> in_pieces;
    describe_games(SourceFile("fuzz.jgn", std::string(text.substr(0, cut)), 1, true, false),
                   in_pieces);
    describe_games(SourceFile("fuzz.jgn", std::string(text.substr(cut)), 1 + lines, false),
                   in_pieces);
    FUZZ_CHECK(at_once == in_pieces);
}

}  // namespace

int fuzz_jgn_reader(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    check_cut(text);

    static const Referees referees(cli::game_catalog());
    const SourceFile source("fuzz.jgn", std::move(text));
    const InputBounds input(source);
    RecordReader reader(source);
    GameRecord record;
    GameVerdict verdict;
    std::uint32_t games = 0;
    while (reader.next(record)) {
        FUZZ_CHECK(record.index == ++games);
        check_record(input, record);
        referees.referee(record, RefereeRequest{true}, verdict);
        check_verdict(input, source, record, verdict);
        const report::GameReport game{source, record, verdict};
        FUZZ_CHECK(!report::format_text(game).empty());
        FUZZ_CHECK(!report::dump_json(report::to_json(game)).empty());
    }
    FUZZ_CHECK(reader.games_read() == games);
    return 0;
}

}  // namespace jv::fuzz
