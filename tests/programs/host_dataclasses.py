# oracle: whole-program (host classes: @dataclass fields with defaults, keyword construction, the generated __repr__ in print, str and f-strings, methods launching a kernel)
"""A @dataclass holding a run's settings: the constructor dataclasses generates (fields in
order, defaults, keywords) and its __repr__, which print() shows."""
from dataclasses import dataclass

import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@dataclass
class Settings:
    n: int
    a: float = 2.0
    label: str = "saxpy"
    threads: int = 64

    def blocks(self):
        return (self.n + self.threads - 1) // self.threads

    def run(self):
        x = np.arange(self.n, dtype=np.float64)
        y = np.ones(self.n)
        out = np.zeros(self.n)
        saxpy[self.blocks(), self.threads](self.a, x, y, out)
        return out


s = Settings(100)
print(s)
t = Settings(10, label="small", a=0.5)
print(t, t.blocks())
print(f"{t} / {s.label!r}", str(s) == repr(s))
out = t.run()
print(out[:4], out.sum())
t.threads = 4
print(t.blocks(), t)
print(Settings(3, 1.5))
