# expect: 1:1: warning: no CUDA kernel, device function or ufunc in this file
# A NumPy program with no kernel: py2cuda translates its host code, and says the .cu holds only that.
import numpy as np

x = np.arange(8.0)
print(x.sum(), (x * 2).max())
