// ChessMe's legal-turn listing (GameRules::legal_turns, `jelimvre moves`) against a brute force:
// every candidate action text (a move of each own piece to every square of the area holding the
// pieces grown by two squares, with and without the capture mark and each promotion letter; a
// placement of every letter on every such square) is read and judged by the referee's own rules,
// and the legal ones, with the check mark that is true after them, must be exactly the listed
// turns. The positions come from games generated through the game interface with fixed seeds,
// under every value of the options that change the legal moves. Then perft counts from the
// start, checked by the same brute force and pinned.
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/turn_listing.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/rules.hpp"
#include "games/chessme/ruleset.hpp"
#include "support.hpp"

namespace cme = jv::cme;

namespace {

const jv::Game& chessme() {
    const jv::Game* game = jv::test::catalog().find("ChessMe");
    REQUIRE(game != nullptr);
    return *game;
}

jv::Ruleset with(std::string_view setting) {
    jv::Ruleset ruleset = chessme().standard_ruleset();
    if (!setting.empty()) {
        const std::optional<std::string> problem = jv::apply_setting(chessme(), ruleset, setting);
        INFO(problem.value_or(""));
        REQUIRE_FALSE(problem);
    }
    return ruleset;
}

struct Area {
    std::int64_t x0, x1, y0, y1;
};

// The squares holding pieces, grown by `margin` on each side.
Area area_of(const cme::Position& position, std::int64_t margin) {
    Area a{INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN};
    for (const cme::Piece& p : position.pieces()) {
        a.x0 = std::min(a.x0, p.at.x);
        a.x1 = std::max(a.x1, p.at.x);
        a.y0 = std::min(a.y0, p.at.y);
        a.y1 = std::max(a.y1, p.at.y);
    }
    if (a.x0 > a.x1) FAIL("a position without pieces");
    return Area{a.x0 - margin, a.x1 + margin, a.y0 - margin, a.y1 + margin};
}

// The action written as `text`, read by the game's grammar (every candidate must read).
cme::Action read(const std::string& text) {
    const cme::ActionParse parsed = cme::parse_action(text);
    if (!parsed.word || parsed.word->mark != cme::CheckMark::none)
        FAIL(text << " does not read as one action: " << parsed.problem);
    return parsed.word->action;
}

constexpr std::string_view letters = "KQRBNP";

// Every legal move of the side to move, found by trying every candidate text. With `first_only`,
// stops at the first found.
std::vector<std::string> brute_moves(const cme::Position& position, const cme::Ruleset& rules,
                                     bool first_only = false) {
    cme::QuietFaults quiet;
    std::vector<std::string> out;
    const Area area = area_of(position, 2);
    for (const cme::Piece& piece : position.pieces()) {
        if (piece.color != position.side_to_move()) continue;
        const std::string from =
            std::string(1, cme::kind_letter(piece.kind)) + cme::square_name(piece.at);
        for (std::int64_t y = area.y0; y <= area.y1; ++y)
            for (std::int64_t x = area.x0; x <= area.x1; ++x) {
                const std::string to = cme::square_name(cme::Square{x, y});
                for (char joint : {'-', 'x'})
                    for (std::string_view promotion : {"", "=Q", "=R", "=B", "=N", "=P", "=K"}) {
                        // Promotions of pieces other than pawns are all C9.2: try one letter.
                        if (piece.kind != cme::Kind::pawn && promotion.size() > 0 &&
                            promotion != "=Q")
                            continue;
                        const std::string text = from + joint + to + std::string(promotion);
                        if (!cme::check_move(position, read(text), rules)) {
                            out.push_back(text);
                            if (first_only) return out;
                        }
                    }
            }
    }
    return out;
}

struct BruteTurn {
    std::string text;  // with its check mark
    cme::Position after;
};

// Every legal turn: each legal move alone, and followed by each legal placement of any letter on
// any square of the area (after the move) grown by two; the mark true after it: '#' when the
// opponent is in check and the brute force finds no move for it, '+' when in check.
std::vector<BruteTurn> brute_turns(const cme::Position& position, const cme::Ruleset& rules) {
    std::vector<BruteTurn> out;
    for (const std::string& move_text : brute_moves(position, rules)) {
        const cme::Action move = read(move_text);
        cme::Position moved = position;
        moved.apply_move(move);
        auto add = [&](const std::string& text, cme::Position after) {
            after.end_turn();
            std::string mark;
            if (cme::in_check(after, after.side_to_move()))
                mark = brute_moves(after, rules, true).empty() ? "#" : "+";
            out.push_back(BruteTurn{text + mark, after});
        };
        add(move_text, moved);
        const Area area = area_of(moved, 2);
        cme::QuietFaults quiet;
        for (char letter : letters)
            for (std::int64_t y = area.y0; y <= area.y1; ++y)
                for (std::int64_t x = area.x0; x <= area.x1; ++x) {
                    const std::string text =
                        std::string(1, letter) + "@" + cme::square_name(cme::Square{x, y});
                    const cme::Action placement = read(text);
                    if (cme::check_placement(moved, placement, rules, &move)) continue;
                    cme::Position placed = moved;
                    placed.apply_placement(placement);
                    add(move_text + "," + text, placed);
                }
    }
    return out;
}

std::multiset<std::string> listed(const jv::TurnListing& listing) {
    std::multiset<std::string> out;
    for (const jv::TurnGroup& group : listing.groups)
        for (const std::string& turn : group.turns) out.insert(turn);
    return out;
}

std::multiset<std::string> texts(const std::vector<BruteTurn>& turns) {
    std::multiset<std::string> out;
    for (const BruteTurn& t : turns) out.insert(t.text);
    return out;
}

// The internal position of a position the interface made, through its position string.
cme::Position internal(const jv::GamePosition& position) {
    const std::string text = chessme().position_string(position);
    cme::PositionParseError error;
    const std::optional<cme::ParsedPosition> parsed = cme::parse_position(text, error);
    INFO(text << ": " << error.message << " at " << error.offset);
    REQUIRE(parsed);
    CHECK(cme::format_position(parsed->position, parsed->end) == text);
    return parsed->position;
}

struct Sampled {
    std::string tags;                // the record's pile tags
    std::vector<std::string> turns;  // the record's turns before the position, numbered
    std::unique_ptr<jv::GamePosition> position;
};

// Positions of generated game `round` of `seed` under `ruleset`: every `every`-th turn.
std::vector<Sampled> sample(const jv::GameRules& rules, std::uint64_t seed, std::uint32_t round,
                            std::size_t every) {
    jv::GenerateRequest request;
    request.max_turns = 40;
    const std::string text = rules.generate(seed, round, request);
    jv::SourceFile source("generated.jgn", text);
    const std::vector<jv::GameRecord> records = jv::test::read_all(source);
    REQUIRE(records.size() == 1);
    const jv::GameRecord& record = records.front();
    REQUIRE(jv::test::catalog().game_of(record) == &chessme());
    std::string tags;
    for (const jv::Tag& tag : record.tags)
        if (tag.name == "WhitePile" || tag.name == "BlackPile")
            tags += fmt::format("[{} \"{}\"]\n", tag.name, tag.value);
    std::vector<std::string> turns;
    std::vector<Sampled> out;
    const jv::TurnObserver observer = [&](const jv::ObservedTurn& seen) {
        std::string written = seen.id.label() + " ";
        for (std::uint32_t i = 0; i < seen.turn.action_count; ++i)
            written += (i > 0 ? "," : "") + std::string(record.action(seen.turn, i).text);
        turns.push_back(written);
        if (seen.index % every == every - 1)
            out.push_back(Sampled{tags, turns, seen.after.clone()});
    };
    jv::GameVerdict verdict;
    rules.referee(record, jv::RefereeRequest{}, verdict, &observer);
    INFO(text);
    REQUIRE(verdict.verdict == jv::Verdict::legal);
    return out;
}

std::string record_text(const Sampled& s, std::string_view extra_turn, std::string_view result) {
    std::string movetext;
    for (const std::string& t : s.turns) movetext += t + "\n";
    return fmt::format(
        "[White \"W\"]\n[Black \"B\"]\n[Result \"{}\"]\n[Game \"ChessMe\"]\n{}\n{}{}\n{}\n", result,
        s.tags, movetext, extra_turn, result);
}

// The number and dots of the turn to be played in a position.
std::string next_number(const cme::Position& p) {
    return fmt::format("{}{}", p.turn_number(),
                       p.side_to_move() == cme::Color::white ? "." : "...");
}

}  // namespace

TEST_CASE("chessme: the legal turns listed are exactly those the brute force finds",
          "[chessme][movegen]") {
    const std::vector<std::string_view> settings = {"",
                                                    "adjacency_origin=occupied",
                                                    "check_escape=king-move",
                                                    "promotion=mandatory",
                                                    "pawn_drop_on_king_rank=forbidden",
                                                    "start_kings=d1-e6"};
    std::size_t positions = 0;
    std::size_t turns_compared = 0;
    std::size_t checks_seen = 0;
    std::size_t placements_seen = 0;
    for (std::string_view setting : settings) {
        const jv::Ruleset ruleset = with(setting);
        const std::unique_ptr<jv::GameRules> rules = chessme().make_rules(ruleset);
        const cme::Ruleset typed = cme::ruleset_from(ruleset);
        for (std::uint32_t round = 1; round <= 2; ++round) {
            for (const Sampled& s : sample(*rules, 20261122, round, 9)) {
                const cme::Position position = internal(*s.position);
                const jv::TurnListing listing =
                    rules->legal_turns(*s.position, jv::ListingRequest{});
                const std::vector<BruteTurn> brute = brute_turns(position, typed);
                INFO(setting << ", round " << round << ": "
                             << chessme().position_string(*s.position));
                CHECK(listed(listing) == texts(brute));
                CHECK(listing.total == brute.size());
                ++positions;
                turns_compared += brute.size();
                for (const BruteTurn& t : brute) {
                    if (t.text.ends_with('+') || t.text.ends_with('#')) ++checks_seen;
                    if (t.text.find('@') != std::string::npos) ++placements_seen;
                }
            }
        }
    }
    CHECK(positions >= 30);
    CHECK(turns_compared > 1000);
    CHECK(checks_seen > 0);
    CHECK(placements_seen > 0);
}

TEST_CASE(
    "chessme: every listed turn is legal through the referee, and candidates outside it "
    "are not",
    "[chessme][movegen]") {
    const std::unique_ptr<jv::GameRules> rules = chessme().make_rules(chessme().standard_ruleset());
    const cme::Ruleset typed = cme::ruleset_from(chessme().standard_ruleset());
    const std::vector<Sampled> positions = sample(*rules, 7, 1, 7);
    REQUIRE(positions.size() >= 2);
    std::size_t refereed = 0;
    for (std::size_t k = 0; k < 2; ++k) {
        const Sampled& s = positions[k];
        const cme::Position position = internal(*s.position);
        const std::string number = next_number(position);
        auto judge = [&](const std::string& turn) {
            // A mating turn ends the game: the record then names the winner (C11.1).
            const std::string_view result = !turn.ends_with('#')                           ? "*"
                                            : position.side_to_move() == cme::Color::white ? "1-0"
                                                                                           : "0-1";
            const std::string text = record_text(s, number + " " + turn, result);
            jv::SourceFile source("t.jgn", text);
            const std::vector<jv::GameRecord> records = jv::test::read_all(source);
            REQUIRE(records.size() == 1);
            jv::GameVerdict verdict;
            rules->referee(records.front(), jv::RefereeRequest{}, verdict);
            return verdict;
        };
        const jv::TurnListing listing = rules->legal_turns(*s.position, jv::ListingRequest{});
        REQUIRE(listing.total > 0);
        for (const jv::TurnGroup& group : listing.groups)
            for (const std::string& turn : group.turns) {
                const jv::GameVerdict verdict = judge(turn);
                INFO(turn << ": "
                          << (verdict.faults.empty() ? std::string()
                                                     : verdict.faults[0].diagnostic.message));
                CHECK(verdict.verdict == jv::Verdict::legal);
                ++refereed;
            }
        // Candidate moves the brute force refuses: the referee names a rule for each.
        const std::multiset<std::string> legal = listed(listing);
        std::size_t refused = 0;
        const Area area = area_of(position, 1);
        for (const cme::Piece& piece : position.pieces()) {
            if (piece.color != position.side_to_move()) continue;
            for (std::int64_t x = area.x0; x <= area.x1 && refused < 40; x += 3) {
                const std::string text =
                    fmt::format("{}{}-{}", cme::kind_letter(piece.kind), cme::square_name(piece.at),
                                cme::square_name(cme::Square{x, area.y0}));
                bool listed_move = false;
                for (const std::string& t : legal)
                    if (t == text || t.starts_with(text + ",") || t.starts_with(text + "+") ||
                        t.starts_with(text + "#"))
                        listed_move = true;
                if (listed_move) continue;
                const jv::GameVerdict verdict = judge(text);
                INFO(text);
                CHECK(verdict.verdict == jv::Verdict::illegal);
                REQUIRE_FALSE(verdict.faults.empty());
                CHECK(verdict.faults[0].diagnostic.rule.starts_with("C"));
                ++refused;
            }
        }
        CHECK(refused > 0);
    }
    CHECK(refereed > 20);
}

namespace {

constexpr std::string_view perft_piles =
    "[WhitePile \"NPBQRPNBRPP\"]\n[BlackPile \"BPNRQPBNPRP\"]\n";

std::unique_ptr<jv::GamePosition> start_of(const jv::GameRules& rules) {
    const std::string text = fmt::format(
        "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n[Game \"ChessMe\"]\n{}\n*\n", perft_piles);
    jv::SourceFile source("start.jgn", text);
    const std::vector<jv::GameRecord> records = jv::test::read_all(source);
    REQUIRE(records.size() == 1);
    return rules.initial_position(records.front());
}

}  // namespace

TEST_CASE("chessme: perft from the start under each start_kings, checked by brute force",
          "[chessme][movegen][perft]") {
    struct Expected {
        std::string_view kings;
        std::uint64_t depth1;
        std::uint64_t depth2;
        std::uint64_t depth3;
    };
    // Numbers checked against brute_turns (depth 3 once, outside the suite: half a minute),
    // then pinned. At depths 1 and 2 the sides cannot touch each other: every move is a king's
    // sidestep or a pawn's step (2 + 4), each alone or with 10 placements; the kings' files
    // first matter at depth 3.
    for (const Expected e :
         {Expected{"e1-e6", 66, 4356, 421180}, Expected{"d1-d6", 66, 4356, 421180},
          Expected{"e1-d6", 66, 4356, 421358}, Expected{"d1-e6", 66, 4356, 421358}}) {
        const std::string setting = fmt::format("start_kings={}", e.kings);
        INFO(setting);
        const jv::Ruleset ruleset = with(setting);
        const std::unique_ptr<jv::GameRules> rules = chessme().make_rules(ruleset);
        const cme::Ruleset typed = cme::ruleset_from(ruleset);
        const std::unique_ptr<jv::GamePosition> start = start_of(*rules);
        const cme::Position position = internal(*start);
        const std::vector<BruteTurn> first = brute_turns(position, typed);
        std::uint64_t second = 0;
        for (const BruteTurn& t : first) second += brute_turns(t.after, typed).size();
        const std::uint64_t perft1 = rules->perft(*start, 1, jv::ListingRequest{});
        const std::uint64_t perft2 = rules->perft(*start, 2, jv::ListingRequest{});
        CHECK(perft1 == first.size());
        CHECK(perft2 == second);
        CHECK(rules->perft(*start, 0, jv::ListingRequest{}) == 1);
        CHECK(perft1 == e.depth1);
        CHECK(perft2 == e.depth2);
        CHECK(rules->perft(*start, 3, jv::ListingRequest{}) == e.depth3);
    }
}
