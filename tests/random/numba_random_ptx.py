"""Writes the PTX that Numba's CUDA target makes for numba.cuda.random's float draws.

Started by run_random_compile.py with Numba's interpreter (the build's venv):

    numba_random_ptx.py OUT.ptx

The kernels are those of random_kernels.cu, written in Python: each stores one draw
of xoroshiro128p_{uniform,normal}_float{32,64}(states, i) in out[i]. The PTX is
compiled for sm_80 with libNVVM, without a GPU. Exit status 0 when written, 3 when
Numba cannot compile PTX here (no libNVVM, say): the caller reports a skip.
"""
import os
import shutil
import sys
import types as pytypes
from pathlib import Path


def cuda_home_from_nvcc() -> None:
    """numba-cuda looks for libNVVM under CUDA_HOME; default it to nvcc's toolkit."""
    if os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH"):
        return
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if Path(nvcc).is_file():
        os.environ["CUDA_HOME"] = str(Path(nvcc).resolve().parent.parent)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    cuda_home_from_nvcc()
    os.environ.pop("NUMBA_ENABLE_CUDASIM", None)  # the simulator makes no PTX
    try:
        from numba import cuda, types
        import numba.cuda.dispatcher as dispatcher
        import numba.cuda.random as nr
    except ImportError as e:
        print(f"cannot import numba-cuda: {e}", file=sys.stderr)
        return 3

    # The random functions are device functions called from a kernel. numba-cuda
    # compiles those for the compute capability of the CURRENT device, even under
    # compile_ptx(cc=...), and with no driver here that lookup fails: tell it 8.0.
    dispatcher.get_current_device = lambda: pytypes.SimpleNamespace(compute_capability=(8, 0))

    uniform_float32 = nr.xoroshiro128p_uniform_float32
    uniform_float64 = nr.xoroshiro128p_uniform_float64
    normal_float32 = nr.xoroshiro128p_normal_float32
    normal_float64 = nr.xoroshiro128p_normal_float64

    def draw_uniform_float32(states, out):
        i = cuda.grid(1)
        out[i] = uniform_float32(states, i)

    def draw_uniform_float64(states, out):
        i = cuda.grid(1)
        out[i] = uniform_float64(states, i)

    def draw_normal_float32(states, out):
        i = cuda.grid(1)
        out[i] = normal_float32(states, i)

    def draw_normal_float64(states, out):
        i = cuda.grid(1)
        out[i] = normal_float64(states, i)

    state_array = types.Array(nr.xoroshiro128p_type, 1, "C")
    kernels = [(draw_uniform_float32, types.float32), (draw_uniform_float64, types.float64),
               (draw_normal_float32, types.float32), (draw_normal_float64, types.float64)]
    texts = []
    try:
        for kernel, dtype in kernels:
            ptx, _ = cuda.compile_ptx(kernel, (state_array, types.Array(dtype, 1, "C")), cc=(8, 0))
            texts.append(ptx)
    except Exception as e:  # noqa: BLE001 - any failure to reach libNVVM means "cannot check here"
        print(f"numba-cuda cannot compile PTX here: {type(e).__name__}: {e}", file=sys.stderr)
        return 3
    Path(sys.argv[1]).write_text("\n".join(texts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
