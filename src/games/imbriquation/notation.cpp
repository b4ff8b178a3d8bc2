#include "games/imbriquation/notation.hpp"

#include <fmt/format.h>

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
    for (int t = 0; t < tile_count; ++t)
        if (tile_code(static_cast<Tile>(t)) == text) return static_cast<Tile>(t);
    return std::nullopt;
}

namespace {

bool is_square_start(std::string_view text, std::size_t at) {
    return at + 2 <= text.size() && parse_square(text.substr(at, 2)).has_value();
}

}  // namespace

ActionParse parse_action(std::string_view text) {
    ActionParse out;
    Action action;
    auto fail = [&](std::string problem) {
        out.problem = std::move(problem);
        return out;
    };
    if (text.size() == 2 && text[0] >= 'A' && text[0] <= 'Z') {
        const std::optional<Tile> tile = parse_tile(text);
        if (!tile)
            return fail(fmt::format(
                "'{}' is not a tile code: the codes are SO SD RO RD JO JD LO LD BL", text));
        action.type = Action::Type::tile;
        action.tile = *tile;
        out.action = action;
        return out;
    }
    if (text.size() == 2 && is_square_start(text, 0)) {
        action.type = Action::Type::place;
        action.from = *parse_square(text);
        out.action = action;
        return out;
    }
    if (text.size() == 3 && text[0] == 'x' && is_square_start(text, 1)) {
        action.type = Action::Type::removal;
        action.from = *parse_square(text.substr(1));
        out.action = action;
        return out;
    }
    if (text.size() == 5 && text[2] == '-' && is_square_start(text, 0) &&
        is_square_start(text, 3)) {
        action.type = Action::Type::move;
        action.from = *parse_square(text.substr(0, 2));
        action.to = *parse_square(text.substr(3, 2));
        out.action = action;
        return out;
    }
    if (text.size() >= 5 && text.size() % 3 == 2 && is_square_start(text, 0)) {
        action.type = Action::Type::chain;
        action.from = *parse_square(text.substr(0, 2));
        for (std::size_t at = 2; at < text.size(); at += 3) {
            if (text[at] != 'x' || !is_square_start(text, at + 1)) break;
            if (action.jumps == max_chain_jumps)
                return fail(fmt::format("a chain has at most {} jumps (each captures a pawn)",
                                        max_chain_jumps));
            action.landings[action.jumps++] = *parse_square(text.substr(at + 1, 2));
            if (at + 3 == text.size()) {
                out.action = action;
                return out;
            }
        }
    }
    return fail(fmt::format(
        "'{}' is not an Imbriquation action: a placement is a square (e4), a tile code two "
        "capitals (SO), a move e2-f2, a jump or chain e4xc4xc1, a removal xe3; squares are a1 "
        "to h8",
        text));
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
