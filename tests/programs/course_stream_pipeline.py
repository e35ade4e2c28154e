# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A stream pipeline: pinned buffers, chunks copied, processed and copied back on several streams.
import numpy as np
from numba import cuda
import math


@cuda.jit
def smooth(src, dst):
    i = cuda.grid(1)
    n = src.shape[0]
    if i < n:
        left = src[i - 1] if i > 0 else src[i]
        right = src[i + 1] if i < n - 1 else src[i]
        dst[i] = (left + 2 * src[i] + right) * 0.25


@cuda.jit
def square_inplace(a):
    for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):
        a[i] = a[i] * a[i]


def main():
    nstreams = 3
    chunk = 200
    n = nstreams * chunk
    host_in = cuda.pinned_array(n, dtype=np.float64)
    host_out = cuda.pinned_array(n, dtype=np.float64)
    host_in[:] = np.sin(np.arange(n) * 0.05)
    streams = [cuda.stream() for _ in range(nstreams)]
    events = []
    for s_idx, stream in enumerate(streams):
        lo, hi = s_idx * chunk, (s_idx + 1) * chunk
        d_src = cuda.to_device(host_in[lo:hi], stream=stream)
        d_dst = cuda.device_array(chunk, dtype=np.float64, stream=stream)
        smooth[math.ceil(chunk / 64), 64, stream](d_src, d_dst)
        square_inplace[2, 32, stream](d_dst)
        d_dst.copy_to_host(host_out[lo:hi], stream=stream)
        ev = cuda.event()
        ev.record(stream)
        events.append(ev)
    for ev in events:
        ev.synchronize()
    ref = np.empty(n)
    for s_idx in range(nstreams):
        c = host_in[s_idx * chunk:(s_idx + 1) * chunk]
        padded = np.concatenate(([c[0]], c, [c[-1]]))
        ref[s_idx * chunk:(s_idx + 1) * chunk] = ((padded[:-2] + 2 * padded[1:-1] + padded[2:]) * 0.25) ** 2
    print("pinned type:", type(host_out).__name__, host_out.dtype, host_out.shape)
    print("max |err|:", float(np.max(np.abs(host_out - ref))) < 1e-12)
    print("chunk sums:", [round(float(host_out[i * chunk:(i + 1) * chunk].sum()), 6) for i in range(nstreams)])
    print("events:", len(events))
    cuda.synchronize()


main()
