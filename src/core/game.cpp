#include "core/game.hpp"

#include <algorithm>
#include <cassert>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"
#include "core/turn_listing.hpp"

namespace jv {

std::string_view verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::legal:
            return "legal";
        case Verdict::illegal:
            return "illegal";
        case Verdict::invalid_record:
            return "invalid-record";
    }
    return "invalid-record";
}

void GameVerdict::clear() {
    game = {};
    player_tags = {"White", "Black"};
    verdict = Verdict::legal;
    faults.clear();
    unreported_faults = 0;
    outcome = Outcome{};
    position.clear();
    diagram.clear();
    ruleset.clear();
    ruleset_fingerprint.clear();
    warnings.clear();
    details.clear();
}

void GameVerdict::start(std::string_view game_name, const std::string& ruleset_name,
                        const std::string& fingerprint, const GameRecord& record) {
    start(game_name, ruleset_name, fingerprint, record.find_tag("Rules"));
}

void GameVerdict::start(std::string_view game_name, const std::string& ruleset_name,
                        const std::string& fingerprint, const Tag* agreed) {
    clear();
    game = game_name;
    ruleset = ruleset_name;
    ruleset_fingerprint = fingerprint;
    // The players' agreed ruleset (Rules tag) should be the one in force.
    if (agreed != nullptr && agreed->value != ruleset_name)
        warnings.push_back(Diagnostic{
            Severity::warning, agreed->value_region, "",
            // TRANSLATORS: {0} is the ruleset the record's Rules tag names, {1} the one in force;
            // --rules FILE is an option: keep it.
            trf("this game was played under the ruleset \"{}\", but \"{}\" is in force (choose "
                "it with --rules FILE)",
                agreed->value, ruleset_name)});
}

std::string TurnId::label() const {
    return fmt::format("{}{}", number, second_player ? "..." : ".");
}

Ruleset Game::standard_ruleset() const {
    Ruleset ruleset;
    ruleset.values.assign(options().size(), 0);
    return ruleset;
}

std::string outcome_words(const Outcome& outcome) {
    return translated(outcome.words);
}

std::string player_name(const Player& player) {
    return tr_in("side", std::string(player.name).c_str());
}

std::string Game::turn_name(TurnId id) const {
    // TRANSLATORS: {0} is a turn number, {1} the player who plays it (White, Black, Light...).
    return trf("turn {}, {}", id.number, player_name(players()[id.player]));
}

std::string_view Game::ending_words(std::string_view reason) const {
    return shared_ending_words(reason);
}

std::string translated(std::string_view english) {
    return tr(std::string(english).c_str());
}

std::string_view shared_ending_words(std::string_view reason) {
    // TRANSLATORS: how a game ended, shown after its result: "1-0 (declared in the record)".
    // The record's own result: a resignation, an agreement, a loss on time or an adjudication.
    if (reason == "declared") return N_("declared in the record");
    if (reason == "unfinished") return N_("unfinished");
    return reason;
}

void GameCatalog::add(std::unique_ptr<Game> game) {
    games_.push_back(std::move(game));
}

void GameCatalog::set_default(std::string_view name) {
    default_ = find(name);
    assert(default_ != nullptr);
}

const Game* GameCatalog::find(std::string_view name) const {
    for (const auto& game : games_)
        if (game->name() == name) return game.get();
    return nullptr;
}

const Game* GameCatalog::find_any_case(std::string_view name) const {
    for (const auto& game : games_)
        if (equal_ignoring_ascii_case(game->name(), name)) return game.get();
    return nullptr;
}

const Game& GameCatalog::default_game() const {
    assert(default_ != nullptr);
    return *default_;
}

const Game* GameCatalog::game_of(const GameRecord& record) const {
    const Tag* tag = record.find_tag("Game");
    return tag != nullptr ? find(tag->value) : &default_game();
}

std::vector<std::string_view> GameCatalog::names() const {
    std::vector<std::string_view> out;
    for (const auto& game : games_) out.push_back(game->name());
    return out;
}

TurnListing GameRules::legal_turns(const GamePosition& position,
                                   const ListingRequest& request) const {
    struct Collect final : TurnSink {
        std::vector<std::string>* turns = nullptr;
        void turn(std::string_view text) override { turns->emplace_back(text); }
    };
    TurnListing out = count_legal_turns(position, request);
    for (std::size_t g = 0; g < out.groups.size(); ++g) {
        if (out.groups[g].count == 0) continue;
        Collect collect;
        collect.turns = &out.groups[g].turns;
        collect.turns->reserve(out.groups[g].count);
        list_group(position, request, g, collect);
        // The count is the promise the streamed listing is printed on.
        assert(out.groups[g].turns.size() == out.groups[g].count);
    }
    return out;
}

namespace {

// Names the turn, side and action of each reading fault that falls on an action of the record
// (a word outside the game's grammar, a turn without its number): the reader and the game's
// grammar know where each action stands, only the game knows whose turn it is.
void place_reading_faults(const Game& game, const GameRecord& record, GameVerdict& verdict) {
    for (Fault& fault : verdict.faults) {
        if (fault.turn || !fault.side.empty() || !fault.action.empty()) continue;
        const std::uint32_t at = fault.diagnostic.region.begin;
        // The last action that starts at or before the fault.
        auto action = std::upper_bound(
            record.actions.begin(), record.actions.end(), at,
            [](std::uint32_t offset, const ActionText& a) { return offset < a.region.begin; });
        if (action == record.actions.begin()) continue;
        --action;
        if (at >= action->region.end && action->region.size() > 0) continue;
        const auto index = static_cast<std::uint32_t>(action - record.actions.begin());
        auto turn =
            std::upper_bound(record.turns.begin(), record.turns.end(), index,
                             [](std::uint32_t i, const Turn& t) { return i < t.first_action; });
        if (turn == record.turns.begin()) continue;
        --turn;
        if (index >= turn->first_action + turn->action_count) continue;
        const TurnId id =
            game.turn_id(record, static_cast<std::size_t>(turn - record.turns.begin()));
        fault.turn = id.number;
        fault.side = game.players()[id.player].word;
        fault.action = action->text;
    }
}

// A record without a Game tag is read as the default game's. When it is not one (its actions,
// or its tags, are not that game's) but reads cleanly as another's, a fault on every turn would
// bury the one cause: it is one fault at the first action the default game refuses (or the
// first action), with a note at the record's first tag saying which tag to add. Runs only on an
// invalid record without a Game tag.
void suggest_game_tag(const Referees& referees, const Game& read_as, const GameRecord& record,
                      GameVerdict& out) {
    if (record.actions.empty() || !record.read_errors.empty() || out.faults.empty()) return;
    const std::uint32_t movetext = record.actions.front().region.begin;
    const auto refused_action =
        std::find_if(out.faults.begin(), out.faults.end(),
                     [&](const Fault& f) { return f.diagnostic.region.begin >= movetext; });
    for (const auto& other : referees.catalog().games()) {
        if (other.get() == &read_as) continue;
        // It reads as the other game's when that game's referee finds no reading fault in it.
        GameVerdict as_other;
        referees.rules_of(*other).referee(record, RefereeRequest{}, as_other);
        if (as_other.verdict == Verdict::invalid_record) continue;
        Fault fault;
        fault.diagnostic.region = refused_action != out.faults.end()
                                      ? refused_action->diagnostic.region
                                      : record.actions.front().region;
        fault.action = refused_action != out.faults.end()
                           ? refused_action->action
                           : std::string_view(record.actions.front().text);
        fault.diagnostic.message =
            // TRANSLATORS: {0} is the game a record without a Game tag is read as (Jelimvre),
            // {1} another game (ChessMe) whose notation the record is written in.
            trf("this record has no Game tag, so it is read as a record of {0}, and it is not "
                "one; it reads as a record of {1}",
                read_as.name(), other->name());
        const SourceRegion first_tag = record.tags.empty()
                                           ? SourceRegion{record.region.begin, record.region.begin}
                                           : record.tags.front().region;
        fault.diagnostic.notes.push_back(
            DiagnosticNote{SourceRegion{first_tag.begin, first_tag.begin},
                           // TRANSLATORS: {0} is the tag to add, as written in a record ([Game
                           // "ChessMe"]); {1} the game's name.
                           trf("add the tag {} to the record's tags to have it refereed as {}",
                               fmt::format("[Game \"{}\"]", other->name()), other->name())});
        out.faults.assign(1, std::move(fault));
        out.unreported_faults = 0;
        return;
    }
}

}  // namespace

Referees::Referees(const GameCatalog& catalog, std::vector<std::pair<const Game*, Ruleset>> chosen,
                   bool warn_other_games)
    : catalog_(catalog), warn_other_games_(warn_other_games) {
    for (const auto& game : catalog.games()) {
        auto given = std::find_if(chosen.begin(), chosen.end(),
                                  [&](const auto& entry) { return entry.first == game.get(); });
        chosen_.push_back(given != chosen.end());
        rules_.push_back(
            game->make_rules(given != chosen.end() ? given->second : game->standard_ruleset()));
    }
    for (const auto& [game, ruleset] : chosen) {
        if (!chosen_text_.empty()) chosen_text_ += ", ";
        // TRANSLATORS: {0} is a ruleset's name, {1} a game's (Jelimvre); several are joined
        // with ", " in the warning "... was given, and this is a game of ...".
        chosen_text_ += trf("the ruleset {} of {}", ruleset.name, game->name());
    }
}

const GameRules& Referees::rules_of(const Game& game) const {
    for (const auto& rules : rules_)
        if (&rules->game() == &game) return *rules;
    assert(false && "a game of another catalog");
    return *rules_.front();
}

void Referees::referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                       const TurnObserver* observer) const {
    if (const Game* game = catalog_.game_of(record)) {
        rules_of(*game).referee(record, request, out, observer);
        out.outcome.words = game->ending_words(out.outcome.reason);
        if (out.verdict == Verdict::invalid_record) {
            place_reading_faults(*game, record, out);
            if (record.find_tag("Game") == nullptr) suggest_game_tag(*this, *game, record, out);
        }
        const auto index =
            static_cast<std::size_t>(std::find_if(catalog_.games().begin(), catalog_.games().end(),
                                                  [&](const auto& g) { return g.get() == game; }) -
                                     catalog_.games().begin());
        if (warn_other_games_ && !chosen_[index]) {
            const Tag* tag = record.find_tag("Game");
            const SourceRegion where = tag != nullptr
                                           ? tag->value_region
                                           : SourceRegion{record.region.begin, record.region.begin};
            out.warnings.push_back(Diagnostic{
                Severity::warning, where, "",
                // TRANSLATORS: {0} is a list of rulesets given ("the ruleset club-2026 of
                // Jelimvre"), {1} and {2} the name of the record's game.
                trf("{} was given, and this is a game of {}: it is refereed under the standard "
                    "ruleset of {}",
                    chosen_text_, game->name(), game->name())});
        }
        return;
    }
    out.clear();
    out.verdict = Verdict::invalid_record;
    std::string known;
    for (std::string_view name : catalog_.names())
        known += (known.empty() ? "" : ", ") + std::string(name);
    const Tag* tag = record.find_tag("Game");
    // The nearest name, for a tag misspelt ("Chessme", "Imbrication").
    std::string_view nearest;
    std::size_t nearest_distance = 0;
    for (std::string_view name : catalog_.names()) {
        const std::size_t distance =
            edit_distance(ascii_lowercase(tag->value), ascii_lowercase(name));
        if (nearest.empty() || distance < nearest_distance) {
            nearest = name;
            nearest_distance = distance;
        }
    }
    std::string message =
        // TRANSLATORS: {0} is the record's Game tag, {1} the games this tool knows.
        trf("this tool does not referee the game \"{}\" (it knows: {})", tag->value, known);
    if (!nearest.empty() && nearest_distance <= std::max<std::size_t>(2, nearest.size() / 3))
        // TRANSLATORS: {0} is the message that the game is unknown, {1} a game's name
        message = trf("{}; did you mean \"{}\"?", message, nearest);
    out.faults.push_back(
        Fault{Diagnostic{Severity::error, tag->value_region, "", std::move(message)},
              std::nullopt,
              {},
              {}});
    out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
}

}  // namespace jv
