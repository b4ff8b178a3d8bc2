#include "games/chessme/generator.hpp"

#include <vector>

#include <fmt/format.h>

#include "core/random.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/referee.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

std::array<Kind, pile_tiles> shuffled_pile(Random& random) {
    std::array<Kind, pile_tiles> pile = {Kind::queen,  Kind::rook,   Kind::rook,   Kind::bishop,
                                         Kind::bishop, Kind::knight, Kind::knight, Kind::pawn,
                                         Kind::pawn,   Kind::pawn,   Kind::pawn};
    for (std::size_t i = pile.size() - 1; i > 0; --i) std::swap(pile[i], pile[random.below(i + 1)]);
    return pile;
}

std::string pile_text(const std::array<Kind, pile_tiles>& pile) {
    std::string out;
    for (Kind k : pile) out += kind_letter(k);
    return out;
}

}  // namespace

GeneratedGame generate_game(std::uint64_t seed, std::uint32_t round,
                            const GeneratorOptions& options) {
    Random random(seed * 0x9E3779B97F4A7C15ull + round);
    const Ruleset& rules = options.rules;
    GeneratedGame out;
    std::optional<std::array<Kind, pile_tiles>> piles[2];
    if (!random.chance_in_millionths(options.unknown_pile_share)) {
        piles[0] = shuffled_pile(random);
        piles[1] = shuffled_pile(random);
    }
    Position position = Position::start(rules.start_kings, piles[0], piles[1]);
    QuietFaults quiet;

    std::string movetext;
    GameEnd end;
    for (std::uint32_t ply = 0; ply < 2 * options.max_turns; ++ply) {
        const TurnStartEnd now = end_at_turn_start(position, rules);
        if (now == TurnStartEnd::checkmate) {
            end = GameEnd{true, false, opponent(position.side_to_move()), "checkmate"};
            break;
        }
        if (now == TurnStartEnd::stalemate) {
            end = GameEnd{true, true, Color::white, "stalemate"};
            break;
        }
        const Color me = position.side_to_move();
        const std::vector<Action> moves = legal_moves(position, rules);
        // Weights: a mate always wins; captures, promotions and checks are favoured.
        std::vector<std::uint64_t> weights;
        std::uint64_t total = 0;
        const Action* mate = nullptr;
        for (const Action& m : moves) {
            Position after = position;
            after.apply_move(m);
            after.end_turn();
            std::uint64_t w = 4;
            if (m.capture_mark) w += 12;
            if (m.promotion != Kind::none) w += 20;
            if (in_check(after, opponent(me))) {
                w += 8;
                if (mate == nullptr && !has_legal_move(after, rules)) mate = &m;
            }
            if (m.kind == Kind::king) w = w / 2 + 1;
            weights.push_back(w);
            total += w;
        }
        Action move = moves.front();
        if (mate != nullptr && random.chance_in_millionths(0.9)) {
            move = *mate;
        } else {
            std::uint64_t pick = random.below(total);
            for (std::size_t i = 0; i < moves.size(); ++i) {
                if (pick < weights[i]) {
                    move = moves[i];
                    break;
                }
                pick -= weights[i];
            }
        }
        std::string turn = format_action(move);
        position.apply_move(move);
        out.captures += move.capture_mark;
        out.promotions += move.promotion != Kind::none;
        const std::vector<Action> placements = legal_placements(position, rules);
        if (!placements.empty() && random.chance_in_millionths(0.6)) {
            const Action& placement = placements[random.below(placements.size())];
            position.apply_placement(placement);
            turn += ',' + format_action(placement);
            ++out.placements;
        }
        position.end_turn();
        ++out.turns;
        // The check mark, written when true (C11.2).
        if (in_check(position, position.side_to_move())) {
            ++out.checks;
            turn += has_legal_move(position, rules) ? "+" : "#";
        }
        const std::uint32_t number = ply / 2 + 1;
        movetext += fmt::format("{}{} {}\n", number, me == Color::white ? "." : "...", turn);
    }
    if (!end.over) {
        // The referee decides the end once more after the last turn (C13.6).
        const TurnStartEnd now = end_at_turn_start(position, rules);
        if (now == TurnStartEnd::checkmate)
            end = GameEnd{true, false, opponent(position.side_to_move()), "checkmate"};
        else if (now == TurnStartEnd::stalemate)
            end = GameEnd{true, true, Color::white, "stalemate"};
    }
    out.result = end.over ? end.result() : ResultKind::unfinished;
    out.reason = end.over ? end.reason : std::string_view("unfinished");
    const std::string_view result = result_text(out.result);
    out.text = fmt::format(
        "[Event \"Random\"]\n[Site \"jelimvre generate\"]\n[Date \"????.??.??\"]\n[Round "
        "\"{}\"]\n[White \"Random\"]\n[Black \"Random\"]\n[Result \"{}\"]\n[Game \"ChessMe\"]\n",
        round, result);
    if (piles[0])
        out.text += fmt::format("[WhitePile \"{}\"]\n[BlackPile \"{}\"]\n", pile_text(*piles[0]),
                                pile_text(*piles[1]));
    out.text += "\n" + movetext + std::string(result) + "\n";
    return out;
}

}  // namespace jv::cme
