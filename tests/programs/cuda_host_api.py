# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# The numba.cuda host calls a course program makes around its kernels: selecting and
# querying the device, a 2-D device array's .T (a new array, as numba-cuda's transpose
# kernel makes), dynamic shared memory sized from x.dtype.itemsize, and cuda.close().
import numpy as np
from numba import cuda, float32

cuda.select_device(0)
dev = cuda.get_current_device()
major, minor = dev.compute_capability
print("compute capability ok:", major * 10 + minor >= 35, len(dev.compute_capability))
print("float16:", cuda.is_float16_supported())


@cuda.jit
def block_max(a, out):
    s = cuda.shared.array(0, dtype=float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i] if i < a.size else -1e30
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            s[t] = max(s[t], s[t + step])
        cuda.syncthreads()
        step //= 2
    if t == 0:
        out[cuda.blockIdx.x] = s[0]


@cuda.jit
def row_sums(m, out):
    i = cuda.grid(1)
    if i < m.shape[0]:
        acc = 0.0
        for j in range(m.shape[1]):
            acc += m[i, j]
        out[i] = acc


def main():
    x = ((np.arange(100) * 37) % 101).astype(np.float32)
    tpb = 32
    blocks = (x.size + tpb - 1) // tpb
    out = np.zeros(blocks, dtype=np.float32)
    stream = cuda.stream()
    block_max[blocks, tpb, stream, tpb * x.dtype.itemsize](x, out)
    stream.synchronize()
    print(out, x.dtype.itemsize, out.dtype.itemsize, np.zeros(2, dtype=np.int16).dtype.itemsize)

    d = cuda.to_device(np.arange(12.0).reshape(3, 4))
    dt = d.T
    print(dt.shape)
    print(dt.copy_to_host())
    sums = cuda.device_array(dt.shape[0])
    row_sums[1, 8](dt, sums)
    print(sums.copy_to_host())
    print(np.array_equal(d.transpose().copy_to_host(), d.copy_to_host().T))


main()
cuda.close()
