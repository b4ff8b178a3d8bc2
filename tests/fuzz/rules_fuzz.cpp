// Arbitrary bytes as turns played through play_turn, from real positions after the setup (sample
// games), under a ruleset and timer chosen by the input.
//
// Input: byte 0 picks the start position, bytes 1-2 the ruleset (one bit per option, in
// option_table order), byte 3 bit 0 the timer. Then turns until the input ends: a header byte
// with bit 7 set plays the legal turn the next byte picks among the generator's first 256;
// otherwise the header's bits 0-2 give 1-8 actions of 4 bytes each, decoded by decode_action.
#include <array>
#include <cstdio>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "fuzz_targets.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::fuzz {

namespace {

using namespace jv::jel;
using jv::jel::Ruleset;

// Final positions of sample games, with the end of the encirclement game taken off so that play
// goes on: the first turn, walls and water, high counters with lost pieces (regeneration,
// strategy turns), a timer game, a captured dragon.
constexpr std::array<std::string_view, 6> start_texts = {
    "tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNT|side=w|turn=1|"
    "counter=w:1,b:1|lost=w:-,b:-|supply=w:8,b:8,~:14|double=d1,h1,a2,b2,c2,d2,e2,g2,h2,i2,j2,"
    "a10,b10,c10,d10,e10,g10,h10,i10,j10,d11,h11|over=-",
    "tngs3sg1t/s1s1q(rs)ksss1/4s3n2/1s1s7/11/7Q3/2WWW~~~3/3SS2WW2/11/SSS2RSSSS1/TNGS1K1SGNT|"
    "side=w|turn=9|counter=w:3,b:3|lost=w:D,b:D|supply=w:3,b:8,~:11|double=d1,h1,a2,b2,c2,g2,h2,"
    "i2,j2,a10,c10,h10,i10,j10,d11,h11|over=-",
    "2k5ts1/2gs2(rg)s2s/t2n7/sss5ss1/11/4T6/11/5K1S3/2S8/1SS2G2S1S/2G4NTSS|side=w|turn=24|"
    "counter=w:12,b:12|lost=w:QDNSSS,b:QDNSS|supply=w:8,b:8,~:14|double=j1,k1,b2,c2,i2,k2,d10,"
    "h10,k10,j11|over=-",
    "t1gs1kdsgnt/ss3rssss1/2n8/2sssq5/2w1~1w4/5~5/2W1S6/6N4/11/SSSS1RSSSS1/T1GSQKDSGNT|side=w|"
    "turn=8|counter=w:3,b:7|lost=w:-,b:-|supply=w:7,b:6,~:12|double=d1,h1,a2,b2,c2,d2,g2,h2,i2,"
    "j2,a10,b10,g10,h10,i10,j10,d11,h11|over=-",
    "tngsqk1sgnt/1ssssrssss1/s10/11/11/11/11/6N4/11/SSSSSRSSSS1/TNGSQKDSG1T|side=w|turn=3|"
    "counter=w:3,b:3|lost=w:-,b:D|supply=w:8,b:8,~:14|double=d1,h1,a2,b2,c2,d2,e2,g2,h2,i2,j2,"
    "b10,c10,d10,e10,g10,h10,i10,j10,d11,h11|over=-",
    "2gs2ngstk/s1s1q(rt)1ww(ws)w/2N1s2W1N1/1W1s3W3/1wwn1SWW3/T6sS2/5D5/1SW2(RS)~~~s1/2SS4S2/"
    "4S2GS2/2GSQK1S2T|side=b|turn=36|counter=w:2,b:1|lost=w:-,b:DSS|supply=w:2,b:2,~:11|"
    "double=d1,h1,e2,i2,a10,c10,d11,i11|over=-",
};

// Turns played from one input at most, so that one input stays quick.
constexpr int max_turns = 48;
// Legal turns the generator offers a pick among.
constexpr int max_choices = 256;

const std::vector<Position>& start_positions() {
    static const std::vector<Position> positions = [] {
        std::vector<Position> out;
        for (std::string_view text : start_texts) {
            PositionParseError error;
            auto parsed = parse_position(text, error);
            FUZZ_CHECK(parsed.has_value());
            out.push_back(parsed->position);
        }
        return out;
    }();
    return positions;
}

class ByteReader {
  public:
    ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool done() const { return size_ == 0; }
    // Zero past the end, so that a cut input still decodes.
    std::uint8_t next() {
        if (size_ == 0) return 0;
        --size_;
        return *data_++;
    }

  private:
    const std::uint8_t* data_;
    std::size_t size_;
};

Ruleset ruleset_from(unsigned bits) {
    Ruleset rules;
    unsigned bit = 0;
    for (const OptionInfo& option : option_table()) option.set(rules, (bits >> bit++) & 1);
    return rules;
}

// One action from 4 bytes: kind, letter, two squares, capture mark and promotion. With bit 7 of
// the last byte set, the action starts from a square holding a piece of the mover and goes to a
// square near it, with the right letter and capture mark: random squares almost never make a
// legal move, and the checks past the first few are only reached by near-legal actions.
Action decode_action(ByteReader& in, const Position& position) {
    const std::uint8_t b0 = in.next(), b1 = in.next(), b2 = in.next(), b3 = in.next();
    auto kind = static_cast<ActionKind>(b0 % 5);
    auto letter = static_cast<Letter>(1 + (b0 / 5) % 10);
    auto from = static_cast<Square>(b1 % square_count);
    auto to = static_cast<Square>(b2 % square_count);
    bool capture = (b3 & 1) != 0;
    // Any letter of the table, or none (0), may follow '=' (notation/jgn.md 10.4).
    auto promotion = static_cast<Letter>(((b3 >> 1) & 15) % 11);
    if ((b3 & 0x80) != 0) {
        const Color me = position.side_to_move();
        std::vector<Square> own;
        for (int s = 0; s < square_count; ++s) {
            const Piece p = position.piece_on(static_cast<Square>(s));
            if (p != 0 && color_of(p) == me) own.push_back(static_cast<Square>(s));
        }
        if (!own.empty()) {
            from = own[b1 % own.size()];
            letter = to_letter(kind_of(position.piece_on(from)));
            if (kind != ActionKind::cross) kind = ActionKind::move;
            const int file = file_of(from) + (b2 & 7) - 3;
            const int rank = rank_of(from) + ((b2 >> 3) & 7) - 3;
            if (on_board(file, rank)) to = make_square(file, rank);
            const Cell target = position.cell(to);
            capture = (target.piece() != 0 && color_of(target.piece()) != me) ||
                      (target.has_regenerator() && target.regenerator_color() != me);
            if ((b3 & 0x40) == 0) promotion = Letter::none;
        }
    }
    switch (kind) {
        case ActionKind::timeout:
            return Action::make(kind, Letter::none, no_square, no_square);
        case ActionKind::place:
            return Action::make(kind, letter, no_square, to);
        case ActionKind::remove:
            return Action::make(kind, letter, no_square, to);
        case ActionKind::move:
            return Action::make(kind, letter, from, to, capture, promotion);
        case ActionKind::cross:
            return Action::make(kind, letter, from, to, false, promotion);
    }
    return Action{};
}

// Whether `a` by the side to move passes the check the turn player makes before applying it.
bool passes_check(const Position& p, Action a, const Ruleset& rules) {
    const Letter letter = a.letter();
    switch (a.kind()) {
        case ActionKind::timeout:
            return true;
        case ActionKind::place:
            if (letter == Letter::wall) return !check_wall_placement(p, a.to(), "J5.5");
            if (letter == Letter::water) return !check_water_placement(p, a.to());
            return is_army(letter) && !check_regeneration(p, a);
        case ActionKind::move:
            if (is_army(letter)) return !check_army_move(p, a, rules);
            if (letter == Letter::regenerator) return !check_regenerator_move(p, a);
            if (letter == Letter::wall) return !check_wall_move(p, a);
            return false;
        case ActionKind::cross:
            return is_army(letter) && !check_crossing(p, a, rules);
        case ActionKind::remove: {
            if (letter == Letter::wall)
                return !check_wall_removal(p, p, a.to(), WallRemoval::position_6, rules);
            if (letter == Letter::water) return !check_water_removal(p, a.to());
            // J13.1: the mover's own piece, lost at a timeout.
            const Piece piece = p.piece_on(a.to());
            return is_army(letter) && piece != 0 && color_of(piece) == p.side_to_move() &&
                   kind_of(piece) == to_kind(letter);
        }
    }
    return false;
}

// An action that passes its check is undone exactly, and applying it with or without an undo
// record gives the same position.
void check_apply_undo(const Position& before, Action a) {
    const Color me = before.side_to_move();
    Position recorded = before;
    Undo undo;
    recorded.apply(a, me, undo);
    Position plain = before;
    plain.apply(a, me);
    FUZZ_CHECK(recorded == plain);
    recorded.undo(undo);
    FUZZ_CHECK(recorded == before);
}

// The position after a legal turn: its actions, applied and undone one by one, lead to it; and
// it is a position the JFEN reader takes back exactly (which also checks that pools, supplies
// and the double step agree with the board).
void check_after_legal_turn(const Position& before, const Position& after,
                            std::span<const Action> actions, const TurnResult& result,
                            const Ruleset& rules) {
    const Color me = before.side_to_move();
    FUZZ_CHECK(after.side_to_move() == opponent(me));
    FUZZ_CHECK(after.turn_number() == before.turn_number() + (me == Color::black ? 1u : 0u));
    FUZZ_CHECK(after.counter(me) >= 1 && after.counter(me) <= 12);
    FUZZ_CHECK(after.counter(opponent(me)) == before.counter(opponent(me)));

    Position replayed = before;
    for (Action a : actions) {
        const Position step = replayed;
        Undo undo;
        replayed.apply(a, me, undo);
        const Position applied = replayed;
        replayed.undo(undo);
        FUZZ_CHECK(replayed == step);
        replayed = applied;
        // As play_turn does for a regeneration (J7.2 option).
        if (a.kind() == ActionKind::place && rules.regenerated_soldier_double_step &&
            to_kind(a.letter()) == PieceKind::soldier)
            replayed.grant_double_step(a.to());
    }
    replayed.end_turn(after.counter(me));
    FUZZ_CHECK(replayed == after);

    GameEnd end;
    if (result.game_over) end = GameEnd{true, false, result.winner, "king-captured"};
    const std::string text = format_position(after, end);
    PositionParseError error;
    const auto parsed = parse_position(text, error);
    if (!parsed)
        std::fprintf(stderr, "refused: %s\n%s at %u\n", text.c_str(), error.message.c_str(),
                     error.offset + 1);
    FUZZ_CHECK(parsed.has_value());
    FUZZ_CHECK(parsed->position == after);
}

// The legal turn number `pick` (modulo the number offered, at most max_choices), with the
// position the generator says it leads to; none when there is no legal turn.
std::optional<std::pair<std::vector<Action>, Position>> pick_legal_turn(const Position& position,
                                                                        const TurnContext& context,
                                                                        const Ruleset& rules,
                                                                        std::uint8_t pick) {
    int count = 0;
    auto counter = [&](std::span<const Action>, const Position&) { return ++count < max_choices; };
    for_each_legal_turn(position, context, rules, counter);
    if (count == 0) return std::nullopt;
    const int wanted = pick % count;
    int index = 0;
    std::optional<std::pair<std::vector<Action>, Position>> chosen;
    auto take = [&](std::span<const Action> turn, const Position& after) {
        if (index++ != wanted) return true;
        chosen.emplace(std::vector<Action>(turn.begin(), turn.end()), after);
        return false;
    };
    for_each_legal_turn(position, context, rules, take);
    FUZZ_CHECK(chosen.has_value());
    return chosen;
}

}  // namespace

int fuzz_rules(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const std::vector<Position>& starts = start_positions();
    Position position = starts[in.next() % starts.size()];
    const unsigned low_bits = in.next();
    const unsigned option_bits = low_bits | (unsigned{in.next()} << 8);
    const Ruleset rules = ruleset_from(option_bits);
    const TurnContext context{(in.next() & 1) != 0};

    std::vector<Action> actions;
    for (int turn = 0; turn < max_turns && !in.done(); ++turn) {
        // The referee ends the game here (J12.2, J12.4); the two searches for an escape agree.
        // The full search lists every legal turn: millions from counter 6 on (walls, water), on
        // a first turn, and wherever sets of water crossings multiply; it is asked only where
        // none of these can happen.
        const Color me = position.side_to_move();
        if (position.counter(me) < 6 && position.turn_number() > 1 &&
            position.squares_of(Terrain::water).empty() && king_attacked(position, me))
            FUZZ_CHECK(can_escape(position, context, rules) ==
                       can_escape_by_full_search(position, context, rules));
        if (end_at_turn_start(position, context, rules) != TurnStartEnd::none) break;

        const std::uint8_t header = in.next();
        std::optional<Position> generated_after;
        actions.clear();
        if ((header & 0x80) != 0) {
            auto chosen = pick_legal_turn(position, context, rules, in.next());
            // end_at_turn_start found a legal turn, so the generator offers one too.
            FUZZ_CHECK(chosen.has_value());
            actions = std::move(chosen->first);
            generated_after = chosen->second;
        } else {
            const int count = 1 + (header & 7);
            for (int i = 0; i < count; ++i) {
                const Action a = decode_action(in, position);
                // Every action decoded is one the JGN reader could have produced.
                const ActionParse back = parse_action(format_action(a));
                FUZZ_CHECK(back.action.has_value() && *back.action == a);
                if (passes_check(position, a, rules)) check_apply_undo(position, a);
                actions.push_back(a);
            }
        }

        const Position before = position;
        const TurnResult result = play_turn(position, actions, context, rules);
        if (result.fault) {
            FUZZ_CHECK(!generated_after.has_value());  // the generator offers legal turns only
            FUZZ_CHECK(position == before);            // a faulty turn changes nothing
            FUZZ_CHECK(result.fault_action < actions.size());
            FUZZ_CHECK(!result.fault->rule.empty() && !result.fault->message.empty());
            continue;
        }
        if (generated_after) FUZZ_CHECK(position == *generated_after);
        check_after_legal_turn(before, position, actions, result, rules);
        if (result.game_over) break;
    }
    return 0;
}

}  // namespace jv::fuzz
