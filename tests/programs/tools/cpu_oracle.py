"""Runs kernels with Numba's CPU compiler instead of the CUDA simulator: compiled-Numba results.

The simulator executes kernel bodies as Python on NumPy scalars, so it follows NumPy's promotion
rules (int32 + int32 wraps, float32 * 0.5 stays float32) where compiled Numba follows its own
(int64, float64). Numba's CPU target shares the CUDA target's typing templates and most of its
lowering, so a kernel compiled by `njit` computes what the GPU computes. This module makes that
possible for the constructs of py2cuda's first slice (no shared memory, barriers, atomics, warp
collectives or random numbers, whose threads need not run together):

  - each kernel and device function is re-parsed from its source; uses of the thread hierarchy
    (cuda.threadIdx.x, cuda.grid(2), cuda.laneid, ...) become expressions over twelve hidden int32
    parameters (thread, block, block size, grid size in x, y, z), typed as Numba types them on
    CUDA (int32 indices, int64 grid/gridsize);
  - the function is compiled by njit(error_model="numpy"), with its declared signature (plus the
    hidden parameters) when it has one; a launch k[blocks, threads](...) runs it once per thread;
  - math.floor / ceil / trunc return floats on CUDA but ints on the CPU target, so they are
    replaced by NumPy's, which return floats of the argument's type (float64 for ints) as CUDA does.

What remains different from a GPU: float32/float64 library functions (exp, sin, pow, ...) come
from the host's libm, not libdevice (both within ~1-2 ulp), and the CPU does not contract a*b+c
into an FMA. Install with install() before the program under test runs (NUMBA_ENABLE_CUDASIM=1:
the host side still uses the simulator's device arrays).
"""
import ast
import inspect
import math
import textwrap
import types as pytypes

import numpy as np
import numba
from numba import njit, int32
from numba.core import sigutils

AXES = "xyz"
HIDDEN = [f"_{kind}_{axis}" for kind in ("tid", "bid", "bdim", "gdim") for axis in AXES]
INDEX_OBJECTS = {"threadIdx": "tid", "blockIdx": "bid", "blockDim": "bdim", "gridDim": "gdim"}

CUDA_MATH = pytypes.ModuleType("math")  # the math module as the CUDA target types it
CUDA_MATH.__dict__.update({k: v for k, v in vars(math).items() if not k.startswith("__")})
CUDA_MATH.floor, CUDA_MATH.ceil, CUDA_MATH.trunc = np.floor, np.ceil, np.trunc
FLOAT_RESULT = {math.floor: np.floor, math.ceil: np.ceil, math.trunc: np.trunc}


def _i64(name):
    return f"_py2cuda_np.int64({name})"


def _grid_expr(ndim):
    parts = [f"{_i64('_tid_' + a)} + {_i64('_bid_' + a)} * {_i64('_bdim_' + a)}" for a in AXES[:ndim]]
    return parts[0] if ndim == 1 else "(" + ", ".join(parts) + ")"


def _gridsize_expr(ndim):
    parts = [f"{_i64('_bdim_' + a)} * {_i64('_gdim_' + a)}" for a in AXES[:ndim]]
    return parts[0] if ndim == 1 else "(" + ", ".join(parts) + ")"


LANEID = "_py2cuda_np.int32((_tid_x + _bdim_x * (_tid_y + _bdim_y * _tid_z)) % 32)"


class _Rewriter(ast.NodeTransformer):
    """Replaces the thread hierarchy by hidden parameters and threads them into device calls."""

    def __init__(self, globals_, device_names):
        self.g = globals_
        self.device_names = device_names

    def _is_cuda(self, node):
        """True for an expression naming the numba.cuda module (any alias, or numba.cuda)."""
        if isinstance(node, ast.Name):
            return self.g.get(node.id) is numba.cuda
        return (isinstance(node, ast.Attribute) and node.attr == "cuda"
                and isinstance(node.value, ast.Name) and self.g.get(node.value.id) is numba)

    def _cuda_member(self, node):
        """'grid', 'threadIdx', ... when node is cuda.<member> or a name imported from numba.cuda."""
        if isinstance(node, ast.Attribute) and self._is_cuda(node.value):
            return node.attr
        if isinstance(node, ast.Name):
            return getattr(self.g.get(node.id), "_py2cuda_member", None)
        return None

    @staticmethod
    def _expr(text):
        return ast.parse(text, mode="eval").body

    def visit_Attribute(self, node):
        member = self._cuda_member(node.value)
        if member in INDEX_OBJECTS:  # cuda.threadIdx.x
            return self._expr(f"_{INDEX_OBJECTS[member]}_{node.attr}")
        member = self._cuda_member(node)
        if member == "laneid":
            return self._expr(LANEID)
        if member == "warpsize":
            return self._expr("_py2cuda_np.int32(32)")
        return self.generic_visit(node)

    def visit_Call(self, node):
        member = self._cuda_member(node.func)
        if member in ("grid", "gridsize"):
            ndim = node.args[0].value
            return self._expr(_grid_expr(ndim) if member == "grid" else _gridsize_expr(ndim))
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in self.device_names:
            node.args += [ast.Name(h, ast.Load()) for h in HIDDEN]
        return node


def _signatures(fake):
    """The declared signatures of a simulator kernel, with the hidden parameters appended."""
    sigs = getattr(fake, "_py2cuda_sigs", None)
    if not sigs:
        annotations = [p.annotation for p in inspect.signature(fake.fn).parameters.values()]
        if not annotations or any(a is inspect.Parameter.empty for a in annotations):
            return None
        sigs = [numba.void(*annotations)]
    result = []
    for sig in sigs:
        args, ret = sigutils.normalize_signature(sig)
        if ret is None:
            ret = numba.void
        result.append(ret(*args, *[int32] * len(HIDDEN)))
    return result


class _Compiler:
    def __init__(self):
        self.cache = {}

    def compile(self, fake):
        """The njit dispatcher for a simulator kernel or device function (compiled once)."""
        if id(fake) in self.cache:
            return self.cache[id(fake)]
        fn = fake.fn
        namespace = dict(fn.__globals__)
        device_names = set()
        for name in fn.__code__.co_names:  # the globals the function refers to
            value = fn.__globals__.get(name)
            if value is fake:
                continue  # a recursive device function: not supported here
            if isinstance(value, type(fake)) and value._device:
                device_names.add(name)
                namespace[name] = self.compile(value)
            elif value is math:
                namespace[name] = CUDA_MATH
            elif callable(value) and value in FLOAT_RESULT:
                namespace[name] = FLOAT_RESULT[value]
        namespace["_py2cuda_np"] = np
        lines, first_line = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
        ast.increment_lineno(tree, first_line - 1)  # errors then name the file's own lines
        func = tree.body[0]
        func.decorator_list = []
        func.args.args += [ast.arg(h) for h in HIDDEN]
        for arg in func.args.args:
            arg.annotation = None
        tree = ast.fix_missing_locations(_Rewriter(fn.__globals__, device_names).visit(tree))
        exec(compile(tree, inspect.getsourcefile(fn), "exec"), namespace)
        sigs = _signatures(fake)
        options = dict(error_model="numpy")
        jitted = njit(sigs, **options)(namespace[fn.__name__]) if sigs else njit(**options)(namespace[fn.__name__])
        self.cache[id(fake)] = jitted
        return jitted


def _dim3(value):
    dims = tuple(value) if isinstance(value, tuple) else (value,)
    return dims + (1,) * (3 - len(dims))


def install():
    """Routes every simulator kernel launch through Numba's CPU compiler."""
    import numba.cuda
    from numba.cuda.simulator import kernel as simkernel
    from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray

    compiler = _Compiler()
    simulator_jit = numba.cuda.jit

    def jit(func_or_sig=None, *args, **kwargs):
        # The simulator drops signatures; keep them on the kernel object for _signatures().
        if not (isinstance(func_or_sig, list) or sigutils.is_signature(func_or_sig)):
            return simulator_jit(func_or_sig, *args, **kwargs)
        sigs = func_or_sig if isinstance(func_or_sig, list) else [func_or_sig]
        wrapper = simulator_jit(func_or_sig, *args, **kwargs)

        def decorate(fn):
            fake = wrapper(fn)
            fake._py2cuda_sigs = sigs
            return fake
        return decorate

    numba.cuda.jit = jit

    def launch(fake, griddim, blockdim):
        def run(*args):
            compiled = compiler.compile(fake)
            args = [a._ary if isinstance(a, FakeCUDAArray) else a for a in args]
            grid, block = _dim3(griddim), _dim3(blockdim)
            for bz in range(grid[2]):
                for by in range(grid[1]):
                    for bx in range(grid[0]):
                        for tz in range(block[2]):
                            for ty in range(block[1]):
                                for tx in range(block[0]):
                                    compiled(*args, tx, ty, tz, bx, by, bz, *block, *grid)
        return run

    simkernel.FakeCUDAKernel.__getitem__ = lambda self, config: launch(self, config[0], config[1])
