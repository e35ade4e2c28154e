# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Python's random module in host code, drawing CPython's numbers: test data made with
random.random/uniform/gauss fed to a kernel, and every function of the module a script uses
(seeds of several sizes, randrange's steps and errors, choice/shuffle/sample/choices of lists,
tuples, ranges and arrays, the normal and exponential variates)."""
import random
import random as rd
from random import randint, shuffle

import numpy as np
from numba import cuda


@cuda.jit
def scale(a, factor, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * factor


def make_data(n):
    return np.array([random.uniform(-1.0, 1.0) for _ in range(n)], dtype=np.float32)


def main():
    random.seed(42)
    data = make_data(64)
    out = np.zeros_like(data)
    scale[2, 32](data, 3.0, out)
    print("kernel ok:", np.allclose(out, data * 3.0), out[:3])

    print(random.random(), random.random())
    print([random.randint(1, 6) for _ in range(12)])
    print(randint(-1000, 1000), rd.randint(0, 2**40))
    print([random.randrange(10) for _ in range(5)], random.randrange(5, 50, 5), random.randrange(20, 0, -3))
    print(random.getrandbits(5), random.getrandbits(40), random.getrandbits(1))
    print(random.choice([3, 5, 7]), random.choice(("red", "green", "blue")), random.choice(range(100, 200)))
    arr = np.arange(10, 20)
    print(random.choice(arr), random.choice(["only"]))
    xs = list(range(10))
    shuffle(xs)
    print(xs)
    a = np.arange(8.0)
    random.shuffle(a)
    print(a)
    print(random.sample(range(1000), 8))
    print(random.sample([1.5, 2.5, 3.5, 4.5], 4), random.sample(("a", "b", "c"), k=2))
    print(random.choices(["x", "y", "z"], k=6))
    print(random.choices([10, 20, 30], weights=[1, 0, 5], k=8), random.choices(range(4)))
    print(random.choices(["lo", "hi"], [0.25, 0.75], k=5))
    print(random.gauss(0, 1), random.gauss(0, 1), random.gauss(10.0, 0.5))
    print(random.gauss(), random.normalvariate(), random.normalvariate(5, 2))
    print(random.expovariate(2.0), random.uniform(3, 4))

    for seed in (0, 1, -7, 2**32 + 5, 123456789012):
        random.seed(seed)
        print(seed, random.random(), random.randint(0, 9))
    random.seed(3)
    g1 = random.gauss(0.0, 1.0)
    random.seed(3)
    print("reseeded gauss equal:", random.gauss(0.0, 1.0) == g1)

    for bad in [(5, 5), (10, 2)]:
        try:
            random.randrange(bad[0], bad[1])
        except ValueError as e:
            print("ValueError:", e)
    try:
        random.randrange(0)
    except ValueError as e:
        print("ValueError:", e)
    pool = [n for n in range(5) if n > 10]
    try:
        random.choice(pool)
    except IndexError as e:
        print("IndexError:", e)
    try:
        random.sample([1, 2], 3)
    except ValueError as e:
        print("ValueError:", e)
    hist = [0] * 6
    for _ in range(6000):
        hist[random.randint(1, 6) - 1] += 1
    print(hist, sum(hist))


if __name__ == "__main__":
    main()
