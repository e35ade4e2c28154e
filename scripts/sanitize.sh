#!/usr/bin/env bash
# The sanitizer run (docs/tests.md, "Sanitizers and fuzzing"): py2cuda and its unit
# tests, and the emulation runtime under AddressSanitizer and UndefinedBehaviorSanitizer,
# any report failing the step that hit it.
#
#   scripts/sanitize.sh [PROGRAM...]        (make sanitize)
#
#   1. configures and builds SANITIZE_BUILD_DIR (default build-san) with
#      -DPY2CUDA_SANITIZE=address,undefined (CXX, default g++; -O1 -g);
#   2. runs the unit tests (translator, type rules, .npy reader, harness, and the
#      runtime's: arrays, atomics, half, complex, the emulator's fibers, warps, barriers);
#   3. runs the sanitized py2cuda on the bad-input corpus, the fuzzers' regressions
#      and the goldens;
#   4. runs programs built for emulation with
#      PY2CUDA_EMULATE_CXXFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -O1 -g":
#      run_programs.py on PROGRAM... (names as it takes them; default samples/, the
#      course programs) and run_emulation.py (the emulator's error reports).
#
# Each step prints its own verdict; the exit status is 0 when every step passed. Then a run
# with no PROGRAM records the runtime it passed on in tests/sanitize/runtime.sha256, which the
# CI test run_sanitize_current compares with the runtime: commit it with a runtime change.
# JOBS (default 2) builds and runs that many at once.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${SANITIZE_BUILD_DIR:-build-san}"
jobs="${JOBS:-2}"
programs=("$@")
# Only the default run (every course program) is recorded as the runtime's sanitizer run.
record=0
((${#programs[@]})) || { programs=(samples/); record=1; }
sanitize_flags="-fsanitize=address,undefined -fno-sanitize-recover=all"

# No leak check: py2cuda and the programs run once and exit; leaks are not what
# this run looks for (a use after free, an overflow, undefined behaviour are).
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export PYTHONDONTWRITEBYTECODE=1

failed=()
step() {
  local name="$1"
  shift
  echo "== sanitize: $name" >&2
  local start=$SECONDS
  if "$@"; then
    echo "== sanitize: $name: passed ($((SECONDS - start)) s)" >&2
  else
    echo "== sanitize: $name: FAILED ($((SECONDS - start)) s)" >&2
    failed+=("$name")
  fi
}

configure_and_build() {
  # The third-party archives of the ordinary build (checked against their sha256
  # again), rather than a second download.
  if [[ -d build/_deps/archives && ! -d "$build_dir/_deps/archives" ]]; then
    mkdir -p "$build_dir/_deps" && cp -r build/_deps/archives "$build_dir/_deps/"
  fi
  if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    CXX="${CXX:-g++}" CC="${CC:-gcc}" cmake -S . -B "$build_dir" -G Ninja -DPY2CUDA_ORACLE=OFF \
      -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DCMAKE_C_FLAGS_DEBUG="-O1 -g" \
      -DPY2CUDA_SANITIZE=address,undefined || return 1
  fi
  cmake --build "$build_dir" --target py2cuda py2cuda_unit_tests --parallel "$jobs"
}

script() {  # script tests/X/run_Y.py ARGS...: a script test with the sanitized py2cuda
  local runner="$1"
  shift
  python3 "$runner" --py2cuda "$build_dir/py2cuda" --source-dir . --build-dir "$build_dir" "$@"
}

step "build $build_dir" configure_and_build || true
if [[ ${#failed[@]} -ne 0 ]]; then
  echo "sanitize: the build failed" >&2
  exit 1
fi
step "unit tests" "$build_dir/tests/py2cuda_unit_tests" --gtest_brief=1
step "bad inputs" script tests/bad/run_bad_inputs.py
step "fuzz regressions" script tests/bad/run_bad_inputs.py --corpus tests/fuzz/regressions
step "goldens" script tests/golden/run_golden.py
export PY2CUDA_EMULATE_CXXFLAGS="$sanitize_flags -O1 -g"
step "emulated programs (${programs[*]})" script tests/programs/run_programs.py -j "$jobs" "${programs[@]}"
step "emulator error reports" script tests/emulation/run_emulation.py

if [[ ${#failed[@]} -ne 0 ]]; then
  echo "sanitize: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "sanitize: every step passed" >&2
# The runtime this run passed on, for the CI check that it runs on every change to the runtime
# (tests/sanitize/run_sanitize_current.py): commit the rewritten record.
if ((record)); then
  python3 tests/sanitize/run_sanitize_current.py --source-dir . --record
fi
