#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, ASan, UBSan) of the translator and of the
# harness's .npy reader, one target after the other:
#
#   tests/fuzz/run_fuzz.sh [SECONDS [TARGET...]]     (default 60 s each, every target)
#
#   fuzz_translate  any bytes, read as a Python file, through the whole translator
#   fuzz_infer      programs that parse (a structure-aware mutator over the repository's
#                   programs), through inference and every emitter
#   fuzz_npy        any bytes, as a .npy file, through every reader of the harness
#
# Configures and builds build-fuzz/ with clang-14 (-DPY2CUDA_FUZZ=ON
# -DPY2CUDA_SANITIZE=address,undefined) unless FUZZ_BUILD_DIR names another fuzz build,
# then fuzzes each TARGET for SECONDS on one core. The translator's targets are
# seeded with tests/fuzz/corpus/fuzz_translate/, every program of the repository and
# (fuzz_translate) the syntax-error mutants of tests/syntax; fuzz_npy with
# tests/npy/good and bad. The corpus each grows stays in build-fuzz/fuzz/TARGET/corpus
# for the next run; crashes, broken invariants and hangs (> 10 s) are saved as
# build-fuzz/fuzz/TARGET/crash-*, timeout-*. Exit status: 0 when nothing was found.
# Replay one with `build-fuzz/TARGET FILE`; a fixed one becomes a test (docs/tests.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

seconds="${1:-60}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz_translate fuzz_infer fuzz_npy)
build_dir="${FUZZ_BUILD_DIR:-build-fuzz}"

if ! command -v clang++-14 >/dev/null; then
  echo "run_fuzz: clang++-14 not found (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 77
fi

# The third-party archives of the ordinary build (checked against their sha256
# again), rather than a second download.
if [[ -d build/_deps/archives && ! -d "$build_dir/_deps/archives" ]]; then
  mkdir -p "$build_dir/_deps" && cp -r build/_deps/archives "$build_dir/_deps/"
fi
if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$build_dir" -G Ninja -DPY2CUDA_ORACLE=OFF \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DCMAKE_C_FLAGS_DEBUG="-O1 -g" \
    -DPY2CUDA_SANITIZE=address,undefined -DPY2CUDA_FUZZ=ON
fi
cmake --build "$build_dir" --target "${targets[@]}" --parallel "${JOBS:-2}"

# Every Python program of the repository, copied into $1 (names kept apart by a number).
python_seeds() {
  local i=0 program
  for program in samples/*.py tests/programs/*.py tests/programs/numba_docs/*.py tests/golden/*.py \
                 tests/emulation/*.py tests/racecheck/*.py tests/oracle/cases/*.py tests/bad/*.py \
                 tests/difftest/regressions/*.py tests/fuzz/regressions/*.py; do
    [[ -f "$program" ]] || continue
    cp "$program" "$1/$(printf '%04d' "$i")-$(basename "$program")"
    i=$((i + 1))
  done
}

# ASan's leak check is off: it slows every input, and py2cuda runs once per file
# (leaks are not what these fuzzers look for).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

status=0
for target in "${targets[@]}"; do
  work="$build_dir/fuzz/$target"
  seeds="$work/seeds"
  mkdir -p "$work/corpus" "$seeds"
  rm -f "$seeds"/*
  flags=()
  seed_dirs=("$seeds")
  case "$target" in
    fuzz_translate)
      python_seeds "$seeds"
      PYTHONDONTWRITEBYTECODE=1 python3 - "$seeds" <<'PY'
import sys
from pathlib import Path
sys.path.insert(0, "tests/syntax")
import mutants
sources = sorted(Path("samples").glob("*.py")) + sorted(Path("tests/programs").glob("*.py")) + \
    sorted(Path("tests/syntax/sources").glob("*.py"))
for i, m in enumerate(mutants.mutants(sources, 1)):
    (Path(sys.argv[1]) / f"mutant-{i:04d}.py").write_text(m.source, encoding="utf-8")
PY
      flags=(-dict=tests/fuzz/python.dict)
      seed_dirs+=(tests/fuzz/corpus/fuzz_translate)
      ;;
    fuzz_infer) python_seeds "$seeds" ;;
    fuzz_npy) seed_dirs+=(tests/npy/good tests/npy/bad) ;;
    *) echo "run_fuzz: no target $target" >&2; exit 2 ;;
  esac
  echo "run_fuzz: $target for $seconds s" >&2
  "$build_dir/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=16384 \
    "${flags[@]}" -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" "${seed_dirs[@]}" || status=1
done
exit "$status"
