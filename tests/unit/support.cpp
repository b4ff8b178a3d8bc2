#include "support.hpp"

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "cli/games.hpp"

namespace jv::test {

const GameCatalog& catalog() {
    return cli::game_catalog();
}

std::string jgn_of(const std::string& text, report::RecordFormat format) {
    SourceFile document("document", text);
    report::RecordDocument parsed(document, format);
    for (const std::string& e : parsed.errors()) UNSCOPED_INFO(e);
    REQUIRE(parsed.ok());
    return parsed.jgn();
}

std::vector<GameRecord> read_all(const SourceFile& source) {
    RecordReader reader(source);
    std::vector<GameRecord> games;
    GameRecord record;
    while (reader.next(record)) games.push_back(record);
    return games;
}

namespace {

Checked check(std::string_view text, const jel::Ruleset& rules, const jel::Position* start) {
    SourceFile source("test.jgn", std::string(text));
    RecordReader reader(source);
    GameRecord record;
    Checked out;
    if (!reader.next(record)) {
        out.verdict = Verdict::invalid_record;
        out.message = "no game";
        return out;
    }
    jel::Referee game(rules);
    GameVerdict verdict;
    if (start != nullptr)
        game.referee_from(record, *start, RefereeRequest{}, verdict);
    else
        game.referee(record, RefereeRequest{}, verdict);
    out.verdict = verdict.verdict;
    out.fault_count = verdict.faults.size();
    if (!verdict.faults.empty()) {
        const Fault& fault = verdict.faults.front();
        out.rule = fault.diagnostic.rule;
        out.message = fault.diagnostic.message;
        out.action = std::string(fault.action);
        out.turn = fault.turn;
        out.side = std::string(fault.side);
        LineColumn at = source.line_column(fault.diagnostic.region.begin);
        out.line = at.line;
        out.column = at.column;
    }
    out.result = std::string(result_text(verdict.outcome.result));
    out.reason = std::string(verdict.outcome.reason);
    out.position = verdict.position;
    return out;
}

}  // namespace

Checked check_game(std::string_view text, const jel::Ruleset& rules) {
    return check(text, rules, nullptr);
}

Checked check_game_from(std::string_view text, const jel::Position& start,
                        const jel::Ruleset& rules) {
    return check(text, rules, &start);
}

std::string game_text(std::string_view movetext, std::string_view result) {
    return fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"{}\"]\n\n{}{}\n{}\n", result,
                       standard_setup, movetext, result);
}

}  // namespace jv::test

#include "games/jelimvre/notation.hpp"

namespace jv::test {

namespace {

std::vector<jel::Action> parse_turn(std::string_view turn) {
    std::vector<jel::Action> actions;
    while (!turn.empty()) {
        std::size_t comma = turn.find(',');
        std::string_view text = turn.substr(0, comma);
        jel::ActionParse parsed = jel::parse_action(text);
        INFO("action " << std::string(text) << ": " << parsed.problem);
        REQUIRE(parsed.action);
        actions.push_back(*parsed.action);
        if (comma == std::string_view::npos) break;
        turn.remove_prefix(comma + 1);
    }
    return actions;
}

}  // namespace

jel::Position standard_position() {
    jel::Position position = jel::Position::before_setup();
    std::string_view setup = standard_setup;
    for (jel::Color side : {jel::Color::white, jel::Color::black}) {
        std::size_t start = setup.find(side == jel::Color::white ? "0. " : "0... ");
        std::size_t end = side == jel::Color::white ? setup.find("0...") : setup.size();
        std::string text;
        for (char c : setup.substr(start, end - start))
            if (c != ' ' && c != '\n') text += c;
        text = text.substr(text.find('.') == 1 && text[2] != '.' ? 2 : 4);
        for (jel::Action a : parse_turn(text)) {
            jel::Undo undo;
            position.apply(a, side, undo);
        }
        position.end_turn(1);
    }
    return position;
}

jel::TurnResult play(jel::Position& position, std::string_view turn, const jel::Ruleset& rules,
                     bool timer) {
    std::vector<jel::Action> actions = parse_turn(turn);
    jel::TurnContext context;
    context.timer = timer;
    return jel::play_turn(position, actions, context, rules);
}

jel::Square sq(std::string_view name) {
    jel::Square s = jel::parse_square(name);
    REQUIRE(s != jel::no_square);
    return s;
}

void put(jel::Position& position, std::string_view square, jel::Color color, jel::PieceKind kind) {
    jel::Cell cell = position.cell(sq(square));
    cell.set_piece(jel::make_piece(color, kind));
    position.set_cell(sq(square), cell);
}

void put_terrain(jel::Position& position, std::string_view square, jel::Terrain terrain) {
    jel::Cell cell = position.cell(sq(square));
    cell.set_terrain(terrain);
    position.set_cell(sq(square), cell);
}

void clear(jel::Position& position, std::string_view square) {
    position.set_cell(sq(square), jel::Cell{});
}

}  // namespace jv::test

namespace jv::test {

void require_legal(const Checked& c) {
    INFO(c.rule << ": " << c.message);
    REQUIRE(c.verdict == Verdict::legal);
}

void require_fault(const Checked& c, const char* rule, const char* action) {
    INFO(c.rule << ": " << c.message);
    REQUIRE(c.verdict == Verdict::illegal);
    CHECK(c.rule == rule);
    CHECK(c.action == action);
}

std::string describe(const jel::TurnResult& r) {
    if (!r.fault) return "legal";
    return fmt::format("{} at action {}: {}", r.fault->rule, r.fault_action, r.fault->message);
}

void require_legal(const jel::TurnResult& r) {
    INFO(describe(r));
    REQUIRE_FALSE(r.fault.has_value());
}

void require_fault(const jel::TurnResult& r, const std::string& rule, std::uint32_t action) {
    INFO(describe(r));
    REQUIRE(r.fault.has_value());
    CHECK(r.fault->rule == rule);
    CHECK(r.fault_action == action);
}

std::string message_of(const jel::TurnResult& r) {
    return r.fault ? r.fault->message : std::string("legal");
}

}  // namespace jv::test
