# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""Names as course files write them, which are no C++ identifiers or are the generated code's
own: the file name itself (`01-names_as_written.py`); kernel parameters named `config` and
`info` and one named as its kernel; a kernel named `info`; module constants named as C macros
(`INT_MAX`, `M_PI`, `EOF`, `FLT_EPSILON`); a (CPU) ufunc with parameters named `N`, `out` and `X0` and one named `mean`, as the
runtime's NumPy function is; a kernel
defined and never launched."""
import numpy as np
from numba import cuda, vectorize

INT_MAX = 7
M_PI = 3.0
EOF = -1
FLT_EPSILON = 0.5


@cuda.jit
def scale(out, config, info):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = config * i + info + INT_MAX + EOF


@cuda.jit
def threshold(img, threshold):
    i = cuda.grid(1)
    if i < img.size:
        img[i] = 1.0 if img[i] > threshold else 0.0


@cuda.jit
def info(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += M_PI * FLT_EPSILON


@cuda.jit
def never_used(a):
    a[0] = 42


@vectorize(['float64(float64, float64, float64)'])
def blend(N, out, X0):
    return N * out + X0


@vectorize(['float64(float64)'])
def mean(x):
    return x + 1000.0


def main():
    a = np.zeros(6)
    scale[1, 8](a, 2.0, 0.5)
    print(a)
    threshold[1, 8](a, 5.0)
    print(a)
    info[1, 8](a)
    print(a)
    print(blend(np.arange(3.0), 2.0, 1.0), mean(np.arange(3.0)))


main()
