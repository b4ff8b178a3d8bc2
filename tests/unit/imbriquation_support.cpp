#include "imbriquation_support.hpp"

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/rule_fault.hpp"
#include "core/ruleset.hpp"
#include "core/source.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"
#include "support.hpp"

namespace jv::test::imbriquation {

const Game& game() {
    const Game* found = catalog().find("Imbriquation");
    REQUIRE(found != nullptr);
    return *found;
}

Ruleset ruleset_with(std::initializer_list<std::string_view> settings) {
    return ruleset_of(game(), settings);
}

Judged judge_under(const std::string& text, const Ruleset& ruleset) {
    Judged out;
    static_cast<test::Judged&>(out) = judge_record(game(), text, ruleset);
    for (const VerdictDetail& detail : out.details)
        if (detail.key == "score") {
            out.score_json = detail.json;
            out.score_text = detail.text;
        }
    return out;
}

Judged judge(const std::string& text, std::initializer_list<std::string_view> settings) {
    return judge_under(text, ruleset_with(settings));
}

std::string record(std::string_view tiles1, std::string_view movetext, std::string_view result,
                   std::string_view tags) {
    return fmt::format(
        "[Game \"Imbriquation\"]\n[Light \"Ana\"]\n[Dark \"Bruno\"]\n[Result \"{}\"]\n"
        "[Tiles1 \"{}\"]\n{}\n{}\n{}\n",
        result, tiles1, tags, movetext, result);
}

std::string score_json(int light_territory, int light_pawns, int dark_territory, int dark_pawns) {
    return fmt::format(
        R"({{"light":{{"territory":{},"pawns":{}}},"dark":{{"territory":{},"pawns":{}}}}})",
        light_territory, light_pawns, dark_territory, dark_pawns);
}

namespace {

std::optional<imb::TileLine> line_of(std::string_view codes) {
    if (codes.empty()) return std::nullopt;
    imb::TileLine line{};
    std::size_t n = 0;
    std::size_t at = 0;
    while (at < codes.size()) {
        if (codes[at] == ' ') {
            ++at;
            continue;
        }
        const std::optional<imb::Tile> tile = imb::parse_tile(codes.substr(at, 2));
        REQUIRE(tile);
        REQUIRE(n < line.size());
        line[n++] = *tile;
        at += 2;
    }
    REQUIRE(n == line.size());
    return line;
}

}  // namespace

imb::Position start(std::string_view tiles1, std::string_view tiles4, imb::Color first,
                    const imb::Ruleset& rules) {
    return imb::Position::start(rules.openings_per_round(), line_of(tiles1), line_of(tiles4),
                                first);
}

Filler fill(const imb::Position& from, std::uint32_t plies, const imb::Ruleset& rules,
            const std::function<bool(const imb::Position&, const imb::Position&)>& better) {
    using namespace imb;
    const auto fewer_pawns = [](const Position& a, const Position& b) {
        return std::popcount(a.occupied()) < std::popcount(b.occupied());
    };
    const auto& prefer = better ? better : fewer_pawns;
    QuietFaults quiet;
    Filler out;
    out.position = from;
    for (std::uint32_t k = 0; k < plies; ++k) {
        const Position& position = out.position;
        if (end_before_turn(position, rules).over) {
            out.over = true;
            return out;
        }
        const Color me = position.side_to_move();
        const bool opening = position.in_openings();
        std::optional<Position> best;
        std::string best_text;
        auto offer = [&](const Position& after, std::string text) {
            if (!best || prefer(after, *best)) {
                best = after;
                best_text = std::move(text);
            }
        };
        for (Squares s = placement_squares(position, me, opening, rules); s != 0; s &= s - 1) {
            const Square placed = first_square(s);
            Position after = position;
            after.place(placed);
            if (opening) {
                after.end_turn();
                offer(after, square_name(placed));
                continue;
            }
            const Tile tile = *position.tile_to_draw();
            const std::string head = fmt::format("{},{}", square_name(placed), tile_code(tile));
            if (tile == Tile::BL) {
                Position next = after;
                next.end_turn();
                offer(next, head);
                continue;
            }
            bool any = false;
            for_each_action(after, placed, tile, rules, [&](const Action& action) {
                any = true;
                Position next = after;
                apply_action(next, action, rules);
                next.end_turn();
                offer(next, head + "," + format_action(action));
            });
            if (!any) {
                Position next = after;
                next.remove(placed);
                next.end_turn();
                offer(next, head + ",x" + square_name(placed));
            }
        }
        REQUIRE(best);
        out.movetext += fmt::format("{}{} {}\n", position.ply() / 2 + 1,
                                    position.ply() % 2 == 0 ? "." : "...", best_text);
        out.position = *best;
    }
    return out;
}

Blocked blocking_game(std::string_view tiles1, std::string_view tiles4, const imb::Ruleset& rules) {
    using namespace imb;
    const auto fewest_squares = [&](const Position& a, const Position& b) {
        const auto squares_left = [&](const Position& p) {
            return std::popcount(
                placement_squares(p, p.side_to_move(), p.opening_turn_at(p.ply()), rules));
        };
        if (squares_left(a) != squares_left(b)) return squares_left(a) < squares_left(b);
        return std::popcount(a.occupied()) > std::popcount(b.occupied());
    };
    const Filler f = fill(start(tiles1, tiles4, Color::light, rules), 200, rules, fewest_squares);
    REQUIRE(f.over);
    const std::string result(result_text(scored_result(score_of(f.position))));
    Blocked out;
    out.text = record(tiles1, f.movetext, result, fmt::format("[Tiles4 \"{}\"]\n", tiles4));
    out.next_turn =
        fmt::format("{}{} a1", f.position.ply() / 2 + 1, f.position.ply() % 2 == 0 ? "." : "...");
    out.end = f.position;
    return out;
}

}  // namespace jv::test::imbriquation
