#include "games/jelimvre/fault_picture.hpp"

#include "core/translate.hpp"
#include "games/jelimvre/geometry.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/rules.hpp"

namespace jv::jel {

std::optional<FaultPicture> fault_picture(const Position& position, const FaultMark& fault) {
    const ActionParse parsed = parse_action(fault.action);
    if (!parsed.action) return std::nullopt;
    FaultPicture out{*parsed.action, std::string(fault.rule), no_square};
    const Action a = out.action;
    const bool path_rule = fault.rule == "J6.2" || fault.rule == "J8.5" || fault.rule == "J7.2";
    if (path_rule && a.kind() == ActionKind::move && a.from() != no_square && a.to() != no_square) {
        // first_blocker walks a rank, file or diagonal: J8.5 is also cited for a dragon's
        // move on no line, which has no way to be blocked.
        if (direction_between(a.from(), a.to()) >= 0)
            out.in_the_way = first_blocker(position, a.from(), a.to());
        // A double step is also blocked by what stands on the square it lands on.
        if (out.in_the_way == no_square && fault.rule == "J7.2" && !position.cell(a.to()).empty())
            out.in_the_way = a.to();
    }
    return out;
}

std::string fault_words(const Position& position, const FaultPicture& fault) {
    const Action a = fault.action;
    std::string words = format_action(a);
    if (a.from() != no_square && a.to() != no_square)
        // TRANSLATORS: a refused action and its squares: {0} the action as written (Ta1-a5),
        // {1} where it starts, {2} where it ends
        words = trf("{}, from {} to {}", words, square_name(a.from()), square_name(a.to()));
    else if (a.to() != no_square)
        // TRANSLATORS: a refused placement or removal and its square: {0} the action as written
        // (W@e5), {1} the square
        words = trf("{}, on {}", words, square_name(a.to()));
    if (fault.in_the_way != no_square)
        // TRANSLATORS: after a refused action: {0} the action and its squares, {1} a whole
        // clause saying what stands in its way ("f10 holds the black regenerator")
        words = trf("{}; in the way, {}", words,
                    square_clause(fault.in_the_way, position.cell(fault.in_the_way)));
    return words;
}

std::string fault_line(const Position& position, const FaultPicture& fault) {
    // TRANSLATORS: under a board: {0} is a rule id (J6.2), {1} the refused action in words
    // ("Ta1-a5, from a1 to a5; in the way: White's soldier on a2")
    return trf("refused ({}): {}", fault.rule, fault_words(position, fault));
}

}  // namespace jv::jel
