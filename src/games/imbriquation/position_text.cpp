#include "games/imbriquation/position_text.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::imb {

namespace {

std::string line_text(const std::optional<TileLine>& line, int from, char separator) {
    if (!line) return "?";
    std::string out;
    for (int i = from; i < tile_count; ++i) {
        if (i > from) out += separator;
        out += tile_code((*line)[static_cast<std::size_t>(i)]);
    }
    return out;
}

std::string_view phase_word(const Position& position, const GameEnd& end) {
    if (end.over) return "end";
    return position.in_openings() ? "opening" : "tiles";
}

}  // namespace

std::string format_position(const Position& position, const GameEnd& end) {
    // Written into a buffer and copied once: written for every game, through a format string
    // (or character by character into the string) it cost as much as refereeing ten turns.
    char buffer[256];
    char* at = buffer;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            const Squares here = bit(square_at(file, rank));
            *at++ = (position.pawns(Color::light) & here) != 0  ? 'L'
                    : (position.pawns(Color::dark) & here) != 0 ? 'D'
                                                                : '.';
        }
        if (rank > 0) *at++ = '/';
    }
    auto text = [&](std::string_view piece) { at = std::copy(piece.begin(), piece.end(), at); };
    auto number = [&](std::uint32_t n) { at = std::to_chars(at, buffer + sizeof buffer, n).ptr; };
    auto line = [&](const std::optional<TileLine>& tiles, int from) {
        if (!tiles) return text("?");
        for (int i = from; i < tile_count; ++i) {
            if (i > from) *at++ = ',';
            text(tile_code((*tiles)[static_cast<std::size_t>(i)]));
        }
    };
    text("|ply=");
    number(position.ply());
    text("|next=");
    *at++ = end.over ? '-' : color_letter(position.side_to_move());
    text("|round=");
    number(static_cast<std::uint32_t>(position.round()));
    text("|phase=");
    text(phase_word(position, end));
    text("|left=");
    if (!position.rounds_complete())
        line(position.line_of_round(position.round()), position.tiles_drawn());
    text("|openings=");
    number(static_cast<std::uint32_t>(position.openings()));
    text("|tiles1=");
    line(position.tiles1(), 0);
    text("|tiles4=");
    line(position.tiles4(), 0);
    text("|over=");
    if (end.over) {
        text(result_text(end.result));
        *at++ = ':';
        text(end.reason);
    } else {
        *at++ = '-';
    }
    return std::string(buffer, at);
}

namespace {

class Reader {
  public:
    Reader(std::string_view text, PositionParseError& error) : text_(text), error_(error) {}

    bool fail(std::size_t at, std::string message) {
        error_.offset = static_cast<std::uint32_t>(at);
        error_.message = std::move(message);
        return false;
    }
    // Reads "|name=" and then the value up to the next '|' or the end.
    bool field(std::string_view name, std::string_view& value, std::size_t& value_at) {
        const std::string prefix = fmt::format("|{}=", name);
        if (text_.substr(at_, prefix.size()) != prefix)
            // TRANSLATORS: {} is a field of the position string as written (|ply=).
            return fail(at_, trf("expected '{}' here", prefix));
        at_ += prefix.size();
        value_at = at_;
        const std::size_t end = std::min(text_.find('|', at_), text_.size());
        value = text_.substr(at_, end - at_);
        at_ = end;
        return true;
    }
    std::size_t at() const { return at_; }
    void skip(std::size_t n) { at_ += n; }
    bool done() const { return at_ == text_.size(); }

  private:
    std::string_view text_;
    PositionParseError& error_;
    std::size_t at_ = 0;
};

std::optional<std::uint32_t> read_number(std::string_view text) {
    std::uint32_t n = 0;
    if (text.empty() || text.size() > 6 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
}

// A comma-joined list of tile codes, or "?" for none.
bool read_codes(std::string_view text, std::vector<Tile>& out) {
    out.clear();
    if (text.empty()) return true;
    std::size_t at = 0;
    for (;;) {
        const std::size_t end = std::min(text.find(',', at), text.size());
        const std::optional<Tile> tile = parse_tile(text.substr(at, end - at));
        if (!tile) return false;
        out.push_back(*tile);
        if (end == text.size()) return true;
        at = end + 1;
    }
}

std::optional<TileLine> full_line(const std::vector<Tile>& tiles) {
    if (tiles.size() != tile_count) return std::nullopt;
    std::array<int, tile_count> seen{};
    TileLine line{};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        line[i] = tiles[i];
        if (++seen[slot(tiles[i])] > 1) return std::nullopt;
    }
    return line;
}

}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error) {
    Reader in(text, error);
    std::array<Squares, 2> pawns{};
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            const std::size_t at = in.at();
            const char c = at < text.size() ? text[at] : '\0';
            if (c == 'L' || c == 'D')
                pawns[c == 'L' ? 0 : 1] |= bit(square_at(file, rank));
            else if (c != '.') {
                // TRANSLATORS: {} is a rank of the board (1 to 8); L, D and . are the letters
                // of the position string, kept as they are.
                in.fail(at, trf("rank {} needs 8 squares, each L, D or .", rank + 1));
                return std::nullopt;
            }
            in.skip(1);
        }
        if (rank > 0) {
            if (in.at() >= text.size() || text[in.at()] != '/') {
                in.fail(in.at(), tr("ranks are separated by '/', 8 characters each"));
                return std::nullopt;
            }
            in.skip(1);
        }
    }
    std::string_view value;
    std::size_t value_at = 0;
    auto number_field = [&](std::string_view name) -> std::optional<std::uint32_t> {
        if (!in.field(name, value, value_at)) return std::nullopt;
        const std::optional<std::uint32_t> n = read_number(value);
        // TRANSLATORS: {} is the name of a field of the position string (ply, round,
        // openings), kept as it is.
        if (!n) in.fail(value_at, trf("{} is a whole number", name));
        return n;
    };
    const std::optional<std::uint32_t> ply = number_field("ply");
    if (!ply) return std::nullopt;
    if (!in.field("next", value, value_at)) return std::nullopt;
    if (value != "L" && value != "D" && value != "-") {
        // TRANSLATORS: next is a field of the position string and L, D, - its values, kept as
        // they are.
        in.fail(value_at, tr("next is L, D or - (the game is over)"));
        return std::nullopt;
    }
    const std::string_view next = value;
    const std::size_t next_at = value_at;
    const std::optional<std::uint32_t> round = number_field("round");
    if (!round) return std::nullopt;
    const std::size_t round_at = value_at;
    if (!in.field("phase", value, value_at)) return std::nullopt;
    if (value != "opening" && value != "tiles" && value != "end") {
        // TRANSLATORS: phase is a field of the position string and opening, tiles, end its
        // values, kept as they are.
        in.fail(value_at, tr("phase is opening, tiles or end"));
        return std::nullopt;
    }
    const std::string_view phase = value;
    const std::size_t phase_at = value_at;
    if (!in.field("left", value, value_at)) return std::nullopt;
    const std::string_view left = value;
    const std::size_t left_at = value_at;
    const std::optional<std::uint32_t> openings = number_field("openings");
    if (!openings) return std::nullopt;
    if (*openings != 4 && *openings != 8) {
        // TRANSLATORS: openings is a field of the position string, kept as it is.
        in.fail(value_at, tr("openings is 4 or 8 (the opening placements of a round)"));
        return std::nullopt;
    }
    std::array<std::optional<TileLine>, 2> lines;
    for (int i = 0; i < 2; ++i) {
        const std::string_view name = i == 0 ? "tiles1" : "tiles4";
        if (!in.field(name, value, value_at)) return std::nullopt;
        if (value == "?") continue;
        std::vector<Tile> tiles;
        if (!read_codes(value, tiles) || !(lines[static_cast<std::size_t>(i)] = full_line(tiles))) {
            // TRANSLATORS: {} is the name of a field of the position string (tiles1, tiles4),
            // kept as it is.
            in.fail(value_at, trf("{} is the nine tile codes once each, comma-joined, or ?", name));
            return std::nullopt;
        }
    }
    if (!in.field("over", value, value_at)) return std::nullopt;
    const std::string_view over = value;
    const std::size_t over_at = value_at;
    if (!in.done()) {
        // TRANSLATORS: over is a field of the position string, kept as it is.
        in.fail(in.at(), tr("the string ends after the over field"));
        return std::nullopt;
    }

    // The fields together.
    const Color first_guess = next == "D" ? Color::dark : Color::light;
    ParsedPosition out;
    out.position = Position::start(static_cast<int>(*openings), lines[0], lines[1], first_guess);
    const std::uint32_t round_length = *openings + tile_count;
    if (*ply > rounds * round_length) {
        // TRANSLATORS: ply is a field of the position string, kept as it is; {0} is a number of
        // turns, {1} the turns of a round.
        in.fail(0, trf("ply is at most {}: five rounds of {} turns", rounds * round_length,
                       round_length));
        return std::nullopt;
    }
    out.position.set_pawns(Color::light, pawns[0]);
    out.position.set_pawns(Color::dark, pawns[1]);
    // The side to move: given by next, or once over by the alternation (I3.4) from any side.
    out.position.set_progress(*ply, first_guess);
    if (static_cast<int>(*round) != out.position.round()) {
        // TRANSLATORS: ply and round are fields of the position string, kept as they are; {0} is
        // the value of ply, {1} the round it is in (1 to 5), {2} the value of round as written.
        in.fail(round_at,
                trf("ply {} is in round {}, not round {}", *ply, out.position.round(), *round));
        return std::nullopt;
    }
    if ((*ply > 0 || next != "-") && out.position.tiles1() == std::nullopt && *ply > 0) {
        // TRANSLATORS: tiles1 is a field of the position string, kept as it is.
        in.fail(next_at, tr("a position after the first turn knows its tiles: tiles1 is given"));
        return std::nullopt;
    }
    if (out.position.round() >= 4 && !out.position.rounds_complete() &&
        out.position.tiles_drawn() + (out.position.in_openings() ? 0 : 1) > 0 &&
        !out.position.tiles4()) {
        // TRANSLATORS: tiles4 is a field of the position string, kept as it is.
        in.fail(round_at, tr("a position in round 4 or 5 knows tiles4"));
        return std::nullopt;
    }
    const std::optional<TileLine> line = out.position.line_of_round(out.position.round());
    const std::string expected_left = out.position.rounds_complete()
                                          ? std::string()
                                          : line_text(line, out.position.tiles_drawn(), ',');
    if (left != expected_left) {
        // TRANSLATORS: ply is a field of the position string, kept as it is; {0} is its value,
        // {1} a list of tile codes (SO,RD), {2} a round (1 to 5).
        in.fail(left_at, trf("ply {} leaves \"{}\" to draw in round {}", *ply, expected_left,
                             out.position.round()));
        return std::nullopt;
    }
    if (over == "-") {
        if (next == "-" || phase == "end") {
            in.fail(next == "-" ? next_at : phase_at,
                    tr("a game that is not over has a player to place and a phase"));
            return std::nullopt;
        }
        const std::string_view wanted = out.position.in_openings() ? "opening" : "tiles";
        if (phase != wanted) {
            // TRANSLATORS: ply is a field of the position string, kept as it is; {0} is its
            // value, {1} the value of the field phase (opening, tiles), kept as it is.
            in.fail(phase_at, trf("ply {} is in the {} phase", *ply, wanted));
            return std::nullopt;
        }
    } else {
        const std::size_t colon = over.find(':');
        const std::optional<ResultKind> result =
            colon == std::string_view::npos ? std::nullopt : parse_result(over.substr(0, colon));
        const std::string_view reason =
            colon == std::string_view::npos ? std::string_view() : over.substr(colon + 1);
        if (!result || *result == ResultKind::unfinished ||
            (reason != "rounds-complete" && reason != "no-placement")) {
            // TRANSLATORS: over is a field of the position string; -, rounds-complete and
            // no-placement are its values, kept as they are.
            in.fail(over_at, tr("over is - or result:reason, the reason rounds-complete or "
                                "no-placement"));
            return std::nullopt;
        }
        if (next != "-" || phase != "end") {
            in.fail(next != "-" ? next_at : phase_at,
                    // TRANSLATORS: next=- and phase=end are fields of the position string, kept as
                    // they are.
                    tr("a game that is over has next=- and phase=end"));
            return std::nullopt;
        }
        if ((reason == "rounds-complete") != out.position.rounds_complete()) {
            if (out.position.rounds_complete())
                // TRANSLATORS: ply is a field of the position string, kept as it is; {} is its
                // value.
                in.fail(over_at, trf("ply {} is the end of round 5", *ply));
            else
                // TRANSLATORS: ply is a field of the position string, kept as it is; {} is its
                // value.
                in.fail(over_at, trf("ply {} is not the end of round 5", *ply));
            return std::nullopt;
        }
        if (const Score score = score_of(out.position); *result != scored_result(score)) {
            in.fail(over_at,
                    // TRANSLATORS: {0} and {1} are results (1-0, 0-1, 1/2-1/2), {0} the one the
                    // board gives and {1} the one written; {2} the score in words ("Light wins on
                    // territory 3–1", "draw: territory 0–0, pawns 2–2").
                    trf("the board scores {}, not {}: {}", result_text(scored_result(score)),
                        result_text(*result), score_words(score, true)));
            return std::nullopt;
        }
        out.end = GameEnd{true, *result,
                          reason == "rounds-complete" ? "rounds-complete" : "no-placement"};
    }
    return out;
}

std::string next_turn_words(const Position& position, const GameEnd& end) {
    if (end.over)
        // TRANSLATORS: {0} is a result (1-0, 0-1, 1/2-1/2), {1} why the game ended, in words
        // (all rounds played, no placement possible).
        return trf("the game is over: {} ({})", result_text(end.result),
                   translated(ending_words(end.reason)));
    const int round = position.round();
    if (position.in_openings())
        // TRANSLATORS: {0} is the name of a player (Light or Dark), {1} a turn number, {2} the
        // round (1 to 5), {3} the placement's place among the {4} of the round.
        return trf("{} to place turn {} (round {}, opening placement {} of {})",
                   side_name(position.side_to_move()), position.ply() / 2 + 1, round,
                   position.turn_in_round() + 1, position.openings());
    const std::optional<Tile> tile = position.tile_to_draw();
    // TRANSLATORS: {0} is the name of a player (Light or Dark), {1} a turn number, {2} the round
    // (1 to 5), {3} the tile turn's place in the round (1 to 9), {4} the tile's code (SO), or ?
    // when it is unknown.
    return trf("{} to place turn {} (round {}, tile turn {} of 9, draws {})",
               side_name(position.side_to_move()), position.ply() / 2 + 1, round,
               position.tiles_drawn() + 1, tile ? tile_code(*tile) : "?");
}

const char* key_words() {
    // TRANSLATORS: the key under a text board; L, D and . are the characters of the board, kept
    // as they are; Light and Dark are the players' names.
    return tr("key: L Light, D Dark, . empty");
}

std::string draw_position(const Position& position, const GameEnd& end) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        out += fmt::format("{}  ", rank + 1);
        for (int file = 0; file < 8; ++file) {
            const std::optional<Color> pawn = position.pawn_at(square_at(file, rank));
            out += pawn ? color_letter(*pawn) : '.';
            out += file < 7 ? " " : "";
        }
        out += fmt::format("  {}\n", rank + 1);
    }
    out += "   a b c d e f g h\n";
    out += "  ";
    out += key_words();
    out += "\n";
    const int round = position.round();
    const std::optional<TileLine> line = position.line_of_round(round);
    if (line) {
        const int drawn = position.rounds_complete() ? tile_count : position.tiles_drawn();
        std::string tiles;
        for (int i = 0; i < tile_count; ++i) {
            const std::string_view code = tile_code((*line)[static_cast<std::size_t>(i)]);
            tiles += i < drawn ? fmt::format(" ({})", code) : fmt::format(" {}", code);
        }
        // TRANSLATORS: the tile line under a board: {0} is the round (1 to 5), {1} the nine
        // tile codes, each after a space, those already drawn in brackets: " (SO) (RD) LO ...".
        out += "  " + trf("round {} tiles:{}   (drawn in brackets)", round, tiles) + "\n";
    } else {
        // TRANSLATORS: under a board; {} is the round (1 to 5).
        out += "  " + trf("round {} tiles: unknown", round) + "\n";
    }
    const std::array<Squares, 2> owned = territories(position);
    for (Color c : {Color::light, Color::dark}) {
        std::string squares;
        for (Squares s = owned[slot(c)]; s != 0; s &= s - 1)
            squares += (squares.empty() ? "" : " ") + square_name(first_square(s));
        out += "  " +
               // TRANSLATORS: a player's score under a board: {0} is the name of the player (Light
               // or Dark), {1} the territory in squares, {2} empty or its squares after a space in
               // brackets (" (c3 d3)"), {3} the pawns on the board.
               trf("{}: territory {}{}, pawns {}", side_name(c), std::popcount(owned[slot(c)]),
                   squares.empty() ? "" : fmt::format(" ({})", squares),
                   std::popcount(position.pawns(c))) +
               "\n";
    }
    out += "  " + next_turn_words(position, end) + "\n";
    return out;
}

}  // namespace jv::imb
