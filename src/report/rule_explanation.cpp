#include "report/rule_explanation.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/translate.hpp"

namespace jv::report {

namespace {

// A terminal's usual width: the pages' own lines run to 100 columns.
constexpr std::size_t kWidth = 80;

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

bool is_punctuation(char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
}

// Columns on a terminal: one per code point (the pages hold no wide characters).
std::size_t columns(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (is_space(text.front()) || text.front() == '\r')) text.remove_prefix(1);
    while (!text.empty() && (is_space(text.back()) || text.back() == '\r')) text.remove_suffix(1);
    return text;
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// Fills words into lines of at most `width` columns (a longer word stands alone).
std::string fill(std::string_view text, std::string_view first, std::string_view rest,
                 std::size_t width) {
    std::string out(first);
    std::size_t used = columns(first);
    bool line_empty = true;
    for (std::size_t start = 0; start < text.size();) {
        if (text[start] == ' ') {
            ++start;
            continue;
        }
        std::size_t end = text.find(' ', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(start, end - start);
        const std::size_t length = columns(word);
        if (!line_empty && used + 1 + length > width) {
            out += '\n';
            out += rest;
            used = columns(rest);
            line_empty = true;
        }
        if (!line_empty) {
            out += ' ';
            ++used;
        }
        out += word;
        used += length;
        line_empty = false;
        start = end;
    }
    out += '\n';
    return out;
}

// A list item's marker ("- ", "12. "), or nothing.
std::optional<std::string_view> list_marker(std::string_view line) {
    if (line.starts_with("- ") || line.starts_with("* ")) return line.substr(0, 2);
    std::size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    if (digits > 0 && line.substr(digits).starts_with(". ")) return line.substr(0, digits + 2);
    return std::nullopt;
}

// A table row's cells, split at the bars outside code spans.
std::vector<std::string> cells_of(std::string_view row) {
    row = trim(row);
    if (row.starts_with('|')) row.remove_prefix(1);
    if (row.ends_with('|')) row.remove_suffix(1);
    std::vector<std::string> cells;
    bool in_code = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= row.size(); ++i) {
        if (i < row.size() && row[i] == '`') in_code = !in_code;
        if (i == row.size() || (row[i] == '|' && !in_code && (i == 0 || row[i - 1] != '\\'))) {
            cells.push_back(plain_text(trim(row.substr(start, i - start))));
            start = i + 1;
        }
    }
    return cells;
}

bool is_separator_row(const std::vector<std::string>& cells) {
    return std::all_of(cells.begin(), cells.end(), [](const std::string& cell) {
        return !cell.empty() && cell.find_first_not_of(":-") == std::string::npos;
    });
}

// A table with its columns aligned. A table wider than `width` has its widest column's cells
// filled into several lines, so that the page's long tables fit a terminal.
std::string plain_table(const std::vector<std::string_view>& rows, std::string_view indent,
                        std::size_t width) {
    std::vector<std::vector<std::string>> table;
    std::vector<std::size_t> widths;
    std::optional<std::size_t> header_rows;
    for (std::string_view row : rows) {
        std::vector<std::string> cells = cells_of(row);
        if (!header_rows && is_separator_row(cells)) {
            header_rows = table.size();
            continue;
        }
        if (widths.size() < cells.size()) widths.resize(cells.size(), 0);
        for (std::size_t i = 0; i < cells.size(); ++i)
            widths[i] = std::max(widths[i], columns(cells[i]));
        table.push_back(std::move(cells));
    }
    if (widths.empty()) return {};
    std::size_t total = columns(indent) + 2 * (widths.size() - 1);
    for (std::size_t w : widths) total += w;
    if (total > width) {
        // Narrower than a few words would read worse than a long line.
        constexpr std::size_t kNarrowest = 24;
        std::size_t& widest = *std::max_element(widths.begin(), widths.end());
        const std::size_t others = total - widest;
        widest = std::min(widest, std::max(kNarrowest, width > others ? width - others : 0));
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::vector<std::vector<std::string>> filled;
        std::size_t height = 1;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            std::vector<std::string> lines;
            if (columns(cells[i]) <= widths[i]) {
                lines.push_back(cells[i]);
            } else {
                // Continued lines stand in, so that each row reads as one.
                const std::string text = fill(cells[i], "", "  ", widths[i]);
                for (std::string_view piece : lines_of(text))
                    if (!piece.empty()) lines.emplace_back(piece);
            }
            height = std::max(height, lines.size());
            filled.push_back(std::move(lines));
        }
        std::string out;
        for (std::size_t k = 0; k < height; ++k) {
            std::string text(indent);
            for (std::size_t i = 0; i < filled.size(); ++i) {
                const std::string cell = k < filled[i].size() ? filled[i][k] : std::string();
                text += cell;
                if (i + 1 < filled.size())
                    text.append(widths[i] - std::min(widths[i], columns(cell)) + 2, ' ');
            }
            while (!text.empty() && text.back() == ' ') text.pop_back();
            out += text + "\n";
        }
        return out;
    };
    std::string out;
    for (std::size_t r = 0; r < table.size(); ++r) {
        if (header_rows && r == *header_rows) {
            std::vector<std::string> dashes;
            for (std::size_t w : widths) dashes.emplace_back(w, '-');
            out += line(dashes);
        }
        out += line(table[r]);
    }
    return out;
}

// The blocks in the message language, joined as the page joins them.
std::string blocks_markdown(std::string_view page, const std::vector<std::string_view>& blocks) {
    std::string out;
    for (std::string_view block : blocks) out += (out.empty() ? "" : "\n\n") + tr_text(page, block);
    return out;
}

// An option's paragraph without its leading word ("Option", "Opción"): from the option's name,
// which every translation keeps as its first code span (tests/i18n checks it).
std::string_view option_paragraph_body(std::string_view paragraph) {
    const std::size_t name = paragraph.find('`');
    return name == std::string_view::npos ? paragraph : paragraph.substr(name);
}

// Whether the entry names the option in a code span: `early_end` or `early_end: either-player`.
bool names_option(const RuleEntry& entry, std::string_view name) {
    auto in = [&](std::string_view text) {
        for (std::size_t at = text.find(name); at != std::string_view::npos;
             at = text.find(name, at + 1)) {
            const std::size_t after = at + name.size();
            if (at > 0 && text[at - 1] == '`' && after < text.size() &&
                std::string_view("`:= ").find(text[after]) != std::string_view::npos)
                return true;
        }
        return false;
    };
    return in(entry.title) || std::any_of(entry.text.begin(), entry.text.end(), in) ||
           std::any_of(entry.booklet.begin(), entry.booklet.end(), in);
}

// "a (default) | b | c"
std::string values_text(const OptionSpec& option) {
    std::string out;
    for (std::size_t i = 0; i < option.values.size(); ++i) {
        if (i == 0)
            // TRANSLATORS: {} is an option's default value (hold), first in the list of its
            // values.
            out += trf("{} (default)", option.values[i]);
        else
            out += fmt::format(" | {}", option.values[i]);
    }
    return out;
}

}  // namespace

RulesPage rules_page(const Game& game) {
    RulesPage page{&game, {}};
    if (std::optional<std::string_view> text = embedded_rules_reference(game.rules_reference()))
        page.entries = parse_rules_reference(*text);
    return page;
}

std::string plain_text(std::string_view markdown) {
    const std::size_t size = markdown.size();
    std::vector<bool> drop(size, false);      // a mark to leave out
    std::vector<bool> verbatim(size, false);  // inside a code span, or escaped
    for (std::size_t i = 0; i < size;) {
        if (markdown[i] == '\\' && i + 1 < size && is_punctuation(markdown[i + 1])) {
            drop[i] = true;
            verbatim[i + 1] = true;
            i += 2;
        } else if (markdown[i] == '`') {
            std::size_t run = markdown.find_first_not_of('`', i) - i;
            if (i + run > size) run = size - i;
            const std::string fence(run, '`');
            std::size_t close = markdown.find(fence, i + run);
            // The closing run must be exactly as long ("``a`b``" holds one span).
            while (close != std::string_view::npos && close + run < size &&
                   markdown[close + run] == '`')
                close = markdown.find(fence, markdown.find_first_not_of('`', close));
            if (close == std::string_view::npos) {
                i += run;
                continue;
            }
            for (std::size_t k = i; k < i + run; ++k) drop[k] = true;
            for (std::size_t k = i + run; k < close; ++k) verbatim[k] = true;
            for (std::size_t k = close; k < close + run; ++k) drop[k] = true;
            i = close + run;
        } else {
            ++i;
        }
    }
    auto star_run = [&](std::size_t at) {
        std::size_t end = at;
        while (end < size && markdown[end] == '*' && !verbatim[end]) ++end;
        return end - at;
    };
    for (std::size_t i = 0; i < size;) {
        if (markdown[i] != '*' || verbatim[i]) {
            ++i;
            continue;
        }
        const std::size_t run = star_run(i);
        // An opening mark touches the word after it; its closing mark, of the same length,
        // the word before it.
        if (run <= 2 && i + run < size && !is_space(markdown[i + run])) {
            for (std::size_t j = i + run; j < size; ++j) {
                if (markdown[j] != '*' || verbatim[j]) continue;
                const std::size_t other = star_run(j);
                if (other == run && !is_space(markdown[j - 1])) {
                    for (std::size_t k = 0; k < run; ++k) drop[i + k] = drop[j + k] = true;
                    break;
                }
                j += other - 1;
            }
        }
        i += run;
    }
    std::string out;
    out.reserve(size);
    for (std::size_t i = 0; i < size; ++i)
        if (!drop[i]) out += markdown[i];
    return out;
}

std::string plain_block(std::string_view markdown, std::string_view first, std::string_view rest,
                        std::size_t width) {
    // The block as parts: runs of table rows, list items, and paragraphs, each part's lines.
    enum class Kind { paragraph, item, table };
    struct Part {
        Kind kind;
        std::vector<std::string_view> lines;
        std::string_view marker;
    };
    std::vector<Part> parts;
    for (std::string_view line : lines_of(markdown)) {
        if (trim(line).empty()) continue;
        if (trim(line).starts_with('|')) {
            if (parts.empty() || parts.back().kind != Kind::table)
                parts.push_back(Part{Kind::table, {}, {}});
            parts.back().lines.push_back(line);
        } else if (std::optional<std::string_view> marker = list_marker(line)) {
            parts.push_back(Part{Kind::item, {line.substr(marker->size())}, *marker});
        } else if (parts.empty() || parts.back().kind == Kind::table) {
            parts.push_back(Part{Kind::paragraph, {line}, {}});
        } else {
            parts.back().lines.push_back(line);  // a paragraph's or an item's next line
        }
    }
    std::string out;
    for (const Part& part : parts) {
        const std::string_view lead = out.empty() ? first : rest;
        if (part.kind == Kind::table) {
            out += plain_table(part.lines, lead, width);
            continue;
        }
        std::string joined;
        for (std::string_view line : part.lines)
            joined += (joined.empty() ? "" : " ") + std::string(trim(line));
        const std::string text = plain_text(joined);
        if (part.kind == Kind::paragraph) {
            out += fill(text, lead, rest, width);
        } else {
            // An item's lines after the first start under its text, past the marker.
            out += fill(text, std::string(lead) + std::string(part.marker),
                        std::string(rest) + std::string(part.marker.size(), ' '), width);
        }
    }
    return out;
}

std::vector<std::size_t> options_of_rule(const Game& game, const RuleEntry& entry) {
    std::vector<std::size_t> found;
    const std::span<const OptionSpec> options = game.options();
    for (std::size_t i = 0; i < options.size(); ++i) {
        const OptionSpec& option = options[i];
        if (option.rule == entry.id ||
            std::find(entry.option_names.begin(), entry.option_names.end(), option.name) !=
                entry.option_names.end() ||
            names_option(entry, option.name))
            found.push_back(i);
    }
    return found;
}

std::string rule_text(const Game& game, const RuleEntry& entry) {
    // The page's texts in the message language: src/po/rules_messages.cpp lists them all for
    // the catalogues.
    const std::string_view page = game.rules_reference();
    std::string out =
        fill(plain_text(tr_text(page, entry.title)), std::string(entry.id) + " ", "  ", kWidth);
    out += fmt::format("{}, {}\n", game.name(), game.rules_reference());
    for (std::string_view block : entry.text)
        out += "\n" + plain_block(tr_text(page, block), "", "", kWidth);

    const std::span<const OptionSpec> table = game.options();
    const std::vector<std::size_t> options = options_of_rule(game, entry);
    out += '\n';
    if (options.empty()) {
        // TRANSLATORS: a heading of `jelimvre rules --explain`: no option of the game's rulesets
        // changes the rule shown.
        out += tr("Options that change it: none.");
        out += '\n';
    } else {
        // TRANSLATORS: a heading of `jelimvre rules --explain`, followed by the options of the
        // game's rulesets that change the rule shown.
        out += tr("Options that change it:");
        out += '\n';
        for (std::size_t i : options) {
            const OptionSpec& option = table[i];
            std::optional<std::string_view> paragraph;
            for (std::size_t k = 0; k < entry.options.size(); ++k)
                if (k < entry.option_names.size() && entry.option_names[k] == option.name)
                    paragraph = entry.options[k];
            if (paragraph) {
                out += plain_block(option_paragraph_body(tr_text(page, *paragraph)), "  ", "    ",
                                   kWidth);
            } else {
                // Described in its own rule's entry: the table's line, and where to read more.
                // The description is a literal of the game's option table (marked there with
                // N_), translated here where it is shown.
                // TRANSLATORS: {0} is an option's name, {1} its values ("hold (default) |
                // advance"), {2} its description, {3} the rule id where it is described (J12.4).
                out += fill(trf("{}: {} — {} (see {})", option.name, values_text(option),
                                tr(option.description.data()), option.rule),
                            "  ", "    ", kWidth);
            }
        }
    }
    for (std::string_view block : entry.booklet)
        out += "\n" + plain_block(tr_text(page, block), "", "", kWidth);
    return out;
}

std::string rule_json(const Game& game, const RuleEntry& entry) {
    const std::span<const OptionSpec> table = game.options();
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (std::size_t i : options_of_rule(game, entry)) {
        const OptionSpec& option = table[i];
        nlohmann::ordered_json values = nlohmann::ordered_json::array();
        for (std::string_view value : option.values) values.push_back(value);
        nlohmann::ordered_json text = nullptr;
        for (std::size_t k = 0; k < entry.options.size() && k < entry.option_names.size(); ++k)
            if (entry.option_names[k] == option.name)
                text = tr_text(game.rules_reference(), entry.options[k]);
        options.push_back({{"name", option.name},
                           {"rule", option.rule},
                           {"default", option.values[0]},
                           {"values", std::move(values)},
                           {"description", tr(option.description.data())},
                           {"text", std::move(text)}});
    }
    // As in validate's JSON: the texts in the message language, which `lang` names; ids, names
    // and values as they are.
    nlohmann::ordered_json out = {
        {"lang", language_code(message_language())},
        {"id", entry.id},
        {"game", game.name()},
        {"reference", game.rules_reference()},
        {"title", tr_text(game.rules_reference(), entry.title)},
        {"text", blocks_markdown(game.rules_reference(), entry.text)},
        {"options", std::move(options)},
        {"booklet", blocks_markdown(game.rules_reference(), entry.booklet)}};
    return out.dump(2) + "\n";
}

std::string rule_list_text(std::span<const RulesPage> pages) {
    std::string out;
    for (const RulesPage& page : pages) {
        if (!out.empty()) out += '\n';
        out += fmt::format("{} ({})\n", page.game->name(), page.game->rules_reference());
        if (page.entries.empty()) {
            out += "  ";
            // TRANSLATORS: said of a game's rules reference, which this build does not embed.
            out += tr("(not in this build)");
            out += '\n';
        }
        std::size_t id_width = 0;
        for (const RuleEntry& entry : page.entries) id_width = std::max(id_width, entry.id.size());
        for (const RuleEntry& entry : page.entries)
            out += fill(plain_text(tr_text(page.game->rules_reference(), entry.title)),
                        fmt::format("  {:<{}}  ", entry.id, id_width),
                        std::string(id_width + 4, ' '), kWidth);
    }
    return out;
}

std::string rule_list_json(std::span<const RulesPage> pages) {
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const RulesPage& page : pages)
        for (const RuleEntry& entry : page.entries)
            rules.push_back({{"id", entry.id},
                             {"game", page.game->name()},
                             {"title", tr_text(page.game->rules_reference(), entry.title)}});
    nlohmann::ordered_json out = {{"lang", language_code(message_language())},
                                  {"rules", std::move(rules)}};
    return out.dump(2) + "\n";
}

}  // namespace jv::report
