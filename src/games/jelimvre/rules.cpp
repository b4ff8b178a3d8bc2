#include "games/jelimvre/rules.hpp"

#include <algorithm>
#include <cstdlib>
#include <type_traits>

#include <fmt/format.h>

#include "core/translate.hpp"
#include "games/jelimvre/geometry.hpp"
#include "games/jelimvre/marks.hpp"
#include "games/jelimvre/notation.hpp"

namespace jv::jel {

std::string_view kind_name(PieceKind kind) {
    switch (kind) {
        case PieceKind::king:
            return tr_in("piece", "king");
        case PieceKind::queen:
            return tr_in("piece", "queen");
        case PieceKind::dragon:
            return tr_in("piece", "dragon");
        case PieceKind::tower:
            return tr_in("piece", "tower");
        case PieceKind::guard:
            return tr_in("piece", "royal guard");
        case PieceKind::knight:
            return tr_in("piece", "knight");
        case PieceKind::soldier:
            return tr_in("piece", "soldier");
        case PieceKind::none:
            break;
    }
    return tr_in("piece", "piece");
}

std::string_view kind_name_plural(PieceKind kind) {
    switch (kind) {
        case PieceKind::king:
            return tr_in("piece", "kings");
        case PieceKind::queen:
            return tr_in("piece", "queens");
        case PieceKind::dragon:
            return tr_in("piece", "dragons");
        case PieceKind::tower:
            return tr_in("piece", "towers");
        case PieceKind::guard:
            return tr_in("piece", "royal guards");
        case PieceKind::knight:
            return tr_in("piece", "knights");
        case PieceKind::soldier:
            return tr_in("piece", "soldiers");
        case PieceKind::none:
            break;
    }
    return tr_in("piece", "pieces");
}

std::string_view color_name(Color color) {
    return color == Color::white ? tr_in("side", "White") : tr_in("side", "Black");
}

// Each piece with its side is a phrase of its own in the catalogues, so that a language gives
// it the article, the gender and the adjective it needs ("la reine blanche", "der weiße Drache").
std::string piece_name(Piece piece) {
    const bool white = color_of(piece) == Color::white;
    // TRANSLATORS: a piece with its side, with the definite article, as the subject of a sentence
    // or after "holds" ("e5 holds the black knight"); the piece names are the booklet's.
    switch (kind_of(piece)) {
        case PieceKind::king:
            return white ? tr_in("piece with its side", "the white king")
                         : tr_in("piece with its side", "the black king");
        case PieceKind::queen:
            return white ? tr_in("piece with its side", "the white queen")
                         : tr_in("piece with its side", "the black queen");
        case PieceKind::dragon:
            return white ? tr_in("piece with its side", "the white dragon")
                         : tr_in("piece with its side", "the black dragon");
        case PieceKind::tower:
            return white ? tr_in("piece with its side", "the white tower")
                         : tr_in("piece with its side", "the black tower");
        case PieceKind::guard:
            return white ? tr_in("piece with its side", "the white royal guard")
                         : tr_in("piece with its side", "the black royal guard");
        case PieceKind::knight:
            return white ? tr_in("piece with its side", "the white knight")
                         : tr_in("piece with its side", "the black knight");
        case PieceKind::soldier:
            return white ? tr_in("piece with its side", "the white soldier")
                         : tr_in("piece with its side", "the black soldier");
        case PieceKind::none:
            break;
    }
    return tr_in("piece", "piece");
}

std::string_view kind_indefinite(PieceKind kind) {
    // TRANSLATORS: a kind of piece with the indefinite article: "not a tower as written", "a
    // queen cannot stop there".
    switch (kind) {
        case PieceKind::king:
            return tr_in("piece with indefinite article", "a king");
        case PieceKind::queen:
            return tr_in("piece with indefinite article", "a queen");
        case PieceKind::dragon:
            return tr_in("piece with indefinite article", "a dragon");
        case PieceKind::tower:
            return tr_in("piece with indefinite article", "a tower");
        case PieceKind::guard:
            return tr_in("piece with indefinite article", "a royal guard");
        case PieceKind::knight:
            return tr_in("piece with indefinite article", "a knight");
        case PieceKind::soldier:
            return tr_in("piece with indefinite article", "a soldier");
        case PieceKind::none:
            break;
    }
    return tr_in("piece with indefinite article", "a piece");
}

std::string square_clause(Square s, Cell cell) {
    // TRANSLATORS: a whole clause saying what is on a square ({} is the square, e5), said after a
    // rule in a message: "a wall is placed only on an empty square; e5 holds the black knight".
    // The pieces ({} after the square) are "the white knight" and so on.
    const SquareName square{s};
    const bool white_wall = cell.terrain() == Terrain::white_wall;
    const bool regenerator = cell.has_regenerator();
    const bool white_regenerator = regenerator && cell.regenerator_color() == Color::white;
    if (cell.piece() == 0) {
        if (regenerator)
            return white_regenerator ? trf("{} holds the white regenerator", square)
                                     : trf("{} holds the black regenerator", square);
        switch (cell.terrain()) {
            case Terrain::white_wall:
            case Terrain::black_wall:
                return white_wall ? trf("{} holds a white wall", square)
                                  : trf("{} holds a black wall", square);
            case Terrain::water:
                return trf("{} is water", square);
            case Terrain::ground:
                break;
        }
        return trf("{} is empty", square);
    }
    const std::string piece = piece_name(cell.piece());
    if (regenerator)
        return white_regenerator ? trf("{} holds {}, on the white regenerator", square, piece)
                                 : trf("{} holds {}, on the black regenerator", square, piece);
    if (is_wall(cell.terrain()))
        return white_wall ? trf("{} holds {}, on a white wall", square, piece)
                          : trf("{} holds {}, on a black wall", square, piece);
    return trf("{} holds {}", square, piece);
}

namespace {

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

    // The moving piece with its side ("the white tower"), the subject of a move's message.
    std::string mover() const { return piece_name(source.piece()); }
};

int sign(int v) {
    return (v > 0) - (v < 0);
}

}  // namespace

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

namespace {

// The next square from `from` towards `to` along their line.
Square next_on_line(Square from, Square to) {
    return make_square(file_of(from) + sign(file_of(to) - file_of(from)),
                       rank_of(from) + sign(rank_of(to) - rank_of(from)));
}

bool on_line(int df, int dr) {
    return df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
}

// J6.3: no army piece stops on water.
std::optional<RuleFault> water_landing_fault(const MoveContext& m) {
    return fault("J6.3", [&] {
        return trf(
            // TRANSLATORS: {0} is a piece with its side ("the white queen"); {1} and {2} are
            // squares (e5)
            "{0} on {1} cannot stop on {2}: it is water, and no army piece may stop on water",
            m.mover(), SquareName{m.from}, SquareName{m.to});
    });
}

// Where a non-soldier stops (J6.3, J8.4-J8.6, J9.2): no water; walls only for the dragon.
std::optional<RuleFault> landing_fault(const MoveContext& m) {
    PieceKind kind = kind_of(m.source.piece());
    if (m.target.terrain() == Terrain::water) return water_landing_fault(m);
    if (is_wall(m.target.terrain()) && kind != PieceKind::dragon)
        return fault("J6.3", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white queen"); {1} and {2} are
                // squares (e5); {3} a whole clause saying what is on {2} ("d7 holds a white wall")
                "{0} on {1} cannot stop on {2}: {3}, and only soldiers and dragons stand on walls",
                m.mover(), SquareName{m.from}, SquareName{m.to}, square_clause(m.to, m.target));
        });
    if (m.target.has_regenerator() && m.target.regenerator_color() == m.me &&
        !m.rules.stand_on_own_regenerator)
        return fault("J9.2", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white queen"); {1} and {2} are
                // squares (e5)
                "{0} on {1} cannot stop on {2}: its own regenerator stands there, and under this "
                "ruleset no piece may stop on its own regenerator",
                m.mover(), SquareName{m.from}, SquareName{m.to});
        });
    return std::nullopt;
}

// Plain ground with no regenerator takes any piece, the usual landing: answered here so that
// only the other landings pay for a call (the referee checks a move at every turn).
inline std::optional<RuleFault> check_landing(const MoveContext& m) {
    if (m.target.terrain() == Terrain::ground && !m.target.has_regenerator()) return std::nullopt;
    return landing_fault(m);
}

// Why a tower, a royal guard or a queen cannot go where the move says (J8.1-J8.3).
std::string slide_pattern_message(const MoveContext& m) {
    const SquareName from{m.from};
    const SquareName to{m.to};
    switch (kind_of(m.source.piece())) {
        case PieceKind::tower:
            // TRANSLATORS: {0} is a piece with its side ("the white tower"); {1} and {2} are
            // squares (e5)
            return trf(
                "{0} on {1} cannot go to {2}: a tower moves along its rank or its file, "
                "and {2} is on neither",
                m.mover(), from, to);
        case PieceKind::guard:
            // TRANSLATORS: {0} is a piece with its side ("the white royal guard"); {1} and {2}
            // are squares (e5)
            return trf(
                "{0} on {1} cannot go to {2}: a royal guard moves along a diagonal, and {2} "
                "is on no diagonal of {1}",
                m.mover(), from, to);
        default:
            // TRANSLATORS: {0} is a piece with its side ("the white queen"); {1} and {2} are
            // squares (e5)
            return trf(
                "{0} on {1} cannot go to {2}: a queen moves along a rank, a file or a "
                "diagonal, and {2} shares none of them with {1}",
                m.mover(), from, to);
    }
}

std::optional<RuleFault> check_slide(const MoveContext& m, std::string_view rule, bool pattern_ok) {
    if (!pattern_ok) return fault(rule, [&] { return slide_pattern_message(m); });
    Square blocker = first_blocker(m.position, m.from, m.to);
    if (blocker != no_square)
        return fault("J6.2", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white tower"); {1} and {2} are
                // squares (e5); {3} a whole clause saying what is on a square between them ("a2
                // holds the white soldier", "f10 holds the black regenerator")
                "{0} on {1} cannot reach {2}: it passes only over empty squares, and {3}",
                m.mover(), SquareName{m.from}, SquareName{m.to},
                square_clause(blocker, m.position.cell(blocker)));
        });
    return check_landing(m);
}

// J7.9: from any wall, a soldier captures one square diagonally forward only a soldier or a
// dragon standing on a wall.
std::optional<RuleFault> check_capture_on_walls(const MoveContext& m) {
    PieceKind victim = kind_of(m.target.piece());
    if (is_wall(m.target.terrain()) &&
        (victim == PieceKind::soldier || victim == PieceKind::dragon))
        return std::nullopt;
    return fault("J7.9", [&] {
        return trf(
            // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2} are
            // squares (e5); {3} a whole clause saying what is on {2} ("e5 holds the black king")
            "{0} on {1} cannot capture on {2}: from a wall a soldier captures diagonally forward "
            "only a soldier or a dragon standing on a wall, and {3}",
            m.mover(), SquareName{m.from}, SquareName{m.to}, square_clause(m.to, m.target));
    });
}

// A soldier on its own wall (J7.5-J7.7, J7.9).
std::optional<RuleFault> check_soldier_on_own_wall(const MoveContext& m) {
    const int df = m.file_step;
    const int dr = m.rank_step;
    const Terrain own_wall = wall_of(m.me);
    const SquareName from{m.from};
    const SquareName to{m.to};
    // J7.9: a diagonal step forward onto a wall square holding an enemy soldier or dragon.
    if (std::abs(df) == 1 && dr == 1 && m.captures) return check_capture_on_walls(m);
    // J7.5: walking on the own wall.
    if (m.target.terrain() == own_wall) {
        if (m.target.piece() != 0)
            return fault("J7.5", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // the white knight, on a white wall")
                    "{0} on {1} cannot go to {2}: a soldier walks on its wall only onto squares "
                    "holding no piece, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        if (m.rules.wall_walk == WallWalk::unit) {
            // Any square of the unit reachable through own-wall squares holding no piece.
            SquareSet reached;
            std::array<Square, square_count> stack{};
            int top = 0;
            stack[0] = m.from;
            top = 1;
            reached.insert(m.from);
            while (top > 0) {
                Square s = stack[static_cast<std::size_t>(--top)];
                for (Square n : neighbours(s)) {
                    Cell c = m.position.cell(n);
                    if (reached.contains(n) || c.terrain() != own_wall || c.piece() != 0) continue;
                    if (n == m.to) return std::nullopt;
                    reached.insert(n);
                    stack[static_cast<std::size_t>(top++)] = n;
                }
            }
            return fault("J7.5", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5)
                    "{0} on {1} cannot reach {2}: a soldier walks on its wall only through own "
                    "wall squares holding no piece, and no such way leads from {1} to {2}",
                    m.mover(), from, to);
            });
        }
        if (!on_line(df, dr))
            return fault("J7.5", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5)
                    "{0} on {1} cannot go to {2}: a soldier walks on its wall along a rank, a "
                    "file or a diagonal, and {2} shares none of them with {1}",
                    m.mover(), from, to);
            });
        for (Square s = next_on_line(m.from, m.to); s != m.to; s = next_on_line(s, m.to)) {
            Cell c = m.position.cell(s);
            if (c.terrain() != own_wall || c.piece() != 0)
                return fault("J7.5", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1}
                        // and {2} are squares (e5); {3} a whole clause saying what is on a square
                        // between them ("e4 is empty", "e4 holds a black wall")
                        "{0} on {1} cannot reach {2}: a soldier walks on its wall only over own "
                        "wall squares holding no piece, and {3}",
                        m.mover(), from, to, square_clause(s, c));
                });
        }
        return std::nullopt;
    }
    // J7.7: the leap, two ranks forward and one file aside, onto a ground square.
    if (dr == 2 && std::abs(df) == 1) {
        if (!m.target.ground())
            return fault("J7.7", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // a black wall")
                    "{0} on {1} cannot leap to {2}: the leap from a wall lands on a ground square, "
                    "and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        if (!m.captures && !(m.rules.wall_leap_may_move && m.target.empty()))
            return fault("J7.7", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 is
                    // empty")
                    "{0} on {1} cannot leap to {2}: the leap from a wall is a capture only, and "
                    "{3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.8: one square straight forward onto an adjacent enemy wall holding no piece.
    if (df == 0 && dr == 1 && is_wall(m.target.terrain()) && m.target.terrain() != own_wall) {
        if (m.target.piece() != 0)
            return fault("J7.8", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // the black regenerator, on a black wall")
                    "{0} on {1} cannot step onto {2}: a soldier steps onto an enemy wall only "
                    "where it holds no piece, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.6: climbing down, sideways or diagonally backward, onto an empty ground square.
    bool step = std::abs(df) <= 1 && std::abs(dr) <= 1;
    if (step && !is_wall(m.target.terrain()) && (dr == 0 || (dr == -1 && std::abs(df) == 1))) {
        if (!m.target.empty())
            return fault("J7.6", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // the black knight")
                    "{0} on {1} cannot climb down to {2}: a soldier climbs down only onto an "
                    "empty ground square, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.6: any other single step onto the ground is a climb down the wrong way.
    if (step && !is_wall(m.target.terrain()))
        return fault("J7.6", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2}
                // are squares (e5)
                "{0} on {1} cannot climb down to {2}: a soldier climbs down from its wall only "
                "sideways or diagonally backward, and this step is neither",
                m.mover(), from, to);
        });
    return fault("J7.5", [&] {
        return trf(
            // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2} are
            // squares (e5)
            "{0} on {1} cannot go to {2}: from its own wall a soldier walks along the wall, "
            "climbs down sideways or diagonally backward, steps forward onto an enemy wall, leaps "
            "two ranks forward and one file aside to capture, or captures diagonally forward on "
            "the walls, and this move is none of these",
            m.mover(), from, to);
    });
}

// A soldier on an enemy wall (J7.8, J7.9): it steps forward as on the ground.
std::optional<RuleFault> check_soldier_on_enemy_wall(const MoveContext& m) {
    const int df = m.file_step;
    const int dr = m.rank_step;
    const SquareName from{m.from};
    const SquareName to{m.to};
    if (std::abs(df) == 1 && dr == 1 && m.captures) return check_capture_on_walls(m);
    if (df == 0 && dr == 1) {
        Cell c = m.target;
        if (c.piece() != 0 || c.has_regenerator() || c.terrain() == Terrain::water)
            return fault("J7.8", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 is
                    // water", "e5 holds the black regenerator")
                    "{0} on {1} cannot step to {2}: on an enemy wall a soldier steps forward only "
                    "onto a square holding no piece, no regenerator and no water, and {3}",
                    m.mover(), from, to, square_clause(to.square, c));
            });
        return std::nullopt;
    }
    return fault("J7.8", [&] {
        return trf(
            // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2} are
            // squares (e5)
            "{0} on {1} cannot go to {2}: on an enemy wall a soldier moves one square straight "
            "forward, or captures diagonally forward on the walls, and this move is neither",
            m.mover(), from, to);
    });
}

// J7.1: why a soldier on the ground cannot go where the move says, when the move is none of its
// patterns (a step, a double step, a diagonal capture, a climb).
std::string soldier_pattern_message(const MoveContext& m) {
    const SquareName from{m.from};
    const SquareName to{m.to};
    const int ranks = std::abs(m.rank_step);
    const int files = std::abs(m.file_step);
    if (m.rank_step < 0)
        // TRANSLATORS: {0} is a piece with its side ("the black soldier"); {1} and {2} are
        // squares (e5)
        return trf(
            "{0} on {1} cannot go to {2}: a soldier on the ground never moves backward, "
            "except to climb onto its own wall next to it",
            m.mover(), from, to);
    if (m.rank_step == 0)
        // TRANSLATORS: {0} is a piece with its side ("the black soldier"); {1} and {2} are
        // squares (e5), on the same rank
        return trf(
            "{0} on {1} cannot go to {2}: a soldier on the ground never moves sideways, "
            "except to climb onto its own wall next to it",
            m.mover(), from, to);
    if (files == 0)
        return trn(
            // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2} are
            // squares (e5); {3} the number of ranks from {1} to {2} (3 or more)
            "{0} on {1} cannot go to {2}: a soldier on the ground moves one square forward (two "
            "from its setup square), and {2} is {3} rank ahead",
            "{0} on {1} cannot go to {2}: a soldier on the ground moves one square forward (two "
            "from its setup square), and {2} is {3} ranks ahead",
            static_cast<unsigned long>(ranks), m.mover(), from, to, ranks);
    return trf(
        // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and {2} are squares
        // (e5); {3} a number of ranks ("2 ranks"); {4} a number of files ("2 files")
        "{0} on {1} cannot go to {2}: a soldier on the ground moves one square forward (two from "
        "its setup square) or captures one square diagonally forward, and {2} is {3} ahead and "
        "{4} aside",
        m.mover(), from, to,
        // TRANSLATORS: how far a soldier's move goes, as in "e5 is 2 ranks ahead and 2 files
        // aside"
        trn("{} rank", "{} ranks", static_cast<unsigned long>(ranks), ranks),
        // TRANSLATORS: how far a soldier's move goes, as in "e5 is 2 ranks ahead and 2 files
        // aside"
        trn("{} file", "{} files", static_cast<unsigned long>(files), files));
}

std::optional<RuleFault> check_soldier(const MoveContext& m) {
    if (m.source.terrain() == wall_of(m.me)) return check_soldier_on_own_wall(m);
    if (is_wall(m.source.terrain())) return check_soldier_on_enemy_wall(m);
    const int df = m.file_step;
    const int dr = m.rank_step;
    const SquareName from{m.from};
    const SquareName to{m.to};
    // J7.4: climbing onto an adjacent square of the own wall.
    if (std::abs(df) <= 1 && std::abs(dr) <= 1 && m.target.terrain() == wall_of(m.me)) {
        if (m.target.piece() != 0)
            return fault("J7.4", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // the white knight, on a white wall")
                    "{0} on {1} cannot climb onto {2}: a soldier climbs only onto a square of its "
                    "own wall holding no piece, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    auto free_ground = [&](Cell c) {
        return c.empty() || (c.ground() && c.piece() == 0 && c.has_regenerator() &&
                             c.regenerator_color() == m.me);
    };

    if (df == 0 && dr == 1) {
        if (m.captures)
            return fault("J7.1", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5), {2} straight ahead of {1}; {3} a whole clause saying
                    // what is on {2} ("e5 holds the black knight")
                    "{0} on {1} cannot capture on {2}: a soldier on the ground captures only "
                    "diagonally forward, never straight ahead, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        if (m.target.terrain() == Terrain::water) return water_landing_fault(m);
        if (!free_ground(m.target))
            return fault("J7.1", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("e5 holds
                    // a black wall")
                    "{0} on {1} cannot step to {2}: a soldier on the ground steps forward only "
                    "onto an empty ground square or its own free regenerator, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return check_landing(m);
    }
    if (df == 0 && dr == 2) {
        if (!m.position.has_double_step(m.from))
            return fault("J7.2", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5)
                    "{0} on {1} cannot advance two squares to {2}: only a soldier that has not "
                    "moved since the setup may, and this one has moved or was regenerated",
                    m.mover(), from, to);
            });
        Square middle = make_square(file_of(m.from), rank_of(m.from) + forward(m.me));
        for (Square s : {middle, m.to}) {
            if (!m.position.cell(s).empty())
                return fault("J7.2", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the black soldier"); {1}
                        // and {2} are squares (e5); {3} a whole clause saying what is on one of
                        // the two squares ahead ("d9 holds the white soldier")
                        "{0} on {1} cannot advance two squares to {2}: the double step needs both "
                        "squares ahead to be empty ground, and {3}",
                        m.mover(), from, to, square_clause(s, m.position.cell(s)));
                });
        }
        return std::nullopt;
    }
    if (std::abs(df) == 1 && dr == 1) {
        if (!m.captures)
            return fault("J7.3", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("d5 is
                    // empty")
                    "{0} on {1} cannot go to {2}: a soldier moves diagonally only to capture, and "
                    "{3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        if (!m.target.ground())
            return fault("J7.3", [&] {
                return trf(
                    // TRANSLATORS: {0} is a piece with its side ("the white soldier"); {1} and
                    // {2} are squares (e5); {3} a whole clause saying what is on {2} ("d5 holds
                    // the black soldier, on a black wall")
                    "{0} on {1} cannot capture on {2}: from the ground a soldier captures only on "
                    "a ground square, and {3}",
                    m.mover(), from, to, square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    return fault("J7.1", [&] { return soldier_pattern_message(m); });
}

// J8.4: why a knight cannot go where the move says; `files` and `ranks` are how far it goes.
std::string knight_pattern_message(const MoveContext& m, int files, int ranks) {
    const SquareName from{m.from};
    const SquareName to{m.to};
    if (files == 0)
        return trn(
            // TRANSLATORS: {0} is a piece with its side ("the black knight"); {1} and {2} are
            // squares (e5) on one file; {3} the number of ranks between them
            "{0} on {1} cannot go to {2}: a knight jumps two squares one way and one the other, "
            "and {2} is {3} rank straight from it, on its file",
            "{0} on {1} cannot go to {2}: a knight jumps two squares one way and one the other, "
            "and {2} is {3} ranks straight from it, on its file",
            static_cast<unsigned long>(ranks), m.mover(), from, to, ranks);
    if (ranks == 0)
        return trn(
            // TRANSLATORS: {0} is a piece with its side ("the black knight"); {1} and {2} are
            // squares (e5) on one rank; {3} the number of files between them
            "{0} on {1} cannot go to {2}: a knight jumps two squares one way and one the other, "
            "and {2} is {3} file straight from it, on its rank",
            "{0} on {1} cannot go to {2}: a knight jumps two squares one way and one the other, "
            "and {2} is {3} files straight from it, on its rank",
            static_cast<unsigned long>(files), m.mover(), from, to, files);
    return trf(
        // TRANSLATORS: {0} is a piece with its side ("the black knight"); {1} and {2} are squares
        // (e5); {3} a number of files ("2 files"); {4} a number of ranks ("2 ranks")
        "{0} on {1} cannot go to {2}: a knight jumps two squares one way and one the other, and "
        "{2} is {3} and {4} away",
        m.mover(), from, to,
        // TRANSLATORS: how far a knight's move goes, as in "e5 is 2 files and 2 ranks away"
        trn("{} file", "{} files", static_cast<unsigned long>(files), files),
        // TRANSLATORS: how far a knight's move goes, as in "e5 is 2 files and 2 ranks away"
        trn("{} rank", "{} ranks", static_cast<unsigned long>(ranks), ranks));
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
            return check_slide(m, "J8.1", df == 0 || dr == 0);
        case PieceKind::guard:
            return check_slide(m, "J8.2", adf == adr);
        case PieceKind::queen:
            return check_slide(m, "J8.3", on_line(df, dr));
        case PieceKind::knight: {
            if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
                return fault("J8.4", [&] { return knight_pattern_message(m, adf, adr); });
            Piece victim = m.target.piece();
            if (victim != 0 && kind_of(victim) == PieceKind::dragon &&
                m.rules.knight_vs_dragon == KnightVsDragon::cannot_capture)
                return fault("J8.4", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} and
                        // {3} are squares (e5); {2} the dragon with its side ("the black dragon")
                        "{0} on {1} cannot capture {2} on {3}: under this ruleset a knight may "
                        "not capture the dragon",
                        m.mover(), SquareName{m.from}, piece_name(victim), SquareName{m.to});
                });
            return check_landing(m);
        }
        case PieceKind::dragon: {
            if (!on_line(df, dr))
                return fault("J8.5", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the white dragon"); {1} and
                        // {2} are squares (e5)
                        "{0} on {1} cannot fly to {2}: a dragon flies along a rank, a file or a "
                        "diagonal, and {2} shares none of them with {1}",
                        m.mover(), SquareName{m.from}, SquareName{m.to});
                });
            Piece victim = m.target.piece();
            bool royal_target =
                (victim != 0 && kind_of(victim) == PieceKind::king) ||
                (m.target.has_regenerator() && m.target.regenerator_color() != m.me);
            if (royal_target) {
                Square blocker = first_blocker(m.position, m.from, m.to);
                if (blocker != no_square)
                    return fault("J8.5", [&] {
                        return trf(
                            // TRANSLATORS: {0} is a piece with its side ("the white dragon"); {1}
                            // and {2} are squares (e5); {3} a whole clause saying what is on a
                            // square between them ("g10 holds the black soldier")
                            "{0} on {1} cannot capture on {2}: to capture a king or a regenerator "
                            "the dragon needs every square between to be empty, and {3}",
                            m.mover(), SquareName{m.from}, SquareName{m.to},
                            square_clause(blocker, m.position.cell(blocker)));
                    });
            }
            return check_landing(m);
        }
        case PieceKind::king:
            if (std::max(adf, adr) != 1)
                return fault("J8.6", [&] {
                    return trf(
                        // TRANSLATORS: {0} is a piece with its side ("the white king"); {1} and
                        // {2} are squares (e5); {3} the number of squares from {1} to {2} (2 or
                        // more)
                        "{0} on {1} cannot go to {2}: a king moves one square in any direction, "
                        "and {2} is {3} squares away",
                        m.mover(), SquareName{m.from}, SquareName{m.to}, std::max(adf, adr));
                });
            return check_landing(m);
        case PieceKind::none:
            break;
    }
    return std::nullopt;
}

// J6.1: a move or crossing takes one of the mover's own pieces, of the kind written.
std::optional<RuleFault> mover_fault(const Position& position, Action action) {
    const Color me = position.side_to_move();
    const Square from = action.from();
    const Piece piece = position.piece_on(from);
    const PieceKind written = to_kind(action.letter());
    if (piece == 0)
        return fault("J6.1", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("there is no piece on {} to move ({})", square_name(from),
                       square_clause(from, position.cell(from)));
        });
    if (color_of(piece) != me)
        return fault("J6.1", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a piece with its side ("the black
            // knight"); {2} a square (e5)
            return trf("{0} cannot move {1} on {2}: a player moves only its own pieces",
                       color_name(me), piece_name(piece), SquareName{from});
        });
    if (kind_of(piece) != written)
        return fault("J6.1", [&] {
            // TRANSLATORS: {0} is a square such as e5; {1} a piece with its side, such as "the
            // black knight"; {2} a piece with "a", such as "a tower"
            return trf("the piece on {} is {}, not {} as written", square_name(from),
                       piece_name(piece), kind_indefinite(written));
        });
    return std::nullopt;
}

// Whether `piece` is one of the mover's own, of the kind the action writes (J6.1).
bool right_mover(Piece piece, Color me, Action action) {
    return piece != 0 && color_of(piece) == me && kind_of(piece) == to_kind(action.letter());
}

// check_mover's test alone first, so that a right mover costs no call.
inline std::optional<RuleFault> check_mover(const Position& position, Action action) {
    if (right_mover(position.piece_on(action.from()), position.side_to_move(), action))
        return std::nullopt;
    return mover_fault(position, action);
}

}  // namespace

bool move_captures(const Position& position, Action action) {
    Cell target = position.cell(action.to());
    Color me = position.side_to_move();
    return (target.piece() != 0 && color_of(target.piece()) != me) ||
           (target.has_regenerator() && target.regenerator_color() != me);
}

namespace {

// The moves of most turns, told legal at once: an own piece of the kind written moves in its
// pattern (over empty squares when it slides) onto plain ground (no wall, water or regenerator)
// that is empty or holds an enemy piece, with the capture mark written exactly when it captures
// and no promotion. Each such move passes every check of check_army_move_in_full (J6-J8,
// J14.2); every other move, legal or not, is judged there, so that a fault is only ever made
// there. army_moves_test.cpp compares the two on random positions.
bool plainly_legal(const Position& position, Action action, const Ruleset& rules) {
    const Square from = action.from();
    const Square to = action.to();
    const Cell source = position.cell(from);
    const Cell target = position.cell(to);
    const Color me = position.side_to_move();
    const Piece piece = source.piece();
    if (!right_mover(piece, me, action) || from == to) return false;
    if (!target.ground() || target.has_regenerator() || action.promotion() != Letter::none)
        return false;
    const Piece victim = target.piece();
    if (victim != 0 && color_of(victim) == me) return false;
    if (action.capture_mark() != (victim != 0)) return false;
    const int df = file_of(to) - file_of(from);
    const int dr = (rank_of(to) - rank_of(from)) * forward(me);
    const int adf = std::abs(df);
    const int adr = std::abs(dr);
    switch (kind_of(piece)) {
        case PieceKind::king:
            return adf <= 1 && adr <= 1;
        case PieceKind::knight:
            return ((adf == 1 && adr == 2) || (adf == 2 && adr == 1)) &&
                   !(victim != 0 && kind_of(victim) == PieceKind::dragon &&
                     rules.knight_vs_dragon == KnightVsDragon::cannot_capture);
        case PieceKind::dragon:  // flies over anything, but needs a clear line to a king
            return on_line(df, dr) && (victim == 0 || kind_of(victim) != PieceKind::king);
        case PieceKind::soldier: {
            if (!source.ground()) return false;
            if (df == 0 && dr == 1) return victim == 0;
            if (adf == 1 && dr == 1) return victim != 0;
            if (df == 0 && dr == 2) {
                const Square middle = make_square(file_of(from), rank_of(from) + forward(me));
                return victim == 0 && position.has_double_step(from) &&
                       position.cell(middle).empty();
            }
            return false;
        }
        case PieceKind::tower:
            if (df != 0 && dr != 0) return false;
            break;
        case PieceKind::guard:
            if (adf != adr) return false;
            break;
        case PieceKind::queen:
            if (!on_line(df, dr)) return false;
            break;
        case PieceKind::none:
            return false;
    }
    return !squares_between(from, to, direction_between(from, to)).intersects(position.occupied());
}

}  // namespace

std::optional<RuleFault> check_army_move(const Position& position, Action action,
                                         const Ruleset& rules) {
    if (plainly_legal(position, action, rules)) return std::nullopt;
    return check_army_move_in_full(position, action, rules);
}

std::optional<RuleFault> check_army_move_in_full(const Position& position, Action action,
                                                 const Ruleset& rules) {
    const Color me = position.side_to_move();
    const Square from = action.from();
    const Square to = action.to();
    const Cell source = position.cell(from);

    if (auto problem = check_mover(position, action)) return problem;
    if (from == to)
        return fault("J6.1", [&] {
            // TRANSLATORS: {} is an action in the notation, such as Ne5-e5
            return trf("a move must leave its square; {} goes nowhere", format_action(action));
        });
    const Cell target = position.cell(to);
    if (target.piece() != 0 && color_of(target.piece()) == me)
        return fault("J6.1", [&] {
            // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} and {2} are
            // squares (e5); {3} the piece on {2} with its side ("the white soldier")
            return trf(
                "{0} on {1} cannot go to {2}: {3} stands there, and no piece moves onto a "
                "piece of its own side",
                piece_name(source.piece()), SquareName{from}, SquareName{to},
                piece_name(target.piece()));
        });

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
    return check_marks(position, action, m.captures);
}

std::optional<RuleFault> check_crossing(const Position& position, Action action,
                                        const Ruleset& rules) {
    const Square from = action.from();
    const Square to = action.to();
    if (!is_army(action.letter()))
        return fault("J11.3", [&] {
            // TRANSLATORS: {} is the name of what a notation letter stands for: regenerator, wall
            // or water piece
            return trf("only army pieces cross water, never a {}", letter_name(action.letter()));
        });
    if (auto problem = check_mover(position, action)) return problem;
    if (!position.cell(to).empty())
        return fault("J11.3", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} and {2} are
                // squares (e5); {3} a whole clause saying what is on {2} ("e5 holds the black
                // soldier")
                "{0} on {1} cannot cross to {2}: a crossing ends on an empty ground square and "
                "never captures, and {3}",
                piece_name(position.piece_on(from)), SquareName{from}, SquareName{to},
                square_clause(to, position.cell(to)));
        });
    // Some zone must touch both squares: the zones next to `from`, grown together, reach a
    // square next to `to`.
    const SquareSet& water = position.squares_of(Terrain::water);
    const SquareSet water_next_to_from = neighbour_set(from) & water;
    if (connects(water_next_to_from, water, neighbour_set(to)))
        return check_marks(position, action, false);  // a crossing never captures
    (void)rules;
    if (water_next_to_from.empty())
        return fault("J11.3", [&] {
            return trf(
                // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} and {2} are
                // squares (e5)
                "{0} on {1} cannot cross to {2}: a crossing starts next to water, and no water "
                "touches {1}",
                piece_name(position.piece_on(from)), SquareName{from}, SquareName{to});
        });
    return fault("J11.3", [&] {
        return trf(
            // TRANSLATORS: {0} is a piece with its side ("the white knight"); {1} and {2} are
            // squares (e5)
            "{0} on {1} cannot cross to {2}: a crossing ends next to the water zone it started "
            "from, and no zone next to {1} touches {2}",
            piece_name(position.piece_on(from)), SquareName{from}, SquareName{to});
    });
}

bool adjacent_to_own_army(const Position& position, Square s, Color me) {
    for (Square n : neighbours(s)) {
        Piece p = position.piece_on(n);
        if (p != 0 && color_of(p) == me) return true;
    }
    return false;
}

std::optional<RuleFault> check_wall_placement(const Position& position, Square s,
                                              std::string_view turn_rule) {
    const Color me = position.side_to_move();
    if (!position.cell(s).empty())
        return fault("J10.2", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("a wall is placed only on an empty square; {}",
                       square_clause(s, position.cell(s)));
        });
    if (position.wall_supply(me) == 0)
        return fault(turn_rule, [&] {
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} a number
                "{} has no wall left in its supply (all {} are on the "
                "board)",
                color_name(me), walls_per_side);
        });
    return std::nullopt;
}

std::optional<RuleFault> check_water_placement(const Position& position, Square s) {
    if (!position.cell(s).empty())
        return fault("J11.2", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("water is placed only on an empty square; {}",
                       square_clause(s, position.cell(s)));
        });
    if (position.water_supply() == 0)
        return fault("J11.2", [&] {
            return trf("all {} water pieces are already on the board", water_pieces);
        });
    return std::nullopt;
}

std::optional<RuleFault> check_regeneration(const Position& position, Action action) {
    const Color me = position.side_to_move();
    const PieceKind kind = to_kind(action.letter());
    if (kind == PieceKind::king)
        return fault("J9.3", [] { return tr("the king is never regenerated"); });
    if (position.regenerator_captured(me))
        return fault("J9.4", [&] {
            return trf(
                // TRANSLATORS: both {} are the same side, White or Black
                "{}'s regenerator was captured, so {} can no longer "
                "regenerate",
                color_name(me), color_name(me));
        });
    const Square at = position.regenerator_square(me);
    if (action.to() != at)
        return fault("J9.3", [&] {
            return trf(
                // TRANSLATORS: both {} are squares, such as e5
                "a regenerated piece is placed on its regenerator, which "
                "stands on {}, not on {}",
                square_name(at), square_name(action.to()));
        });
    if (position.piece_on(at) != 0)
        return fault("J9.3", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5); {2} a piece with its
            // side ("the white queen")
            return trf(
                "{0} cannot regenerate a piece onto its regenerator on {1}: {2} stands on "
                "it, and a regenerated piece needs it unoccupied",
                color_name(me), SquareName{at}, piece_name(position.piece_on(at)));
        });
    if (position.lost(me, kind) == 0)
        return fault("J9.3", [&] {
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} a piece name, such as tower
                "only a lost piece is regenerated, and {} has no {} in "
                "its lost pool",
                color_name(me), kind_name(kind));
        });
    return std::nullopt;
}

std::optional<RuleFault> check_regenerator_move(const Position& position, Action action) {
    const Color me = position.side_to_move();
    if (position.regenerator_captured(me))
        return fault("J9.4", [&] {
            // TRANSLATORS: {} is a side, White or Black
            return trf("{}'s regenerator was captured and can no longer move", color_name(me));
        });
    const Square at = position.regenerator_square(me);
    if (action.from() != at)
        return fault("J5.9", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} and {2} are squares, such as e5
            return trf("{}'s regenerator stands on {}, not on {}", color_name(me), square_name(at),
                       square_name(action.from()));
        });
    if (position.piece_on(at) != 0)
        return fault("J9.3", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5); {2} a piece with its
            // side ("the white queen")
            return trf(
                "{0}'s regenerator on {1} cannot move: {2} stands on it, and only an "
                "unoccupied regenerator moves",
                color_name(me), SquareName{at}, piece_name(position.piece_on(at)));
        });
    if (!position.cell(action.to()).empty())
        return fault("J5.9", [&] {
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} and {2} are squares (e5); {3} a
                // whole clause saying what is on {2} ("e5 holds a black wall")
                "{0}'s regenerator on {1} cannot move to {2}: the regenerator moves only to an "
                "empty square, and {3}",
                color_name(me), SquareName{at}, SquareName{action.to()},
                square_clause(action.to(), position.cell(action.to())));
        });
    return check_marks(position, action, false);  // it moves onto an empty square only
}

std::optional<RuleFault> check_wall_move(const Position& position, Action action) {
    const Color me = position.side_to_move();
    const Square from = action.from();
    const Cell source = position.cell(from);
    const SquareName from_name{from};
    const SquareName to_name{action.to()};
    if (source.terrain() != wall_of(me))
        return fault("J5.5", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5); {2} a whole clause
            // saying what is on {1} ("e5 holds a black wall", "e5 is empty")
            return trf(
                "{0} cannot move a wall from {1}: a player moves only its own walls, and {2}",
                color_name(me), from_name, square_clause(from, source));
        });
    if (source.piece() != 0)
        return fault("J5.5", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5); {2} a piece with its
            // side ("the white soldier")
            return trf(
                "{0}'s wall on {1} cannot move: {2} stands on it, and a wall carrying a "
                "piece does not move",
                color_name(me), from_name, piece_name(source.piece()));
        });
    if (from == action.to())
        return fault("J5.5", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5)
            return trf(
                "{0}'s wall on {1} may only move to a square next to it, not stay where it "
                "is",
                color_name(me), from_name);
        });
    if (!adjacent(from, action.to()))
        return fault("J5.5", [&] {
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} and {2} are squares (e5); {3}
                // the number of squares from {1} to {2} (2 or more)
                "{0}'s wall on {1} may only move to a square next to it; {2} is {3} squares from "
                "{1}",
                color_name(me), from_name, to_name,
                std::max(std::abs(file_of(from) - file_of(action.to())),
                         std::abs(rank_of(from) - rank_of(action.to()))));
        });
    if (!position.cell(action.to()).empty())
        return fault("J5.5", [&] {
            // TRANSLATORS: {0} is a side, White or Black; {1} and {2} are squares (e5); {3} a
            // whole clause saying what is on {2} ("e5 holds the black knight")
            return trf(
                "{0}'s wall on {1} cannot move to {2}: a wall moves only onto an empty "
                "square, and {3}",
                color_name(me), from_name, to_name,
                square_clause(action.to(), position.cell(action.to())));
        });
    return check_marks(position, action, false);  // it moves onto an empty square only
}

bool wall_guarded(const Position& position, Square wall, const Ruleset& rules) {
    Terrain terrain = position.cell(wall).terrain();
    if (!is_wall(terrain)) return false;
    const Color owner = terrain == Terrain::white_wall ? Color::white : Color::black;
    const Piece tower = make_piece(owner, PieceKind::tower);
    auto tower_next_to = [&](Square s) {
        for (Square n : neighbours(s))
            if (position.piece_on(n) == tower) return true;
        return false;
    };
    SquareSet unit = connected_terrain(position, wall);
    if (rules.tower_guard == TowerGuard::unit) {
        bool guarded = false;
        unit.for_each([&](Square s) { guarded = guarded || tower_next_to(s); });
        return guarded;
    }
    // contiguous: the wall squares next to a tower, and the wall squares next to those.
    if (tower_next_to(wall)) return true;
    for (Square n : neighbours(wall))
        if (unit.contains(n) && tower_next_to(n)) return true;
    return false;
}

namespace {

// The tower that guards the wall on `wall` (J10.4), found only for a message: wall_guarded says
// whether there is one, at less cost. no_square when none.
Square guarding_tower(const Position& position, Square wall, const Ruleset& rules) {
    const Terrain terrain = position.cell(wall).terrain();
    if (!is_wall(terrain)) return no_square;
    const Color owner = terrain == Terrain::white_wall ? Color::white : Color::black;
    const Piece tower = make_piece(owner, PieceKind::tower);
    auto tower_next_to = [&](Square s) {
        for (Square n : neighbours(s))
            if (position.piece_on(n) == tower) return n;
        return no_square;
    };
    const SquareSet unit = connected_terrain(position, wall);
    Square found = tower_next_to(wall);
    if (found != no_square) return found;
    if (rules.tower_guard == TowerGuard::unit) {
        unit.for_each([&](Square s) {
            if (found == no_square) found = tower_next_to(s);
        });
        return found;
    }
    for (Square n : neighbours(wall))
        if (unit.contains(n) && found == no_square) found = tower_next_to(n);
    return found;
}

}  // namespace

std::optional<RuleFault> check_wall_removal(const Position& now, const Position& turn_start,
                                            Square s, WallRemoval kind, const Ruleset& rules) {
    const Color me = now.side_to_move();
    const Cell cell = now.cell(s);
    const std::string_view turn_rule = kind == WallRemoval::position_10 ? "J5.8" : "J5.5";
    if (!is_wall(cell.terrain()))
        return fault(turn_rule, [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("there is no wall on {} to remove ({})", square_name(s),
                       square_clause(s, cell));
        });
    const bool enemy = cell.terrain() != wall_of(me);
    const bool guard_applies = kind == WallRemoval::position_6 || rules.tower_guards_position_10;
    if (enemy && guard_applies && wall_guarded(turn_start, s, rules))
        return fault("J10.4", [&] {
            const Square tower = guarding_tower(turn_start, s, rules);
            return trf(
                // TRANSLATORS: {0} is a side, White or Black; {1} and {3} are squares (e5); {2}
                // a tower with its side ("the black tower"), which stands next to the wall's unit
                "{0} cannot remove the wall on {1}: {2} on {3} stands next to its unit and guards "
                "it",
                color_name(me), SquareName{s},
                piece_name(make_piece(opponent(me), PieceKind::tower)), SquareName{tower});
        });
    if (kind == WallRemoval::position_6) {
        // Units as at the start of the turn; the remover's pieces as they stand now.
        SquareSet unit = connected_terrain(turn_start, s);
        // adjacent_to() leaves out a one-square unit's own square: a piece standing on a
        // one-square wall is not next to it.
        bool near = false;
        adjacent_to(unit).for_each([&](Square n) {
            Piece p = now.piece_on(n);
            near = near || (p != 0 && color_of(p) == me);
        });
        if (!near)
            return fault("J10.3", [&] {
                return trf(
                    // TRANSLATORS: {0} is a side, White or Black; {1} a square (e5)
                    "{0} cannot remove the wall on {1}: none of {0}'s army pieces stands next to "
                    "a square of that wall's unit",
                    color_name(me), SquareName{s});
            });
    }
    return std::nullopt;
}

std::optional<RuleFault> check_water_removal(const Position& position, Square s) {
    if (position.cell(s).terrain() != Terrain::water)
        return fault("J5.7", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("there is no water on {} to remove ({})", square_name(s),
                       square_clause(s, position.cell(s)));
        });
    return std::nullopt;
}

}  // namespace jv::jel
