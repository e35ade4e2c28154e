"""Every kind of mark `py2cuda --annotate` makes, each line stating the marks it must carry.

tests/annotate/run_annotate.py translates this program, loads the page in headless Chromium and
checks that the Python lines carry exactly the marks their `# marks:` comment lists (a line
without that comment carries none). The program also runs: `py2cuda marks.py --run --emulate`
prints what Numba's simulator prints.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], int64[:], float64[:])")
def arithmetic(x, n, out):
    i = cuda.grid(1)
    if i < x.size:  # marks:
        out[i] = x[i] * 0.5  # marks: float64 bounds
        x[i] = x[i] * np.float32(0.5)  # marks: bounds
        out[i] = x[i]  # marks: bounds
        n[i] = n[i] // 3 + n[i] % 4  # marks: floordiv mod bounds
        out[i] = out[i] + x[i - 1]  # marks: float64 wraparound bounds


@cuda.jit(device=True)
def scaled(v, s):
    return v * s


@cuda.jit("void(float64[:])", debug=True, opt=False)
def checked(a):
    i = cuda.grid(1)
    assert i < a.size, "index out of range"  # marks: debug
    if a[i] < 0.0:  # marks: bounds
        raise ValueError("negative input")  # marks: debug
    z = complex(a[i], 1.0)  # marks: bounds
    a[i] = (z / a[i]).real  # marks: debug bounds
    a[i] = scaled(a[i], 2.0)  # marks: bounds


if __name__ == "__main__":
    count = 9
    parts = 3
    blocks = (count + parts - 1) // parts  # marks: zerodiv floordiv
    x = cuda.to_device(np.arange(count, dtype=np.float32))
    n = cuda.to_device(np.arange(count, dtype=np.int64))
    out = cuda.to_device(np.zeros(count, dtype=np.float64))
    arithmetic[blocks, parts](x, n, out)
    a = cuda.to_device(np.arange(count, dtype=np.float64) + 1.0)
    checked[blocks, parts](a)
    print(out.copy_to_host())
    print(n.copy_to_host())
    print(a.copy_to_host())
