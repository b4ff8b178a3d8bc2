// Usage errors of the command line in the message language. CLI11 says what is wrong in English
// sentences of its own ("The following argument was not expected: --formt"); these are told
// again in ours, per kind of error, with a did-you-mean for a mistyped option or value, and the
// help's range of a number option written in words instead of CLI11's "INT in [1 - 256]".
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
class Option;
class ParseError;
}  // namespace CLI

namespace jv::cli {

// The sentence that says what is wrong with the command line, in the message language, without
// the program's name. `command` is the (sub)command being read: its options and their names
// are the candidates of a did-you-mean, its parent's too. An error CLI11 words in a way this
// does not know is given in CLI11's words.
std::string usage_error_message(const CLI::ParseError& error, const CLI::App& command);

// Makes `option` take a whole number from `min` to `max`, shown in the help as "N (1 to 256)"
// in the message language (`value_name` is "N").
void number_in_range(CLI::Option& option, std::string_view value_name, long long min,
                     long long max);
// The same for a decimal number ("P (0 to 1)").
void decimal_in_range(CLI::Option& option, std::string_view value_name, double min, double max);

}  // namespace jv::cli
