#include "core/explanation.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/text.hpp"
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

namespace {

std::vector<std::string_view> split_actions(std::string_view turn) {
    std::vector<std::string_view> out;
    for (std::size_t begin = 0; begin <= turn.size();) {
        std::size_t end = turn.find(',', begin);
        if (end == std::string_view::npos) end = turn.size();
        if (end > begin) out.push_back(turn.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

// The actions of `a` that `b` lacks, counted as a multiset, in `a`'s order.
std::vector<std::string_view> missing_from(const std::vector<std::string_view>& a,
                                           std::vector<std::string_view> b) {
    std::vector<std::string_view> out;
    for (std::string_view action : a) {
        auto found = std::find(b.begin(), b.end(), action);
        if (found == b.end())
            out.push_back(action);
        else
            b.erase(found);
    }
    return out;
}

std::string joined(std::span<const std::string_view> actions) {
    std::string out;
    for (std::string_view action : actions) {
        if (!out.empty()) out += ", ";
        out += action;
    }
    return out;
}

// What a suggested turn changes in the written one, in words.
std::string difference_words(const std::vector<std::string_view>& removed,
                             const std::vector<std::string_view>& added) {
    if (removed.empty() && added.empty())
        // TRANSLATORS: beside a suggested turn that has the written actions in another order
        return tr("the same actions in another order");
    // Each written action is paired with the added action most like it (Kf1~f3 replaces Kf1-f3,
    // not the water placed beside it): fewest edits, then the longest common ending, which is
    // the destination square in every game's notation.
    auto likeness = [](std::string_view written, std::string_view other) {
        std::size_t common_end = 0;
        while (common_end < written.size() && common_end < other.size() &&
               written[written.size() - 1 - common_end] == other[other.size() - 1 - common_end])
            ++common_end;
        return std::pair(edit_distance(written, other), ~common_end);
    };
    // The most alike pair first, then the most alike of the rest, and so on.
    std::vector<std::string_view> unpaired_added = added;
    std::vector<std::string_view> unpaired_removed = removed;
    std::vector<std::pair<std::string_view, std::string_view>> pairs;  // written, replacement
    while (!unpaired_added.empty() && !unpaired_removed.empty()) {
        auto best_removed = unpaired_removed.begin();
        auto best_added = unpaired_added.begin();
        for (auto r = unpaired_removed.begin(); r != unpaired_removed.end(); ++r)
            for (auto a = unpaired_added.begin(); a != unpaired_added.end(); ++a)
                if (likeness(*r, *a) < likeness(*best_removed, *best_added)) {
                    best_removed = r;
                    best_added = a;
                }
        pairs.emplace_back(*best_removed, *best_added);
        unpaired_removed.erase(best_removed);
        unpaired_added.erase(best_added);
    }
    // In the written order.
    std::vector<std::string> parts;
    for (std::string_view written : removed)
        for (const auto& [was, replacement] : pairs)
            if (was.data() == written.data())
                // TRANSLATORS: beside a suggested turn: {0} an action it has, {1} the written
                // action it replaces (Nb1-c3 instead of Nb1xc3)
                parts.push_back(trf("{} instead of {}", replacement, was));
    if (!unpaired_removed.empty())
        // TRANSLATORS: beside a suggested turn: {} the written actions it leaves out
        parts.push_back(trf("without {}", joined(unpaired_removed)));
    if (!unpaired_added.empty())
        // TRANSLATORS: beside a suggested turn: {} the actions it adds to the written ones
        parts.push_back(trf("with {} added", joined(unpaired_added)));
    std::string out;
    for (const std::string& part : parts) {
        if (!out.empty()) out += "; ";
        out += part;
    }
    return out;
}

}  // namespace

std::vector<SuggestedTurn> distinct_suggestions(std::string_view written,
                                                std::span<const std::string> ranked,
                                                std::size_t limit) {
    struct Candidate {
        const std::string* text;
        std::vector<std::string_view> actions;
        std::vector<std::string_view> removed;  // written, not in the turn
        std::vector<std::string_view> added;    // in the turn, not written
        std::size_t changes() const { return std::max(removed.size(), added.size()); }
    };
    const std::vector<std::string_view> wrote = split_actions(written);
    std::vector<Candidate> candidates;
    for (const std::string& text : ranked) {
        Candidate c{&text, split_actions(text), {}, {}};
        if (c.actions == wrote) continue;  // the written turn itself is no suggestion
        c.removed = missing_from(wrote, c.actions);
        c.added = missing_from(c.actions, wrote);
        candidates.push_back(std::move(c));
    }
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.changes() < b.changes(); });
    std::vector<const Candidate*> chosen;
    for (const Candidate& c : candidates) {
        if (chosen.size() == limit) break;
        const bool only_adds_to_one_offered =
            std::any_of(chosen.begin(), chosen.end(), [&](const Candidate* offered) {
                if (!missing_from(offered->actions, c.actions).empty()) return false;
                for (std::string_view extra : missing_from(c.actions, offered->actions))
                    if (std::find(wrote.begin(), wrote.end(), extra) != wrote.end()) return false;
                return true;
            });
        if (!only_adds_to_one_offered) chosen.push_back(&c);
    }
    std::vector<SuggestedTurn> out;
    for (const Candidate* c : chosen)
        out.push_back(SuggestedTurn{*c->text, difference_words(c->removed, c->added)});
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
