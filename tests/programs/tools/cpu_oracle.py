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
  - where numba-cuda lowers an operation differently from the CPU target, the CUDA lowering is
    modelled (the same four differences tests/runtime/gen_pysem_cases.py models):
      math.floor / ceil / trunc   return floats on CUDA (of the argument's type; float64 for an
                                  int), ints on the CPU: replaced by NumPy's, which do the same;
      min / max of two floats     libdevice fmin / fmax on CUDA (NaN ignored, -0.0 below +0.0);
                                  Python's algorithm on the CPU, and on CUDA for three or more
                                  arguments or an integer argument;
      int ** int                  (a constant exponent too) the result passes through float64 on
                                  CUDA (cvt.rn.f64, then a saturating cvt.rzi back);
      round(float)                llrint on CUDA: NaN gives -2**63 (as an H200 does; the PTX
                                  manual says 0), out-of-range values saturate.

What remains different from a GPU: float32/float64 library functions (exp, sin, pow, ...) come
from the host's libm, not libdevice (both within ~1-2 ulp); the CPU does not contract a*b+c into
an FMA; float % and // use an exact fmod where NVVM's frem is |x| - floor(|x|/|y|)*|y| (NaN for
x % inf); 0.0 ** -n raises on the CPU and is inf on CUDA; round(x, n) goes through llrint on
CUDA, which saturates once x * 10**n is beyond 2**63.

Call install() before the program under test runs, under NUMBA_ENABLE_CUDASIM=1: the host side
still uses the simulator's device arrays.
"""
import ast
import inspect
import math
import textwrap
import types as pytypes

import numpy as np
import numba
from numba import njit, int32, types
from numba.core import sigutils
from numba.extending import overload

AXES = "xyz"
HIDDEN = [f"_{kind}_{axis}" for kind in ("tid", "bid", "bdim", "gdim") for axis in AXES]
INDEX_OBJECTS = {"threadIdx": "tid", "blockIdx": "bid", "blockDim": "bdim", "gridDim": "gdim"}

CUDA_MATH = pytypes.ModuleType("math")  # the math module as the CUDA target types it
CUDA_MATH.__dict__.update({k: v for k, v in vars(math).items() if not k.startswith("__")})
CUDA_MATH.floor, CUDA_MATH.ceil, CUDA_MATH.trunc = np.floor, np.ceil, np.trunc
FLOAT_RESULT = {math.floor: np.floor, math.ceil: np.ceil, math.trunc: np.trunc}


# ---- models of numba-cuda's lowering where it differs from the CPU target -------------------

def cuda_min2(a, b):
    return min(a, b)


def cuda_max2(a, b):
    return max(a, b)


def cuda_pow(a, b):
    return a ** b


def cuda_round(x):
    return round(x)


@overload(cuda_min2)
def _min2(a, b):
    if isinstance(a, types.Float) and isinstance(b, types.Float):  # __nv_fmin / __nv_fminf
        def fmin(a, b):
            if a != a:
                return b
            if b != b:
                return a
            if a == b:  # equal zeros: -0.0 is the smaller
                return a if np.signbit(a) else b
            return a if a < b else b
        return fmin
    return lambda a, b: min(a, b)


@overload(cuda_max2)
def _max2(a, b):
    if isinstance(a, types.Float) and isinstance(b, types.Float):  # __nv_fmax / __nv_fmaxf
        def fmax(a, b):
            if a != a:
                return b
            if b != b:
                return a
            if a == b:  # equal zeros: +0.0 is the larger
                return b if np.signbit(a) else a
            return a if a > b else b
        return fmax
    return lambda a, b: max(a, b)


@overload(cuda_pow)
def _pow(a, b):
    if isinstance(a, types.Integer) and isinstance(b, types.Integer):
        unsigned = not (a.signed or b.signed)  # uint ** uint is uint64, anything else int64
        if unsigned:
            def upow(a, b):
                f = np.float64(a ** b)  # the CPU's exact (wrapping) result, then CUDA's trip
                return np.uint64(18446744073709551615) if f >= 18446744073709551616.0 else np.uint64(f)
            return upow

        def ipow(a, b):
            f = np.float64(a ** b)
            return np.int64(9223372036854775807) if f >= 9223372036854775808.0 else np.int64(f)
        return ipow
    return lambda a, b: a ** b


@overload(cuda_round)
def _round(x):
    if isinstance(x, types.Float):
        def llrint(x):
            r = np.rint(np.float64(x))
            if r != r:
                return np.int64(-9223372036854775808)
            if r >= 9223372036854775808.0:
                return np.int64(9223372036854775807)
            if r < -9223372036854775808.0:
                return np.int64(-9223372036854775808)
            return np.int64(r)
        return llrint
    return lambda x: round(x)


CUDA_LOWERING = {"_py2cuda_min2": cuda_min2, "_py2cuda_max2": cuda_max2, "_py2cuda_pow": cuda_pow,
                 "_py2cuda_round": cuda_round}


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

    def _is_builtin(self, node, builtin):
        return (isinstance(node, ast.Name) and node.id == builtin.__name__
                and node.id not in self.g)  # not shadowed by a module-level name

    def visit_Call(self, node):
        member = self._cuda_member(node.func)
        if member in ("grid", "gridsize"):
            ndim = node.args[0].value
            return self._expr(_grid_expr(ndim) if member == "grid" else _gridsize_expr(ndim))
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in self.device_names:
            # By keyword: a call that leaves defaulted parameters out (`clamp(x, lo)` of
            # `clamp(x, lo=None, hi=None)`) must not fill them with the hidden values.
            node.keywords += [ast.keyword(h, ast.Name(h, ast.Load())) for h in HIDDEN]
        elif len(node.args) == 2 and (self._is_builtin(node.func, min) or self._is_builtin(node.func, max)):
            node.func = ast.Name(f"_py2cuda_{node.func.id}2", ast.Load())
        elif len(node.args) == 1 and self._is_builtin(node.func, round):
            node.func = ast.Name("_py2cuda_round", ast.Load())
        return node

    @staticmethod
    def _negative_constant_exponent(node):
        return (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant)) or \
            (isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and node.value < 0)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow) and not self._negative_constant_exponent(node.right):
            # numba-cuda's int ** int passes through float64 for a constant exponent too: its
            # multiplications (the exact, wrapping product) are then converted to float64 and back
            # (cvt.rn.f64.s64 / cvt.rzi.s64.f64 in the PTX of `a ** 39`), as for a run-time one.
            return ast.Call(ast.Name("_py2cuda_pow", ast.Load()), [node.left, node.right], [])
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow) and not self._negative_constant_exponent(node.value):
            target = ast.Name(node.target.id, ast.Load()) if isinstance(node.target, ast.Name) else None
            if target is not None:
                return ast.Assign([node.target], ast.Call(ast.Name("_py2cuda_pow", ast.Load()),
                                                          [target, node.value], []))
        return node


def _signatures(fake):
    """The declared signatures of a simulator kernel, with the hidden parameters appended."""
    sigs = getattr(fake, "_py2cuda_sigs", None)
    if not sigs and fake._device:
        return None  # specialised per call, like Numba (which ignores annotations)
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
        # A function defined inside another reads the other's variables from its closure:
        # Numba freezes them as it freezes globals, and so do they become here.
        scope = dict(fn.__globals__)
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
            try:
                scope[name] = cell.cell_contents
            except ValueError:  # not assigned yet: Numba would fail as well
                pass
        namespace = dict(scope)
        device_names = set()
        for name in fn.__code__.co_names + fn.__code__.co_freevars:  # the globals and closure variables it reads
            value = scope.get(name)
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
        namespace.update(CUDA_LOWERING)
        lines, first_line = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
        ast.increment_lineno(tree, first_line - 1)  # errors then name the file's own lines
        func = tree.body[0]
        func.decorator_list = []
        func.args.args += [ast.arg(h) for h in HIDDEN]
        if func.args.defaults:  # defaults bind to the last parameters: the hidden ones get some too
            func.args.defaults += [ast.Constant(0) for _ in HIDDEN]
        for arg in func.args.args:
            arg.annotation = None
        func.returns = None
        tree = ast.fix_missing_locations(_Rewriter(scope, device_names).visit(tree))
        exec(compile(tree, inspect.getsourcefile(fn), "exec"), namespace)
        sigs = _signatures(fake)
        python_function = namespace[fn.__name__]
        if sigs:
            jitted = njit(sigs, error_model="numpy")(python_function)
        else:
            jitted = njit(error_model="numpy")(python_function)
        self.cache[id(fake)] = jitted
        return jitted


def _dim3(value):
    dims = tuple(value) if isinstance(value, tuple) else (value,)
    return dims + (1,) * (3 - len(dims))


def install():
    """Routes every simulator kernel launch through Numba's CPU compiler."""
    import numba.cuda
    from numba.cuda.simulator import kernel as simkernel
    from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray, sentry_contiguous

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
            sigs = _signatures(fake)
            for k, a in enumerate(args):
                if not isinstance(a, np.ndarray):
                    continue
                # Compiled Numba first matches the arguments' types to the signatures (a view
                # typed layout 'A' fits no float32[::1]), then copies each host array to the
                # device as one memory region.
                typ = numba.typeof(a)
                if sigs and all(isinstance(s.args[k], numba.types.Array) and s.args[k].layout == "C" != typ.layout
                                for s in sigs):
                    raise TypeError(f"No matching definition for argument type(s) {typ}")
                sentry_contiguous(a)
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
