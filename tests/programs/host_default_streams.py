# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_default_streams.py)
# numba-cuda's three default streams (cuda.default_stream(), cuda.legacy_default_stream(),
# cuda.per_thread_default_stream()) as launch and copy streams: transfers and launches on each,
# each synchronized, the results read back in order.
import numpy as np
from numba import cuda


@cuda.jit
def axpy(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] += a * x[i]


x = np.arange(6, dtype=np.float64)
streams = [cuda.default_stream(), cuda.legacy_default_stream(), cuda.per_thread_default_stream()]
d_y = cuda.to_device(np.zeros(6), stream=streams[2])
for k, s in enumerate(streams):
    d_x = cuda.to_device(x, stream=s)
    axpy[1, 32, s](float(k + 1), d_x, d_y)
    s.synchronize()
    print(k, d_y.copy_to_host(stream=s))
