// Google Benchmark: the core's speed without the command line (issue 6).
//   actions applied per second (check + apply, as the referee does for each action);
//   legal turns generated per second.
#include <vector>

#include <benchmark/benchmark.h>

#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/turn.hpp"

using namespace jv::jel;

namespace {

// The position after both setups of the notation brief's example.
Position start_position() {
    const char* setup[2] = {
        "T@a1 N@b1 G@c1 S@d1 Q@e1 K@f1 D@g1 S@h1 G@i1 N@j1 T@k1 S@a2 S@b2 S@c2 S@d2 S@e2 R@f2 "
        "S@g2 S@h2 S@i2 S@j2",
        "T@a11 N@b11 G@c11 S@d11 Q@e11 K@f11 D@g11 S@h11 G@i11 N@j11 T@k11 S@a10 S@b10 S@c10 "
        "S@d10 S@e10 R@f10 S@g10 S@h10 S@i10 S@j10"};
    Position p = Position::before_setup();
    for (int side = 0; side < 2; ++side) {
        std::string_view text = setup[side];
        while (!text.empty()) {
            std::size_t space = text.find(' ');
            Undo undo;
            p.apply(*parse_action(text.substr(0, space)).action,
                    side == 0 ? Color::white : Color::black, undo);
            if (space == std::string_view::npos) break;
            text.remove_prefix(space + 1);
        }
        p.end_turn(1);
    }
    return p;
}

// Knights going out and back: legal forever, one action a turn.
const char* shuffle[4] = {"Nb1-c3", "Nb11-c9", "Nc3-b1", "Nc9-b11"};

void BM_check_and_apply_action(benchmark::State& state) {
    const Position start = start_position();
    Action actions[4];
    for (int i = 0; i < 4; ++i) actions[i] = *parse_action(shuffle[i]).action;
    Position p = start;
    std::size_t i = 0;
    for (auto _ : state) {
        Action a = actions[i % 4];
        auto fault = check_army_move(p, a, Ruleset{});
        benchmark::DoNotOptimize(fault);
        Undo undo;
        p.apply(a, p.side_to_move(), undo);
        p.end_turn(2);
        ++i;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_check_and_apply_action);

void BM_play_turn(benchmark::State& state) {
    const Position start = start_position();
    Action actions[4];
    for (int i = 0; i < 4; ++i) actions[i] = *parse_action(shuffle[i]).action;
    Position p = start;
    std::size_t i = 0;
    for (auto _ : state) {
        TurnResult r = play_turn(p, std::span<const Action>(&actions[i % 4], 1), {}, {});
        benchmark::DoNotOptimize(r);
        ++i;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_play_turn);

void BM_end_of_game_check(benchmark::State& state) {
    const Position p = start_position();
    for (auto _ : state) benchmark::DoNotOptimize(end_at_turn_start(p, {}, {}));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_end_of_game_check);

void BM_generate_legal_turns(benchmark::State& state) {
    Position p = start_position();
    p.mutable_state().counter = {static_cast<std::uint8_t>(state.range(0)), 1};
    p.set_turn_number(5);
    std::int64_t turns = 0;
    for (auto _ : state) {
        auto count = [&](std::span<const Action>, const Position&) {
            ++turns;
            return true;
        };
        for_each_legal_turn(p, {}, {}, count);
    }
    state.SetItemsProcessed(turns);
}
BENCHMARK(BM_generate_legal_turns)->Arg(1)->Arg(2)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
