#include "games/imbriquation/generator.hpp"

#include <bit>
#include <vector>

#include <fmt/format.h>

#include "core/random.hpp"
#include "core/rule_fault.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::imb {

namespace {

TileLine shuffled_line(Random& random) {
    TileLine line = {Tile::SO, Tile::SD, Tile::RO, Tile::RD, Tile::JO,
                     Tile::JD, Tile::LO, Tile::LD, Tile::BL};
    for (std::size_t i = line.size() - 1; i > 0; --i) std::swap(line[i], line[random.below(i + 1)]);
    return line;
}

std::string line_tag(const TileLine& line) {
    std::string out;
    for (Tile t : line) out += (out.empty() ? "" : " ") + std::string(tile_code(t));
    return out;
}

}  // namespace

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options) {
    Random random(seed * 0x9E3779B97F4A7C15ull + round);
    const Ruleset& rules = options.rules;
    GeneratedGame out;
    const TileLine tiles1 = shuffled_line(random);
    const TileLine tiles4 = shuffled_line(random);
    const Color first = random.below(2) == 0 ? Color::light : Color::dark;
    // Half of the games have a crowding player, by its slot (see below); -1: none.
    const int crowder = random.below(2) == 0 ? static_cast<int>(random.below(2)) : -1;
    // In half of those the victim alone crowds itself out, and so is often left without a
    // square right after its own turn: the end early_end = either-player adds (I11.1).
    const bool victim_alone = crowder >= 0 && random.below(2) == 0;
    Position position = Position::start(rules.openings_per_round(), tiles1, tiles4, first);
    QuietFaults quiet;
    std::string movetext;
    GameEnd end = end_before_turn(position, rules);
    std::vector<Action> actions;
    const std::uint32_t max_plies = 2 * options.max_turns;
    while (!end.over && position.ply() < max_plies) {
        const Color me = position.side_to_move();
        const bool opening = position.in_openings();
        Squares squares = placement_squares(position, me, opening, rules);
        // In a crowding game both players place, and act, so as to leave one of them (the
        // victim) the fewest squares for its next placement: the crowder flanks empty squares
        // with its pawns, the victim fills the squares no pair of pawns can flank (corners).
        // Random placements never end a game early for want of a square (I8.2); these do.
        const Color victim = crowder == 1 ? Color::light : Color::dark;
        const bool crowding = crowder >= 0 && (!victim_alone || me == victim);
        const std::uint32_t victim_ply = position.ply() + (victim == me ? 2 : 1);
        auto squares_left = [&](const Position& p) {
            return std::popcount(
                placement_squares(p, victim, p.opening_turn_at(victim_ply), rules));
        };
        if (crowding) {
            int fewest = board_squares + 1;
            Squares best = 0;
            for (Squares s = squares; s != 0; s &= s - 1) {
                Position trial = position;
                trial.place(first_square(s));
                const int left = squares_left(trial);
                if (left < fewest) {
                    fewest = left;
                    best = 0;
                }
                if (left == fewest) best |= bit(first_square(s));
            }
            squares = best;
        }
        // None only when the rule of I8.2 is switched off (tests/bite): the game stops there.
        if (squares == 0) break;
        // The n-th square of the set, n uniform.
        Squares pick = squares;
        for (auto n = random.below(static_cast<std::uint64_t>(std::popcount(squares))); n > 0; --n)
            pick &= pick - 1;
        const Square placed = first_square(pick);
        std::string turn = square_name(placed);
        Position after = position;
        after.place(placed);
        if (!opening) {
            const Tile tile = *position.tile_to_draw();
            turn += fmt::format(",{}", tile_code(tile));
            actions.clear();
            for_each_action(after, placed, tile, rules,
                            [&](const Action& a) { actions.push_back(a); });
            if (tile != Tile::BL && actions.empty()) {
                Action removal;
                removal.type = Action::Type::removal;
                removal.from = placed;
                actions.push_back(removal);
                ++out.removals;
            }
            if (!actions.empty()) {
                // Jumps: the longer chains twice as likely as the rest, so that chains are common.
                std::size_t choice = random.below(actions.size());
                if (actions[choice].type == Action::Type::chain && actions[choice].jumps == 1 &&
                    random.below(2) == 0)
                    choice = random.below(actions.size());
                if (crowding) {
                    int fewest = board_squares + 1;
                    for (std::size_t i = 0; i < actions.size(); ++i) {
                        Position trial = after;
                        apply_action(trial, actions[i], rules);
                        if (const int left = squares_left(trial); left < fewest) {
                            fewest = left;
                            choice = i;
                        }
                    }
                }
                const Action& action = actions[choice];
                turn += "," + format_action(action);
                Position moved = after;
                apply_action(moved, action, rules);
                if (action.type == Action::Type::chain)
                    out.captures += static_cast<std::uint32_t>(std::popcount(after.occupied()) -
                                                               std::popcount(moved.occupied()));
                after = moved;
            }
        }
        after.end_turn();
        const std::uint32_t number = position.ply() / 2 + 1;
        movetext += fmt::format("{}{} {}\n", number, position.ply() % 2 == 0 ? "." : "...", turn);
        position = after;
        ++out.turns;
        end = end_before_turn(position, rules);
    }
    out.result = end.over ? end.result : ResultKind::unfinished;
    out.reason = end.over ? end.reason : std::string_view("unfinished");
    const std::string_view result = result_text(out.result);
    out.text = fmt::format(
        "[Event \"Random\"]\n[Site \"jelimvre generate\"]\n[Date \"????.??.??\"]\n[Round "
        "\"{}\"]\n[Light \"Random\"]\n[Dark \"Random\"]\n[Result \"{}\"]\n[Game "
        "\"Imbriquation\"]\n[First \"{}\"]\n[Tiles1 \"{}\"]\n[Tiles4 \"{}\"]\n",
        round, result, color_name(first), line_tag(tiles1), line_tag(tiles4));
    if (end.over) {
        const Score score = score_of(position);
        out.text += fmt::format("[Score \"{}-{}\"]\n", score.territory[0], score.territory[1]);
    }
    out.text += "\n" + movetext + std::string(result) + "\n";
    return out;
}

}  // namespace jv::imb
