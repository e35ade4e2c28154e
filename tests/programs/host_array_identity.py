# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_array_identity.py)
# `is` and `is not` between arrays in host code: a name bound to another array is that array, a
# copy is not, the array `d.copy_to_host(out)` returns is `out`, a launch helper's `out=None`
# default replaced by a new array or kept, arrays of other dtypes never the same object, device
# arrays alike.
import numpy as np
from numba import cuda


@cuda.jit
def double(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 2


def launch(a, out=None):
    if out is None:
        out = np.empty_like(a)
    double[1, 32](a, out)
    return out


v = np.arange(4.0)
w = v
u = v.copy()
print(w is v, u is v, u is not v, v is np.zeros(3, np.int32), v is not v.astype(np.float32))
buf = np.zeros(4)
res = launch(v, buf)
fresh = launch(v)
print(res is buf, fresh is buf, fresh is not v, res)
d = cuda.to_device(v)
o = cuda.device_array_like(v)
double[1, 32](d, o)
host = np.zeros(4)
back = o.copy_to_host(host)
same = o
print(back is host, back, same is o, d is o, d is not o)
