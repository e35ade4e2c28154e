"""Adjustments to numba-cuda's simulator for inputs it cannot run as they are.

Each is requested by a header comment in the input file (see numba_check.py) and changes nothing
that a kernel computes:

  - drop_jit_keywords: the simulator's cuda.jit rejects keywords that only tune code generation
    (lineinfo, max_registers, launch_bounds, forceinline); they are dropped.
  - install_cuda_attributes: inside a kernel the simulator replaces only the globals bound to the
    numba.cuda module itself, so `from numba.cuda import grid` fails at import and
    `numba.cuda.grid(1)` fails at run time. The module gains attributes that forward to the
    running kernel's simulated thread.
  - swap_closure_cuda: the simulator swaps its fake `cuda` module into a kernel's globals only,
    so a kernel defined inside a function after a local `from numba import cuda` (as
    numba-cuda's documentation examples are) reads the real module from its closure and fails
    ("cudasim doesn't support cuda import at non-top-level"). The closure's cells are swapped too.
"""
import contextlib
import threading

import numba.cuda

FORWARDED = ("grid", "gridsize", "threadIdx", "blockIdx", "blockDim", "gridDim")
VALUES = ("laneid", "warpsize")  # plain ints in the simulator: looked up when read


def drop_jit_keywords(names):
    if not names:
        return
    simulator_jit = numba.cuda.jit

    def jit(*args, **kwargs):
        for name in names:
            kwargs.pop(name, None)
        return simulator_jit(*args, **kwargs)

    numba.cuda.jit = jit


class _Forward:
    """Stands for numba.cuda.<member> and resolves it in the kernel running now."""

    def __init__(self, member):
        self._py2cuda_member = member

    def _target(self):
        from numba.cuda.simulator.kernel import _get_kernel_context
        return getattr(_get_kernel_context(), self._py2cuda_member)

    def __call__(self, *args):
        return self._target()(*args)

    def __getattr__(self, name):
        return getattr(self._target(), name)


def _module_getattr(name):
    if name in VALUES:
        from numba.cuda.simulator.kernel import _get_kernel_context
        return getattr(_get_kernel_context(), name)
    raise AttributeError(f"module 'numba.cuda' has no attribute {name!r}")


def install_cuda_attributes():
    for member in FORWARDED:
        if not hasattr(numba.cuda, member):
            setattr(numba.cuda, member, _Forward(member))
    numba.cuda.__getattr__ = _module_getattr


def swap_closure_cuda():
    from numba.cuda.simulator import kernel

    simulator_swap = kernel.swapped_cuda_module
    lock = threading.Lock()
    swapped = {}  # id(cell) -> [cell, count]: device functions swap again from every thread

    def cuda_cells(fn):
        cells = []
        for cell in fn.__closure__ or ():
            try:
                if cell.cell_contents is numba.cuda or id(cell) in swapped:
                    cells.append(cell)
            except ValueError:  # an empty cell
                pass
        return cells

    @contextlib.contextmanager
    def swap(fn, fake_cuda_module):
        with lock:
            cells = cuda_cells(fn)
            for cell in cells:
                entry = swapped.setdefault(id(cell), [cell, 0])
                if entry[1] == 0:
                    cell.cell_contents = fake_cuda_module
                entry[1] += 1
        try:
            with simulator_swap(fn, fake_cuda_module):
                yield
        finally:
            with lock:
                for cell in cells:
                    entry = swapped[id(cell)]
                    entry[1] -= 1
                    if entry[1] == 0:
                        cell.cell_contents = numba.cuda
                        del swapped[id(cell)]

    kernel.swapped_cuda_module = swap
