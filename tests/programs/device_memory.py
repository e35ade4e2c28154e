"""Device memory management: to_device, device_array, device_array_like, copies both ways,
streams, synchronize, and a host array passed straight to a kernel. Top-level code, no main()."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def square_into(src, dst):
    i = cuda.grid(1)
    if i < dst.size:
        dst[i] = src[i] * src[i]


@cuda.jit
def increment(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


n = 12
host = np.arange(n, dtype=np.float64)
d_src = cuda.to_device(host)
d_dst = cuda.device_array(n, dtype=np.float64)
square_into[2, 8](d_src, d_dst)
cuda.synchronize()
print("squares:", d_dst.copy_to_host())

out = cuda.device_array_like(d_src)
square_into[1, 16](d_dst, out)
print("out is a device array of", out.shape, out.dtype)
out = out.copy_to_host()  # rebound to a NumPy array
print("fourth powers:", out, out.dtype, out.sum())

ints = np.zeros((2, 5), dtype=np.int32)
d_ints = cuda.device_array((2, 5), dtype=np.int32)
d_ints.copy_to_device(np.arange(10, dtype=np.int32).reshape(2, 5))
increment[1, 16](d_ints.reshape(10))
d_ints.copy_to_host(ints)
print("copied into an existing array:", ints)

stream = cuda.stream()
a = np.ones(n, dtype=np.int64)
d_a = cuda.to_device(a, stream=stream)
increment[1, 32, stream](d_a)
back = d_a.copy_to_host(stream=stream)
stream.synchronize()
print("through a stream:", back)

direct = np.arange(5, dtype=np.int64)
increment[1, 8](direct)
print("host array launched directly:", direct)

part = cuda.to_device(np.zeros(n, dtype=np.int64))
increment[1, 8](part[:6])
increment[1, 8](part[3:9])
print("slices of a device array:", part.copy_to_host(), part[2:4].copy_to_host())
like = cuda.device_array_like(ints)
print("device_array_like:", like.shape, like.dtype, like.size, like.ndim)

# numba.cuda's context managers: the body runs, then auto_synchronize() waits for the stream.
with stream.auto_synchronize():
    d_b = cuda.to_device(direct, stream=stream)
    increment[1, 8, stream](d_b)
    synced = d_b.copy_to_host(stream=stream)
print("after auto_synchronize:", synced)
pinned_src = np.arange(4, dtype=np.float32)
with cuda.pinned(pinned_src), cuda.defer_cleanup():
    d_p = cuda.to_device(pinned_src)
    increment[1, 4](d_p)
print("inside pinned:", d_p.copy_to_host())

# A device array printed: the simulator (which the emulation stands in for) prints its values;
# numba-cuda on a GPU prints the object's address (docs/whole-programs.md).
print(d_p)
print("2-D:", part.reshape(3, 4), sep="\n")
print(repr(d_b), f"{part[::3]}", "%s" % d_p[1:])

# ravel() of a C-contiguous device array is a view of the same memory; copy_to_host() of a strided
# view (a column, every other row) copies the memory it spans, as Numba does.
d_grid = cuda.to_device(np.arange(12, dtype=np.float32).reshape(3, 4))
d_flat = d_grid.ravel()
increment[1, 16](d_flat)
print("ravel:", d_flat.shape, d_flat.copy_to_host())
print("column:", d_grid[:, 1].copy_to_host(), "rows:", d_grid[::2].copy_to_host().sum())
print("block:", d_grid[1:, ::2].copy_to_host(), sep="\n")
# split(): 1-D views of a device array (the last one shorter), launched on and copied back.
d_parts = cuda.to_device(np.arange(10, dtype=np.int32))
for d_piece in d_parts.split(4):
    increment[1, 4](d_piece)
    print("piece:", d_piece.shape, d_piece.copy_to_host())
print("split:", len(d_parts.split(3)), d_parts.copy_to_host())
