# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A launcher class that keeps its kernel, a host post-processing function and a CPU @njit
# helper in attributes: `self.kern[grid, block](...)` launches the kernel the constructor was
# given, `self.finish(out)` calls the function stored; two instances hold the same kernel with
# different block sizes; a method receives another kernel as an argument.
import numpy as np
from numba import cuda, njit


@cuda.jit
def add_k(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


@cuda.jit
def negate(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = -out[i]


@njit
def total(x):
    s = 0.0
    for v in x:
        s += v
    return s


def rounded(x):
    return np.round(x * 10.0) / 10.0


class Launcher:
    def __init__(self, kern, tpb=32, finish=rounded):
        self.kern = kern
        self.tpb = tpb
        self.finish = finish
        self.summary = total
        self.calls = 0

    def blocks(self, n):
        return (n + self.tpb - 1) // self.tpb

    def __call__(self, a, b):
        out = np.empty_like(a)
        self.kern[self.blocks(a.size), self.tpb](a, b, out)
        self.calls += 1
        return self.finish(out)

    def then(self, kernel, out):
        kernel[self.blocks(out.size), self.tpb](out)
        return out

    def report(self, out):
        return f"{self.calls} call(s), total {self.summary(out):.2f}"


small = Launcher(add_k, tpb=8)
large = Launcher(add_k, tpb=128)
x = np.linspace(0.0, 1.0, 50)
y = np.full(50, 0.25)
r1 = small(x, y)
r2 = large(x, y)
print(r1[:6], np.array_equal(r1, r2), small.blocks(50), large.blocks(50))
print(small.then(negate, r1.copy())[:4])
print(small.report(r1), large.report(r2))
