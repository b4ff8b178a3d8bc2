#include "core/explanation.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/translate.hpp"

namespace jv {

std::string indented(std::string_view text, std::string_view indent) {
    std::string out;
    for (std::size_t begin = 0; begin < text.size();) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        out += indent;
        out += text.substr(begin, end - begin);
        out += '\n';
        begin = end + 1;
    }
    return out;
}

std::string no_suggestion(std::string_view why) {
    // TRANSLATORS: {} says why no legal turn is suggested, such as "setups (J3) are not
    // suggested".
    return "  " + trf("no suggestion: {}", why) + "\n";
}

std::string suggestion_lines(std::span<const SuggestedTurn> turns) {
    if (turns.empty())
        return no_suggestion(
            tr("no legal turn moves the same piece, reaches the same square or "
               "makes the same kind of action"));
    std::string out = "  ";
    // TRANSLATORS: said before a list of legal turns close to the faulty one.
    out += tr("did you mean:");
    out += '\n';
    std::size_t width = 0;
    for (const SuggestedTurn& turn : turns) width = std::max(width, turn.text.size());
    for (const SuggestedTurn& turn : turns)
        out += fmt::format("    {:<{}}  {}\n", turn.text, width, turn.why);
    return out;
}

}  // namespace jv
