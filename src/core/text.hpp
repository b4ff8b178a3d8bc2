// Small text helpers shared by messages.
#pragma once

#include <string>
#include <string_view>

namespace jv {

// A token as it may appear inside a message: control characters escaped (\x01), and a long
// token (a 100 MB line of garbage) cut to its first 40 characters followed by "...".
std::string quote_for_message(std::string_view token);

}  // namespace jv
