# expect: 10:1: warning: kernels read the global 'W', which the program computes when it runs; without the program's main() nothing sets it: code in this .cu's translation unit must call py2cuda::host::freeze_global(kernels_only_frozen_global::W, value) before launching them
# py2cuda-args: --kernels-only
# A kernel reads a module array the program divides in place before the launch: the program's
# main() freezes it at the first launch, as Numba does. With --kernels-only there is no main(),
# so the .cu says who must set it.
import numpy as np
from numba import cuda

W = np.array([1.0, 2.0, 1.0])
W /= W.sum()


@cuda.jit
def smooth(x, out):
    i = cuda.grid(1)
    if 0 < i < x.size - 1:
        out[i] = W[0] * x[i - 1] + W[1] * x[i] + W[2] * x[i + 1]


x = np.arange(6.0) ** 2
out = np.zeros(6)
smooth[1, 8](x, out)
print(out)
