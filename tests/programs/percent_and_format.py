"""%-formatting and str.format in host code, printed as CPython prints them: `%d %i %s %r %f %.2f
%e %g %x %o %c %%`, widths, precision, flags (`-`, `+`, `0`, space, `#`), `*` widths, a single
value and a tuple (literal and held in a name) on the right, NumPy scalars (float32, int32) and
arrays as `%s`; `"{} {:.3f}".format(...)`, indexed fields `{0} {1} {0}`, specs with fill and
alignment, `{!r}`, `{{` escapes, and a kernel's results formatted both ways.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * f


if __name__ == "__main__":
    n = 42
    x = 3.14159
    a = np.arange(5, dtype=np.float32)
    scale[1, 32](a, np.float32(1.5))
    print("%d items, %.2f" % (n, x))
    print("%s" % a)
    print("%5.1f%%" % 97.25)
    print("[%5d] [%-5d] [%05d] [%+d] [% d]" % (n, n, n, n, n))
    print("%x %X %o %#x %#o" % (255, 255, 8, 255, 8))
    print("%e | %.3E | %g | %g | %G" % (x, 12345.678, 0.0001, 1e20, 1e-10))
    print("%r %s %c %i" % ("quoted", "plain", 65, -7))
    print("%*d|%-*d|%.*f" % (6, 12, 4, 3, 2, 2.71828))
    print("%.3s" % "abcdef")
    print("single %d" % n)
    pair = (a[1], a[2])
    print("float32 values: %s and %r" % pair)
    print("int32 %d, bool %s, %d" % (np.int32(-3), True, True))
    print("mean %.4f of %s" % (a.mean(), a.shape))
    print("{} {:.3f}".format(n, x))
    print("{0} {1} {0}".format("a", "b"))
    print("[{:>8}] [{:<8}] [{:^8}] [{:*^9}]".format("r", "l", "c", "mid"))
    print("{!r} {!s} {{literal}} {:08.3f} {:+,d}".format("q", "s", -x, 1234567))
    print("{:e} {:g} {:%} {:x} {:#b}".format(x, 1e-5, 0.25, 255, 5))
    print("a[3] = {} (float32), sum = {:.1f}, array {}".format(a[3], a.sum(), a))
    print("empty format: '{}'".format(""))
    tenth = np.float32(0.1)
    print("%s %r %.10f | {}".format(tenth) % (tenth, tenth, tenth))
    label = "total"
    print("%-8s=%8.3f" % (label, float(a.sum())))
    # Keyword fields of a literal format string: numbered, the keyword values after the positional ones.
    print("{label}: {n:>4d} of {}".format(a.size, label=label, n=int(a[0] * 100)))
    print("{x:.3f}|{}|{y!r}|{{}}".format("pos", x=float(a[1]), y=label))
