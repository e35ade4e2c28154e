#!/usr/bin/env bash
# The random-program campaign (and a GPU check) on a machine lent for a session: many cores, a
# GPU, nvcc and Python 3.12 with Numba, but none of py2cuda's libraries. Used on 2026-11-27
# (tests/difftest/README.md: 7,200 programs in 11 minutes on 16 cores).
#
#   tests/difftest/lent_machine.sh prepare BUILD_DIR      here, from the repository root: fills
#       .devcarry/ (py2cuda, Boost.Context's headers and static library, libfmt, libxxhash)
#       and .whl/ (NumPy 1.26 for Python 3.12), both ignored through .git/info/exclude
#   tests/difftest/lent_machine.sh run SEED CHUNKS [BUDGET_S] [PROGRAM...]   there, from the
#       root of the copied tree (carry .devcarry and .whl): compare_with_numba.py on PROGRAM...
#       when given, then CHUNKS chunks of 800 seeds from SEED, 16 jobs, until BUDGET_S seconds
#       (default 400) have passed; the logs go to $OUT.
#   tests/difftest/lent_machine.sh gpu [BUDGET_S]   there, likewise: the GPU check of every
#       program (tests/programs/tools/gpu_check.sh: run_programs.py --gpu, then
#       compare_with_numba.py) and run_runtime_compile.py, within BUDGET_S seconds (default 420);
#       the logs go to $OUT.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
mode=${1:-}
case "$mode" in
  prepare)
    build=${2:?BUILD_DIR}
    mkdir -p .git/info
    grep -qx '/.devcarry/' .git/info/exclude 2>/dev/null || printf '/.devcarry/\n/.whl/\n' >> .git/info/exclude
    rm -rf .devcarry && mkdir -p .devcarry/include .devcarry/lib .devcarry/bin
    cp "$build/py2cuda" .devcarry/bin/
    # The Boost headers the runtime reaches, and all of Boost.Config and Predef (which pick
    # headers by compiler).
    printf '#include <py2cuda/runtime.h>\n#include <py2cuda/host.h>\n#include <py2cuda/harness.h>\nint main(){}\n' > .devcarry/probe.cpp
    g++ -std=c++20 -x c++ -M -I runtime/include .devcarry/probe.cpp | tr ' \\' '\n\n' | grep '^/usr/include/boost' |
      while read -r f; do mkdir -p ".devcarry/include/$(dirname "${f#/usr/include/}")"; cp "$f" ".devcarry/include/${f#/usr/include/}"; done
    rm .devcarry/probe.cpp
    cp -r /usr/include/boost/config /usr/include/boost/predef .devcarry/include/boost/
    cp /usr/include/boost/*.hpp .devcarry/include/boost/
    cp /usr/lib/x86_64-linux-gnu/libboost_context.a .devcarry/lib/
    for lib in $(ldd "$build/py2cuda" | awk '/libfmt|libxxhash/ {print $3}'); do cp -L "$lib" .devcarry/lib/; done
    python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
      --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d .whl numpy==1.26.4
    du -sh .devcarry .whl
    ;;
  gpu)
    budget=${2:-420}
    out=${OUT:-/tmp/out}
    mkdir -p "$out"
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
    export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
    export CPATH=$PWD/.devcarry/include LIBRARY_PATH=$PWD/.devcarry/lib LD_LIBRARY_PATH=$PWD/.devcarry/lib
    chmod +x .devcarry/bin/py2cuda
    start=$SECONDS
    timeout $((budget * 3 / 4)) tests/programs/tools/gpu_check.sh .devcarry/bin/py2cuda "$out"
    echo "gpu_check: exit $? after $((SECONDS - start)) s"
    timeout $((budget - (SECONDS - start) > 30 ? budget - (SECONDS - start) : 30)) \
      python3 tests/runtime/run_runtime_compile.py --source-dir . > "$out/runtime_compile.log" 2>&1
    echo "run_runtime_compile: exit $? ($(tail -1 "$out/runtime_compile.log")) after $((SECONDS - start)) s"
    ;;
  run)
    seed=${2:?SEED}; chunks=${3:?CHUNKS}; budget=${4:-400}; shift 4 2>/dev/null || shift $#
    out=${OUT:-/tmp/out}
    mkdir -p "$out"
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
    export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
    export CPATH=$PWD/.devcarry/include LIBRARY_PATH=$PWD/.devcarry/lib LD_LIBRARY_PATH=$PWD/.devcarry/lib
    export PY2CUDA_RUNTIME_INCLUDE=$PWD/runtime/include PY2CUDA_CACHE_DIR=/tmp/p2c-cache
    py2cuda=$PWD/.devcarry/bin/py2cuda
    chmod +x "$py2cuda"
    { nvidia-smi -L; nvcc --version | tail -1; g++ --version | head -1; nproc
      python3 -c 'import sys, numba, numpy; print("python", sys.version.split()[0], "numba", numba.__version__, "numpy", numpy.__version__)'; } 2>&1 | tee "$out/machine.txt"
    start=$SECONDS
    if (($#)); then
      timeout 170 python3 tests/programs/tools/compare_with_numba.py --py2cuda "$py2cuda" --python python3 \
        --build-dir /tmp/cmp -j 10 "$@" > "$out/compare.log" 2>&1
      echo "compare_with_numba: $(tail -1 "$out/compare.log") after $((SECONDS - start)) s"
    fi
    for ((c = 0; c < chunks; c++)); do
      ((SECONDS - start > budget)) && break
      s=$((seed + 800 * c))
      timeout $((budget + 160 - (SECONDS - start))) python3 tests/difftest/difftest.py --py2cuda "$py2cuda" --source-dir . \
        --seed "$s" --count 800 --jobs "$(nproc)" --batch 50 --work-dir "/tmp/dt$c" > "/tmp/dt_$c.log" 2>&1
      rc=$?
      cat "/tmp/dt_$c.log" >> "$out/difftest.log"
      echo "seeds $s..$((s + 799)): exit $rc after $((SECONDS - start)) s: $(tail -1 "/tmp/dt_$c.log")"
    done
    ;;
  *)
    sed -n '2,12p' "$0"
    exit 2
    ;;
esac
