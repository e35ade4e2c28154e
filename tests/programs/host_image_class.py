# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A host class holding an image built by np.fromiter from a generator (a @property, a method
launching a 2-D blur kernel with a default radius, __repr__), an inline device function, slots
claimed with cuda.atomic.add (printed sorted: their order is the threads' order), uint8 colours
from a clamped float, and a dict of summary values printed with a format spec.
"""
import numpy as np
from numba import cuda, int32, float32
import math

@cuda.jit(device=True, inline=True)
def lerp(a, b, t):
    return a + (b - a) * t

@cuda.jit
def blur_rows(img, out, radius):
    r, c = cuda.grid(2)
    h, w = img.shape
    if r >= h or c >= w:
        return
    acc = 0.0
    count = 0
    for dc in range(-radius, radius + 1):
        cc = c + dc
        if 0 <= cc < w:
            acc += img[r, cc]
            count += 1
    out[r, c] = acc / count

@cuda.jit
def prefix_flags(flags, positions, total):
    i = cuda.grid(1)
    if i < flags.size and flags[i]:
        positions[i] = cuda.atomic.add(total, 0, 1)

@cuda.jit
def colorize(vals, rgb):
    i = cuda.grid(1)
    if i < vals.size:
        t = min(max(vals[i], 0.0), 1.0)
        rgb[i, 0] = int(lerp(0.0, 255.0, t))
        rgb[i, 1] = int(lerp(255.0, 0.0, t))
        rgb[i, 2] = 128

class Image:
    def __init__(self, h, w):
        self.data = np.fromiter((math.sin(0.3 * k) for k in range(h * w)), dtype=np.float64).reshape(h, w)

    @property
    def shape(self):
        return self.data.shape

    def blurred(self, radius=1):
        out = np.zeros_like(self.data)
        grid = ((self.shape[0] + 7) // 8, (self.shape[1] + 7) // 8)
        blur_rows[grid, (8, 8)](self.data, out, radius)
        return out

    def __repr__(self):
        return f"Image{self.shape}"

img = Image(5, 6)
print(img, img.shape)
b = img.blurred(radius=2)
print(np.round(b, 3))
flags = (np.arange(20) % 3 == 0)
positions = np.full(20, -1, dtype=np.int32)
total = np.zeros(1, dtype=np.int32)
prefix_flags[1, 32](flags, positions, total)
print(total[0], sorted(positions[positions >= 0].tolist()), flags.sum())
vals = np.linspace(-0.5, 1.5, 5)
rgb = np.zeros((5, 3), dtype=np.uint8)
colorize[1, 8](vals, rgb)
print(rgb)
print(rgb.dtype, rgb.max(axis=0), rgb.T.flatten()[:5])
stats = {"mean": float(b.mean()), "min": float(b.min()), "n": b.size}
for k, v in stats.items():
    print(f"{k:>5}: {v}")
print(np.fromiter(range(3), np.float32), np.fromiter((x for x in vals if x > 0), dtype=np.float64, count=-1))
