"""Random, well-typed, deterministic Numba-CUDA programs (the Csmith/YARPGen method).

A program is a tree (Stmt and Expr nodes, every Expr with its Numba type) rendered twice:
for py2cuda as `@cuda.jit` kernels and device functions, and for the oracle as `numba.njit`
functions with the same bodies (see tests/difftest/README.md for which construct is checked
how).

Types follow Numba's rules, read from tests/data/numba_operator_types.tsv (produced by Numba).
The generator avoids undefined behaviour in Numba itself: array indices are in bounds by
construction, integer `//` and `%` divide by non-zero literals other than -1 or by `max(e, 1)`,
shift counts are masked below the result's width, loops are bounded. A float converted to an
integer may be out of range or NaN: the oracle computes what the GPU gives (_cuda_to_<type>).
"""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
SCALARS = ["bool"] + INTS + FLOATS
WIDTH = {"bool": 1, "int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16,
         "uint32": 32, "uint64": 64, "float32": 32, "float64": 64}
NP = {"bool": "np.bool_", **{t: "np." + t for t in INTS + FLOATS}}
RANGE = {"int8": (-128, 127), "int16": (-2**15, 2**15 - 1), "int32": (-2**31, 2**31 - 1),
         "int64": (-2**63, 2**63 - 1), "uint8": (0, 255), "uint16": (0, 2**16 - 1),
         "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1)}

N = 96          # elements per input array, threads per program
BLOCK = 32      # threads per block (N is 3 blocks)
SLOTS = 12      # result slots per thread in each of oi (int64) and of (float64)
LOCAL_LEN = 8   # local arrays' length
LOCAL_SHAPE = (3, 4)    # 2-D local arrays' shape
MAT_SHAPE = (12, 8)     # 2-D input arrays' shape (N elements)
OWN_SLOTS = 4           # each thread's own atomics slots (a row of `ow`)
LAUNCH_1D = ((3, 1), (32, 1))
LAUNCHES_2D = [((3, 1), (16, 2)), ((1, 3), (8, 4)), ((3, 1), (4, 8)), ((1, 3), (32, 1))]


def signed(t: str) -> bool:
    return t.startswith("int")


def is_int(t: str) -> bool:
    return t in INTS


def is_float(t: str) -> bool:
    return t in FLOATS


def _load_table() -> dict:
    table = {}
    path = Path(__file__).resolve().parent.parent / "data" / "numba_operator_types.tsv"
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        kind, op, left, right, result = line.split("\t")
        table[(kind, op, left, right)] = None if result == "ERR" else result
    return table


TABLE = _load_table()


def binary_type(op: str, a: str, b: str) -> str | None:
    if op in ("<", "<=", ">", ">=", "==", "!="):
        return "bool" if TABLE.get(("binary", "<", a, b)) else None
    return TABLE.get(("binary", op, a, b))


def unify(a: str, b: str) -> str | None:
    return TABLE.get(("unify", "=", a, b))


# ---- the tree ----------------------------------------------------------------------------

@dataclasses.dataclass
class Expr:
    """`text` is a format string over the rendered children ({0}, {1}, ...); `cpu_text`, when
    set, replaces it in the njit rendering. `exact`: a float value computed only by correctly
    rounded operations (False once a libm/libdevice function of a few ulps is involved)."""
    type: str
    text: str
    kids: list["Expr"] = dataclasses.field(default_factory=list)
    exact: bool = True
    cpu_text: str | None = None

    def render(self, cpu: bool) -> str:
        fmt = self.cpu_text if cpu and self.cpu_text is not None else self.text
        return fmt.format(*[k.render(cpu) for k in self.kids])

    def walk(self):
        yield self
        for k in self.kids:
            yield from k.walk()


TERNARY = "({1} if {0} else {2})"


def static_truth(c: Expr) -> bool | None:
    """A condition's value when Numba's dead-branch pruning knows it before typing: a literal, or
    a conditional expression whose own test is known (`(False if False else False)` is the
    literal of its live arm, seed 4004650). None when it is left to run time."""
    if not c.kids and c.text in ("True", "False"):
        return c.text == "True"
    if c.text == TERNARY and c.cpu_text is None:
        test = static_truth(c.kids[0])
        if test is not None:
            return static_truth(c.kids[1] if test else c.kids[2])
    return None


@dataclasses.dataclass
class Stmt:
    """`head` is a line format over rendered exprs; `body`/`orelse` nested statements."""
    head: str
    exprs: list[Expr] = dataclasses.field(default_factory=list)
    body: list["Stmt"] | None = None
    orelse: list["Stmt"] | None = None
    cpu_head: str | None = None
    removable: bool = True
    post: object = dataclasses.field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.post is not None:
            self.post()
            self.post = None

    def render(self, cpu: bool, indent: int, out: list[str]) -> None:
        fmt = self.cpu_head if cpu and self.cpu_head is not None else self.head
        pad = "    " * indent
        out.append(pad + fmt.format(*[e.render(cpu) for e in self.exprs]))
        if self.body is not None:
            if not self.body:
                out.append(pad + "    pass")
            for s in self.body:
                s.render(cpu, indent + 1, out)
        if self.orelse is not None:
            out.append(pad + "else:")
            if not self.orelse:
                out.append(pad + "    pass")
            for s in self.orelse:
                s.render(cpu, indent + 1, out)


@dataclasses.dataclass
class Function:
    name: str
    params: list[tuple[str, str]]   # (name, type) of scalar params; arrays are described elsewhere
    body: list[Stmt]
    ret: Expr | None = None
    ret_tuple: list[Expr] | None = None
    param_text: str | None = None   # the parameter list when it is not just `params`

    def render(self, cpu: bool) -> list[str]:
        out = ["@njit(**_DEVICE)" if cpu else "@cuda.jit(device=True)",
               f"def {self.name}({self.param_text or ', '.join(p for p, _ in self.params)}):"]
        for s in self.body:
            s.render(cpu, 1, out)
        if self.ret is not None:
            out.append("    return " + self.ret.render(cpu))
        elif self.ret_tuple is not None:
            out.append("    return (" + ", ".join(e.render(cpu) for e in self.ret_tuple) + ",)")
        if not self.body and self.ret is None and self.ret_tuple is None:
            out.append("    pass")
        return out


@dataclasses.dataclass
class Program:
    """One kernel: `k{tag}(n, x_<dtype>..., y_<dtype>..., oi, of, acc)`.

    x arrays are read anywhere, y arrays only at the thread's own index (written back),
    oi/of take SLOTS results per thread, acc the atomics (int64[4], uint32[4] in `acc32`).
    `block`: the kernel uses a shared array and a barrier, so its body is two phases.
    """
    tag: str
    xs: list[str]
    ys: list[str]
    functions: list[Function]
    phase1: Function | None
    body: Function
    seed: int
    of_exact: list[bool] = dataclasses.field(default_factory=list)   # per float slot
    inexact_ys: list[str] = dataclasses.field(default_factory=list)  # float y arrays with libm values
    # How the kernel finds its thread's element: "explicit" (blockIdx.x * blockDim.x + tid),
    # "grid" (cuda.grid(1)) or "stride" (a grid-stride loop over range(cuda.grid(1), n, cuda.gridsize(1)),
    # one trip per thread at this launch; never with the barrier of `phase1`).
    indexing: str = "explicit"
    # The launch: grid (G0, G1) of blocks (B0, B1), B0 * B1 == BLOCK and G0 * G1 * BLOCK == N.
    # A 1-D launch is ((3, 1), (32, 1)); the 2-D forms ("explicit2", "grid2", "stride2") number
    # the element of thread (x, y) as y * W + x, W = G0 * B0 the grid's width in threads.
    launch: tuple = LAUNCH_1D
    mats: list[str] = dataclasses.field(default_factory=list)   # 2-D inputs m_<dtype>, MAT_SHAPE
    own: str | None = None   # dtype of `ow` (N, OWN_SLOTS): each thread's own atomics slots, row i

    def kernel_params(self) -> list[tuple[str, str]]:
        return ([("n", "int64")] + [(f"x_{t}", t + "[::1]") for t in self.xs]
                + [(f"y_{t}", t + "[::1]") for t in self.ys]
                + [(f"m_{t}", t + "[:, ::1]") for t in self.mats]
                + ([("ow", self.own + "[:, ::1]")] if self.own else [])
                + [("oi", "int64[::1]"), ("of", "float64[::1]"), ("acc", "int64[::1]"),
                   ("acc32", "uint32[::1]")])

    def array_args(self) -> str:
        """n and the arrays: what the kernel passes on to its phases."""
        return ", ".join(p for p, _ in self.kernel_params())

    def render_cuda(self) -> str:
        out = []
        for f in self.functions:
            out += f.render(False) + [""]
        if self.phase1:
            out += self.phase1.render(False) + [""]
        out += self.body.render(False) + [""]
        sig = ", ".join(t.replace("bool", "b1") for _, t in self.kernel_params())
        out.append(f'@cuda.jit("void({sig})")')
        out.append(f"def k{self.tag}({', '.join(p for p, _ in self.kernel_params())}):")
        if self.indexing.endswith("2"):
            out.append("    tid = cuda.threadIdx.y * cuda.blockDim.x + cuda.threadIdx.x")
        else:
            out.append("    tid = cuda.threadIdx.x")
        if self.indexing == "stride":
            out.append("    for i in range(cuda.grid(1), n, cuda.gridsize(1)):")
            out.append(f"        {self.body.name}(i, tid, {self.array_args()})")
            return "\n".join(out) + "\n"
        if self.indexing == "stride2":
            # one trip per thread at this launch, as the 1-D stride loop
            out.append("    x0, y0 = cuda.grid(2)")
            out.append("    sx, sy = cuda.gridsize(2)")
            out.append("    for y in range(y0, n // sx, sy):")
            out.append("        for x in range(x0, sx, sx):")
            out.append(f"            {self.body.name}(y * sx + x, tid, {self.array_args()})")
            return "\n".join(out) + "\n"
        if self.indexing == "grid":
            out.append("    i = cuda.grid(1)")
        elif self.indexing == "grid2":
            out.append("    x, y = cuda.grid(2)")
            out.append("    w, h = cuda.gridsize(2)")
            out.append("    i = y * w + x")
        elif self.indexing == "explicit2":
            out.append("    x = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x")
            out.append("    y = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y")
            out.append("    i = y * (cuda.gridDim.x * cuda.blockDim.x) + x")
        else:
            out.append("    i = cuda.blockIdx.x * cuda.blockDim.x + tid")
        if self.phase1:
            out.append(f"    sm = cuda.shared.array({BLOCK}, np.int64)")
            out.append(f"    {self.phase1.name}(i, tid, sm, {self.array_args()})")
            out.append("    cuda.syncthreads()")
            out.append("    if i < n:")
            out.append(f"        {self.body.name}(i, tid, sm, {self.array_args()})")
        else:
            out.append("    if i < n:")
            out.append(f"        {self.body.name}(i, tid, {self.array_args()})")
        return "\n".join(out) + "\n"

    def render_cpu(self) -> str:
        out = []
        for f in self.functions:
            out += f.render(True) + [""]
        if self.phase1:
            out += self.phase1.render(True) + [""]
        out += self.body.render(True) + [""]
        # The launch, sequentially: a block's threads run phase 1, then (after the barrier) phase 2.
        out.append("@njit(error_model='numpy')")
        out.append(f"def k{self.tag}({', '.join(p for p, _ in self.kernel_params())}):")
        (g0, _), (b0, b1) = self.launch
        # thread tid (linear in its block) of block b (linear in the grid): element y * W + x
        elem = f"((b // {g0}) * {b1} + tid // {b0}) * {g0 * b0} + (b % {g0}) * {b0} + tid % {b0}"
        out.append(f"    for b in range((n + {BLOCK - 1}) // {BLOCK}):")
        if self.phase1:
            out.append(f"        sm = np.zeros({BLOCK}, np.int64)")
            out.append(f"        for tid in range({BLOCK}):")
            out.append(f"            i = {elem}")
            out.append(f"            {self.phase1.name}(i, tid, sm, {self.array_args()})")
        out.append(f"        for tid in range({BLOCK}):")
        out.append(f"            i = {elem}")
        out.append("            if i < n:")
        sm = "sm, " if self.phase1 else ""
        out.append(f"                {self.body.name}(i, tid, {sm}{self.array_args()})")
        return "\n".join(out) + "\n"


# ---- the generator -----------------------------------------------------------------------

INT_LITERALS = [0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 100, 127, 128, 255, 256, 1000, 32767, 65535,
                2**31 - 1, 2**31, 2**32 - 1, 2**40 + 3, 2**62, 2**63 - 1, -1, -2, -7, -128, -129,
                -32768, -2**31, -2**63 + 1]
FLOAT_LITERALS = ["0.0", "1.0", "0.5", "2.0", "3.25", "-1.5", "1e-3", "1e10", "-7.0", "0.1", "1e-30",
                  "123456.789", "3.0e38", "-0.0", "1e300"]
DIVISORS = [2, 3, 4, 5, 7, 8, 10, 16, 100, -2, -3, -5, -7, 255]
EXACT_MATH1 = ["sqrt", "fabs", "floor", "ceil", "trunc"]          # correctly rounded or exact
INEXACT_MATH1 = ["sin", "cos", "exp", "log", "tanh", "atan", "log1p", "expm1",  # numba-cuda has no math.cbrt
                 "tan", "log2", "log10", "sinh", "cosh", "asinh", "erf", "erfc"]
PREDICATES = ["isnan", "isinf", "isfinite"]


class Scope:
    def __init__(self, parent: "Scope | None" = None):
        self.vars: dict[str, tuple[str, bool]] = {}   # name -> (type, exact)
        self.parent = parent
        self.loop_vars: dict[str, tuple[int, int]] = {}  # name -> (lo, hi) inclusive

    def all_vars(self):
        s, seen = self, {}
        while s is not None:
            for k, v in s.vars.items():
                seen.setdefault(k, v)
            s = s.parent
        return seen

    def all_loop_vars(self):
        s, seen = self, {}
        while s is not None:
            for k, v in s.loop_vars.items():
                seen.setdefault(k, v)
            s = s.parent
        return seen


class Generator:
    def __init__(self, seed: int, tag: str):
        self.r = random.Random(seed)
        self.seed = seed
        self.tag = tag
        # A generator of its own for the atomics paired in one expression (own_atomic), so that
        # every draw of self.r, and so the programs of earlier campaigns, stay as they were.
        self.pair_r = random.Random(seed * 7919 + 2)
        self.counter = 0
        self.functions: list[Function] = []
        self.xs: list[str] = []
        self.ys: list[str] = []
        self.in_body = True
        self.has_i = True
        self.inexact_ys: list[str] = []
        self.mats: list[str] = []
        self.own: str | None = None
        self.launch = LAUNCH_1D
        # atomic.inc/dec on the shared acc32[4]/acc32[5]: one modulus per program, so that the
        # threads' operations on a slot are the same function and commute
        self.inc_mod = self.dec_mod = 0

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    # -- expressions --
    def literal(self, t: str) -> Expr:
        r = self.r
        if t == "bool":
            return Expr("bool", r.choice(["True", "False"]))
        if is_float(t):
            lit = Expr("float64", r.choice(FLOAT_LITERALS))
            return lit if t == "float64" else Expr("float32", "np.float32({0})", [lit])
        lo, hi = RANGE[t]
        v = r.choice([x for x in INT_LITERALS if lo <= x <= hi] + [r.randint(max(lo, -300), min(hi, 300))])
        if t == "int64":
            return Expr("int64", str(v) if v >= 0 else f"({v})")
        return Expr(t, f"{NP[t]}({v})")

    def leaf(self, scope: Scope, want: str | None, exact_only: bool) -> Expr:
        r = self.r
        choices = []
        for name, (t, exact) in scope.all_vars().items():
            if want and t != want:
                continue
            if exact_only and not exact:
                continue
            choices.append(Expr(t, name, exact=exact))
        for name in scope.all_loop_vars():
            if want in (None, "int64"):
                choices.append(Expr("int64", name))
        if want in (None, "int64") and self.has_i:
            choices.append(Expr("int64", "i"))
        arrays = [t for t in self.xs if want in (None, t)]
        if arrays and r.random() < 0.7:
            t = r.choice(arrays)
            choices.append(Expr(t, f"x_{t}[{{0}}]", [self.index(scope, N)]))
        mats = [t for t in self.mats if want in (None, t)]
        if mats and r.random() < 0.5:
            t = r.choice(mats)
            choices.append(Expr(t, f"m_{t}[{{0}}, {{1}}]", [self.index(scope, MAT_SHAPE[0]),
                                                            self.index(scope, MAT_SHAPE[1])]))
        if self.has_i and want in (None, "int32") and r.random() < 0.25:
            choices.append(self.thread_leaf())
        if choices and r.random() < 0.8:
            return r.choice(choices)
        return self.literal(want or r.choice(SCALARS))

    def thread_leaf(self) -> Expr:
        """cuda.threadIdx/blockIdx/blockDim/gridDim .x/.y (int32); the oracle computes them from
        the thread's element i and its index tid in the block (Program.render_cpu's numbering)."""
        (g0, g1), (b0, b1) = self.launch
        w = g0 * b0
        name, cpu = self.r.choice([
            ("threadIdx.x", f"tid % {b0}"), ("threadIdx.y", f"tid // {b0}"),
            ("blockIdx.x", f"(i % {w}) // {b0}"), ("blockIdx.y", f"(i // {w}) // {b1}"),
            ("blockDim.x", str(b0)), ("blockDim.y", str(b1)), ("gridDim.x", str(g0)), ("gridDim.y", str(g1))])
        return Expr("int32", f"cuda.{name}", cpu_text=f"np.int32({cpu})")

    def index(self, scope: Scope, length: int) -> Expr:
        """An int64 expression in [0, length)."""
        r = self.r
        loops = [(n, lh) for n, lh in scope.all_loop_vars().items() if 0 <= lh[0] and lh[1] < length]
        k = r.random()
        if loops and k < 0.3:
            return Expr("int64", r.choice(loops)[0])
        if k < 0.5 or not self.has_i:
            return Expr("int64", str(r.randrange(length)))
        if k < 0.7:
            return Expr("int64", f"(i + {r.randrange(length)}) % {length}")
        # Python's % of a signed integer by a positive literal is in [0, length).
        e = self.expr(scope, r.choice(["int8", "int16", "int32", "int64"]), 1, exact_only=True)
        return Expr("int64", f"({{0}}) % {length}", [e])

    def cast(self, e: Expr, t: str) -> Expr:
        if e.type == t:
            return e
        if is_int(t) and is_float(e.type):
            # Any value, NaN and out of range included: LLVM leaves fptosi/fptoui of those
            # undefined, so the CPU target is no oracle there; the GPU's PTX cvt defines them
            # (saturating), and the oracle computes that (_cuda_to_<type>).
            return Expr(t, f"{NP[t]}({{0}})", [e], exact=True,
                        cpu_text=f"_cuda_to_{t}({{0}}, {e.type == 'float32'})")
        if t == "bool":
            # np.bool_(x) is x != 0
            return Expr("bool", "({0} != 0)", [e]) if e.exact or not is_float(e.type) else self.literal("bool")
        return Expr(t, f"{NP[t]}({{0}})", [e], exact=e.exact)

    def expr(self, scope: Scope, want: str | None, depth: int, exact_only: bool = False) -> Expr:
        """An expression of type `want` (any scalar type if None). exact_only: the value must
        not depend on libm/libdevice ulps (it steers control flow, an index or an integer)."""
        e = self._expr(scope, want, depth, exact_only or (want is not None and not is_float(want)))
        if want is not None and e.type != want:
            e = self.cast(e, want)
        return e

    def _expr(self, scope: Scope, want: str | None, depth: int, exact_only: bool) -> Expr:
        r = self.r
        if depth <= 0 or r.random() < 0.15:
            return self.leaf(scope, want, exact_only)
        k = r.random()
        try_type = want or r.choice(SCALARS)
        if k < 0.40:
            return self.binop(scope, try_type, depth, exact_only)
        if k < 0.50:
            return self.compare(scope, depth)
        if k < 0.58:
            return self.unary(scope, try_type, depth, exact_only)
        if k < 0.70:
            return self.builtin(scope, try_type, depth, exact_only)
        if k < 0.78:
            return self.math_call(scope, try_type, depth, exact_only)
        if k < 0.84:
            return self.ternary(scope, try_type, depth, exact_only)
        if k < 0.90 and self.functions:
            return self.call(scope, try_type, depth, exact_only)
        if k < 0.95:
            # A value that becomes an integer or bool must not depend on libm ulps.
            sub = self.expr(scope, None, depth - 1, exact_only or not is_float(try_type))
            return self.cast(sub, try_type)
        return self.leaf(scope, want, exact_only)

    def binop(self, scope: Scope, want: str, depth: int, exact_only: bool) -> Expr:
        r = self.r
        for _ in range(8):
            op = r.choice(["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>", "+", "-", "*"])
            a = self.expr(scope, None, depth - 1, exact_only)
            if op in ("//", "%"):
                if is_int(a.type) or a.type == "bool":
                    if r.random() < 0.6:
                        d = r.choice(DIVISORS)
                        b = Expr("int64", str(d) if d > 0 else f"({d})")
                    else:
                        # max(e, 1) of a signed e is >= 1: never zero, never -1.
                        e = self.expr(scope, r.choice(["int8", "int16", "int32", "int64"]), depth - 2, True)
                        b = Expr(unify(e.type, "int64"), "max({0}, 1)", [e])
                else:
                    b = self.expr(scope, r.choice(FLOATS), depth - 1, exact_only)
            elif op == "**":
                if is_float(a.type) and r.random() < 0.3 and not exact_only:
                    b = self.expr(scope, r.choice(FLOATS), depth - 1, exact_only)
                elif is_float(a.type):
                    b = Expr("int64", str(r.randint(0, 4)))
                else:
                    # numba-cuda's int ** int, literal exponent included, passes its int64 result
                    # through float64 (int_power's `1.0 / r if invert else r`); the CPU target's
                    # does not: the oracle models it (_cuda_ipow below). The exponents are as
                    # before the model, so that seeds still name the same programs.
                    b = Expr("int64", str(r.randint(0, 3) if WIDTH[a.type] <= 16 else r.randint(0, 1)))
            elif op in ("<<", ">>"):
                if not (is_int(a.type) or a.type == "bool"):
                    continue
                rt = binary_type(op, a.type, "int64")
                if rt is None:
                    continue
                w = min(WIDTH[rt], 32)
                if r.random() < 0.5:
                    b = Expr("int64", str(r.randrange(w)))
                else:
                    e = self.expr(scope, r.choice(["int8", "int16", "int32", "int64"]), depth - 2, True)
                    b = Expr("int64", f"({{0}} & {w - 1})", [e])
            else:
                b = self.expr(scope, None, depth - 1, exact_only)
            t = binary_type(op, a.type, b.type)
            if t is None or t not in SCALARS:
                continue
            exact = a.exact and b.exact and not (op == "**" and is_float(b.type))
            if exact_only and not exact:
                continue
            if op == "**" and is_int(t) and is_float(a.type):
                continue
            if op == "**" and t == "int64":
                return Expr(t, "({0} ** {1})", [a, b], cpu_text="_cuda_ipow({0} ** {1})")
            return Expr(t, f"({{0}} {op} {{1}})", [a, b], exact=exact)
        return self.leaf(scope, want, exact_only)

    def compare(self, scope: Scope, depth: int) -> Expr:
        r = self.r
        n = r.choice([2, 2, 2, 3])
        parts = [self.expr(scope, None, depth - 1, True) for _ in range(n)]
        for a, b in zip(parts, parts[1:]):
            if binary_type("<", a.type, b.type) is None:
                return self.leaf(scope, "bool", True)
        ops = [r.choice(["<", "<=", ">", ">=", "==", "!="]) for _ in range(n - 1)]
        fmt = "({0}"
        for j, op in enumerate(ops):
            fmt += f" {op} {{{j + 1}}}"
        return Expr("bool", fmt + ")", parts)

    def unary(self, scope: Scope, want: str, depth: int, exact_only: bool) -> Expr:
        r = self.r
        a = self.expr(scope, None, depth - 1, exact_only)
        op = r.choice(["-", "+", "~", "not "])
        # numba-cuda negates a narrow integer in its own width, the CPU target in int64:
        # only 64-bit integers and floats are negated (docs/typing-rules.md).
        if op == "-" and a.type not in ("int64", "uint64", "float32", "float64"):
            op = "+"
        kind = {"-": "neg", "+": "pos", "~": "invert", "not ": "not"}[op]
        t = TABLE.get(("unary", kind, a.type, "-"))
        if t is None:
            return a
        return Expr(t, f"({op}{{0}})", [a], exact=a.exact)

    def builtin(self, scope: Scope, want: str, depth: int, exact_only: bool) -> Expr:
        r = self.r
        k = r.choice(["abs", "min", "max", "round"])
        if k == "abs":
            a = self.expr(scope, want if want != "bool" else None, depth - 1, exact_only)
            if a.type == "bool":
                return a
            return Expr(a.type, "abs({0})", [a], exact=a.exact)
        if k == "round":
            a = self.expr(scope, r.choice(FLOATS), depth - 1, True)
            # round() of a float is int64 through fptosi: in range only.
            return Expr("int64", "(round({0}) if -1e6 < {0} < 1e6 else -3)", [a])
        n = r.choice([2, 2, 3])
        args = [self.expr(scope, want if r.random() < 0.6 else None, depth - 1, exact_only) for _ in range(n)]
        if any(a.type == "bool" for a in args):
            args = [self.cast(a, "int64") if a.type == "bool" else a for a in args]
        t = args[0].type
        for a in args[1:]:
            t = unify(t, a.type)
            if t is None:
                return args[0]
        exact = all(a.exact for a in args)
        fmt = k + "(" + ", ".join(f"{{{j}}}" for j in range(n)) + ")"
        cpu = None
        if n == 2 and all(is_float(a.type) for a in args):
            # numba-cuda: min/max of two floats are fmin/fmax (NaN ignored); the CPU target
            # uses Python's rule. The oracle computes fmin/fmax.
            cpu = f"_f{k}({NP[t]}({{0}}), {NP[t]}({{1}}))"
        return Expr(t, fmt, args, exact=exact, cpu_text=cpu)

    def math_call(self, scope: Scope, want: str, depth: int, exact_only: bool) -> Expr:
        r = self.r
        k = r.random()
        if k < 0.15:
            a = self.expr(scope, r.choice(FLOATS), depth - 1, exact_only)
            return Expr("bool", f"math.{r.choice(PREDICATES)}({{0}})", [a], exact=True) if a.exact else a
        if k < 0.55 or exact_only:
            f = r.choice(EXACT_MATH1 + ["copysign", "fmod"])
            a = self.expr(scope, r.choice(FLOATS + ["int32", "int64"]), depth - 1, exact_only)
            if f in ("copysign", "fmod"):
                b = self.expr(scope, a.type if is_float(a.type) else "float64", depth - 1, exact_only)
                if is_int(a.type):
                    a = self.cast(a, "float64")
                # The CPU target has no math.fmod; np.fmod is the same C function.
                cpu = "np.fmod({0}, {1})" if f == "fmod" else None
                return Expr(unify(a.type, b.type), f"math.{f}({{0}}, {{1}})", [a, b], exact=a.exact and b.exact,
                            cpu_text=cpu)
            t = a.type if is_float(a.type) else "float64"
            # numba-cuda's floor/ceil/trunc keep the float type; the CPU target's return int64.
            cpu = f"np.{f}({{0}})" if f in ("floor", "ceil", "trunc") else None
            return Expr(t, f"math.{f}({{0}})", [a], exact=a.exact, cpu_text=cpu)
        f = r.choice(INEXACT_MATH1 + ["atan2", "hypot", "pow"])
        a = self.expr(scope, r.choice(FLOATS), depth - 1, False)
        if f in ("atan2", "hypot", "pow"):
            b = self.expr(scope, a.type, depth - 1, False)
            return Expr(a.type, f"math.{f}({{0}}, {{1}})", [a, b], exact=False)
        return Expr(a.type, f"math.{f}({{0}})", [a], exact=False)

    def ternary(self, scope: Scope, want: str, depth: int, exact_only: bool) -> Expr:
        c = self.expr(scope, "bool", depth - 1, True)
        a = self.expr(scope, want, depth - 1, exact_only)
        b = self.expr(scope, None if self.r.random() < 0.5 else want, depth - 1, exact_only)
        t = unify(a.type, b.type)
        if t is None:
            return a
        live = static_truth(c)
        if live is not None:
            # Numba prunes the dead branch of a constant condition before typing: the
            # expression has the live branch's type (`np.float32(x) if True else u64` is float32).
            t = a.type if live else b.type
        return Expr(t, TERNARY, [c, a, b], exact=a.exact and b.exact)

    def call(self, scope: Scope, want: str, depth: int, exact_only: bool, f: Function | None = None) -> Expr:
        f = f or self.r.choice(self.functions)
        args = [self.expr(scope, t, depth - 1, True) for _, t in f.params]
        if f.ret_tuple is not None:
            j = self.r.randrange(len(f.ret_tuple))
            rt = f.ret_tuple[j]
            if exact_only and not rt.exact:
                return self.leaf(scope, want, exact_only)
            fmt = f"{f.name}(" + ", ".join(f"{{{j}}}" for j in range(len(args))) + f")[{j}]"
            return Expr(rt.type, fmt, args, exact=rt.exact)
        if exact_only and not f.ret.exact:
            return self.leaf(scope, want, exact_only)
        fmt = f"{f.name}(" + ", ".join(f"{{{j}}}" for j in range(len(args))) + ")"
        return Expr(f.ret.type, fmt, args, exact=f.ret.exact)

    # -- statements --
    def assign_new(self, scope: Scope, depth: int) -> Stmt:
        t = self.r.choice(SCALARS)
        e = self.expr(scope, t if self.r.random() < 0.5 else None, depth)
        name = self.fresh("v")
        scope.vars[name] = (e.type, e.exact)
        return Stmt(f"{name} = {{0}}", [e])

    def assign_existing(self, scope: Scope, depth: int, top: Scope) -> Stmt | None:
        # Only variables of the function's top level are reassigned in nested blocks, with
        # their own type (Numba unifies a variable's types at merges; the ternary tests that).
        vs = [(n, t) for n, t in top.vars.items()]
        if not vs:
            return None
        name, (t, exact) = self.r.choice(vs)
        r = self.r
        if is_int(t) and r.random() < 0.4:
            op = r.choice(["+", "-", "*", "^", "|", "&"])
            e = self.expr(scope, None, depth - 1, True)
            rt = binary_type(op, t, e.type)
            if rt == t:
                return Stmt(f"{name} {op}= {{0}}", [e])
        e = self.expr(scope, t, depth, exact_only=exact)
        return Stmt(f"{name} = {{0}}", [e])

    def store(self, scope: Scope, depth: int) -> Stmt | None:
        r = self.r
        if not self.ys or not self.in_body:
            return None
        t = r.choice(self.ys)
        if is_int(t) or t == "bool":
            e = self.expr(scope, None, depth, exact_only=True)
            if is_float(e.type):
                e = self.cast(e, t)
        else:
            e = self.expr(scope, None, depth)
            if not e.exact and t not in self.inexact_ys:
                self.inexact_ys.append(t)
        return Stmt(f"y_{t}[i] = {{0}}", [e])

    def tuple_stmt(self, scope: Scope, depth: int) -> Stmt:
        a = self.expr(scope, None, depth - 1)
        b = self.expr(scope, None, depth - 1)
        n1, n2 = self.fresh("v"), self.fresh("v")
        scope.vars[n1] = (b.type, b.exact)
        scope.vars[n2] = (a.type, a.exact)
        if self.r.random() < 0.5:
            return Stmt(f"{n1}, {n2} = {{1}}, {{0}}", [a, b])
        tn = self.fresh("t")
        return Stmt(f"{tn} = ({{0}}, {{1}}); {n1} = {tn}[1]; {n2} = {tn}[0]", [a, b])

    def local_array(self, scope: Scope, depth: int) -> list[Stmt]:
        r = self.r
        t = r.choice(INTS + FLOATS + ["bool"])
        if r.random() < 0.35:
            return self.local_array_2d(scope, depth, t)
        name = self.fresh("la")
        j = self.fresh("j")
        init = self.expr(Scope(scope), None, depth - 1, exact_only=True)
        sub = Scope(scope)
        sub.loop_vars[j] = (0, LOCAL_LEN - 1)
        fill = self.expr(sub, None, depth - 1, exact_only=True)
        fill = self.cast(fill, t) if is_float(fill.type) and is_int(t) else fill
        init = self.cast(init, t) if is_float(init.type) and t == "bool" else init
        stmts = [Stmt(f"{name} = cuda.local.array({LOCAL_LEN}, {NP[t]})", [],
                      cpu_head=f"{name} = np.empty({LOCAL_LEN}, {NP[t]})", removable=False),
                 Stmt(f"for {j} in range({LOCAL_LEN}):", [], body=[Stmt(f"{name}[{j}] = {{0}}", [fill], removable=False)],
                      removable=False)]
        v = self.fresh("v")
        idx = self.index(scope, LOCAL_LEN)
        stmts.append(Stmt(f"{name}[{{0}}] = {{1}}", [idx, self.cast(init, t) if is_float(init.type) and is_int(t) else init]))
        stmts.append(Stmt(f"{v} = {name}[{{0}}]", [self.index(scope, LOCAL_LEN)], removable=False))
        scope.vars[v] = (t, True)
        return stmts

    def local_array_2d(self, scope: Scope, depth: int, t: str) -> list[Stmt]:
        """A local array of shape LOCAL_SHAPE, filled by two nested loops, then one element
        overwritten and one read (a float stored into an integer or bool element is cast)."""
        name, j, k, v = self.fresh("la"), self.fresh("j"), self.fresh("j"), self.fresh("v")
        rows, cols = LOCAL_SHAPE
        sub = Scope(scope)
        sub.loop_vars[j] = (0, rows - 1)
        sub.loop_vars[k] = (0, cols - 1)
        fill = self.expr(sub, None, self.r.choice([1, depth - 1]), exact_only=True)
        init = self.expr(Scope(scope), None, depth - 1, exact_only=True)
        fill, init = [self.cast(e, t) if is_float(e.type) and not is_float(t) else e for e in (fill, init)]
        shape = f"({rows}, {cols})"
        return [Stmt(f"{name} = cuda.local.array({shape}, {NP[t]})", [],
                     cpu_head=f"{name} = np.empty({shape}, {NP[t]})", removable=False),
                Stmt(f"for {j} in range({rows}):", [], removable=False, body=[
                    Stmt(f"for {k} in range({cols}):", [], removable=False,
                         body=[Stmt(f"{name}[{j}, {k}] = {{0}}", [fill], removable=False)])]),
                Stmt(f"{name}[{{0}}, {{1}}] = {{2}}", [self.index(scope, rows), self.index(scope, cols), init]),
                Stmt(f"{v} = {name}[{{0}}, {{1}}]", [self.index(scope, rows), self.index(scope, cols)],
                     removable=False, post=lambda: scope.vars.__setitem__(v, (t, True)))]

    def own_atomic(self, scope: Scope, depth: int) -> Stmt:
        """`v = cuda.atomic.OP(ow, (i, k), val)`: on the thread's own slot, so the old value it
        returns is deterministic. The value is converted to ow's dtype (implicitly in the kernel,
        explicitly in the oracle's helper _at_OP)."""
        r = self.r
        t = self.own
        k = r.randrange(OWN_SLOTS)
        ops = ["add", "sub", "max", "min", "and_", "or_", "xor", "exch", "cas", "compare_and_swap"]
        if not signed(t):
            ops += ["inc", "dec", "inc", "dec"]
        op = r.choice(ops)

        def operand() -> Expr:
            if r.random() < 0.3:
                return Expr(t, f"ow[i, {r.randrange(OWN_SLOTS)}]")
            e = self.expr(scope, None, depth - 1, True)
            return self.cast(e, t) if is_float(e.type) else e
        name = self.fresh("v")
        conv = NP[t] + "({%d})"
        if op in ("cas", "compare_and_swap"):
            old, val = operand(), operand()
            slot = 0 if op == "compare_and_swap" else k
            head = (f"{name} = cuda.atomic.compare_and_swap(ow[i], {{0}}, {{1}})" if op == "compare_and_swap"
                    else f"{name} = cuda.atomic.cas(ow, (i, {k}), {{0}}, {{1}})")
            st = Stmt(head, [old, val], cpu_head=f"{name} = _at_cas(ow, i, {slot}, {conv % 0}, {conv % 1})")
        else:
            st = Stmt(f"{name} = cuda.atomic.{op}(ow, (i, {k}), {{0}})", [operand()],
                      cpu_head=f"{name} = _at_{op.rstrip('_')}(ow, i, {k}, {conv % 0})")
            pr = self.pair_r
            if pr.random() < 0.5:
                # Two atomics in one comparison, on the same slot half the time: Python's
                # left-to-right order decides both old values (C++ leaves the operands unordered).
                op2 = pr.choice([o for o in ops if o not in ("cas", "compare_and_swap")])
                k2 = k if pr.random() < 0.5 else pr.randrange(OWN_SLOTS)
                cmp = pr.choice(["<", "<=", "==", "!=", ">"])
                val2 = f"ow[i, {pr.randrange(OWN_SLOTS)}]" if pr.random() < 0.3 else str(pr.randint(0, 100))
                st = Stmt(f"{name} = cuda.atomic.{op}(ow, (i, {k}), {{0}}) {cmp} "
                          f"cuda.atomic.{op2}(ow, (i, {k2}), {val2})", st.exprs,
                          cpu_head=f"{name} = _at_{op.rstrip('_')}(ow, i, {k}, {conv % 0}) {cmp} "
                                   f"_at_{op2.rstrip('_')}(ow, i, {k2}, {NP[t]}({val2}))")
                scope.vars[name] = ("bool", True)
                return st
        scope.vars[name] = (t, True)
        return st

    def block(self, scope: Scope, top: Scope, depth: int, count: int, nest: int) -> list[Stmt]:
        out = []
        r = self.r
        for _ in range(count):
            k = r.random()
            if nest > 0 and k < 0.12:
                c = self.expr(scope, "bool", depth - 1, True)
                s = Stmt("if {0}:", [c], body=self.block(Scope(scope), top, depth - 1, r.randint(1, 3), nest - 1))
                if r.random() < 0.4:
                    c2 = self.expr(scope, "bool", depth - 1, True)
                    s.orelse = [Stmt("if {0}:", [c2], body=self.block(Scope(scope), top, depth - 1, 2, nest - 1),
                                     orelse=self.block(Scope(scope), top, depth - 1, 1, nest - 1))]
                elif r.random() < 0.5:
                    s.orelse = self.block(Scope(scope), top, depth - 1, r.randint(1, 2), nest - 1)
                out.append(s)
            elif nest > 0 and k < 0.22:
                j = self.fresh("j")
                start, step = r.randint(-3, 3), r.choice([1, 1, 2, 3, -1, -2])
                stop = start + step * r.randint(0, 5)
                sub = Scope(scope)
                sub.loop_vars[j] = (min(start, stop), max(start, stop))
                rng = f"range({start}, {stop}, {step})" if step != 1 else f"range({start}, {stop})"
                if r.random() < 0.3:
                    # counting down from a computed start: Python's % of a signed value by a
                    # positive literal is in [0, m)
                    m, stop, step = r.randint(2, 6), r.randint(-3, 1), r.choice([-1, -1, -2, -3])
                    e = self.expr(scope, r.choice(["int8", "int16", "int32", "int64"]), 1, True)
                    sub.loop_vars[j] = (stop + 1, max(m - 1, stop + 1))
                    out.append(Stmt(f"for {j} in range(({{0}}) % {m}, {stop}, {step}):", [e],
                                    body=self.block(sub, top, depth - 1, r.randint(1, 3), nest - 1)))
                    continue
                out.append(Stmt(f"for {j} in {rng}:", [], body=self.block(sub, top, depth - 1, r.randint(1, 3), nest - 1)))
            elif nest > 0 and k < 0.28 and r.random() < 0.4:
                # while with continue: the counter steps first, so every trip makes progress
                w = self.fresh("w")
                limit = r.randint(1, 6)
                sub = Scope(scope)
                sub.loop_vars[w] = (1, limit)
                c = self.expr(sub, "bool", depth - 1, True)
                body = [Stmt(f"{w} += 1", [], removable=False),
                        Stmt("if {0}:", [c], body=[Stmt("continue", [], removable=False)])]
                body += self.block(sub, top, depth - 1, r.randint(1, 2), nest - 1)
                out.append(Stmt(f"{w} = 0", [], removable=False))
                out.append(Stmt(f"while {w} < {limit}:", [], body=body))
            elif nest > 0 and k < 0.28:
                w = self.fresh("w")
                limit = r.randint(1, 6)
                sub = Scope(scope)
                sub.loop_vars[w] = (0, limit)
                c = self.expr(sub, "bool", depth - 1, True)
                body = self.block(sub, top, depth - 1, r.randint(1, 2), nest - 1)
                body.append(Stmt(f"{w} += 1", [], removable=False))
                body.append(Stmt(f"if {w} > {limit} or {{0}}:", [c], body=[Stmt("break", [], removable=False)]))
                out.append(Stmt(f"{w} = 0", [], removable=False))
                out.append(Stmt("while True:", [], body=body))
            elif k < 0.36:
                s = self.store(scope, depth)
                if s:
                    out.append(s)
            elif k < 0.42 and scope is top:
                out.append(self.tuple_stmt(scope, depth))
            elif k < 0.47 and scope is top:
                out += self.local_array(scope, depth)
            elif k < 0.60 and scope is not top:
                s = self.assign_existing(scope, depth, top)
                if s:
                    out.append(s)
            elif k < 0.66 and self.in_body:
                out.append(self.own_atomic(scope, depth) if self.own and r.random() < 0.45 else self.atomic(scope, depth))
            elif k < 0.74 and scope is top and self.functions and self.in_body:
                e = self.call(scope, None, depth, False)
                name = self.fresh("v")
                scope.vars[name] = (e.type, e.exact)
                out.append(Stmt(f"{name} = {{0}}", [e]))
            else:
                s = self.assign_new(scope, depth) if scope is top or r.random() < 0.3 else self.assign_existing(scope, depth, top)
                if s:
                    out.append(s)
        return out

    def atomic(self, scope: Scope, depth: int) -> Stmt:
        r = self.r
        if r.random() < 0.5:
            v = self.expr(scope, "int64", depth - 1, True)
            r.randrange(4)  # the draw of an earlier generator, kept so seeds name the same programs
            f = r.choice(["add", "max", "min", "sub", "xor"])
            # One operation per slot: different atomics on one address do not commute (an add and a
            # max in two threads give a result that depends on their order).
            slot = {"add": 0, "sub": 0, "xor": 1, "min": 2, "max": 3}[f]
            cpu = {"add": f"acc[{slot}] += {{0}}", "sub": f"acc[{slot}] -= {{0}}", "max": f"acc[{slot}] = max(acc[{slot}], {{0}})",
                   "min": f"acc[{slot}] = min(acc[{slot}], {{0}})", "xor": f"acc[{slot}] ^= {{0}}"}[f]
            return Stmt(f"cuda.atomic.{f}(acc, {slot}, {{0}})", [v], cpu_head=cpu)
        v = self.expr(scope, "uint32", depth - 1, True)
        r.randrange(4)
        f = r.choice(["add", "or_", "and_", "max", "sub", "inc", "dec"])
        if f in ("inc", "dec"):
            # PTX atom.inc/dec: inc gives old >= m ? 0 : old + 1, dec (old == 0 or old > m) ? m : old - 1
            slot, m = (4, self.inc_mod) if f == "inc" else (5, self.dec_mod)
            lit = r.choice([str(m), f"np.uint32({m})"])
            cpu = (f"acc32[4] = 0 if acc32[4] >= {m} else acc32[4] + 1" if f == "inc"
                   else f"acc32[5] = {m} if acc32[5] == 0 or acc32[5] > {m} else acc32[5] - 1")
            return Stmt(f"cuda.atomic.{f}(acc32, {slot}, {lit})", [], cpu_head=cpu)
        slot = {"or_": 0, "and_": 1, "add": 2, "sub": 2, "max": 3}[f]
        cpu = {"add": f"acc32[{slot}] += {{0}}", "sub": f"acc32[{slot}] -= {{0}}", "or_": f"acc32[{slot}] |= {{0}}",
               "and_": f"acc32[{slot}] &= {{0}}", "max": f"acc32[{slot}] = max(acc32[{slot}], {{0}})"}[f]
        return Stmt(f"cuda.atomic.{f}(acc32, {slot}, {{0}})", [v], cpu_head=cpu)

    def device_function(self) -> Function:
        r = self.r
        name = f"d{self.tag}_{len(self.functions)}"
        params = [(f"p{j}", r.choice(SCALARS)) for j in range(r.randint(1, 3))]
        top = Scope()
        for p, t in params:
            top.vars[p] = (t, True)
        self.in_body = self.has_i = False
        saved_xs, self.xs = self.xs, []
        saved_mats, self.mats = self.mats, []
        body = self.block(top, top, 3, r.randint(1, 4), 1)
        if r.random() < 0.3:
            ret_tuple = [self.expr(top, None, 3), self.expr(top, None, 2)]
            f = Function(name, params, body, ret_tuple=ret_tuple)
        else:
            f = Function(name, params, body, ret=self.expr(top, None, 3))
        self.xs, self.mats = saved_xs, saved_mats
        self.in_body = self.has_i = True
        return f

    def program(self) -> Program:
        r = self.r
        self.xs = sorted(r.sample(SCALARS, r.randint(2, 6)), key=SCALARS.index)
        self.ys = sorted(r.sample(SCALARS, r.randint(0, 3)), key=SCALARS.index)
        self.mats = sorted(r.sample(SCALARS, r.choice([0, 0, 1, 2])), key=SCALARS.index)
        self.own = r.choice([None, None, "int32", "int64", "uint32", "uint64"])
        self.inc_mod, self.dec_mod = r.choice([1, 5, 17, 40, 100, 2**32 - 1]), r.choice([1, 5, 17, 40, 100, 2**32 - 1])
        # A generator of its own, so that adding this choice left every other draw as it was.
        ir = random.Random(self.seed * 7919 + 1)
        indexing = ir.choice(["explicit", "explicit", "grid", "stride", "explicit2", "grid2", "stride2"])
        self.launch = ir.choice(LAUNCHES_2D) if indexing.endswith("2") else LAUNCH_1D
        for _ in range(r.randint(0, 3)):
            self.functions.append(self.device_function())
        args = ", ".join([f"x_{t}" for t in self.xs] + [f"y_{t}" for t in self.ys] + [f"m_{t}" for t in self.mats]
                         + (["ow"] if self.own else []) + ["oi", "of", "acc", "acc32"])
        phase1 = None
        top = Scope()
        if r.random() < 0.3:
            # phase 1: every thread of the block (also those past n) fills its shared slot.
            s1 = Scope()
            s1.vars["ii"] = ("int64", True)
            saved = self.in_body
            self.in_body = False
            e = self.expr(s1, "int64", 3, True)
            self.in_body = saved
            phase1 = Function(f"s{self.tag}", [], [Stmt("ii = i % n", [], removable=False),
                                                   Stmt("sm[tid] = {0}", [e], removable=False)],
                              param_text=f"i, tid, sm, n, {args}")
            top.vars["sh"] = ("int64", True)
        body_stmts = self.block(top, top, 3, r.randint(3, 7), 2)
        # Every device function is called at least once (Numba types them at their calls).
        called = {e.text.split("(")[0] for s in _all_stmts(body_stmts) for x in s.exprs for e in x.walk()}
        for f in self.functions:
            if f.name not in called:
                e = self.call(top, None, 3, False, f)
                name = self.fresh("v")
                top.vars[name] = (e.type, e.exact)
                body_stmts.append(Stmt(f"{name} = {{0}}", [e]))
        if phase1:
            body_stmts.insert(0, Stmt(f"sh = sm[(tid + {r.randrange(1, BLOCK)}) % {BLOCK}] + sm[{{0}}]",
                                      [self.index(Scope(), BLOCK)], removable=False))
        # Results: every top-level variable, in the order made.
        ni = nf = 0
        of_exact = []
        for name, (t, exact) in top.vars.items():
            if is_float(t) and nf < SLOTS:
                body_stmts.append(Stmt(f"of[i * {SLOTS} + {nf}] = {name}", [], removable=False))
                of_exact.append(exact)
                nf += 1
            elif not is_float(t) and ni < SLOTS:
                body_stmts.append(Stmt(f"oi[i * {SLOTS} + {ni}] = {name}", [], removable=False))
                ni += 1
        params = f"i, tid, sm, n, {args}" if phase1 else f"i, tid, n, {args}"
        body = Function(f"b{self.tag}", [], body_stmts, param_text=params)
        if phase1 and indexing.startswith("stride"):
            indexing = indexing.replace("stride", "grid")
        return Program(self.tag, self.xs, self.ys, self.functions, phase1, body, self.seed,
                       of_exact, sorted(self.inexact_ys), indexing=indexing, launch=self.launch,
                       mats=self.mats, own=self.own)


def _all_stmts(stmts):
    for s in stmts:
        yield s
        yield from _all_stmts(s.body or [])
        yield from _all_stmts(s.orelse or [])


def generate(seed: int, tag: str) -> Program:
    return Generator(seed, tag).program()


def _conversion_helpers() -> str:
    """njit functions _cuda_to_<type>(x): a float converted to an integer type as numba-cuda's
    compiled code does it on the GPU (fptosi/fptoui become PTX cvt.rzi into 16, 32 or 64 bits,
    an 8-bit result keeping the low byte): truncation toward zero, saturating at the range's
    ends, NaN giving the value with only the top bit set, except from a float32 into 16 or 32
    bits, where it gives 0 (measured on an H200, tests/runtime/pysem_device.cu)."""
    out = []
    for t in INTS:
        bits = max(WIDTH[t], 16)
        lo, hi = RANGE[t if WIDTH[t] >= 16 else t.replace("8", "16")]
        wide = "np.int64" if signed(t) else "np.uint64"
        top = lo if signed(t) else 2**(bits - 1)
        out.append(f"""@njit(**_DEVICE)
def _cuda_to_{t}(x, from_float32):
    f = np.float64(x)
    if f != f:
        r = {wide}({0 if bits <= 32 else top}) if from_float32 else {wide}({top})
    elif f >= {float(hi + 1)!r}:
        r = {wide}({hi})
    elif f < {float(lo)!r}:
        r = {wide}({lo})
    else:
        r = {wide}(f)
    return {NP[t]}(r)


""")
    return "".join(out)


CUDA_PRELUDE = "import math\nimport numpy as np\nfrom numba import cuda\n\n"
CPU_PRELUDE = '''import math
import numpy as np
from numba import njit

# Called from compiled code only (the kernel k<tag> keeps its CPython wrapper): Numba builds and
# optimises no wrapper for them, a tenth of the compile time.
_DEVICE = dict(error_model='numpy', no_cpython_wrapper=True, no_cfunc_wrapper=True)


@njit(**_DEVICE)
def _fmin(a, b):
    # numba-cuda's min of two floats: fmin, NaN ignored
    if a != a:
        return b
    if b != b:
        return a
    return a if a <= b else b


@njit(**_DEVICE)
def _cuda_ipow(r):
    # numba-cuda's int ** int (int_power, also for a literal exponent) ends in
    # `1.0 / r if invert else r`: the int64 result is rounded to float64 and truncated back
    # by PTX cvt.rzi, which saturates (2**63 gives 2**63 - 1). The CPU target keeps r.
    f = np.float64(r)
    if f >= 9223372036854775808.0:
        return np.int64(9223372036854775807)
    return np.int64(f)


@njit(**_DEVICE)
def _at_add(a, i, k, v):
    # cuda.atomic.OP(a, (i, k), v) on a slot no other thread touches: the old value
    old = a[i, k]
    a[i, k] = old + v
    return old


@njit(**_DEVICE)
def _at_sub(a, i, k, v):
    old = a[i, k]
    a[i, k] = old - v
    return old


@njit(**_DEVICE)
def _at_max(a, i, k, v):
    old = a[i, k]
    a[i, k] = max(old, v)
    return old


@njit(**_DEVICE)
def _at_min(a, i, k, v):
    old = a[i, k]
    a[i, k] = min(old, v)
    return old


@njit(**_DEVICE)
def _at_and(a, i, k, v):
    old = a[i, k]
    a[i, k] = old & v
    return old


@njit(**_DEVICE)
def _at_or(a, i, k, v):
    old = a[i, k]
    a[i, k] = old | v
    return old


@njit(**_DEVICE)
def _at_xor(a, i, k, v):
    old = a[i, k]
    a[i, k] = old ^ v
    return old


@njit(**_DEVICE)
def _at_exch(a, i, k, v):
    old = a[i, k]
    a[i, k] = v
    return old


@njit(**_DEVICE)
def _at_inc(a, i, k, v):
    # PTX atom.inc. The arithmetic stays unsigned: Numba types uint64 + int64 as float64,
    # which would round an old value above 2**53 (seed 72 of the CI set).
    old = a[i, k]
    a[i, k] = np.uint64(0) if old >= v else old + np.uint64(1)
    return old


@njit(**_DEVICE)
def _at_dec(a, i, k, v):
    # PTX atom.dec, unsigned as atom.inc above.
    old = a[i, k]
    a[i, k] = v if old == 0 or old > v else old - np.uint64(1)
    return old


@njit(**_DEVICE)
def _at_cas(a, i, k, cmp, v):
    old = a[i, k]
    if old == cmp:
        a[i, k] = v
    return old


@njit(**_DEVICE)
def _fmax(a, b):
    if a != a:
        return b
    if b != b:
        return a
    return a if a >= b else b


''' + _conversion_helpers()


if __name__ == "__main__":
    import sys
    p = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 1, "0")
    print(CUDA_PRELUDE + p.render_cuda())
    print("# ---- cpu")
    print(CPU_PRELUDE + p.render_cpu())
