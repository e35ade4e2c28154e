# expect: 15:16: error: global 'W' is computed by the program when it runs, and this function is typed before the module's code assigns it (a function with a signature is compiled where it is defined; without one, Numba freezes a global at the kernel's first launch); pass 'W' as an argument
# A CUDA ufunc reads a module array the program divides in place. Numba compiles a ufunc where
# it is decorated, freezing the global's value then; py2cuda types it there too, before the
# module's code has given the array a type, and a ufunc call has no launch to freeze it at: pass
# the weights as an argument.
import numpy as np
from numba import vectorize

W = np.array([1.0, 2.0, 1.0])
W /= W.sum()


@vectorize(["float64(float64)"], target="cuda")
def scale(x):
    return x * W[1]


print(scale(np.arange(3.0)))
