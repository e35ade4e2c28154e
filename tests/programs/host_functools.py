# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# functools around launch helpers: lru_cache / cache run a body once per distinct arguments (its
# prints and counters too), a bounded cache evicts its least recently used key; partial fixes a
# helper's block size; a lambda compiled as a device function.
import functools
from functools import lru_cache, partial

import numpy as np
from numba import cuda

square = cuda.jit(device=True)(lambda v: v * v)
offset = cuda.jit(lambda v: v + 0.5, device=True)


@cuda.jit
def transform(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = square(x[i]) + offset(x[i])


@cuda.jit
def fill(a, value):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = value


calls = {"blocks": 0, "table": 0}


@functools.lru_cache(maxsize=None)
def blocks_for(n, tpb):
    calls["blocks"] += 1
    print(f"  computing blocks for n={n}, tpb={tpb}")
    return (n + tpb - 1) // tpb


@lru_cache(maxsize=2)
def weights(n):
    print(f"  building weights({n})")
    return np.linspace(0.0, 1.0, n)


@functools.cache
def device_table():
    calls["table"] += 1
    return cuda.to_device(np.arange(8, dtype=np.float64))


@lru_cache
def label(kind, scale):
    print("  label for", kind)
    return f"{kind} x{scale:.1f}"


def launch(kernel_args, n, tpb=32):
    out = np.zeros(n)
    fill[blocks_for(n, tpb), tpb](out, *kernel_args)
    return out


launch16 = partial(launch, tpb=16)
launch_seven = functools.partial(launch, (7.0,))

for n in (10, 10, 20, 10):
    a = launch16((1.0,), n)
    print(n, a.sum())
print(launch_seven(5), launch_seven(5, tpb=8).sum())
print("blocks computed:", calls["blocks"])

for n in (3, 4, 3, 5, 4, 3):
    w = weights(n)
    print(n, w.sum())
print(weights(5)[1])

t = device_table()
for _ in range(3):
    t = device_table()
print("table built:", calls["table"], t.copy_to_host()[:3])
print(label("sum", 2.0), label("sum", 2.0), label("max", 1.0))

x = np.arange(5, dtype=np.float64)
out = np.zeros_like(x)
transform[1, 8](x, out)
print(out)
