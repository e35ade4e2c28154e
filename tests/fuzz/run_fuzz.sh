#!/usr/bin/env bash
# Coverage-guided fuzzing of the translator (libFuzzer, ASan, UBSan): any bytes,
# read as a Python file, through parse, analysis, inference and emission.
#
#   tests/fuzz/run_fuzz.sh [SECONDS]      (default 60)
#
# Configures and builds build-fuzz/ with clang-14 (-DPY2CUDA_FUZZ=ON
# -DPY2CUDA_SANITIZE=address,undefined) unless BUILD_DIR names another fuzz build,
# then fuzzes for SECONDS on one core, seeded with tests/fuzz/corpus/ and every
# program of the repository (samples/, tests/programs, golden, bad, and the
# syntax-error mutants of tests/syntax). The corpus it grows stays in
# BUILD_DIR/fuzz/corpus for the next run; crashes, broken invariants (an
# unlocated error, a nondeterministic translation) and hangs (> 10 s) are saved as
# BUILD_DIR/fuzz/crash-*, timeout-*. Exit status: 0 when nothing was found.
# Replay one with `BUILD_DIR/fuzz_translate FILE`; a fixed one becomes a test in
# tests/fuzz/regressions/ (see docs/tests.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

seconds="${1:-60}"
build_dir="${BUILD_DIR:-build-fuzz}"

if ! command -v clang++-14 >/dev/null; then
  echo "run_fuzz: clang++-14 not found (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 77
fi

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$build_dir" -G Ninja -DPY2CUDA_ORACLE=OFF \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DCMAKE_C_FLAGS_DEBUG="-O1 -g" \
    -DPY2CUDA_SANITIZE=address,undefined -DPY2CUDA_FUZZ=ON
fi
cmake --build "$build_dir" --target fuzz_translate --parallel "${JOBS:-2}"

work="$build_dir/fuzz"
seeds="$work/seeds"
mkdir -p "$work/corpus" "$seeds"
rm -f "$seeds"/*
i=0
for program in samples/*.py tests/programs/*.py tests/golden/*.py tests/bad/*.py tests/fuzz/regressions/*.py; do
  [[ -f "$program" ]] || continue
  cp "$program" "$seeds/$(printf '%04d' "$i")-$(basename "$program")"
  i=$((i + 1))
done
PYTHONDONTWRITEBYTECODE=1 python3 - "$seeds" <<'PY'
import sys
from pathlib import Path
sys.path.insert(0, "tests/syntax")
import mutants
sources = sorted(Path("samples").glob("*.py")) + sorted(Path("tests/programs").glob("*.py"))
for i, m in enumerate(mutants.mutants(sources, 1)):
    (Path(sys.argv[1]) / f"mutant-{i:04d}.py").write_text(m.source, encoding="utf-8")
PY

# ASan's leak check is off: it slows every input, and py2cuda runs once per file
# (leaks are not what this fuzzer looks for).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
exec "$build_dir/fuzz_translate" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=16384 -dict=tests/fuzz/python.dict -artifact_prefix="$work/" -print_final_stats=1 \
  "$work/corpus" tests/fuzz/corpus "$seeds"
