#!/usr/bin/env bash
# The README's demo: translate samples/hypot_kernel.py with the built py2cuda
# into BUILD_DIR/demo/hypot_kernel.cu, compile that with nvcc for two GPU
# architectures (sm_80, sm_90) against the runtime headers, then build the whole
# program (its host code is the C++ main()) and run it: on the GPU if there is
# one, else in the CPU emulation; its output is compared with what Numba prints
# (samples/hypot_kernel.expected). `make demo` builds first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${BUILD_DIR:-build}"
sample=samples/hypot_kernel.py
name="$(basename "$sample" .py)"
out_dir="$build_dir/demo"
py2cuda="$build_dir/py2cuda"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"

if [[ ! -f "$sample" ]]; then
  echo "demo: $sample does not exist yet, so there is nothing to translate." >&2
  echo "demo: it comes with the samples; run 'make demo' again once it is there." >&2
  exit 1
fi
if [[ ! -x "$py2cuda" ]]; then
  echo "demo: $py2cuda is not built; run scripts/bootstrap.sh (or make demo)." >&2
  exit 1
fi
if [[ ! -x "$nvcc" ]]; then
  echo "demo: nvcc not found (looked on PATH and in /usr/local/cuda/bin; set NVCC=...)." >&2
  exit 1
fi

run() {
  echo "+ $*"
  "$@"
}

mkdir -p "$out_dir"
run "$py2cuda" "$sample" -o "$out_dir/$name.cu"
run "$nvcc" -std=c++20 -I runtime/include \
  -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
  -c "$out_dir/$name.cu" -o "$out_dir/$name.o"

echo
echo "demo: $sample -> $out_dir/$name.cu ($(wc -l <"$out_dir/$name.cu") lines) -> $out_dir/$name.o"
cuobjdump="$(dirname "$nvcc")/cuobjdump"
if [[ -x "$cuobjdump" ]]; then
  echo "demo: GPU code in the object file:"
  "$cuobjdump" --list-elf "$out_dir/$name.o"
fi

# ---- run it -------------------------------------------------------------------
# The whole program: its host code is main(); built with nvcc where there is a GPU,
# else for the CPU emulation, and run. Its output must be what Python prints.
mode=(--emulate)
if [[ -e /dev/nvidia0 ]]; then mode=(); fi
run "$py2cuda" "$sample" --exe "${mode[@]}" -o "$out_dir/$name"
echo "demo: running $out_dir/$name$([[ ${#mode[@]} -gt 0 ]] && echo ' (CPU emulation: no GPU here)'):"
"$out_dir/$name" | tee "$out_dir/$name.out"
if cmp -s "$out_dir/$name.out" "samples/$name.expected"; then
  echo "demo: the output equals samples/$name.expected, what Numba prints for $sample"
else
  echo "demo: the output differs from samples/$name.expected:" >&2
  diff "samples/$name.expected" "$out_dir/$name.out" >&2 || true
  exit 1
fi
