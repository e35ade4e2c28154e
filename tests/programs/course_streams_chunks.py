"""Work split into chunks on several streams, with events around each launch."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale_add(x, alpha, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = alpha * x[i] + y[i]


def main():
    n = 1000
    chunks = 4
    x = np.arange(n, dtype=np.float64)
    y = np.ones(n, dtype=np.float64) * 0.5
    out = np.zeros(n, dtype=np.float64)
    streams = [cuda.stream() for _ in range(chunks)]
    size = n // chunks
    start, stop = cuda.event(), cuda.event()
    start.record()
    for k, s in enumerate(streams):
        lo, hi = k * size, (k + 1) * size
        dx = cuda.to_device(x[lo:hi], stream=s)
        dy = cuda.to_device(y[lo:hi], stream=s)
        dout = cuda.device_array(size, dtype=np.float64, stream=s)
        scale_add[(size + 127) // 128, 128, s](dx, 2.0, dy, dout)
        dout.copy_to_host(out[lo:hi], stream=s)
    stop.record()
    stop.synchronize()
    for s in streams:
        s.synchronize()
    print(out[:5], out[-3:])
    print("correct:", np.allclose(out, 2.0 * x + y))
    print("chunk sums:", [float(out[k * size:(k + 1) * size].sum()) for k in range(chunks)])
    print(f"mean {out.mean():.2f}, std {out.std():.3f}, median {np.median(out)}")
    pct = np.percentile(out, [25, 50, 75])
    print("quartiles:", pct)
    groups = {}
    for v in out[:10]:
        key = "even" if int(v) // 2 % 2 == 0 else "odd"
        groups[key] = groups.get(key, 0) + 1
    print(groups, sum(groups.values()), max(groups.values()))


if __name__ == "__main__":
    main()
