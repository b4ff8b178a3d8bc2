// The squares a turn touched, for drawing it: left by a move, reached by a move, placed on,
// emptied by a removal. Shared by the board renderers.
#pragma once

#include <span>

#include "games/jelimvre/types.hpp"

namespace jv::jel {

struct TurnMarks {
    jel::SquareSet from;
    jel::SquareSet to;
    jel::SquareSet placed;
    jel::SquareSet removed;

    bool reached(jel::Square s) const {
        return to.contains(s) || placed.contains(s) || removed.contains(s);
    }
    bool any(jel::Square s) const { return reached(s) || from.contains(s); }
};

inline TurnMarks marks_of(std::span<const jel::Action> turn) {
    TurnMarks marks;
    auto valid = [](jel::Square s) { return s < jel::square_count; };
    for (jel::Action a : turn) {
        switch (a.kind()) {
            case jel::ActionKind::move:
            case jel::ActionKind::cross:
                if (valid(a.from())) marks.from.insert(a.from());
                if (valid(a.to())) marks.to.insert(a.to());
                break;
            case jel::ActionKind::place:
                if (valid(a.to())) marks.placed.insert(a.to());
                break;
            case jel::ActionKind::remove:
                if (valid(a.to())) marks.removed.insert(a.to());
                break;
            case jel::ActionKind::timeout:
                break;
        }
    }
    return marks;
}

}  // namespace jv::jel
