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

std::string_view kind_subject(PieceKind kind) {
    // TRANSLATORS: a kind of piece with the definite article, as the subject of a sentence that
    // says how it moves: "the queen passes only over empty squares".
    switch (kind) {
        case PieceKind::king:
            return tr_in("piece as subject", "the king");
        case PieceKind::queen:
            return tr_in("piece as subject", "the queen");
        case PieceKind::dragon:
            return tr_in("piece as subject", "the dragon");
        case PieceKind::tower:
            return tr_in("piece as subject", "the tower");
        case PieceKind::guard:
            return tr_in("piece as subject", "the royal guard");
        case PieceKind::knight:
            return tr_in("piece as subject", "the knight");
        case PieceKind::soldier:
            return tr_in("piece as subject", "the soldier");
        case PieceKind::none:
            break;
    }
    return tr_in("piece as subject", "the piece");
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

    std::string path() const {
        // TRANSLATORS: the two squares of a move, such as "e2 to e4"
        return trf("{} to {}", square_name(from), square_name(to));
    }
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

// Where a non-soldier stops (J6.3, J8.4-J8.6, J9.2): no water; walls only for the dragon.
std::optional<RuleFault> landing_fault(const MoveContext& m) {
    PieceKind kind = kind_of(m.source.piece());
    if (m.target.terrain() == Terrain::water)
        return fault("J6.3", [&] {
            return trf("no army piece may stop on water, and {} is water", square_name(m.to));
        });
    if (is_wall(m.target.terrain()) && kind != PieceKind::dragon)
        return fault("J6.3", [&] {
            return trf(
                // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying
                // what is on a square ("e5 is empty", "f10 holds the black regenerator"); the
                // others are squares (e5), pieces (queen), sides or actions.
                // The last {} is a piece with "a" ("a queen").
                "only soldiers and dragons stand on walls; {} and {} cannot stop there",
                square_clause(m.to, m.target), kind_indefinite(kind));
        });
    if (m.target.has_regenerator() && m.target.regenerator_color() == m.me &&
        !m.rules.stand_on_own_regenerator)
        return fault("J9.2", [&] {
            return trf(
                // TRANSLATORS: {} is a square such as e5
                "under this ruleset no piece may stop on its own "
                "regenerator, which stands on {}",
                square_name(m.to));
        });
    return std::nullopt;
}

// Plain ground with no regenerator takes any piece, the usual landing: answered here so that
// only the other landings pay for a call (the referee checks a move at every turn).
inline std::optional<RuleFault> check_landing(const MoveContext& m) {
    if (m.target.terrain() == Terrain::ground && !m.target.has_regenerator()) return std::nullopt;
    return landing_fault(m);
}

// `pattern` is a literal marked with N_, translated only when a message is written.
std::optional<RuleFault> check_slide(const MoveContext& m, std::string_view rule,
                                     const char* pattern, bool pattern_ok) {
    PieceKind kind = kind_of(m.source.piece());
    if (!pattern_ok)
        return fault(rule, [&] {
            // TRANSLATORS: {0} is a piece as the subject ("the tower"); {1} how it moves, such
            // as "along a diagonal"; {2} two squares, such as "e2 to e4"
            return trf("{} moves {}; {} is not such a line", kind_subject(kind), tr(pattern),
                       m.path());
        });
    Square blocker = first_blocker(m.position, m.from, m.to);
    if (blocker != no_square)
        return fault("J6.2", [&] {
            return trf(
                // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                // saying what is on a square ("e5 is empty", "f10 holds the black
                // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                // The first {} is a piece as the subject ("the queen").
                "{} passes only over empty squares; on its way from {}, {}", kind_subject(kind),
                m.path(), square_clause(blocker, m.position.cell(blocker)));
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
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            "from a wall a soldier captures diagonally forward only a soldier or a dragon standing "
            "on a wall; {}",
            square_clause(m.to, m.target));
    });
}

// A soldier on its own wall (J7.5-J7.7, J7.9).
std::optional<RuleFault> check_soldier_on_own_wall(const MoveContext& m) {
    const int df = m.file_step;
    const int dr = m.rank_step;
    const Terrain own_wall = wall_of(m.me);
    const SquareName to{m.to};
    // J7.9: a diagonal step forward onto a wall square holding an enemy soldier or dragon.
    if (std::abs(df) == 1 && dr == 1 && m.captures) return check_capture_on_walls(m);
    // J7.5: walking on the own wall.
    if (m.target.terrain() == own_wall) {
        if (m.target.piece() != 0)
            return fault("J7.5", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier walks only onto own wall squares holding no piece; {}",
                    square_clause(to.square, m.target));
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
                    // TRANSLATORS: the two {} are squares, such as e2 and e4
                    "a soldier walks on its wall only through own wall "
                    "squares holding no piece, and no such way leads "
                    "from {} to {}",
                    square_name(m.from), to);
            });
        }
        if (!on_line(df, dr))
            return fault("J7.5", [&] {
                return trf(
                    // TRANSLATORS: {} is two squares, such as "e2 to e4"
                    "a soldier walks on its wall along a rank, a file "
                    "or a diagonal; {} is not such a line",
                    m.path());
            });
        for (Square s = next_on_line(m.from, m.to); s != m.to; s = next_on_line(s, m.to)) {
            Cell c = m.position.cell(s);
            if (c.terrain() != own_wall || c.piece() != 0)
                return fault("J7.5", [&] {
                    return trf(
                        // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                        // saying what is on a square ("e5 is empty", "f10 holds the black
                        // regenerator"); the others are squares (e5), pieces (queen), sides or
                        // actions.
                        "a soldier walks on its wall only over own wall squares holding no piece; "
                        "on its way from {}, {}",
                        m.path(), square_clause(s, c));
                });
        }
        return std::nullopt;
    }
    // J7.7: the leap, two ranks forward and one file aside, onto a ground square.
    if (dr == 2 && std::abs(df) == 1) {
        if (!m.target.ground())
            return fault("J7.7", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "the leap from a wall lands on a ground square; {}",
                    square_clause(to.square, m.target));
            });
        if (!m.captures && !(m.rules.wall_leap_may_move && m.target.empty()))
            return fault("J7.7", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "the leap from a wall is a capture only, and {}",
                    square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.8: one square straight forward onto an adjacent enemy wall holding no piece.
    if (df == 0 && dr == 1 && is_wall(m.target.terrain()) && m.target.terrain() != own_wall) {
        if (m.target.piece() != 0)
            return fault("J7.8", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier steps onto an enemy wall only where it holds no piece; {}",
                    square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.6: climbing down, sideways or diagonally backward, onto an empty ground square.
    bool step = std::abs(df) <= 1 && std::abs(dr) <= 1;
    if (step && !is_wall(m.target.terrain()) && (dr == 0 || (dr == -1 && std::abs(df) == 1))) {
        if (!m.target.empty())
            return fault("J7.6", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier climbs down only onto an empty ground square; {}",
                    square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    // J7.6: any other single step onto the ground is a climb down the wrong way.
    if (step && !is_wall(m.target.terrain()))
        return fault("J7.6", [&] {
            return trf(
                // TRANSLATORS: {} is two squares, such as "e2 to e4"
                "a soldier climbs down from its wall only sideways or "
                "diagonally backward; {} is neither",
                m.path());
        });
    return fault("J7.5", [&] {
        return trf(
            // TRANSLATORS: {} is two squares, such as "e2 to e4"
            "from its own wall a soldier walks along the wall, climbs "
            "down sideways or diagonally backward, steps forward onto "
            "an enemy wall, leaps two ranks forward and one file aside "
            "to capture, or captures diagonally forward on the walls; "
            "{} is none of these",
            m.path());
    });
}

// A soldier on an enemy wall (J7.8, J7.9): it steps forward as on the ground.
std::optional<RuleFault> check_soldier_on_enemy_wall(const MoveContext& m) {
    const int df = m.file_step;
    const int dr = m.rank_step;
    const SquareName to{m.to};
    if (std::abs(df) == 1 && dr == 1 && m.captures) return check_capture_on_walls(m);
    if (df == 0 && dr == 1) {
        Cell c = m.target;
        if (c.piece() != 0 || c.has_regenerator() || c.terrain() == Terrain::water)
            return fault("J7.8", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "on an enemy wall a soldier steps forward only onto a square holding no piece, "
                    "no regenerator and no water; {}",
                    square_clause(to.square, c));
            });
        return std::nullopt;
    }
    return fault("J7.8", [&] {
        return trf(
            // TRANSLATORS: {} is two squares, such as "e2 to e4"
            "on an enemy wall a soldier moves one square straight "
            "forward, or captures diagonally forward on the walls; {} "
            "is neither",
            m.path());
    });
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
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier climbs only onto a square of its own wall holding no piece; {}",
                    square_clause(to.square, m.target));
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
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier on the ground captures only diagonally forward; straight ahead, {}",
                    square_clause(to.square, m.target));
            });
        if (m.target.terrain() == Terrain::water)
            return fault("J6.3", [&] {
                // TRANSLATORS: {} is a square such as e5
                return trf("no army piece may stop on water, and {} is water", to);
            });
        if (!free_ground(m.target))
            return fault("J7.1", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier on the ground steps forward only onto an empty ground square or its "
                    "own free regenerator; {}",
                    square_clause(to.square, m.target));
            });
        return check_landing(m);
    }
    if (df == 0 && dr == 2) {
        if (!m.position.has_double_step(m.from))
            return fault("J7.2", [&] {
                return trf(
                    // TRANSLATORS: {} is a square such as e2
                    "only a soldier that has not moved since the setup "
                    "may advance two squares; the soldier on {} has "
                    "moved or was regenerated",
                    from);
            });
        Square middle = make_square(file_of(m.from), rank_of(m.from) + forward(m.me));
        for (Square s : {middle, m.to}) {
            if (!m.position.cell(s).empty())
                return fault("J7.2", [&] {
                    return trf(
                        // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                        // saying what is on a square ("e5 is empty", "f10 holds the black
                        // regenerator"); the others are squares (e5), pieces (queen), sides or
                        // actions.
                        "the double step needs both squares ahead to be empty ground; {}",
                        square_clause(s, m.position.cell(s)));
                });
        }
        return std::nullopt;
    }
    if (std::abs(df) == 1 && dr == 1) {
        if (!m.captures)
            return fault("J7.3", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "a soldier moves diagonally only to capture, and {}",
                    square_clause(to.square, m.target));
            });
        if (!m.target.ground())
            return fault("J7.3", [&] {
                return trf(
                    // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause
                    // saying what is on a square ("e5 is empty", "f10 holds the black
                    // regenerator"); the others are squares (e5), pieces (queen), sides or actions.
                    "from the ground a soldier captures only on a ground square; {}",
                    square_clause(to.square, m.target));
            });
        return std::nullopt;
    }
    return fault("J7.1", [&] {
        const int ranks = std::abs(dr);
        const int files = std::abs(df);
        const std::string rank_steps =
            // TRANSLATORS: how far a soldier's move goes, as in "e2 to e5 goes 3 ranks and 0
            // files forward"
            trn("{} rank", "{} ranks", static_cast<unsigned long>(ranks), ranks);
        const std::string file_steps =
            // TRANSLATORS: how far a soldier's move goes, as in "e2 to e5 goes 3 ranks and 0
            // files forward"
            trn("{} file", "{} files", static_cast<unsigned long>(files), files);
        // TRANSLATORS: the direction of a soldier's move, as in "e2 to e5 goes 3 ranks and 0
        // files forward"
        const char* how = dr <= 0 ? (dr == 0 ? tr("sideways") : tr("backwards")) : tr("forward");
        // TRANSLATORS: the direction of a soldier's move that goes no rank and no file
        if (dr == 0 && df == 0) how = tr("nowhere");
        return trf(
            // TRANSLATORS: {0} is two squares, such as "e2 to e5"; {1} a number of ranks, such as
            // "3 ranks"; {2} a number of files, such as "0 files"; {3} a direction: forward,
            // backwards, sideways or nowhere
            "a soldier on the ground moves one square forward (two "
            "from its setup square) or captures one square diagonally "
            "forward; {} goes {} and {} {}",
            m.path(), rank_steps, file_steps, how);
    });
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
            // TRANSLATORS: how a tower moves, completing "a tower moves {}"
            return check_slide(m, "J8.1", N_("along its rank or file"), df == 0 || dr == 0);
        case PieceKind::guard:
            // TRANSLATORS: how a royal guard moves, completing "a royal guard moves {}"
            return check_slide(m, "J8.2", N_("along a diagonal"), adf == adr);
        case PieceKind::queen:
            // TRANSLATORS: how a queen moves, completing "a queen moves {}"
            return check_slide(m, "J8.3", N_("along a rank, a file or a diagonal"),
                               on_line(df, dr));
        case PieceKind::knight: {
            if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
                return fault("J8.4", [&] {
                    // Each count in its language's plural form: "1 file", "0 Linien".
                    return trf(
                        // TRANSLATORS: {0} is two squares, such as "e2 to e4"; {1} a number of
                        // files, such as "0 files"; {2} a number of ranks, such as "2 ranks"
                        "a knight jumps two squares one way and one the "
                        "other; {} goes {} and {}",
                        m.path(), trn("{} file", "{} files", static_cast<unsigned long>(adf), adf),
                        trn("{} rank", "{} ranks", static_cast<unsigned long>(adr), adr));
                });
            Piece victim = m.target.piece();
            if (victim != 0 && kind_of(victim) == PieceKind::dragon &&
                m.rules.knight_vs_dragon == KnightVsDragon::cannot_capture)
                return fault("J8.4", [&] {
                    return trf(
                        // TRANSLATORS: {} is a square such as e5
                        "under this ruleset a knight may not capture "
                        "the dragon, which stands on {}",
                        square_name(m.to));
                });
            return check_landing(m);
        }
        case PieceKind::dragon: {
            if (!on_line(df, dr))
                return fault("J8.5", [&] {
                    return trf(
                        // TRANSLATORS: {} is two squares, such as "e2 to e4"
                        "a dragon flies along a rank, a file or a "
                        "diagonal; {} is not such a line",
                        m.path());
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
                            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole
                            // clause saying what is on a square ("e5 is empty", "f10 holds the
                            // black regenerator"); the others are squares (e5), pieces (queen),
                            // sides or actions.
                            "to capture a king or a regenerator the dragon needs a clear line; on "
                            "the line from {}, {}",
                            m.path(), square_clause(blocker, m.position.cell(blocker)));
                    });
            }
            return check_landing(m);
        }
        case PieceKind::king:
            if (std::max(adf, adr) != 1)
                return fault("J8.6", [&] {
                    return trf(
                        // TRANSLATORS: {0} is two squares, such as "e2 to e4"; {1} a number
                        "a king moves one square in any direction; {} "
                        "is {} squares away",
                        m.path(), std::max(adf, adr));
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
            // TRANSLATORS: {0} is a square such as e5; {1} a piece with its owner, such as "Black's
            // knight"; {2} a side, White or Black
            return trf("{}; {} moves only its own pieces", square_clause(from, position.cell(from)),
                       color_name(me));
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
            // TRANSLATORS: {0} is a square such as e5; {1} a piece with its owner, such as "Black's
            // knight"
            return trf("no piece moves onto a square of its own side; {}",
                       square_clause(to, target));
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
                // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying
                // what is on a square ("e5 is empty", "f10 holds the black regenerator"); the
                // others are squares (e5), pieces (queen), sides or actions.
                "a crossing ends on an empty ground square and never captures; {}",
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
                // TRANSLATORS: {} is a square such as e5
                "a crossing starts next to water, and no water touches "
                "{}",
                square_name(from));
        });
    return fault("J11.3", [&] {
        return trf(
            // TRANSLATORS: both {} are squares, such as e5
            "a crossing ends next to the water zone it started from; "
            "no zone next to {} touches {}",
            square_name(from), square_name(to));
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
            // TRANSLATORS: {0} is a square such as e5; {1} a piece with its owner, such as "Black's
            // knight"
            return trf("the regenerator on {} is occupied by {}", square_name(at),
                       piece_name(position.piece_on(at)));
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
            // TRANSLATORS: {0} is a square such as e5; {1} a piece with its owner, such as "Black's
            // knight"
            return trf("the regenerator on {} is occupied by {} and cannot move", square_name(at),
                       piece_name(position.piece_on(at)));
        });
    if (!position.cell(action.to()).empty())
        return fault("J5.9", [&] {
            return trf(
                // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying
                // what is on a square ("e5 is empty", "f10 holds the black regenerator"); the
                // others are squares (e5), pieces (queen), sides or actions.
                "the regenerator moves only to an empty square; {}",
                square_clause(action.to(), position.cell(action.to())));
        });
    return check_marks(position, action, false);  // it moves onto an empty square only
}

std::optional<RuleFault> check_wall_move(const Position& position, Action action) {
    const Color me = position.side_to_move();
    const Square from = action.from();
    const Cell source = position.cell(from);
    if (source.terrain() != wall_of(me))
        return fault("J5.5", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("a player moves only its own walls; {}", square_clause(from, source));
        });
    if (source.piece() != 0)
        return fault("J5.5", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("a wall carrying a piece cannot move; {}", square_clause(from, source));
        });
    if (!adjacent(from, action.to()))
        return fault("J5.5", [&] {
            return trf(
                // TRANSLATORS: both {} are squares, such as e5
                "a wall moves one step to an adjacent square; {} to {} "
                "is farther",
                square_name(from), square_name(action.to()));
        });
    if (!position.cell(action.to()).empty())
        return fault("J5.5", [&] {
            // TRANSLATORS: a {} standing alone after ';', ',' or '(' is a whole clause saying what
            // is on a square ("e5 is empty", "f10 holds the black regenerator"); the others are
            // squares (e5), pieces (queen), sides or actions.
            return trf("a wall moves only onto an empty square; {}",
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
            return trf(
                // TRANSLATORS: {0} is a square such as e5; {1} and {2} are sides, White or Black
                "the wall on {} is guarded by a tower of {} standing "
                "next to its unit, so {} cannot remove it",
                square_name(s), color_name(opponent(me)), color_name(me));
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
                    // TRANSLATORS: {0} is a square such as e5; {1} a side, White or Black
                    "to remove the wall on {}, {} needs an army piece "
                    "next to some square of its unit",
                    square_name(s), color_name(me));
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
