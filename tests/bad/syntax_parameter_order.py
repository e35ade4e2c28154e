# expect: 7:27: error: arguments cannot follow var-keyword argument
# A parameter after **kwargs, in the order CPython rejects.
from numba import cuda


@cuda.device
def combine(a, **options, b):
    return a + b
