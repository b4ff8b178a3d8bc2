// The libFuzzer entry point of one fuzz target; JELIMVRE_FUZZ_BODY names the body it calls
// (CMake builds this file once per target).
#include "fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return jv::fuzz::JELIMVRE_FUZZ_BODY(data, size);
}
