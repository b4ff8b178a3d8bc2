#include "core/game.hpp"

#include <fmt/format.h>

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
    verdict = Verdict::legal;
    faults.clear();
    unreported_faults = 0;
    outcome = Outcome{};
    position.clear();
    diagram.clear();
    ruleset.clear();
    ruleset_fingerprint.clear();
    warnings.clear();
}

void GameCatalog::add(std::unique_ptr<GameRules> game) {
    games_.push_back(std::move(game));
}

const GameRules* GameCatalog::find(std::string_view name) const {
    for (const auto& game : games_)
        if (game->name() == name) return game.get();
    return nullptr;
}

std::vector<std::string_view> GameCatalog::names() const {
    std::vector<std::string_view> out;
    for (const auto& game : games_) out.push_back(game->name());
    return out;
}

void GameCatalog::referee(const GameRecord& record, const RefereeRequest& request,
                          GameVerdict& out) const {
    out.clear();
    const Tag* tag = record.find_tag("Game");
    std::string_view name = tag != nullptr ? std::string_view(tag->value) : default_game;
    if (const GameRules* game = find(name)) {
        game->referee(record, request, out);
        return;
    }
    out.game = {};
    out.verdict = Verdict::invalid_record;
    std::string known;
    for (std::string_view known_name : names())
        known += (known.empty() ? "" : ", ") + std::string(known_name);
    out.faults.push_back(
        Fault{Diagnostic{Severity::error, tag->value_region, "",
                         fmt::format("this tool does not referee the game \"{}\" (it knows: {})",
                                     tag->value, known)},
              std::nullopt,
              {},
              {}});
    out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
}

}  // namespace jv
