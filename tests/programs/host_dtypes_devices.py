"""NumPy dtypes as values and the numba.cuda device list: np.dtype(np.float32) /
np.dtype('int32') / np.dtype(float) objects (name, itemsize, kind, ==, printing, dtype=),
NumPy and Python classes passed to host functions (one instance of the helper per class),
cuda.list_devices() and cuda.gpus (len, [i], iteration, printing), is_c_contiguous() and
is_f_contiguous() of device arrays and views, type(x).__name__ of Python and NumPy scalars."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def ramp(x, step):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = step * i


def make(n, dt):
    return np.zeros(n, dtype=dt)


def describe(dt, n=2):
    a = np.ones(n, dtype=dt)
    print(dt, a.dtype, a)
    return a.dtype == dt


def launch_ramp(n, dt, step):
    d = cuda.to_device(make(n, dt))
    ramp[1, 32](d, step)
    return d.copy_to_host()


def main():
    t = np.dtype(np.float32)
    u = np.dtype("int32")
    print(t, t.name, t.itemsize, t.kind)
    print(u, u.name, u.itemsize, u.kind)
    print(t == np.float32, t == u, u == np.int32, t != np.float64)
    print(np.dtype(float), np.dtype("bool").itemsize, np.dtype(np.uint8).kind, np.dtype("f8").name)
    a = make(3, np.float32)
    b = make(2, np.int64)
    print(a, a.dtype, b, b.dtype)
    c = np.ones(2, dtype=t)
    print(c, c.dtype == t, c.dtype.name, f"{t}")
    print(describe(np.float64), describe(np.int32, 3), describe(float), describe(t))
    for dt in (np.float32, np.int32, np.uint8):
        print(dt.__name__, launch_ramp(5, dt, 3))

    devs = cuda.list_devices()
    print(len(devs), len(cuda.gpus))
    for dv in devs:
        print(dv, dv.id, len(dv.compute_capability))
    print(devs)
    print(devs[0], cuda.gpus[0].id, [dv.id for dv in cuda.gpus])

    d = cuda.to_device(np.arange(4))
    m = cuda.to_device(np.zeros((3, 4)))
    print(d.is_c_contiguous(), d.is_f_contiguous())
    print(m.is_c_contiguous(), m.is_f_contiguous(), m[:, 1].is_c_contiguous(), m[1].is_c_contiguous(), d[::2].is_f_contiguous())
    x = np.arange(3)
    print(type(1.5).__name__, type(3).__name__, type(np.float32(1)).__name__, type(x[0]).__name__, type(True).__name__)


if __name__ == "__main__":
    main()
