#!/usr/bin/env bash
# What a session lent a GPU machine runs there, from the repository root, in one go:
#   tests/programs/tools/gpu_check.sh PY2CUDA OUT_DIR
# 1. run_programs.py --gpu: every program with a .expected, built by nvcc and run on the GPU,
#    its output compared with the .expected (what Numba's simulator printed);
# 2. compare_with_numba.py: every program run by compiled Numba and by py2cuda on the same GPU.
# PY2CUDA may be a copy from another machine: the runtime headers are this checkout's.
set -u
py2cuda=$(realpath "$1")
out=$2
mkdir -p "$out"
export PY2CUDA_RUNTIME_INCLUDE=$PWD/runtime/include
export PY2CUDA_CACHE_DIR=/tmp/py2cuda-gpu-cache  # the second step reuses the first's builds
jobs=$(( $(nproc) > 4 ? $(nproc) - 2 : 2 ))
{
  nvidia-smi -L
  nvcc --version | tail -2
  python3 -c 'import numba, numpy; print("numba", numba.__version__, "numpy", numpy.__version__)'
} 2>&1 | tee "$out/machine.txt"
mkdir -p /tmp/gpu-programs /tmp/gpu-compare
python3 tests/programs/run_programs.py --py2cuda "$py2cuda" --build-dir /tmp/gpu-programs --gpu \
  --timeout 180 -j "$jobs" >"$out/programs_gpu.log" 2>&1
echo "run_programs --gpu: exit $? ($(tail -1 "$out/programs_gpu.log"))"
python3 tests/programs/tools/compare_with_numba.py --py2cuda "$py2cuda" --python python3 \
  --build-dir /tmp/gpu-compare -j "$jobs" >"$out/compare_with_numba.log" 2>&1
echo "compare_with_numba: exit $? ($(tail -1 "$out/compare_with_numba.log"))"
