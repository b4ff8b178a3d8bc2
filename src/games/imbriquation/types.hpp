// Imbriquation's small value types (notation/imbriquation.md, notation/imbriquation-rules.md).
// The board is 8 × 8 (I1.1): a square is one byte, 0..63, and a set of squares is one 64-bit
// word, bit s for square s.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "core/translate.hpp"

namespace jv::imb {

// Square s = 8 · (rank − 1) + (file − 1): a1 = 0, h1 = 7, a8 = 56, h8 = 63.
using Square = std::uint8_t;
inline constexpr int board_squares = 64;
constexpr int file_of(Square s) {
    return s & 7;
}
constexpr int rank_of(Square s) {
    return s >> 3;
}
constexpr Square square_at(int file, int rank) {
    return static_cast<Square>(rank * 8 + file);
}
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// A set of squares.
using Squares = std::uint64_t;
constexpr Squares bit(Square s) {
    return Squares{1} << s;
}
inline constexpr Squares all_squares = ~Squares{0};
// The 28 edge squares (files a and h, ranks 1 and 8): a territory may not touch them (I7.2).
inline constexpr Squares edge_squares = 0xFF818181818181FFull;

enum class Color : std::uint8_t { light = 0, dark = 1 };
constexpr Color opponent(Color c) {
    return c == Color::light ? Color::dark : Color::light;
}
constexpr std::size_t slot(Color c) {
    return static_cast<std::size_t>(c);
}
constexpr std::string_view color_name(Color c) {
    return c == Color::light ? "Light" : "Dark";
}
// The player's name in the sentences people read, in their language: color_name stays the
// name of tags, tag values and the files a program reads back.
inline const char* side_name(Color c) {
    if (c == Color::light)
        // TRANSLATORS: the name of Imbriquation's player with the light pawns, as in "Light to
        // place turn 3" and "the Light pawns on d4 and f4".
        return tr_in("side", "Light");
    // TRANSLATORS: the name of Imbriquation's player with the dark pawns, as in "Dark to place
    // turn 3" and "the Dark pawns on d4 and f4".
    return tr_in("side", "Dark");
}
// A player's pawns with their colour and the definite article, as the subject of a sentence
// ("the light pawn on e4 stands in the way", "the dark pawns on c4 and e4"): each a phrase of
// its own, so that a language gives it the article and the adjective it needs ("les pions
// foncés", "der helle Stein").
inline const char* the_pawns(Color c, bool several) {
    // TRANSLATORS: Imbriquation's pawns of one colour with the definite article, as the subject
    // of a sentence: "the light pawn on e4 stands in the way".
    if (c == Color::light)
        return several ? tr_in("pawns with their colour", "the light pawns")
                       : tr_in("pawns with their colour", "the light pawn");
    return several ? tr_in("pawns with their colour", "the dark pawns")
                   : tr_in("pawns with their colour", "the dark pawn");
}
constexpr std::string_view color_word(Color c) {
    return c == Color::light ? "light" : "dark";
}
constexpr char color_letter(Color c) {
    return c == Color::light ? 'L' : 'D';
}

// The nine action tiles (I2.1), in the order of the brief's table.
enum class Tile : std::uint8_t { SO, SD, RO, RD, JO, JD, LO, LD, BL };
inline constexpr int tile_count = 9;
using TileLine = std::array<Tile, tile_count>;
constexpr std::size_t slot(Tile t) {
    return static_cast<std::size_t>(t);
}
constexpr std::string_view tile_code(Tile t) {
    constexpr std::array<std::string_view, tile_count> codes = {"SO", "SD", "RO", "RD", "JO",
                                                                "JD", "LO", "LD", "BL"};
    return codes[slot(t)];
}
// The rule of each tile (I6.1 … I6.9).
constexpr std::string_view tile_rule(Tile t) {
    constexpr std::array<std::string_view, tile_count> rules = {
        "I6.1", "I6.2", "I6.3", "I6.4", "I6.5", "I6.6", "I6.7", "I6.8", "I6.9"};
    return rules[slot(t)];
}
constexpr bool is_diagonal(Tile t) {
    return t == Tile::SD || t == Tile::RD || t == Tile::JD || t == Tile::LD;
}
constexpr bool is_step(Tile t) {
    return t == Tile::SO || t == Tile::SD;
}
constexpr bool is_slide(Tile t) {
    return t == Tile::RO || t == Tile::RD;
}
constexpr bool is_jump(Tile t) {
    return t == Tile::JO || t == Tile::JD || t == Tile::LO || t == Tile::LD;
}
constexpr bool is_long_jump(Tile t) {
    return t == Tile::LO || t == Tile::LD;
}

// A direction on the board: (file step, rank step).
struct Direction {
    int file = 0;
    int rank = 0;
};
inline constexpr std::array<Direction, 4> orthogonal_directions = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
inline constexpr std::array<Direction, 4> diagonal_directions = {
    {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
constexpr const std::array<Direction, 4>& directions_of(Tile t) {
    return is_diagonal(t) ? diagonal_directions : orthogonal_directions;
}

// The squares that share a side with each square (I7.1), and those that share only a corner.
constexpr Squares neighbours_by(Square s, const std::array<Direction, 4>& directions) {
    Squares out = 0;
    for (Direction d : directions)
        if (on_board(file_of(s) + d.file, rank_of(s) + d.rank))
            out |= bit(square_at(file_of(s) + d.file, rank_of(s) + d.rank));
    return out;
}
inline constexpr auto orthogonal_neighbours = [] {
    std::array<Squares, board_squares> out{};
    for (int s = 0; s < board_squares; ++s)
        out[static_cast<std::size_t>(s)] =
            neighbours_by(static_cast<Square>(s), orthogonal_directions);
    return out;
}();
inline constexpr auto diagonal_neighbours = [] {
    std::array<Squares, board_squares> out{};
    for (int s = 0; s < board_squares; ++s)
        out[static_cast<std::size_t>(s)] =
            neighbours_by(static_cast<Square>(s), diagonal_directions);
    return out;
}();

// The lowest square of a non-empty set.
constexpr Square first_square(Squares set) {
    return static_cast<Square>(std::countr_zero(set));
}

}  // namespace jv::imb
