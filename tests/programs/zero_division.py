"""Division by zero in host code and in CPU @jit functions raises ZeroDivisionError (Python's
error model, and Numba's default error_model='python' for @jit), while a kernel divides with
NumPy's semantics (inf, nan or 0). The @jit function's divisions by nonzero values give Python's
floor-division and modulo signs. Tuple elements are evaluated left to right (random draws keep
their order). The program ends with the ZeroDivisionError a @jit function raises."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda, njit


@njit
def ratios(a, b):
    return a / b, a // b, a % b


@njit
def average(values, count):
    total = 0.0
    for v in values:
        total += v
    return total / count


def share(total, people):
    return total // people, total % people


@cuda.jit
def divide_all(num, den, out_true, out_floor):
    i = cuda.grid(1)
    if i < num.size:
        out_true[i] = num[i] / den[i]
        out_floor[i] = num[i] // den[i]


if __name__ == "__main__":
    print(ratios(7, 2), ratios(-7, 2), ratios(7, -2))
    print(ratios(7.5, 2.0), ratios(-7.5, 2.0))
    print(average(np.array([1.0, 2.0, 4.5]), 3))
    print(share(17, 5), share(-17, 5))
    n = 4
    print(n / 2, n // 3, n % 3, -n // 3, 2.5 // 0.5)

    num = np.array([1.0, -1.0, 0.0, 6.0])
    den = np.array([0.0, 0.0, 0.0, 4.0])
    out_true = np.zeros(4)
    out_floor = np.zeros(4)
    divide_all[1, 4](num, den, out_true, out_floor)
    print("kernel /:", out_true)
    print("kernel //:", out_floor)

    np.random.seed(3)
    pair = (np.random.randint(0, 1000), np.random.randint(0, 1000))
    print("draws in order:", pair)

    print(ratios(3, 0))
    print("not reached")
