#include "jelimvre/rules.hpp"

#include <cstdlib>

#include <fmt/format.h>

#include "jelimvre/notation.hpp"

namespace jv::jel {

std::string_view kind_name(PieceKind kind) {
    switch (kind) {
        case PieceKind::king:
            return "king";
        case PieceKind::queen:
            return "queen";
        case PieceKind::dragon:
            return "dragon";
        case PieceKind::tower:
            return "tower";
        case PieceKind::guard:
            return "royal guard";
        case PieceKind::knight:
            return "knight";
        case PieceKind::soldier:
            return "soldier";
        case PieceKind::none:
            break;
    }
    return "piece";
}

std::string_view color_name(Color color) {
    return color == Color::white ? "White" : "Black";
}

std::string piece_name(Piece piece) {
    return fmt::format("{}'s {}", color_name(color_of(piece)), kind_name(kind_of(piece)));
}

namespace {

RuleFault fault(std::string_view rule, std::string message) {
    return RuleFault{std::string(rule), std::move(message)};
}

RuleFault not_supported(std::string_view rule, std::string_view what) {
    return fault(rule, fmt::format("{} is not supported yet by this version of the referee, so "
                                   "this record cannot be checked past this action",
                                   what));
}

// What stands on a square, for messages: "Black's knight", "White's wall", "water".
std::string describe(Cell cell) {
    std::string out;
    if (cell.piece() != 0) out = piece_name(cell.piece());
    std::string base;
    switch (cell.terrain()) {
        case Terrain::white_wall:
            base = "White's wall";
            break;
        case Terrain::black_wall:
            base = "Black's wall";
            break;
        case Terrain::water:
            base = "water";
            break;
        case Terrain::ground:
            break;
    }
    if (cell.has_regenerator())
        base = fmt::format("{}'s regenerator", color_name(cell.regenerator_color()));
    if (out.empty()) return base.empty() ? "nothing" : base;
    return base.empty() ? out : fmt::format("{} on {}", out, base);
}

struct MoveContext {
    const Position& position;
    const Ruleset& rules;
    Action action;
    Color me;
    Square from;
    Square to;
    Cell source;
    Cell target;
    int file_step;  // files moved (signed)
    int rank_step;  // ranks moved towards the opponent (positive = forward)
    bool captures;  // an enemy army piece or the enemy regenerator is on the target square

    std::string path() const { return fmt::format("{} to {}", square_name(from), square_name(to)); }
};

int sign(int v) {
    return (v > 0) - (v < 0);
}

// Sliding pieces pass only over empty squares (J6.2); returns the first square in the way.
Square first_blocker(const Position& position, Square from, Square to) {
    int df = sign(file_of(to) - file_of(from));
    int dr = sign(rank_of(to) - rank_of(from));
    int f = file_of(from) + df;
    int r = rank_of(from) + dr;
    while (make_square(f, r) != to) {
        Square s = make_square(f, r);
        if (!position.cell(s).empty()) return s;
        f += df;
        r += dr;
    }
    return no_square;
}

bool on_line(int df, int dr) {
    return df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
}

// Where a non-soldier stops (J6.3, J8.4-J8.6, J9.2): no water; walls only for the dragon.
std::optional<RuleFault> check_landing(const MoveContext& m) {
    PieceKind kind = kind_of(m.source.piece());
    if (m.target.terrain() == Terrain::water)
        return fault("J6.3", fmt::format("no army piece may stop on water, and {} is water",
                                         square_name(m.to)));
    if (is_wall(m.target.terrain()) && kind != PieceKind::dragon)
        return fault("J6.3", fmt::format("only soldiers and dragons stand on walls; {} holds {} "
                                         "and a {} cannot stop there",
                                         square_name(m.to), describe(m.target), kind_name(kind)));
    if (m.target.has_regenerator() && m.target.regenerator_color() == m.me &&
        !m.rules.stand_on_own_regenerator)
        return fault("J9.2", fmt::format("under this ruleset no piece may stop on its own "
                                         "regenerator, which stands on {}",
                                         square_name(m.to)));
    return std::nullopt;
}

std::optional<RuleFault> check_slide(const MoveContext& m, std::string_view rule,
                                     std::string_view pattern, bool pattern_ok) {
    PieceKind kind = kind_of(m.source.piece());
    if (!pattern_ok)
        return fault(rule, fmt::format("a {} moves {}; {} is not such a line", kind_name(kind),
                                       pattern, m.path()));
    Square blocker = first_blocker(m.position, m.from, m.to);
    if (blocker != no_square)
        return fault("J6.2", fmt::format("a {} passes only over empty squares; on its way from {}, "
                                         "{} holds {}",
                                         kind_name(kind), m.path(), square_name(blocker),
                                         describe(m.position.cell(blocker))));
    return check_landing(m);
}

std::optional<RuleFault> check_soldier(const MoveContext& m) {
    if (is_wall(m.source.terrain()))
        return not_supported("J7.5", "a soldier's move from a wall (J7.5-J7.9)");
    int df = m.file_step;
    int dr = m.rank_step;
    bool adjacent = std::abs(df) <= 1 && std::abs(dr) <= 1;
    if (adjacent && m.target.terrain() == wall_of(m.me) && m.target.piece() == 0)
        return not_supported("J7.4", "a soldier climbing onto its own wall");
    const std::string from = square_name(m.from);
    const std::string to = square_name(m.to);
    auto free_ground = [&](Cell c) {
        return c.empty() || (c.ground() && c.piece() == 0 && c.has_regenerator() &&
                             c.regenerator_color() == m.me);
    };

    if (df == 0 && dr == 1) {
        if (m.captures)
            return fault("J7.1", fmt::format("a soldier on the ground captures only diagonally "
                                             "forward; straight ahead, {} holds {}",
                                             to, describe(m.target)));
        if (m.target.terrain() == Terrain::water)
            return fault("J6.3",
                         fmt::format("no army piece may stop on water, and {} is water", to));
        if (!free_ground(m.target))
            return fault("J7.1", fmt::format("a soldier on the ground steps forward only onto an "
                                             "empty ground square or its own free regenerator; "
                                             "{} holds {}",
                                             to, describe(m.target)));
        return check_landing(m);
    }
    if (df == 0 && dr == 2) {
        if (!m.position.has_double_step(m.from))
            return fault("J7.2", fmt::format("only a soldier that has not moved since the setup "
                                             "may advance two squares; the soldier on {} has "
                                             "moved or was regenerated",
                                             from));
        Square middle = make_square(file_of(m.from), rank_of(m.from) + forward(m.me));
        for (Square s : {middle, m.to}) {
            if (!m.position.cell(s).empty())
                return fault("J7.2", fmt::format("the double step needs both squares ahead to "
                                                 "be empty ground; {} holds {}",
                                                 square_name(s), describe(m.position.cell(s))));
        }
        return std::nullopt;
    }
    if (std::abs(df) == 1 && dr == 1) {
        if (!m.captures)
            return fault("J7.3", fmt::format("a soldier moves diagonally only to capture, and {} "
                                             "holds {}",
                                             to, describe(m.target)));
        if (!m.target.ground())
            return fault("J7.3", fmt::format("from the ground a soldier captures only on a "
                                             "ground square; {} holds {}",
                                             to, describe(m.target)));
        return std::nullopt;
    }
    std::string how = dr <= 0 ? (dr == 0 ? "sideways" : "backwards") : "forward";
    return fault("J7.1", fmt::format("a soldier on the ground moves one square forward (two "
                                     "from its setup square) or captures one square diagonally "
                                     "forward; {} goes {} {} and {} {} {}",
                                     m.path(), std::abs(dr), std::abs(dr) == 1 ? "rank" : "ranks",
                                     std::abs(df), std::abs(df) == 1 ? "file" : "files",
                                     dr == 0 && df == 0 ? "nowhere" : how));
}

std::optional<RuleFault> check_pattern(const MoveContext& m) {
    int df = m.file_step;
    int dr = m.rank_step;
    int adf = std::abs(df);
    int adr = std::abs(dr);
    switch (kind_of(m.source.piece())) {
        case PieceKind::soldier:
            return check_soldier(m);
        case PieceKind::tower:
            return check_slide(m, "J8.1", "along its rank or file", df == 0 || dr == 0);
        case PieceKind::guard:
            return check_slide(m, "J8.2", "along a diagonal", adf == adr);
        case PieceKind::queen:
            return check_slide(m, "J8.3", "along a rank, a file or a diagonal", on_line(df, dr));
        case PieceKind::knight: {
            if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
                return fault("J8.4", fmt::format("a knight jumps two squares one way and one the "
                                                 "other; {} is {} by {}",
                                                 m.path(), adf, adr));
            Piece victim = m.target.piece();
            if (victim != 0 && kind_of(victim) == PieceKind::dragon &&
                m.rules.knight_vs_dragon == KnightVsDragon::cannot_capture)
                return fault("J8.4", fmt::format("under this ruleset a knight may not capture "
                                                 "the dragon, which stands on {}",
                                                 square_name(m.to)));
            return check_landing(m);
        }
        case PieceKind::dragon: {
            if (!on_line(df, dr))
                return fault("J8.5", fmt::format("a dragon flies along a rank, a file or a "
                                                 "diagonal; {} is not such a line",
                                                 m.path()));
            Piece victim = m.target.piece();
            bool royal_target =
                (victim != 0 && kind_of(victim) == PieceKind::king) ||
                (m.target.has_regenerator() && m.target.regenerator_color() != m.me);
            if (royal_target) {
                Square blocker = first_blocker(m.position, m.from, m.to);
                if (blocker != no_square)
                    return fault("J8.5", fmt::format("to capture a king or a regenerator the "
                                                     "dragon needs a clear line; on the line from "
                                                     "{}, {} holds {}",
                                                     m.path(), square_name(blocker),
                                                     describe(m.position.cell(blocker))));
            }
            return check_landing(m);
        }
        case PieceKind::king:
            if (std::max(adf, adr) != 1)
                return fault("J8.6", fmt::format("a king moves one square in any direction; {} "
                                                 "is {} squares away",
                                                 m.path(), std::max(adf, adr)));
            return check_landing(m);
        case PieceKind::none:
            break;
    }
    return std::nullopt;
}

}  // namespace

bool move_captures(const Position& position, Action action) {
    Cell target = position.cell(action.to());
    Color me = position.side_to_move();
    return (target.piece() != 0 && color_of(target.piece()) != me) ||
           (target.has_regenerator() && target.regenerator_color() != me);
}

std::optional<RuleFault> check_army_move(const Position& position, Action action,
                                         const Ruleset& rules) {
    const Color me = position.side_to_move();
    const Square from = action.from();
    const Square to = action.to();
    const Cell source = position.cell(from);
    const Piece piece = source.piece();
    const PieceKind written = to_kind(action.letter());

    if (piece == 0)
        return fault("J6.1", fmt::format("there is no piece on {} to move ({} holds {})",
                                         square_name(from), square_name(from), describe(source)));
    if (color_of(piece) != me)
        return fault("J6.1", fmt::format("{} holds {}; {} moves only its own pieces",
                                         square_name(from), piece_name(piece), color_name(me)));
    if (kind_of(piece) != written)
        return fault("J6.1", fmt::format("the piece on {} is {}, not a {} as written",
                                         square_name(from), piece_name(piece), kind_name(written)));
    if (from == to)
        return fault("J6.1", fmt::format("a move must leave its square; {} goes nowhere",
                                         format_action(action)));
    const Cell target = position.cell(to);
    if (target.piece() != 0 && color_of(target.piece()) == me)
        return fault("J6.1",
                     fmt::format("no piece moves onto a square of its own side; {} holds {}",
                                 square_name(to), piece_name(target.piece())));

    MoveContext m{position,
                  rules,
                  action,
                  me,
                  from,
                  to,
                  source,
                  target,
                  file_of(to) - file_of(from),
                  (rank_of(to) - rank_of(from)) * forward(me),
                  move_captures(position, action)};
    if (auto problem = check_pattern(m)) return problem;

    if (action.capture_mark() && !m.captures)
        return fault("J14.2",
                     fmt::format("the capture mark 'x' is written, but {} holds {} to "
                                 "capture; write {}{}-{}",
                                 square_name(to), describe(target), letter_char(action.letter()),
                                 square_name(from), square_name(to)));
    if (!action.capture_mark() && m.captures)
        return fault("J14.2",
                     fmt::format("this move captures {} on {}, so it must be written "
                                 "with 'x': {}{}x{}",
                                 describe(target), square_name(to), letter_char(action.letter()),
                                 square_name(from), square_name(to)));
    if (action.promotion() != PieceKind::none) return not_supported("J7.10", "promotion");
    return std::nullopt;
}

}  // namespace jv::jel
