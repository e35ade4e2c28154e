# oracle: whole-program (host classes: a config class whose methods launch kernels, attributes typed by every assignment, static methods, class constants, instances in lists and passed to functions)
"""Small classes as people write them around kernels: a launch configuration, a running
statistic, a simulation state holding device arrays. py2cuda makes each a C++ struct held by
a std::shared_ptr; the methods become host functions taking the instance."""
import numpy as np
from numba import cuda


@cuda.jit
def scale_kernel(x, factor, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * factor


@cuda.jit
def step_kernel(u, u_next, alpha):
    i = cuda.grid(1)
    if 0 < i < u.size - 1:
        u_next[i] = u[i] + alpha * (u[i - 1] - 2 * u[i] + u[i + 1])


class Config:
    """Launch settings."""
    THREADS = 32

    def __init__(self, n, factor=2.0, name="run"):
        self.n = n
        self.factor = factor
        self.name = name
        self.blocks = Config.blocks_for(n, self.THREADS)
        self.runs = 0

    @staticmethod
    def blocks_for(n, tpb):
        return (n + tpb - 1) // tpb

    def run(self, x):
        d_x = cuda.to_device(x)
        d_out = cuda.device_array_like(d_x)
        scale_kernel[self.blocks, self.THREADS](d_x, self.factor, d_out)
        self.runs += 1
        return d_out.copy_to_host()

    def describe(self):
        return f"{self.name}: n={self.n} blocks={self.blocks} factor={self.factor} runs={self.runs}"


class Stats(object):
    def __init__(self):
        self.count = 0
        self.total = 0.0
        self.largest = -1.0

    def add(self, v):
        self.count += 1
        self.total += v
        if v > self.largest:
            self.largest = v
        return self

    def mean(self):
        if self.count == 0:
            return 0.0
        return self.total / self.count


class Rod:
    def __init__(self, n, alpha=0.25):
        u = np.zeros(n)
        u[n // 2] = 100.0
        self.u = cuda.to_device(u)
        self.u_next = cuda.to_device(u)
        self.alpha = alpha
        self.steps = 0
        self.grid = Config(n, name="rod")

    def advance(self, k):
        for _ in range(k):
            step_kernel[self.grid.blocks, Config.THREADS](self.u, self.u_next, self.alpha)
            self.u, self.u_next = self.u_next, self.u
            self.steps += 1

    def heat(self):
        return self.u.copy_to_host().sum()


def summarize(stats, label):
    print(label, stats.count, stats.total, round(stats.mean(), 4), stats.largest)


def make_configs(sizes):
    return [Config(n, factor=n / 10) for n in sizes]


if __name__ == "__main__":
    cfg = Config(100, name="first")
    out = cfg.run(np.arange(100, dtype=np.float32))
    print(cfg.describe())
    print(out[:5], out.sum())
    cfg.factor = 0.5
    ones = cfg.run(np.ones(100))
    print(ones[:3], cfg.runs)
    alias = cfg
    alias.name = "renamed"
    print(cfg.name, alias.describe())

    s = Stats()
    for v in out[:6]:
        s.add(float(v))
    summarize(s, "floats:")
    ints = Stats()
    ints.add(3.0).add(4.5)
    summarize(ints, "chained:")

    configs = make_configs([10, 40, 70])
    for c in configs:
        r = c.run(np.arange(c.n, dtype=np.float64))
        print(c.n, c.blocks, r[-1])
    print([c.blocks for c in configs], sum(c.runs for c in configs))

    rod = Rod(64)
    rod.advance(10)
    print(rod.steps, round(rod.heat(), 6), rod.grid.describe())
    print(Config.THREADS, Config.blocks_for(1000, Config.THREADS))
