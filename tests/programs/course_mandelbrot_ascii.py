# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A module string (CHARS) read by a host helper in a generator expression: py2cuda once tried to
# freeze it as a kernel constant and gave up on the host code. Escape-time device functions (float
# and complex), 2-D grids, a grid-stride 2-D loop, and ASCII art printed row by row.
import numpy as np
from numba import cuda


@cuda.jit(device=True)
def escape(cr, ci, max_iter):
    zr = 0.0
    zi = 0.0
    for n in range(max_iter):
        zr2 = zr * zr
        zi2 = zi * zi
        if zr2 + zi2 > 4.0:
            return n
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
    return max_iter


@cuda.jit(device=True)
def julia_escape(z, c, max_iter):
    for n in range(max_iter):
        if abs(z) > 2.0:
            return n
        z = z * z + c
    return max_iter


@cuda.jit
def mandelbrot(img, xmin, xmax, ymin, ymax, max_iter):
    h, w = img.shape
    x, y = cuda.grid(2)
    if x < w and y < h:
        cr = xmin + x * (xmax - xmin) / (w - 1)
        ci = ymin + y * (ymax - ymin) / (h - 1)
        img[y, x] = escape(cr, ci, max_iter)


@cuda.jit
def julia(img, c, max_iter):
    h, w = img.shape
    sx, sy = cuda.gridsize(2)
    x0, y0 = cuda.grid(2)
    for y in range(y0, h, sy):
        for x in range(x0, w, sx):
            z = complex(-1.5 + 3.0 * x / w, -1.0 + 2.0 * y / h)
            img[y, x] = julia_escape(z, c, max_iter)


CHARS = " .:-=+*#%@"


def show(img, max_iter):
    for row in img:
        print("".join(CHARS[min(int(v) * (len(CHARS) - 1) // max_iter, len(CHARS) - 1)] for v in row))


def main():
    img = np.zeros((16, 40), dtype=np.uint8)
    d = cuda.to_device(img)
    mandelbrot[(5, 2), (8, 8)](d, -2.0, 1.0, -1.2, 1.2, 30)
    m = d.copy_to_host()
    show(m, 30)
    print("inside points:", int((m == 30).sum()))
    j = cuda.device_array((12, 36), dtype=np.int32)
    julia[(2, 2), (8, 4)](j, complex(-0.8, 0.156), 40)
    jh = j.copy_to_host()
    show(jh, 40)
    print("julia mean: %.3f" % jh.mean())


if __name__ == "__main__":
    main()
