#include "games/imbriquation/notation.hpp"

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv::imb {

bool operator==(const Action& a, const Action& b) {
    if (a.type != b.type || a.from != b.from) return false;
    switch (a.type) {
        case Action::Type::move:
            return a.to == b.to;
        case Action::Type::tile:
            return a.tile == b.tile;
        case Action::Type::chain:
            if (a.jumps != b.jumps) return false;
            for (std::size_t i = 0; i < a.jumps; ++i)
                if (a.landings[i] != b.landings[i]) return false;
            return true;
        case Action::Type::place:
        case Action::Type::removal:
            return true;
    }
    return true;
}

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return std::nullopt;
    return square_at(text[0] - 'a', text[1] - '1');
}

std::optional<Tile> parse_tile(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    if (text == "BL") return Tile::BL;
    const char direction = text[1];
    if (direction != 'O' && direction != 'D') return std::nullopt;
    const bool diagonal = direction == 'D';
    switch (text[0]) {
        case 'S':
            return diagonal ? Tile::SD : Tile::SO;
        case 'R':
            return diagonal ? Tile::RD : Tile::RO;
        case 'J':
            return diagonal ? Tile::JD : Tile::JO;
        case 'L':
            return diagonal ? Tile::LD : Tile::LO;
        default:
            return std::nullopt;
    }
}

namespace {

// The square named by text[at], text[at + 1], or 64 when they do not name one.
unsigned square_code(std::string_view text, std::size_t at) {
    const auto file = static_cast<unsigned>(text[at] - 'a');
    const auto rank = static_cast<unsigned>(text[at + 1] - '1');
    return file < 8 && rank < 8 ? rank * 8 + file : 64;
}

}  // namespace

bool read_action(std::string_view text, Action& out) {
    const std::size_t size = text.size();
    if (size < 2) return false;
    if (size == 2) {
        if (const unsigned s = square_code(text, 0); s < 64) {
            out.type = Action::Type::place;
            out.from = static_cast<Square>(s);
            return true;
        }
        const std::optional<Tile> tile = parse_tile(text);
        if (!tile) return false;
        out.type = Action::Type::tile;
        out.tile = *tile;
        return true;
    }
    if (size == 3) {
        const unsigned s = square_code(text, 1);
        if (text[0] != 'x' || s == 64) return false;
        out.type = Action::Type::removal;
        out.from = static_cast<Square>(s);
        return true;
    }
    const unsigned from = square_code(text, 0);
    if (from == 64 || size % 3 != 2) return false;
    out.from = static_cast<Square>(from);
    if (size == 5 && text[2] == '-') {
        const unsigned to = square_code(text, 3);
        if (to == 64) return false;
        out.type = Action::Type::move;
        out.to = static_cast<Square>(to);
        return true;
    }
    const std::size_t jumps = (size - 2) / 3;
    if (jumps > max_chain_jumps) return false;
    for (std::size_t j = 0; j < jumps; ++j) {
        const std::size_t at = 2 + 3 * j;
        const unsigned landing = square_code(text, at + 1);
        if (text[at] != 'x' || landing == 64) return false;
        out.landings[j] = static_cast<Square>(landing);
    }
    out.type = Action::Type::chain;
    out.jumps = static_cast<std::uint8_t>(jumps);
    return true;
}

ActionParse parse_action(std::string_view text) {
    ActionParse out;
    Action action;
    if (read_action(text, action)) {
        out.action = action;
        return out;
    }
    // A word shaped like a square (a small letter and digits) that names none of the board's:
    // said with that word underlined, before the general message.
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const char file = text[i];
        if (file < 'a' || file > 'z' || text[i + 1] < '0' || text[i + 1] > '9') continue;
        std::size_t end = i + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        const std::string_view word = text.substr(i, end - i);
        if (file > 'h')
            // TRANSLATORS: {} is a word of the record shaped like a square (k4, e12).
            out.problem = trf("'{}' is not a square of the board: files go from a to h",
                              quote_for_message(word));
        else if (end - i != 2 || text[i + 1] == '0' || text[i + 1] == '9')
            // TRANSLATORS: {} is a word of the record shaped like a square (k4, e12).
            out.problem = trf("'{}' is not a square of the board: ranks go from 1 to 8",
                              quote_for_message(word));
        else
            continue;
        out.fault_begin = static_cast<std::uint32_t>(i);
        out.fault_end = static_cast<std::uint32_t>(end);
        return out;
    }
    if (text.size() == 2 && text[0] >= 'A' && text[0] <= 'Z')
        out.problem =
            // TRANSLATORS: {} is an action as written in the record; the tile codes are notation.
            trf("'{}' is not a tile code: the codes are SO SD RO RD JO JD LO LD BL",
                quote_for_message(text));
    else if (text.size() >= 5 && (text.size() - 2) / 3 > max_chain_jumps && text[2] == 'x')
        out.problem =
            // TRANSLATORS: {0} is a chain as written (cut when long), {1} its number of jumps,
            // {2} the most a chain may have.
            trf("'{0}' is a chain of {1} jumps, and a chain has at most {2}: each jump captures "
                "an enemy pawn, and the board holds at most {2} pawns besides the jumping one",
                quote_for_message(text), (text.size() - 2) / 3, max_chain_jumps);
    else
        out.problem = trf(
            // TRANSLATORS: {} is an action as written in the record; e4, SO, e2-f2, e4xc4xc1, xe3,
            // a1 and h8 are notation.
            "'{}' is not an Imbriquation action: a placement is a square (e4), a tile code two "
            "capitals (SO), a move e2-f2, a jump or chain e4xc4xc1, a removal xe3; squares are a1 "
            "to h8",
            quote_for_message(text));
    return out;
}

std::string format_action(const Action& action) {
    switch (action.type) {
        case Action::Type::place:
            return square_name(action.from);
        case Action::Type::tile:
            return std::string(tile_code(action.tile));
        case Action::Type::removal:
            return "x" + square_name(action.from);
        case Action::Type::move:
            return square_name(action.from) + "-" + square_name(action.to);
        case Action::Type::chain: {
            std::string out = square_name(action.from);
            for (std::size_t i = 0; i < action.jumps; ++i)
                out += "x" + square_name(action.landings[i]);
            return out;
        }
    }
    return {};
}

}  // namespace jv::imb
