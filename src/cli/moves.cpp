// jelimvre moves FILE [--at TURN] [--game N] | --position STRING [--game NAME] [--timer]
//                [--count] [--format text|json] [--max-placements N] [--rules FILE] [--set ...]
//
// Every legal turn of the side to move, grouped by kind, one turn per line in canonical JGN.
// The listing streams: the turns are written as the game finds them, one group at a time, after
// a first pass that counts them; memory does not grow with their number.
#include <memory>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/position_source.hpp"
#include "cli/usage_errors.hpp"
#include "core/translate.hpp"
#include "core/turn_listing.hpp"

namespace jv::cli {

namespace {

struct MovesOptions {
    PositionOptions source;
    bool count_only = false;
    std::string format = "text";
    int max_placements = 1;
};

// Writes each turn of a group as a line of the text listing: "  Ke1-e2".
class TextTurns final : public TurnSink {
  public:
    void turn(std::string_view text) override {
        line_.assign("  ");
        line_.append(text);
        line_.push_back('\n');
        write_out(line_);
    }

  private:
    std::string line_;  // one buffer for every line
};

// Writes each turn of a group as an element of the JSON array "turns", as nlohmann-json's
// dump(2) writes it: a comma and a new line before every element but the first, each element
// indented to `indent`.
class JsonTurns final : public TurnSink {
  public:
    explicit JsonTurns(std::size_t indent) : indent_(indent, ' ') {}
    void turn(std::string_view text) override {
        write_out(first_ ? "\n" : ",\n");
        first_ = false;
        write_out(indent_);
        write_out(nlohmann::json(text).dump());
    }

  private:
    std::string indent_;
    bool first_ = true;
};

// The JSON document, written as the turns are found. Its members other than the turns are
// dumped by nlohmann-json, in a document where each group's "turns" holds a placeholder
// string; the placeholders are then replaced, in order, by the group's turns streamed from the
// game. The bytes are those of dumping the whole document with indent 2.
int write_json(const MovesOptions& options, const PositionChoice& choice,
               const ListingRequest& request, const TurnListing& listing) {
    // Dumped, the placeholder of group g is "\u0001turns g": found below after its member's name.
    auto placeholder = [](std::size_t g) { return "\x01turns " + std::to_string(g); };
    nlohmann::ordered_json out;
    out["position"] = choice.label;
    for (const auto& [key, value] : listing.facts.items()) out[key] = value;
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    for (std::size_t g = 0; g < listing.groups.size(); ++g) {
        const TurnGroup& group = listing.groups[g];
        nlohmann::ordered_json entry;
        entry["kind"] = group.key;
        entry["title"] = group.title;
        entry["count"] = group.count;
        if (!options.count_only) entry["turns"] = placeholder(g);
        groups.push_back(std::move(entry));
    }
    out["groups"] = std::move(groups);
    out["total"] = listing.total;
    out["notes"] = listing.notes;
    const std::string document = out.dump(2) + "\n";
    if (options.count_only) {
        write_out(document);
        return finish_output() ? exit_ok : exit_unreadable;
    }

    std::size_t written = 0;  // the document's bytes written so far
    for (std::size_t g = 0; g < listing.groups.size(); ++g) {
        // Found with its member's name: inside a dumped string every quote is escaped, so no
        // text of the document (a file name in "position") can hold both.
        const std::string value = nlohmann::json(placeholder(g)).dump();
        const std::string member = "\"turns\": " + value;
        const std::size_t member_at = document.find(member, written);
        const std::size_t value_at = member_at + member.size() - value.size();
        write_out(std::string_view(document).substr(written, value_at - written));
        written = value_at + value.size();
        if (listing.groups[g].count == 0) {
            write_out("[]");
            continue;
        }
        // The elements go two spaces deeper than the "turns" member, the ']' at its depth.
        const std::size_t line_start = document.rfind('\n', member_at) + 1;
        const std::size_t member_indent = document.find_first_not_of(' ', line_start) - line_start;
        write_out("[");
        JsonTurns turns(member_indent + 2);
        choice.rules->list_group(*choice.position, request, g, turns);
        write_out("\n" + std::string(member_indent, ' ') + "]");
    }
    write_out(std::string_view(document).substr(written));
    return finish_output() ? exit_ok : exit_unreadable;
}

int run_moves(const MovesOptions& options) {
    int status = exit_unreadable;
    std::optional<PositionChoice> choice = choose_position(options.source, status);
    if (!choice) return status;
    ListingRequest request;
    request.max_placements = options.max_placements;
    // The counts come first, in a pass that holds no turn: the text gives each group's count
    // before its turns, and the notes (no legal turn ...) before the groups.
    const TurnListing listing = choice->rules->count_legal_turns(*choice->position, request);
    if (options.format == "json") return write_json(options, *choice, request, listing);

    // TRANSLATORS: {} says where the position comes from ("games.jgn, game 1, after 14. (White)").
    std::string out = trf("position: {}", choice->label) + "\n";
    // TRANSLATORS: {0} says who is to play, {1} is the name of the ruleset in force.
    out += trf("{}; ruleset {}", listing.to_play, choice->rules->ruleset().name) + "\n";
    for (const std::string& note : listing.notes)
        // TRANSLATORS: {} is a remark on the position ("the game is over ...").
        out += trf("note: {}", note) + "\n";
    write_out(out);
    TextTurns lines;
    for (std::size_t g = 0; g < listing.groups.size(); ++g) {
        const TurnGroup& group = listing.groups[g];
        if (group.count == 0) continue;
        if (options.count_only) {
            write_out(fmt::format("{}: {}\n", group.title, group.count));
            continue;
        }
        write_out(fmt::format("\n{}: {}\n", group.title, group.count));
        choice->rules->list_group(*choice->position, request, g, lines);
    }
    out.clear();
    if (!options.count_only) out += '\n';
    if (listing.total == 1)
        // TRANSLATORS: {} is the number of legal turns (1).
        out += trf("total: {} legal turn", listing.total) + "\n";
    else
        // TRANSLATORS: {} is the number of legal turns.
        out += trf("total: {} legal turns", listing.total) + "\n";
    write_out(out);
    return finish_output() ? exit_ok : exit_unreadable;
}

}  // namespace

Command setup_moves(CLI::App& parent) {
    auto options = std::make_shared<MovesOptions>();
    CLI::App* app = parent.add_subcommand(
        "moves",
        tr("List every legal turn of the side to move, grouped by kind, in canonical JGN"));
    add_position_options(*app, options->source, true);
    options->source.command = "moves";
    app->add_flag("--count", options->count_only,
                  tr("print only the number of turns of each kind"));
    // TRANSLATORS: text and json are the values of --format: keep them.
    app->add_option("--format", options->format, tr("text (default) or json"))
        ->check(CLI::IsMember({"text", "json"}))
        ->type_name("FORMAT");
    number_in_range(
        *app->add_option(
            "--max-placements", options->max_placements,
            // TRANSLATORS: J4.2 is a rule's id; N is the value of --max-placements, as the
            // help shows it: keep them.
            tr("on a first turn (J4.2), also list the turns with N placements (0 or 1, "
               "default 1); turns with up to 6 placements exist but are too many to list")),
        "N", 0, 1);
    app->footer(
        tr("Exit status: 0 the turns were listed; 1 the record is illegal before that turn; 2 a "
           "record, position or option could not be read."));
    return Command{app, [options] { return run_moves(*options); }};
}

}  // namespace jv::cli
