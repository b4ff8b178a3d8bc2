#include "report/progress.hpp"

#include <cmath>

#include <fmt/format.h>

#include "core/translate.hpp"

namespace jv::report {

namespace {

// 1234567 as "1,234,567": counts that change ten times a second are easier to read grouped.
std::string grouped(std::size_t number) {
    std::string digits = std::to_string(number);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string duration(double seconds) {
    auto whole = static_cast<long long>(std::ceil(seconds));
    // TRANSLATORS: a duration in seconds, in the progress line ("about 40 s left").
    if (whole < 60) return trf("{} s", whole);
    // TRANSLATORS: a duration in minutes and seconds ("about 3 min 20 s left").
    if (whole < 3600) return trf("{} min {} s", whole / 60, whole % 60);
    // TRANSLATORS: a duration in hours and minutes ("about 2 h 5 min left").
    return trf("{} h {} min", whole / 3600, whole % 3600 / 60);
}

}  // namespace

std::string format_progress(std::size_t games, double seconds,
                            std::optional<double> fraction_done) {
    // TRANSLATORS: {} is a number of games, its digits grouped (1,250).
    std::string out = trn("{} game", "{} games", games, grouped(games));
    if (seconds > 0)
        // TRANSLATORS: a speed in the progress line: {} is a number of games a second (1,250).
        out += ", " + trf("{} games/s",
                          grouped(static_cast<std::size_t>(static_cast<double>(games) / seconds)));
    if (fraction_done && *fraction_done > 0 && *fraction_done < 1)
        // TRANSLATORS: {} is a duration ("3 min 20 s").
        out += ", " + trf("about {} left", duration(seconds / *fraction_done - seconds));
    return out;
}

std::string ProgressMeter::update(std::size_t games, double now_seconds,
                                  std::optional<double> fraction_done) {
    if (!enabled_ || now_seconds < quiet_seconds_) return {};
    if (last_drawn_ >= 0 && now_seconds - last_drawn_ < every_seconds_) return {};
    last_drawn_ = now_seconds;
    // "\r" returns to the start of the line, "\x1b[K" erases what a longer line left there.
    return "\r" + format_progress(games, now_seconds, fraction_done) + "\x1b[K";
}

std::string ProgressMeter::finish() {
    if (last_drawn_ < 0) return {};
    last_drawn_ = -1;
    return "\r\x1b[K";
}

}  // namespace jv::report
