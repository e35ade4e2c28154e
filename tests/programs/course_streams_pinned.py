# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= factor


def main():
    n = 1024
    chunks = 4
    size = n // chunks
    host = cuda.pinned_array(n, dtype=np.float64)
    host[:] = np.arange(n) * 0.5
    streams = [cuda.stream() for _ in range(chunks)]
    devs = []
    for c, s in enumerate(streams):
        part = host[c * size:(c + 1) * size]
        d = cuda.to_device(part, stream=s)
        scale[size // 64, 64, s](d, float(c + 1))
        devs.append(d)
    result = np.empty(n)
    for c, s in enumerate(streams):
        devs[c].copy_to_host(result[c * size:(c + 1) * size], stream=s)
        s.synchronize()
    print(result[::128])
    start = cuda.event()
    end = cuda.event()
    st = cuda.stream()
    start.record(st)
    d2 = cuda.device_array_like(host, stream=st)
    d2.copy_to_device(host, stream=st)
    scale[n // 128, 128, st](d2, 3.0)
    end.record(st)
    end.synchronize()
    out = d2.copy_to_host(stream=st)
    st.synchronize()
    print("event done")
    print("sum:", out.sum(), "expected:", 3 * host.sum())
    with cuda.pinned(result):
        d3 = cuda.to_device(result)
        print("pinned round trip:", np.array_equal(d3.copy_to_host(), result))
    m = cuda.mapped_array(8, dtype=np.int32)
    m[:] = np.arange(8)
    scale[1, 8](m, 2)
    cuda.synchronize()
    print("mapped:", m)


if __name__ == "__main__":
    main()
