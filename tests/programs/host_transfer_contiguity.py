# oracle: whole-program (a host array copied to the device by a launch or cuda.to_device must be one memory region, C- or Fortran-contiguous after its broadcast axes are dropped: Numba's sentry_contiguous raises ValueError otherwise; d.copy_to_device and cuda.to_device(a, to=d) copy any view; copy=False allocates only; a kernel whose signature says layout 'C' refuses a view that is not C-contiguous first, with a TypeError)
"""Strided views of a host array sent to the device, as programs slice before a launch."""
import numpy as np
from numba import cuda


@cuda.jit
def double(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] *= 2


@cuda.jit("void(float32[::1])")
def halve_contiguous(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] /= 2


@cuda.jit
def add_rows(m, out):
    r = cuda.grid(1)
    if r < m.shape[0]:
        s = 0.0
        for c in range(m.shape[1]):
            s += m[r, c]
        out[r] = s


def send(v):
    try:
        print("sent", cuda.to_device(v).copy_to_host().sum())
    except ValueError as e:
        print("ValueError:", e)


def launch_rows(v):
    out = np.zeros(v.shape[0])
    try:
        add_rows[1, 8](v, out)
        print("rows", out)
    except ValueError as e:
        print("ValueError at the launch:", str(e)[:40])


def main():
    a = np.arange(16, dtype=np.float32)
    try:
        double[1, 8](a[::2])
    except ValueError as e:
        print("ValueError at the launch:", e)
    print("untouched:", a[:6])
    double[1, 16](a[8:])
    print("tail doubled:", a)

    # A signature of layout 'C': compiled Numba matches the view's type first (TypeError), and
    # the simulator, which checks no signature, refuses the copy (ValueError).
    try:
        halve_contiguous[1, 8](a[::2])
    except (TypeError, ValueError):
        print("refused: a[::2] is not C-contiguous")
    halve_contiguous[1, 8](a[8:])
    print("tail halved:", a[8:])

    m = np.arange(12.0).reshape(3, 4)
    send(m[1:])
    send(m[:, :1])
    send(m[:1, :])
    send(m.T)
    send(m[:, ::-1][:, :1])
    send(m[:0, ::2])
    send(m[::2, :1])
    send(m[::-1])
    send(np.broadcast_to(m[1], (5, 4)))
    launch_rows(m)
    launch_rows(m[:, 1:3])
    launch_rows(m[1:])
    launch_rows(m.T)

    d = cuda.device_array(4, dtype=np.float32)
    d.copy_to_device(a[::4])
    print("copied view:", d.copy_to_host())
    e = cuda.device_array((3, 4))
    cuda.to_device(m[:, ::-1] * 2, to=e)
    print("into e:", e.copy_to_host())
    f = cuda.to_device(m, copy=False)
    print("allocated:", f.shape)


if __name__ == "__main__":
    main()
