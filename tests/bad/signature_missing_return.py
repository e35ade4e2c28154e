# expect: 8:1: error: device function 'first_positive' can reach its end without returning a value, but its signature returns float64; end it with a return statement
# A device function whose signature promises a float64 but whose loop can end
# without a return: Numba cannot return None from a float64 function.
from numba import cuda


@cuda.jit("float64(float64[:])", device=True)
def first_positive(x):
    for k in range(x.size):
        if x[k] > 0:
            return x[k]
