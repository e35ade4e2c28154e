"""Class-level defaults that instances override: `omega = 0.8` in the class body, assigned to
`self.omega` in __init__ only when an argument is given, and `gain` assigned on one object from
outside the class. The other instances read the class's value through the instance, as Python
looks an attribute up on the class when the object has none (it read 0.0: the kernel ran with
omega 0); a subclass's own class-level value wins over its base's. A class method inherited by a
subclass and called through it binds `cls` to the subclass (`cls.tpb` its value, `cls(...)` one
of its objects; it was bound to the base: a launch covering 8 of 20 elements)."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def relax(u, w):
    i = cuda.grid(1)
    if 0 < i < u.size - 1:
        u[i] = (1 - w) * u[i] + w * 0.5 * (u[i - 1] + u[i + 1])


@cuda.jit
def scale(x, s, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * s


class Solver:
    omega = 0.8
    tpb = 32
    label = "sor"

    def __init__(self, omega=None):
        if omega is not None:
            self.omega = omega
            self.label = "custom"

    def run(self, u):
        relax[1, self.tpb](u, self.omega)
        return u


class Damped(Solver):
    omega = 0.5


class Model:
    gain = 2.0

    def apply(self, x):
        out = np.zeros_like(x)
        scale[1, 32](x, self.gain, out)
        return out


a = Solver()
b = Solver(omega=1.0)
c = Damped()
print(a.omega, b.omega, c.omega, a.tpb, a.label, b.label, c.label)
print(a.run(np.array([0.0, 0.0, 4.0])), b.run(np.array([0.0, 0.0, 4.0])), c.run(np.array([0.0, 0.0, 4.0])))
m1 = Model()
m2 = Model()
m2.gain = 0.5
print(m1.gain, m2.gain, m1.apply(np.ones(2)), m2.apply(np.ones(2)))


@cuda.jit
def fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


class Launcher:
    tpb = 32
    name = "base"

    def __init__(self, value):
        self.value = value

    @classmethod
    def blocks(cls, n):
        return (n + cls.tpb - 1) // cls.tpb

    @classmethod
    def zero(cls):
        return cls(0.0)

    @classmethod
    def describe(cls):
        return f"{cls.name}/{cls.tpb}"

    def run(self, a):
        fill[self.blocks(a.size), self.tpb](a, self.value)
        return a


class Small(Launcher):
    tpb = 8
    name = "small"

    def run(self, a):
        fill[self.blocks(a.size), self.tpb](a, self.value + 1)
        return a


a = np.zeros(20)
fill[Small.blocks(a.size), Small.tpb](a, 1.0)
print(Launcher.blocks(20), Small.blocks(20), Small(2.0).blocks(20), a.sum())
made = Small.zero()
print(Launcher.describe(), Small.describe(), type(made).__name__, made.run(np.zeros(3)))
print(Launcher.zero().run(np.zeros(3)), Small(5.0).run(np.zeros(20)).sum())
