// The random draws of the games' generators (jelimvre generate): the same seed gives the same
// games on every platform. std::mt19937_64 is specified bit for bit by the standard; its
// distributions are not, so the draws are made here.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace jv {

class Random {
  public:
    explicit Random(std::uint64_t seed) : engine_(seed) {}

    // Uniform in [0, n), n > 0 (rejection sampling, no modulo bias).
    std::size_t below(std::size_t n) {
        const std::uint64_t range = n;
        const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() -
                                    std::numeric_limits<std::uint64_t>::max() % range;
        std::uint64_t x = engine_();
        while (x >= limit) x = engine_();
        return static_cast<std::size_t>(x % range);
    }
    // Uniform in [lo, hi].
    int between(int lo, int hi) {
        return lo + static_cast<int>(below(static_cast<std::size_t>(hi - lo + 1)));
    }
    // True with probability p, from 53 random bits.
    bool chance(double p) { return static_cast<double>(engine_() >> 11) * 0x1.0p-53 < p; }
    // True with probability p, drawn in millionths: ChessMe's generator draws its chances so,
    // and keeps doing it so that its games stay the same.
    bool chance_in_millionths(double p) {
        return static_cast<double>(below(1'000'000)) < p * 1'000'000.0;
    }
    template <typename T>
    const T& pick(const std::vector<T>& v) {
        return v[below(v.size())];
    }
    template <typename T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
    }
    // An index drawn with the given weights (some weight > 0).
    std::size_t weighted(const std::vector<int>& weights) {
        int total = 0;
        for (int w : weights) total += w;
        int x = static_cast<int>(below(static_cast<std::size_t>(total)));
        for (std::size_t i = 0; i < weights.size(); ++i) {
            if (x < weights[i]) return i;
            x -= weights[i];
        }
        return weights.size() - 1;
    }

  private:
    std::mt19937_64 engine_;
};

}  // namespace jv
