// An Imbriquation position: the pawns on the board, how far the game has gone (turns played,
// hence the round, its phase and the tile to draw), and the tile lines the record gave. Forty
// bytes, copied freely: a turn is taken back by keeping the position it started from.
#pragma once

#include <cstdint>
#include <optional>

#include "games/imbriquation/types.hpp"

namespace jv::imb {

inline constexpr int rounds = 5;

class Position {
  public:
    // The empty board before the first turn: `openings` opening placements a round (I3.2), the
    // tile lines of rounds 1 and 4 when known (I2.3, I2.5), `first` to place (I3.1).
    static Position start(int openings, const std::optional<TileLine>& tiles1,
                          const std::optional<TileLine>& tiles4, Color first);

    Squares pawns(Color c) const { return pawns_[slot(c)]; }
    Squares occupied() const { return pawns_[0] | pawns_[1]; }
    Squares empty() const { return ~occupied(); }
    // The colour of the pawn on `s`, if any.
    std::optional<Color> pawn_at(Square s) const {
        if ((pawns_[0] & bit(s)) != 0) return Color::light;
        if ((pawns_[1] & bit(s)) != 0) return Color::dark;
        return std::nullopt;
    }

    Color side_to_move() const { return side_; }
    // Turns played so far (the position string's ply).
    std::uint32_t ply() const { return ply_; }
    int openings() const { return openings_; }
    int round_length() const { return openings_ + tile_count; }
    // Whether all five rounds have been played (I8.1).
    bool rounds_complete() const {
        return ply_ >= static_cast<std::uint32_t>(rounds * round_length());
    }
    // The round of the next turn, 1..5 (5 once the rounds are complete).
    int round() const {
        const int r = static_cast<int>(ply_ / static_cast<std::uint32_t>(round_length())) + 1;
        return r > rounds ? rounds : r;
    }
    // The next turn's place in its round: 0 .. round_length() - 1 (round_length() once the
    // rounds are complete).
    int turn_in_round() const { return static_cast<int>(ply_) - (round() - 1) * round_length(); }
    // Whether the next turn is an opening placement (I3.2) rather than a tile turn (I3.3).
    bool in_openings() const { return turn_in_round() < openings_; }
    bool opening_turn_at(std::uint32_t ply) const {
        return static_cast<int>(ply % static_cast<std::uint32_t>(round_length())) < openings_;
    }
    // The tile turns of the current round already played: its tiles drawn.
    int tiles_drawn() const {
        const int t = turn_in_round() - openings_;
        return t < 0 ? 0 : (t > tile_count ? tile_count : t);
    }
    // Rounds 4 and 5 let any own pawn act (I5.1).
    bool any_pawn_acts() const { return round() >= 4; }

    const std::optional<TileLine>& tiles1() const { return tiles1_; }
    const std::optional<TileLine>& tiles4() const { return tiles4_; }
    // The line of round r, left to right (I2.4): round 2 is round 1 reversed, round 3 round 1
    // again, round 5 round 4 reversed. None when the record did not give it.
    std::optional<TileLine> line_of_round(int r) const;
    // The tile the next turn draws: none in the openings, once the rounds are complete, or when
    // the line is unknown.
    std::optional<Tile> tile_to_draw() const;

    // Changes, each applied by the referee after the rules allowed it.
    void place(Square s) { pawns_[slot(side_)] |= bit(s); }
    void remove(Square s) {
        pawns_[0] &= ~bit(s);
        pawns_[1] &= ~bit(s);
    }
    void move_pawn(Square from, Square to) {
        const std::size_t c = (pawns_[0] & bit(from)) != 0 ? 0 : 1;
        pawns_[c] = (pawns_[c] & ~bit(from)) | bit(to);
    }
    void end_turn() {
        ++ply_;
        side_ = opponent(side_);
    }

    // For position strings and tests.
    void set_pawns(Color c, Squares squares) { pawns_[slot(c)] = squares; }
    void set_progress(std::uint32_t ply, Color side) {
        ply_ = ply;
        side_ = side;
    }

    friend bool operator==(const Position&, const Position&) = default;

  private:
    std::array<Squares, 2> pawns_{};
    std::uint32_t ply_ = 0;
    Color side_ = Color::light;
    std::uint8_t openings_ = 4;
    std::optional<TileLine> tiles1_;
    std::optional<TileLine> tiles4_;
};

}  // namespace jv::imb
