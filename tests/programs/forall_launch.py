"""`kernel.forall(ntasks, tpb=0, stream=0, sharedmem=0)(args)`: Numba's 1-D launch of enough
threads for ntasks, the block size picked by the occupancy API unless tpb gives it. The kernels
check their bounds, so what they compute does not depend on the block size: the simulator
launches one thread per block, a GPU a few hundred, the emulation 256.

Covers ntasks from len() of a device array and from an expression, tpb positional and by
keyword, a stream, sharedmem, host arrays passed straight in (copied back), a kernel aliased
by another name, a bare kernel given two type lists through forall, and forall(0), which
launches nothing.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def count_tasks(hits, ntasks):
    # Counts the threads that reach a task: exactly ntasks whatever the grid.
    i = cuda.grid(1)
    if i < ntasks:
        cuda.atomic.add(hits, 0, 1)


def main():
    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    d_x = cuda.to_device(x)
    d_y = cuda.to_device(y)
    d_out = cuda.device_array_like(d_x)

    axpy.forall(len(d_out))(d_out, np.float32(2.0), d_x, d_y)
    out = d_out.copy_to_host()
    print("default tpb:", out[:4], out[-2:], out.sum())

    axpy.forall(n, 64)(d_out, np.float32(3.0), d_x, d_y)
    print("tpb=64:", d_out.copy_to_host()[-3:])

    stream = cuda.stream()
    axpy.forall(n, tpb=128, stream=stream)(d_out, np.float32(0.5), d_x, d_y)
    stream.synchronize()
    print("stream:", d_out.copy_to_host()[:3])

    host_out = np.zeros(n, dtype=np.float32)
    axpy.forall(host_out.size, sharedmem=0)(host_out, np.float32(-1.0), x, y)
    print("host arrays:", host_out[:3], host_out[-1])

    # int64 arrays: a second specialisation of the same bare kernel.
    xi = np.arange(10, dtype=np.int64)
    out_i = np.zeros(10, dtype=np.int64)
    k = axpy
    k.forall(xi.size)(out_i, 7, xi, xi)
    print("int64:", out_i)

    hits = np.zeros(1, dtype=np.int64)
    for ntasks in (1, 37, 256, 257, 5000):
        hits[0] = 0
        count_tasks.forall(ntasks)(hits, ntasks)
        print("tasks", ntasks, "threads that ran one:", hits[0])
    hits[0] = 0
    count_tasks.forall(0)(hits, 0)
    print("forall(0) ran", hits[0], "tasks")


if __name__ == "__main__":
    main()
