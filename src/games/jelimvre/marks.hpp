// The marks of an action (J14.2, J7.10): which marks each form of JGN may carry, by the letter of
// its subject, and the one check that holds every written mark to that table.
//
// JGN has two marks: the capture mark, an 'x' written between the squares instead of '-', and the
// promotion, '=X' after the second square. Both are checksums of what the action does, never
// guesses (J14.2): the referee works out what the action does and the mark must agree.
// notation/jgn.md (10.5) prints this table; a unit test keeps the two the same.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/types.hpp"

namespace jv::jel {

// What a mark written on an action must agree with.
enum class MarkUse : std::uint8_t {
    no_room,        // the form has no room for the mark: text with it is not JGN
    form_refused,   // the form never takes this subject, and its rule refuses the action
                    // before any mark is read
    when_captures,  // written exactly when the move captures (J14.2)
    never,          // always wrong on this subject (the capture mark J14.2, a promotion J7.10)
    where_j7_10,    // only where J7.10 lets a soldier be exchanged
};

// One row of the table: a form, the letters of the subjects it covers, and what each mark must
// agree with. `refusing_rule` names the rule that refuses a form_refused action.
struct MarkRow {
    ActionKind form;
    std::string_view subjects;  // JGN letters, such as "KQDTGN"
    MarkUse capture;            // the 'x' between the squares
    MarkUse promotion;          // '=X' after the second square
    std::string_view refusing_rule;
};

// Every form and every letter, each exactly once (tested).
inline constexpr std::array<MarkRow, 10> mark_table = {{
    {ActionKind::place, "KQDTGNSRW~", MarkUse::no_room, MarkUse::no_room, ""},
    {ActionKind::move, "KQDTGN", MarkUse::when_captures, MarkUse::never, ""},
    {ActionKind::move, "S", MarkUse::when_captures, MarkUse::where_j7_10, ""},
    {ActionKind::move, "RW", MarkUse::never, MarkUse::never, ""},
    {ActionKind::move, "~", MarkUse::form_refused, MarkUse::form_refused, "J5.7"},
    {ActionKind::cross, "KQDTGN", MarkUse::no_room, MarkUse::never, ""},
    {ActionKind::cross, "S", MarkUse::no_room, MarkUse::where_j7_10, ""},
    {ActionKind::cross, "RW~", MarkUse::no_room, MarkUse::form_refused, "J11.3"},
    {ActionKind::remove, "KQDTGNSRW~", MarkUse::no_room, MarkUse::no_room, ""},
    {ActionKind::timeout, "", MarkUse::no_room, MarkUse::no_room, ""},
}};

// The row of mark_table for a form and the letter of its subject.
const MarkRow& mark_row(ActionKind form, Letter subject);

// Judges every mark written on a move or a crossing whose own rules have passed (the pattern,
// J16.22): the capture mark against `captures` (whether the action captures), a promotion against
// J7.10, each as mark_table says for the action's form and letter. The one place where a mark is
// judged. Placements, removals and timeouts have no room for marks.
std::optional<RuleFault> mark_fault(const Position& position, Action action, bool captures);
// The same, with the usual case answered inline: no mark written and nothing captured, which is
// right on every form and subject (checked against mark_fault by marks_test.cpp).
inline std::optional<RuleFault> check_marks(const Position& position, Action action,
                                            bool captures) {
    if (!captures && !action.capture_mark() && action.promotion() == Letter::none)
        return std::nullopt;
    return mark_fault(position, action, captures);
}

// The name of what a letter stands for, for messages: "royal guard", "wall", "water".
std::string_view letter_name(Letter letter);

}  // namespace jv::jel
