"""Golden: CUDA gufuncs (@guvectorize, target='cuda'): a scalar in the layout '(n),()->(n)', two
core dimensions per operand '(m,n),(n,p)->(m,p)', an output with no core dimension '(n)->()', two
outputs '(n)->(n),()'. Per signature a device function on core views, a kernel with one thread per
loop index, a loop function and the entry point binding the core dimensions.

No host code: tests/ufunc/run_ufunc_oracle.py runs every gufunc here through the kernel harness and
compares with Numba's CPU target (numba-cuda's simulator cannot run CUDA gufuncs).
"""
# oracle: whole-program (checked by tests/ufunc/run_ufunc_oracle.py, not case by case)
from numba import guvectorize


@guvectorize(['void(float32[:], float32, float32[:])', 'void(float64[:], float64, float64[:])'],
             '(n),()->(n)', target='cuda')
def scale_shift(x, shift, out):
    for i in range(x.shape[0]):
        out[i] = x[i] * 2 + shift


@guvectorize(['void(float64[:, :], float64[:, :], float64[:, :])'], '(m,n),(n,p)->(m,p)', target='cuda')
def matmul(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            acc = 0.0
            for k in range(a.shape[1]):
                acc += a[i, k] * b[k, j]
            out[i, j] = acc


@guvectorize(['void(int64[:], int64[:])'], '(n)->()', target='cuda')
def total(x, out):
    acc = 0
    for v in x:
        acc += v
    out[0] = acc


@guvectorize(['void(float64[:], float64[:], float64[:])', 'void(float32[:], float32[:], float32[:])'], '(n)->(n),()',
             target='cuda')
def centered(x, dev, mean):
    acc = 0.0
    for v in x:
        acc += v
    m = acc / x.shape[0]
    mean[0] = m
    for i in range(x.shape[0]):
        dev[i] = x[i] - m
