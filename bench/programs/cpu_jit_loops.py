"""A CPU @jit program for bench/programs_vs_python.py: two loop-heavy functions compiled by
Numba's CPU target (Leibniz's series for pi, primes counted by trial division), called from host
code, sized by the command line (`python cpu_jit_loops.py [N]`, default 2000000).
"""
import sys

from numba import njit


@njit
def leibniz_pi(terms):
    total = 0.0
    sign = 1.0
    for k in range(terms):
        total += sign / (2 * k + 1)
        sign = -sign
    return 4.0 * total


@njit
def count_primes(limit):
    count = 0
    for n in range(2, limit):
        prime = True
        d = 2
        while d * d <= n:
            if n % d == 0:
                prime = False
                break
            d += 1
        if prime:
            count += 1
    return count


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000000
    print("pi ~ %.12f after %d terms" % (leibniz_pi(n * 10), n * 10))
    print("{} primes below {}".format(count_primes(n), n))
