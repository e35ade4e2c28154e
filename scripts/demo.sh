#!/usr/bin/env bash
# The README's demo: translate samples/hypot_kernel.py with the built py2cuda
# into BUILD_DIR/demo/hypot_kernel.cu, compile that with nvcc for two GPU
# architectures (sm_80, sm_90) against the runtime headers, then build the same
# file with its kernel harness and run it: on the GPU if there is one, else in
# the CPU emulation, on inputs made with NumPy, and print what the kernel
# computed. `make demo` builds first.
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
python="$build_dir/venv/bin/python"
if [[ ! -x "$python" ]]; then
  echo "demo: $python is missing (configure with -DPY2CUDA_ORACLE=ON, the default) to make inputs; not running" >&2
  exit 1
fi
mode=(--emulate)
if [[ -e /dev/nvidia0 ]]; then mode=(); fi
run "$py2cuda" "$sample" --exe "${mode[@]}" -o "$out_dir/$name"
run "$python" -c "
import numpy as np
n = 10
np.save('$out_dir/xs.npy', np.arange(n, dtype=np.float32))
np.save('$out_dir/ys.npy', np.full(n, 2.0, dtype=np.float32))
np.save('$out_dir/out.npy', np.zeros(n, dtype=np.float32))
"
mkdir -p "$out_dir/result"
run "$out_dir/$name" hypot_kernel --grid 1 --block 32 --out-dir "$out_dir/result" \
  "$out_dir/xs.npy" "$out_dir/ys.npy" "$out_dir/out.npy"
"$python" -c "
import numpy as np
xs, out = np.load('$out_dir/xs.npy'), np.load('$out_dir/result/out.npy')
print('demo: hypot(x, 2) for x = 0..9, computed by the translated kernel' + (' in CPU emulation' if '${mode[*]}' else ' on the GPU') + ':')
print('      ', ' '.join(f'{v:.6f}' for v in out))
print('demo: matches numpy.hypot:', bool(np.allclose(out, np.hypot(xs, 2.0), rtol=1e-6)))
"
