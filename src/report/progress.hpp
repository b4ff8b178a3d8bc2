// A progress line for long runs: games done, games per second and, when the whole amount of
// work is known, the time left. The clock is an argument, so that the decisions are testable.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace jv::report {

// "12,345 games, 9,870 games/s, about 4 s left" (the time left only when `fraction_done` is
// known and above zero).
std::string format_progress(std::size_t games, double seconds, std::optional<double> fraction_done);

// Draws nothing for the first `quiet_seconds` (a short run shows no progress at all), then at
// most one line every `every_seconds`, redrawn in place.
class ProgressMeter {
  public:
    ProgressMeter(bool enabled, double quiet_seconds = 1.0, double every_seconds = 0.25)
        : enabled_(enabled), quiet_seconds_(quiet_seconds), every_seconds_(every_seconds) {}

    // The text to write to the terminal now (a carriage return, the line, an erase to its
    // end), or an empty string.
    std::string update(std::size_t games, double now_seconds, std::optional<double> fraction_done);

    // Erases the line if one was drawn, so that what follows starts on a clean line.
    std::string finish();

    bool enabled() const { return enabled_; }

  private:
    bool enabled_;
    double quiet_seconds_;
    double every_seconds_;
    double last_drawn_ = -1;
};

}  // namespace jv::report
