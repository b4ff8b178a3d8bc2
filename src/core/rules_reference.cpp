#include "core/rules_reference.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv {

namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

bool is_rule_id(std::string_view word) {
    // A letter, then numbers joined by dots: "J15", "J7.1", "C13.14".
    if (word.size() < 2 || word[0] < 'A' || word[0] > 'Z') return false;
    bool digit_before = false;
    for (char c : word.substr(1)) {
        if (c >= '0' && c <= '9') {
            digit_before = true;
        } else if (c == '.' && digit_before) {
            digit_before = false;
        } else {
            return false;
        }
    }
    return digit_before;
}

struct Heading {
    int level = 0;
    std::string_view id;  // empty when the heading names no rule
    std::string_view title;
};

std::optional<Heading> heading_of(std::string_view line) {
    if (!starts_with(line, "#")) return std::nullopt;
    Heading heading;
    const std::size_t hashes = line.find_first_not_of('#');
    if (hashes == std::string_view::npos || line[hashes] != ' ') return heading;
    heading.level = static_cast<int>(hashes);
    std::string_view rest = line.substr(hashes + 1);
    const std::size_t space = rest.find(' ');
    std::string_view word = rest.substr(0, space);
    if (!is_rule_id(word)) return heading;
    heading.id = word;
    heading.title = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
    return heading;
}

bool is_thematic_break(std::string_view line) {
    const std::size_t start = line.find_first_not_of(' ');
    return start != std::string_view::npos &&
           line.substr(start).find_first_not_of("-\r") == std::string_view::npos &&
           line.size() - start >= 3;
}

char upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string upper(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = upper(c);
    return out;
}

void add_block(RuleEntry& entry, std::string_view block) {
    if (starts_with(block, "Option `")) {
        const std::size_t end = block.find('`', 8);
        entry.option_names.push_back(end == std::string_view::npos ? std::string_view()
                                                                   : block.substr(8, end - 8));
        entry.options.push_back(block);
    } else if (starts_with(block, "Booklets:") || starts_with(block, "Booklet:") ||
               starts_with(block, "Sources:") || starts_with(block, "Differences:")) {
        entry.booklet.push_back(block);
    } else {
        entry.text.push_back(block);
    }
}

}  // namespace

std::vector<RuleEntry> parse_rules_reference(std::string_view markdown) {
    std::vector<RuleEntry> entries;
    // A `##` section with an id is an entry until a `###` entry turns up inside it.
    constexpr std::size_t none = std::string_view::npos;
    std::size_t section_entry = none;
    bool in_entry = false;
    std::size_t block_start = std::string_view::npos;  // of the block being read
    std::size_t block_end = 0;
    auto close_block = [&] {
        if (in_entry && block_start != std::string_view::npos)
            add_block(entries.back(), markdown.substr(block_start, block_end - block_start));
        block_start = std::string_view::npos;
    };

    std::size_t line_number = 0;
    for (std::size_t start = 0; start < markdown.size();) {
        std::size_t end = markdown.find('\n', start);
        if (end == std::string_view::npos) end = markdown.size();
        std::string_view line = markdown.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        ++line_number;

        if (std::optional<Heading> heading = heading_of(line)) {
            close_block();
            in_entry = false;
            if (heading->level <= 2) section_entry = none;
            if (heading->level == 3 && !heading->id.empty() && section_entry != none) {
                entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(section_entry));
                section_entry = none;
            }
            if ((heading->level == 2 || heading->level == 3) && !heading->id.empty()) {
                if (heading->level == 2) section_entry = entries.size();
                entries.push_back(
                    RuleEntry{heading->id, heading->title, line_number, {}, {}, {}, {}});
                in_entry = true;
            }
        } else if (is_thematic_break(line)) {
            close_block();
            in_entry = false;
        } else if (is_blank(line)) {
            close_block();
        } else {
            if (block_start == std::string_view::npos) block_start = start;
            block_end = start + line.size();
        }
        start = end + 1;
    }
    close_block();
    return entries;
}

const RuleEntry* find_rule(std::span<const RuleEntry> entries, std::string_view id) {
    for (const RuleEntry& entry : entries)
        if (equal_ignoring_ascii_case(entry.id, id)) return &entry;
    return nullptr;
}

std::string unknown_rule_message(std::span<const std::string_view> ids, std::string_view id) {
    const std::string wanted = upper(id);
    const std::string shown = quote_for_message(id);

    std::vector<std::string_view> section;
    for (std::string_view known : ids)
        if (starts_with(known, wanted + ".")) section.push_back(known);
    if (!section.empty())
        // TRANSLATORS: {0} is the id asked for (J7), {1} the section it names, {2} and {3} the
        // section's first and last rule ids (J7.1, J7.10).
        return trf("no rule {}; section {} holds {} to {}", shown,
                   section.front().substr(0, wanted.size()), section.front(), section.back());

    // Only ids a typo away: the list of ids is long, and a guess further off misleads.
    constexpr std::size_t kMostHints = 5;
    std::vector<std::string_view> close;
    for (std::string_view known : ids)
        if (close.size() < kMostHints && edit_distance(wanted, known) == 1) close.push_back(known);
    if (close.empty())
        // TRANSLATORS: {} is the id asked for (J99.9); 'jelimvre rules --explain' is a command:
        // keep it.
        return trf("no rule {}; 'jelimvre rules --explain' lists the rules", shown);
    std::string hint(close.front());
    for (std::size_t i = 1; i + 1 < close.size(); ++i) hint += ", " + std::string(close[i]);
    if (close.size() > 1)
        // TRANSLATORS: the end of a list of choices: {0} is the list so far ("J7.1, J7.2", or
        // "'a' (default), 'b'"), {1} its last item; the list reads "J7.1, J7.2 or J7.10".
        hint = trf("{} or {}", hint, close.back());
    // TRANSLATORS: {0} is the id asked for (J7.11), {1} the ids it may be a typo of ("J7.1 or
    // J7.10").
    return trf("no rule {}; did you mean {}?", shown, hint);
}

}  // namespace jv
