"""Golden: cooperative groups' grid barrier, cuda.cg.this_grid() and g.sync().

A kernel that calls this_grid() (itself or through a device function) is launched
cooperatively, as Numba launches it: its KernelInfo says so, and the launch stub uses
cudaLaunchCooperativeKernel after checking that every block can be resident. Shown: the
group in a variable (`from numba.cuda import cg`), `cuda.cg.this_grid().sync()` in one
expression, the group passed to a device function that syncs, a device function that
makes its own group, and a grid barrier next to block barriers.
"""
# simulator-cannot-run: `from numba.cuda import cg` is the compiled target's module, whose GridGroup.sync() the simulator cannot call; its own cuda.cg syncs one block only
import numpy as np
from numba import cuda, float32
from numba.cuda import cg

TPB = 32


@cuda.jit("void(int64[:], int64[:])")
def rotate(values, out):
    """out[i] = values[i] + values[(i + 1) % n], computed in place in `values` over two phases."""
    g = cg.this_grid()
    i = cuda.grid(1)
    n = values.size
    mine = values[i] if i < n else 0
    nxt = values[(i + 1) % n] if i < n else 0
    g.sync()  # every thread has read its neighbour before any writes
    if i < n:
        values[i] = mine + nxt
    g.sync()
    if i < n:
        out[i] = values[i]


@cuda.jit(device=True)
def grid_step(g, data, i):
    n = data.size
    if i < n:
        data[i] += 1
    g.sync()  # outside the if: every thread of the grid reaches it
    return data[n - 1 - i] if i < n else 0


@cuda.jit(device=True)
def barrier_everywhere():
    cuda.cg.this_grid().sync()


@cuda.jit("void(int32[:], int32[:])")
def mirror(data, out):
    """Adds 1 to each element, then reads the mirrored element another block wrote."""
    i = cuda.grid(1)
    g = cuda.cg.this_grid()
    v = grid_step(g, data, i)
    if i < data.size:
        out[i] = v
    barrier_everywhere()
    if i == 0:
        out[0] = -out[0]


@cuda.jit("void(float32[:], float32[:], float32[:])")
def total(x, partial, result):
    """Block sums in shared memory, then one grid barrier, then thread 0 adds the partials."""
    cache = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    acc = float32(0.)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    cache[t] = acc
    cuda.syncthreads()
    if t == 0:
        s = float32(0.)
        for k in range(TPB):
            s += cache[k]
        partial[cuda.blockIdx.x] = s
    cuda.cg.this_grid().sync()
    if cuda.grid(1) == 0:
        s = float32(0.)
        for b in range(partial.size):
            s += partial[b]
        result[0] = s


if __name__ == "__main__":
    n = 100
    values = cuda.to_device(np.arange(n, dtype=np.int64))
    out = cuda.device_array(n, dtype=np.int64)
    rotate[4, TPB](values, out)
    print("rotate:", " ".join(str(v) for v in out.copy_to_host()[[0, 1, 50, 99]]))

    m = 70
    data = cuda.to_device(np.arange(m, dtype=np.int32) * 3)
    mirrored = cuda.device_array(m, dtype=np.int32)
    mirror[3, TPB](data, mirrored)
    print("mirror:", " ".join(str(v) for v in mirrored.copy_to_host()[[0, 1, 34, 69]]))

    x = (np.arange(1000, dtype=np.float32) % 8) * np.float32(0.25)
    blocks = 4
    partial = cuda.device_array(blocks, dtype=np.float32)
    result = cuda.device_array(1, dtype=np.float32)
    total[blocks, TPB](cuda.to_device(x), partial, result)
    print("total:", f"{result.copy_to_host()[0]:.2f}", "numpy:", f"{float(x.sum()):.2f}")
