#include "core/rule_fault.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

namespace jv {

thread_local bool quiet_faults = false;

#ifdef JELIMVRE_RULE_SWITCHES
namespace {

// Read once: the variable names one rule for the whole run, and faults are made in hot loops.
const std::string& switched_off() {
    static const std::string off = [] {
        const char* value = std::getenv("JELIMVRE_DISABLE_RULE");
        return value == nullptr ? std::string() : std::string(value);
    }();
    return off;
}

}  // namespace

bool any_rule_switched_off() {
    return !switched_off().empty();
}

bool rule_switched_off(std::string_view rule, FaultSite site) {
    const std::string& off = switched_off();
    if (off.empty()) return false;
    if (off.find(':') == std::string::npos) return rule == off;
    std::string_view file = site.file_name();
    file.remove_prefix(std::min(file.size(), file.rfind('/') + 1));
    return off == fmt::format("{}:{}", file, site.line());
}
#endif

}  // namespace jv
