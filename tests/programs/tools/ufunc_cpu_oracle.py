#!/usr/bin/env python3
"""The expected output of a program with CUDA ufuncs, from Numba's CPU target.

numba-cuda's simulator cannot run @vectorize/@guvectorize(target='cuda'). This runs FILE.py with
every target='cuda' replaced by target='cpu' (the same scalar or core function, compiled by
Numba's CPU target) and with device arrays modelled by host arrays that have copy_to_host()
(cuda.to_device, cuda.device_array, cuda.device_array_like); output to stdout. Under
NUMBA_ENABLE_CUDASIM=1 the program's kernels run in the simulator instead, with its device arrays:
a CPU ufunc given one reads it on the host and returns its result as a device array, as a CUDA
ufunc does. A CUDA ufunc coerces
Python scalar arguments to its signature's type (numba-cuda's UFuncMechanism), where a CPU ufunc
applies NumPy's casting: the CPU stand-ins get their Python scalars as NumPy scalars of the first
array argument's dtype, which is what numba-cuda picks for these single-dtype signatures.

    python tests/programs/tools/ufunc_cpu_oracle.py FILE.py > FILE.expected
"""
import os
import sys
import types

import numpy as np
import numba


class DeviceArray(np.ndarray):
    def copy_to_host(self, ary=None):
        if ary is None:
            return np.array(self)
        ary[...] = self
        return ary


def coerce_scalars(ufunc):
    def call(*args, **kwargs):
        on_device = any(hasattr(a, "copy_to_host") for a in args)
        args = [a.copy_to_host() if hasattr(a, "copy_to_host") else a for a in args]
        dtype = next((a.dtype for a in args if isinstance(a, np.ndarray)), None)
        if dtype is not None:
            args = [dtype.type(a) if isinstance(a, (int, float)) else a for a in args]
        result = ufunc(*args, **kwargs)
        if on_device and SIMULATED:
            return numba.cuda.to_device(result)
        return np.asarray(result).view(DeviceArray) if on_device else result
    return call


SIMULATED = os.environ.get("NUMBA_ENABLE_CUDASIM") == "1"


def main():
    path = sys.argv[1]
    source = open(path).read().replace("target='cuda'", "target='cpu'").replace('target="cuda"', 'target="cpu"')
    fake = types.SimpleNamespace(
        to_device=lambda a: np.array(a).view(DeviceArray),
        device_array=lambda shape, dtype=np.float64: np.empty(shape, dtype).view(DeviceArray),
        device_array_like=lambda a: np.empty_like(a).view(DeviceArray),
    )
    if not SIMULATED:
        numba.cuda = fake
        sys.modules["numba.cuda"] = fake
    real_vectorize, real_guvectorize = numba.vectorize, numba.guvectorize

    def vectorize(*a, **k):
        if len(a) == 1 and callable(a[0]) and not k:
            return real_vectorize(a[0])
        return lambda f: coerce_scalars(real_vectorize(*a, **k)(f))

    def guvectorize(*a, **k):
        return lambda f: coerce_scalars(real_guvectorize(*a, **k)(f))

    numba.vectorize, numba.guvectorize = vectorize, guvectorize
    code = compile(source, path, "exec")
    exec(code, {"__name__": "__main__", "__file__": path})


if __name__ == "__main__":
    main()
