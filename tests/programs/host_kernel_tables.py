# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Kernels and helpers kept in lists, tuples and dicts, as benchmark and dispatch code keeps them:
# loops over a name holding them, enumerate() and .items()/.values() of them, comprehensions over
# them, len(), a literal index or key, kernel.__name__, module-level tables, NumPy types in a list.
import numpy as np
from numba import cuda


@cuda.jit
def add_one(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + 1


@cuda.jit
def double(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 2


@cuda.jit
def negate(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = -a[i]


def square(x):
    return x * x


def cube(x):
    return x * x * x


KERNELS = [("add_one", add_one), ("double", double)]
HELPERS = {"square": square, "cube": cube}
DTYPES = (np.float32, np.float64, np.int32)


def run(kernel, a):
    out = np.zeros_like(a)
    kernel[2, 4](a, out)
    return out


def main():
    a = np.arange(6, dtype=np.float32)
    # A list of kernels in a local name, walked and enumerated.
    kernels = [add_one, double, negate]
    for k in kernels:
        print(k.__name__, run(k, a))
    for i, k in enumerate(kernels):
        print(i, k.__name__, run(k, a).sum())
    print(len(kernels), [k.__name__ for k in kernels])
    totals = [float(run(k, a).sum()) for k in kernels]
    print(totals, max(totals))

    # (name, kernel) pairs at module level, unpacked in the loop and in a comprehension.
    for name, k in KERNELS:
        out = run(k, a)
        print(f"{name:>8}: {out}  ok={np.allclose(out, run(k, a))}")
    print([name for name, k in KERNELS], len(KERNELS))

    # A dict of kernels: keys, items, values, and one picked by its key.
    ops = {"inc": add_one, "neg": negate}
    for name in ops:
        print("op", name)
    for name, k in ops.items():
        print(name, "->", k.__name__, run(k, a)[:3])
    print([run(k, a)[-1] for k in ops.values()])
    picked = run(ops["neg"], a)
    print(picked, kernels[1].__name__, run(kernels[1], a)[2])

    # Plain helpers in a module dict.
    for name, f in HELPERS.items():
        print(name, f(3), f(1.5), f.__name__)
    print({n: f(2) for n, f in HELPERS.items()}, HELPERS["cube"](4))

    # NumPy types in a tuple: one specialisation of the kernel per type.
    for dt in DTYPES:
        b = np.arange(4).astype(dt)
        out = run(double, b)
        print(dt.__name__, out.dtype, out)
    sizes = [np.dtype(dt).itemsize for dt in DTYPES]
    print(sizes, len(DTYPES))


if __name__ == "__main__":
    main()
