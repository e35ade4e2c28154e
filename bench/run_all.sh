#!/usr/bin/env bash
# Runs every benchmark against one build of py2cuda.
#
#   bench/run_all.sh BUILD_DIR
#
# Uses BUILD_DIR/py2cuda and, for the Numba side, BUILD_DIR/venv/bin/python
# (the build creates it with pinned Numba when PY2CUDA_ORACLE is ON). Without
# that venv it falls back, with a message, to $NUMBA_PYTHON if set, then to
# /tmp/nvenv/bin/python, then to python3 (which then usually skips Numba).
# Runs both benchmarks even if the first reports a problem; the exit status is
# 1 if either could not measure something, 2 on bad usage.
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
echo "== cost of the runtime headers in nvcc -c =="
python3 "$root/bench/runtime_header_cost.py" --py2cuda "$py2cuda" --include "$root/runtime/include" || status=1
exit "$status"
