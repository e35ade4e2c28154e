#!/usr/bin/env python3
"""The expected output of a program with CUDA gufuncs, from numba-cuda's own dispatch.

numba-cuda's simulator compiles a @guvectorize(target='cuda') core function into a simulated
kernel, but two helpers of its GUFunc call path want a real device (a device-array check and
the zero-stride broadcast views it builds on the device). This runs FILE.py under
NUMBA_ENABLE_CUDASIM=1 with those two replaced by host equivalents, so the rest of numba-cuda's
GeneralizedUFunc: its signature search (an exact dtype match, else the first signature whose
dtypes cast safely to the inputs', the inputs then converted; else TypeError), its broadcasting
and its scheduling, runs as it does on a GPU.

    NUMBA_ENABLE_CUDASIM=1 python tests/programs/tools/gufunc_sim_oracle.py FILE.py > FILE.expected
"""
import sys

import numpy as np
import numba.cuda
from numba.cuda import vectorizers


def host_copy(a):
    return a.copy_to_host() if hasattr(a, "copy_to_host") else np.asarray(a)


def broadcast_scalar_input(self, ary, shape):
    first = host_copy(ary).reshape(-1)[:1]
    return numba.cuda.to_device(np.ascontiguousarray(np.broadcast_to(first, (shape,))))


def broadcast_add_axis(self, ary, newshape):
    return numba.cuda.to_device(np.ascontiguousarray(np.broadcast_to(host_copy(ary), newshape)))


numba.cuda.is_cuda_array = lambda o: hasattr(o, "__cuda_array_interface__")
vectorizers.CUDAGeneralizedUFunc._broadcast_scalar_input = broadcast_scalar_input
vectorizers.CUDAGeneralizedUFunc._broadcast_add_axis = broadcast_add_axis

path = sys.argv[1]
with open(path) as f:
    code = compile(f.read(), path, "exec")
exec(code, {"__name__": "__main__", "__file__": path})
