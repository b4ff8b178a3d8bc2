#!/bin/sh
# Builds the fuzz targets with clang in build-fuzz and runs each for a short while (ctest label
# "fuzz", JELIMVRE_FUZZ_SECONDS each, two at a time). Run from the repository root; exits
# non-zero when the build fails or any target finds a crash, a leak, undefined behaviour, a
# broken invariant or an input slower than 10 s. Needs clang-14 and libclang-rt-14-dev.
#
# Environment: CXX (default clang++-14), JELIMVRE_FUZZ_SECONDS (default 15), JOBS (default 2).
set -eu

cxx=${CXX:-clang++-14}
seconds=${JELIMVRE_FUZZ_SECONDS:-15}
jobs=${JOBS:-2}

if [ ! -f tests/fuzz/run_ci.sh ]; then
    echo "run_ci.sh: run me from the repository root" >&2
    exit 2
fi

cmake -S . -B build-fuzz \
    -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DJELIMVRE_BUILD_TESTS=OFF \
    -DJELIMVRE_BUILD_FUZZERS=ON \
    -DJELIMVRE_FUZZ_SECONDS="$seconds"
cmake --build build-fuzz -j "$jobs"

# A finding of an earlier run must not hide behind a clean one: only this run's artifacts count.
rm -rf build-fuzz/tests/fuzz/artifacts
mkdir -p build-fuzz/tests/fuzz/artifacts/jgn_reader build-fuzz/tests/fuzz/artifacts/jfen \
    build-fuzz/tests/fuzz/artifacts/ruleset build-fuzz/tests/fuzz/artifacts/rules \
    build-fuzz/tests/fuzz/artifacts/chessme build-fuzz/tests/fuzz/artifacts/imbriquation

status=0
ctest --test-dir build-fuzz -L fuzz -j "$jobs" --output-on-failure || status=1

found=$(find build-fuzz/tests/fuzz/artifacts -type f | sort)
if [ -n "$found" ]; then
    echo "run_ci.sh: the fuzzers found inputs to look at (see tests/fuzz/README.md):" >&2
    echo "$found" >&2
    status=1
fi
exit $status
