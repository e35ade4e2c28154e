# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# 2-D convolution with a shared-memory tile plus halo, the mask in constant memory
import numpy as np
from numba import cuda, float32, njit

TILE = 8
R = 1  # mask radius
MASK = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.float32) / 16.0


@cuda.jit
def conv2d(img, out):
    mask = cuda.const.array_like(MASK)
    tile = cuda.shared.array((TILE + 2 * R, TILE + 2 * R), dtype=float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    x, y = cuda.grid(2)
    h, w = img.shape
    # each thread loads its pixel and, near the tile's edge, the halo cells
    for dy in range(0, TILE + 2 * R, TILE):
        for dx in range(0, TILE + 2 * R, TILE):
            ly = ty + dy
            lx = tx + dx
            if ly < TILE + 2 * R and lx < TILE + 2 * R:
                gy = cuda.blockIdx.y * TILE + ly - R
                gx = cuda.blockIdx.x * TILE + lx - R
                if 0 <= gy < h and 0 <= gx < w:
                    tile[ly, lx] = img[gy, gx]
                else:
                    tile[ly, lx] = 0.0
    cuda.syncthreads()
    if y < h and x < w:
        acc = float32(0.0)
        for i in range(2 * R + 1):
            for j in range(2 * R + 1):
                acc += mask[i, j] * tile[ty + i, tx + j]
        out[y, x] = acc


@njit
def conv2d_cpu(img, mask):
    h, w = img.shape
    out = np.zeros_like(img)
    for y in range(h):
        for x in range(w):
            acc = 0.0
            for i in range(-R, R + 1):
                for j in range(-R, R + 1):
                    yy = y + i
                    xx = x + j
                    if 0 <= yy < h and 0 <= xx < w:
                        acc += mask[i + R, j + R] * img[yy, xx]
            out[y, x] = acc
    return out


def main():
    h, w = 13, 21
    img = (np.arange(h * w, dtype=np.float32) % 7).reshape(h, w)
    d_img = cuda.to_device(img)
    d_out = cuda.device_array((h, w), dtype=np.float32)
    threads = (TILE, TILE)
    blocks = ((w + TILE - 1) // TILE, (h + TILE - 1) // TILE)
    print("grid", blocks, "block", threads)
    conv2d[blocks, threads](d_img, d_out)
    out = d_out.copy_to_host()
    ref = conv2d_cpu(img, MASK)
    np.set_printoptions(precision=3, suppress=True, linewidth=100)
    print(out[:4, :8])
    print("max abs diff < 1e-5:", np.max(np.abs(out - ref)) < 1e-5)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)
    print(f"sum in = {img.sum():.1f}, sum out = {out.sum():.2f}")
    print("interior mean", round(float(out[1:-1, 1:-1].mean()), 4))


if __name__ == "__main__":
    main()
