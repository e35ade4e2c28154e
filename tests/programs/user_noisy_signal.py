"""A noisy signal made with a NumPy Generator whose loc is an array (rng.normal(clean, sigma)),
then smoothed by a three-point moving-average kernel; the residual's statistics printed."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def smooth(x, out):
    i = cuda.grid(1)
    if i < x.size:
        if i == 0 or i == x.size - 1:
            out[i] = x[i]
        else:
            out[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0


rng = np.random.default_rng(42)
t = np.linspace(0.0, 1.0, 50)
clean = np.sin(2 * np.pi * t)
sigma = 0.2
noisy = rng.normal(clean, sigma)
print(noisy[:5])
weights = np.array([0.5, 1.0, 2.0])
print(rng.normal(0.0, weights), rng.normal(clean[:3], weights, size=(2, 3)))
d_noisy = cuda.to_device(noisy)
d_out = cuda.device_array_like(d_noisy)
smooth[2, 32](d_noisy, d_out)
smoothed = d_out.copy_to_host()
print(f"noise rms {np.sqrt(np.mean((noisy - clean) ** 2)):.4f}, smoothed rms {np.sqrt(np.mean((smoothed - clean) ** 2)):.4f}")
print(np.round(smoothed[:6], 4))
