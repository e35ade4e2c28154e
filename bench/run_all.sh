#!/usr/bin/env bash
# Runs every benchmark against one build of py2cuda.
#
#   bench/run_all.sh BUILD_DIR
#
# Uses BUILD_DIR/py2cuda and, for the Numba side, BUILD_DIR/venv/bin/python
# (the build creates it with pinned Numba when PY2CUDA_ORACLE is ON). Without
# that venv it falls back, with a message, to $NUMBA_PYTHON if set, then to
# /tmp/nvenv/bin/python, then to python3 (which then usually skips Numba).
# The C++ benchmarks of the CPU emulation are built into BUILD_DIR/bench/ with
# $CXX (default g++), the same flags the emulation uses (-std=c++20 -O2); the
# emulated harness executables go to BUILD_DIR/bench/emulation/.
# Runs every benchmark even if one reports a problem; the exit status is 1 if
# any could not measure something (or failed to build), 2 on bad usage.
set -u

if [[ $# -ne 1 ]]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
build_dir="$(cd "$1" 2>/dev/null && pwd)" || { echo "run_all.sh: no directory $1" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

py2cuda="$build_dir/py2cuda"
if [[ ! -x "$py2cuda" ]]; then
  echo "run_all.sh: $py2cuda not found or not executable; build first (make build)" >&2
  exit 2
fi

numba_python="$build_dir/venv/bin/python"
if [[ ! -x "$numba_python" ]]; then
  for candidate in "${NUMBA_PYTHON:-}" /tmp/nvenv/bin/python python3; do
    if [[ -n "$candidate" ]] && command -v "$candidate" >/dev/null; then
      echo "run_all.sh: $numba_python not found (configure with -DPY2CUDA_ORACLE=ON);" \
           "using $candidate for Numba" >&2
      numba_python="$candidate"
      break
    fi
  done
fi

status=0
echo "== py2cuda translation vs Numba compilation =="
python3 "$root/bench/translate_vs_numba.py" --py2cuda "$py2cuda" --python "$numba_python" || status=1
echo
echo "== translation time against file size =="
python3 "$root/bench/translation_scaling.py" --py2cuda "$py2cuda" || status=1
echo
echo "== cost of the runtime headers in nvcc -c =="
python3 "$root/bench/runtime_header_cost.py" --py2cuda "$py2cuda" --include "$root/runtime/include" || status=1
echo
echo "== CPU emulation vs Numba's CUDA simulator =="
python3 "$root/bench/emulation_vs_simulator.py" --py2cuda "$py2cuda" --python "$numba_python" \
  --work-dir "$build_dir/bench/emulation" || status=1
echo
echo "== whole programs: py2cuda --run and the built executable vs python =="
python3 "$root/bench/programs_vs_python.py" --py2cuda "$py2cuda" --python "$numba_python" || status=1
echo
echo "== --racecheck against the unchecked emulation =="
python3 "$root/bench/racecheck_overhead.py" --py2cuda "$py2cuda" --work "$build_dir/bench/racecheck" || status=1

# The C++ benchmarks: built two at a time (two cores), then run one at a time.
bench_bin="$build_dir/bench"
mkdir -p "$bench_bin"
cxx="${CXX:-g++}"
build_cpp() {  # OUTPUT SOURCE [EXTRA_FLAG...]
  local out="$1" src="$2"
  shift 2
  rm -f "$bench_bin/$out"  # a failed build must not leave an old binary to be run
  "$cxx" -std=c++20 -O2 -fwrapv -fno-math-errno "$@" -I "$root/runtime/include" -I "$bench_bin" "$root/bench/$src" -o "$bench_bin/$out" \
    -lboost_context -pthread 2>"$bench_bin/$out.log" || { echo "run_all.sh: building $out failed; see $bench_bin/$out.log" >&2; return 1; }
}
# The loop-mode benchmark includes py2cuda's translation of its kernels.
"$py2cuda" "$root/bench/loop_mode_kernels.py" --kernels-only -o "$bench_bin/loop_mode_kernels.cu" \
  --header "$bench_bin/loop_mode_kernels.h" || { echo "run_all.sh: translating bench/loop_mode_kernels.py failed" >&2; status=1; }
build_cpp loop_mode_vs_plain_cpp loop_mode_vs_plain_cpp.cpp & p1=$!
build_cpp loop_mode_vs_plain_cpp_nobounds loop_mode_vs_plain_cpp.cpp -DPY2CUDA_NO_BOUNDS_CHECK & p2=$!
wait "$p1" || status=1
wait "$p2" || status=1
build_cpp barrier_throughput barrier_throughput.cpp || status=1

run_cpp() {  # TITLE BINARY
  echo
  echo "== $1 =="
  if [[ -x "$bench_bin/$2" ]]; then
    "$bench_bin/$2" || status=1
  else
    echo "not built"
    status=1
  fi
}
run_cpp "emulation loop mode vs a plain C++ loop; fiber mode vs a barrier-phased loop" loop_mode_vs_plain_cpp
run_cpp "the same, bounds checks compiled out" loop_mode_vs_plain_cpp_nobounds
run_cpp "emulation fiber mode: barrier crossings" barrier_throughput
exit "$status"
