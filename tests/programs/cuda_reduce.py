# numba-cuda's reduction decorator and its Monte Carlo example's shape, small: `@cuda.reduce`
# functions (a sum, a max, an int sum) called on device and host arrays of sizes around
# Numba's block of 128 and its 64-block limit, with and without init; a plain function nested
# in main() that launches the kernel (a closure reading only main()'s functions and imports);
# a kernel calling an @numba.jit function defined after it. What it prints holds whatever order
# the elements are combined in (the simulator's cuda.reduce is a left fold, a GPU's a tree): the
# max exactly (a float32, the array's dtype), exact int sums, float32 sums within 1e-6 * n of
# the float64 sum, the integrals within 0.01 of ln 2 and ln 1.5.
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numba
import numpy as np
from numba import cuda
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32


def main():
    @cuda.jit
    def integrand_kernel(out, rng_states, lower, upper):
        gid = cuda.grid(1)
        if gid < len(out):
            samp = xoroshiro128p_uniform_float32(rng_states, gid)
            samp = samp * (upper - lower) + lower
            out[gid] = func(samp)

    @cuda.reduce
    def sum_reduce(a, b):
        return a + b

    @cuda.reduce
    def max_reduce(a, b):
        return max(a, b)

    def integrate(lower, upper, nsamps):
        out = cuda.to_device(np.zeros(nsamps, dtype="float32"))
        rng_states = create_xoroshiro128p_states(nsamps, seed=42)
        integrand_kernel.forall(nsamps)(out, rng_states, lower, upper)
        factor = (upper - lower) / (nsamps - 1)
        return sum_reduce(out) * factor

    @numba.jit
    def func(x):
        return 1.0 / x

    np.random.seed(3)
    for n in [1, 5, 100, 127, 128, 129, 200, 1000, 8192, 8193, 20000]:
        x = np.random.random(n).astype(np.float32)
        d_x = cuda.to_device(x)
        exact = x.astype(np.float64).sum()
        print(n, repr(max_reduce(d_x)), abs(sum_reduce(d_x) - exact) <= 1e-6 * n,
              abs(sum_reduce(x, init=1.5) - (exact + 1.5)) <= 1e-6 * n)
    ints = np.arange(1000, dtype=np.int32)
    print(repr(sum_reduce(ints)), repr(sum_reduce(ints, init=7)), repr(max_reduce(ints)))
    print(float(sum_reduce(np.zeros(0, dtype=np.float32), init=2)))
    print(abs(integrate(1, 2, 3000) - np.log(2)) < 0.01, abs(integrate(2, 3, 3000) - np.log(1.5)) < 0.01)


if __name__ == "__main__":
    main()
