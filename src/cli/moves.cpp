// jelimvre moves FILE [--at TURN] [--game N] | --position STRING [--game NAME] [--timer]
//                [--count] [--format text|json] [--max-placements N] [--rules FILE] [--set ...]
//
// Every legal turn of the side to move, grouped by kind, one turn per line in canonical JGN.
#include <memory>
#include <string>

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

int run_moves(const MovesOptions& options) {
    int status = exit_unreadable;
    std::optional<PositionChoice> choice = choose_position(options.source, status);
    if (!choice) return status;
    ListingRequest request;
    request.max_placements = options.max_placements;
    const TurnListing listing = choice->rules->legal_turns(*choice->position, request);

    if (options.format == "json") {
        nlohmann::ordered_json out;
        out["position"] = choice->label;
        for (const auto& [key, value] : listing.facts.items()) out[key] = value;
        nlohmann::ordered_json groups = nlohmann::ordered_json::array();
        for (const TurnGroup& group : listing.groups) {
            nlohmann::ordered_json entry;
            entry["kind"] = group.key;
            entry["title"] = group.title;
            entry["count"] = group.turns.size();
            if (!options.count_only) entry["turns"] = group.turns;
            groups.push_back(std::move(entry));
        }
        out["groups"] = std::move(groups);
        out["total"] = listing.total;
        out["notes"] = listing.notes;
        write_out(out.dump(2) + "\n");
        return finish_output() ? exit_ok : exit_unreadable;
    }

    // TRANSLATORS: {} says where the position comes from ("games.jgn, game 1, after 14. (White)").
    std::string out = trf("position: {}", choice->label) + "\n";
    // TRANSLATORS: {0} says who is to play, {1} is the name of the ruleset in force.
    out += trf("{}; ruleset {}", listing.to_play, choice->rules->ruleset().name) + "\n";
    for (const std::string& note : listing.notes)
        // TRANSLATORS: {} is a remark on the position ("the game is over ...").
        out += trf("note: {}", note) + "\n";
    for (const TurnGroup& group : listing.groups) {
        if (group.turns.empty()) continue;
        if (options.count_only) {
            out += fmt::format("{}: {}\n", group.title, group.turns.size());
            continue;
        }
        out += fmt::format("\n{}: {}\n", group.title, group.turns.size());
        for (const std::string& t : group.turns) out += fmt::format("  {}\n", t);
    }
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
