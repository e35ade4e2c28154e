"""Device functions that call themselves without a signature, typed as Numba types them: by their
returns that do not recurse (numba-cuda's fib3 test: `if n < 2: return n`, then
`return fib(n - 1) + fib(n - 2)`), an int64 Fibonacci, a float64 bisection depth and a factorial
whose base case is an arm of its one return's conditional expression."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit(device=True)
def halvings(x):
    if x < 1.0:
        return 0.0
    return 1.0 + halvings(x / 2)


@cuda.jit(device=True)
def factorial(n):
    return 1 if n <= 1 else n * factorial(n - 1)


@cuda.jit
def kernel(r, x, h):
    i = cuda.grid(1)
    if i < x.size:
        r[i] = fib(x[i])
        h[i] = halvings(x[i] * 1.5) + factorial(x[i] % 6) * 1000


x = np.asarray([10, 1, 15, 0, 20], dtype=np.int64)
r = np.zeros(5, dtype=np.int64)
h = np.zeros(5)
kernel[1, 8](r, x, h)
print(r)
print(h)
