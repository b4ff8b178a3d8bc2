// Small text helpers shared by messages.
#pragma once

#include <string>
#include <string_view>

namespace jv {

// A token as it may appear inside a message: control characters escaped (\x01), and a long
// token (a 100 MB line of garbage) cut to its first 40 characters followed by "...".
std::string quote_for_message(std::string_view token);

// The text with its ASCII capitals made small ("Event" -> "event"), and with its first letter
// made a capital when it is an ASCII one ("white" -> "White").
std::string ascii_lowercase(std::string_view text);
std::string capitalised(std::string_view text);

// Whether two texts are equal when ASCII letters are compared without their case.
bool equal_ignoring_ascii_case(std::string_view a, std::string_view b);

// The number of single-character insertions, deletions and substitutions between two texts,
// for "did you mean" hints.
std::size_t edit_distance(std::string_view a, std::string_view b);

// Text made safe for XML character data and attribute values (& < > " '); control characters
// that XML 1.0 forbids become '?'. For the SVG pictures of every game.
std::string xml_escape(std::string_view text);

}  // namespace jv
