"""8- and 16-bit random test data, as image and signal programs make it: Generator.integers and
legacy np.random.randint with dtype=np.uint8 (a synthetic image inverted by a kernel), int8
(signed noise), uint16 and int16, endpoint=True, single draws and 2-D sizes. NumPy draws these
from a buffered 32-bit draw (four 8-bit or two 16-bit values each), so every value below is
NumPy's own stream; a bound outside the dtype is a ValueError the program catches."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def invert(img, out):
    r, c = cuda.grid(2)
    if r < img.shape[0] and c < img.shape[1]:
        out[r, c] = 255 - img[r, c]


@cuda.jit
def add_noise(signal, noise, out):
    i = cuda.grid(1)
    if i < signal.size:
        out[i] = signal[i] + noise[i]


rng = np.random.default_rng(2024)
img = rng.integers(0, 256, size=(4, 6), dtype=np.uint8)
out = np.zeros_like(img)
invert[(1, 1), (8, 8)](img, out)
print(img)
print(out, out.dtype, int(img.sum()) + int(out.sum()) == 255 * img.size)

noise = rng.integers(-3, 4, size=10, dtype=np.int8)
signal = rng.integers(0, 1000, size=10, dtype=np.uint16).astype(np.int32)
mixed = np.zeros(10, dtype=np.int32)
add_noise[1, 16](signal, noise.astype(np.int32), mixed)
print(noise, signal, mixed)
print(rng.integers(0, 255, size=5, dtype=np.uint8, endpoint=True), rng.integers(7, dtype=np.uint8),
      rng.integers(-30000, 30000, size=3, dtype=np.int16))

np.random.seed(7)
legacy = np.random.randint(0, 256, size=(3, 4), dtype=np.uint8)
print(legacy, np.random.randint(0, 5000, size=4, dtype=np.uint16), np.random.randint(-8, 8, dtype=np.int8))

# A bound outside the dtype is NumPy's ValueError, which the program catches.
for low, high in ((0, 300), (-1, 10), (5, 5)):
    try:
        print(rng.integers(low, high, size=3, dtype=np.uint8))
    except ValueError as e:
        print("ValueError:", e)
