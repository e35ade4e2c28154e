"""Elementwise arithmetic with NumPy 1.x promotion, NumPy math functions, and one kernel
launched with two argument dtypes (two specialisations)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def show(label, r):
    print(f"{label:>10}: {r.dtype} {r}")


if __name__ == "__main__":
    f32 = np.array([1.0, 2.0, 4.0], dtype=np.float32)
    f64 = np.array([0.5, 0.25, 0.125])
    i32 = np.array([1, 2, 3], dtype=np.int32)
    i64 = np.array([7, 8, 9])
    show("f32 * 2.5", f32 * 2.5)
    show("f32 + f64", f32 + f64)
    show("i32 * 2", i32 * 2)
    show("i32 + i64", i32 + i64)
    show("i64 / 2", i64 / 2)
    show("i32 / i32", i32 / i32)
    show("i64 // 2", i64 // 2)
    show("i64 % 4", i64 % 4)
    show("f32 + i32", f32 + i32)
    show("i32 * 1.5", i32 * 1.5)
    show("-f64", -f64)
    show("f32 ** 2", f32 ** 2)
    show("f32 * f32", f32 * np.float32(0.5))
    show("i32 * f32s", i32 * np.float32(2))

    x = np.array([0.0, 0.25, 1.0, 2.25, 4.0])
    print("sqrt", np.sqrt(x))
    print("exp", np.exp(x))
    print("sin", np.sin(x))
    print("abs", np.abs(np.array([-1.5, 2.0, -0.0])), np.abs(np.array([-3, 4])))
    print("floor", np.floor(np.array([-1.5, 2.7, 3.0])))
    print("maximum", np.maximum(np.array([1, 5, 3]), np.array([4, 2, 6])))
    print("hypot", np.hypot(np.array([3.0, 5.0]), np.array([4.0, 12.0])))
    print("sqrt f32", np.sqrt(np.array([4.0, 9.0, 2.0], dtype=np.float32)).dtype)

    n = 6
    xi = np.arange(n, dtype=np.int32)
    yi = np.full(n, 10, dtype=np.int32)
    oi = np.zeros(n, dtype=np.int32)
    axpy[1, 32](oi, 3, xi, yi)
    print("int32 axpy:", oi)
    xf = np.linspace(0.0, 1.0, n)
    yf = np.ones(n)
    of = np.zeros(n)
    axpy[1, 32](of, 0.5, xf, yf)
    print("float64 axpy:", of)
