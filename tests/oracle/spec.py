"""The vocabulary of the oracle case table (tests/oracle/cases/): plain data, no NumPy.

Both sides import it: the driver (run_oracle.py, system python3 without NumPy) reads launch
configurations and tolerances from it, and the worker (numba_worker.py, the build's venv) turns
the argument descriptions into NumPy arrays with inputs.py. A description is a small frozen
record, so a case's repr() is stable and serves as part of the worker's cache key.

A case lists a kernel's arguments in parameter order:

    Case("size=37", grid=2, block=32,
         args=[linspace("float32", 37, -20, 20), scalar("float32", 1.5), out("float32", 37)],
         tol=Tol(rtol=1e-6, why="..."))

Arrays: arange, linspace, uniform, integers, full, values, cycle (each can be patched at
given positions with .at({index: value})); out() is an output initialised to a sentinel so that
elements a kernel leaves alone are compared too. Scalars: scalar(dtype, value). Random number
generator states: rng_states(count, seed).

Where Numba's simulator is not a faithful oracle (it types values like Python and NumPy, not
like compiled Numba), a case says so and gives the expected values from first principles:
`override` replaces some elements of the simulator's result, `expect` replaces the simulator
altogether (the simulator is then not run: arrays not named in `expect` must come back as they
went in). Either needs `why`.
"""
import dataclasses
import math
from typing import Any

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128")

NAN = math.nan
INF = math.inf


def _shape(shape) -> tuple[int, ...]:
    return tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)


def _check_dtype(dtype: str) -> str:
    if dtype not in DTYPES:
        raise ValueError(f"unknown dtype {dtype!r} (one of {', '.join(DTYPES)})")
    return dtype


@dataclasses.dataclass(frozen=True)
class Array:
    """An array argument: `kind` with `params` says how the worker fills it (see inputs.py)."""
    kind: str
    dtype: str
    shape: tuple[int, ...]
    params: tuple = ()
    patches: tuple[tuple[Any, Any], ...] = ()  # ((index, value), ...), applied after filling

    def at(self, patches: dict) -> "Array":
        """The same array with the elements at the given indices (int or tuple) replaced."""
        return dataclasses.replace(self, patches=self.patches + tuple(patches.items()))

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclasses.dataclass(frozen=True)
class Scalar:
    dtype: str
    value: Any


@dataclasses.dataclass(frozen=True)
class RngStates:
    """xoroshiro128+ generator states, as numba.cuda.random.create_xoroshiro128p_states(count,
    seed=seed) makes them; the harness builds the same states from the literal rng:COUNT:SEED.
    Not compared after the launch (the harness does not write them back)."""
    count: int
    seed: int

    dtype = "xoroshiro128p_type"

    @property
    def literal(self) -> str:
        return f"rng:{self.count}:{self.seed}"


def arange(dtype: str, shape, start=0, step=1) -> Array:
    """start, start + step, ... in C order, reshaped to `shape`."""
    return Array("arange", _check_dtype(dtype), _shape(shape), (start, step))


def linspace(dtype: str, shape, lo, hi) -> Array:
    """Evenly spaced from lo to hi inclusive (computed in float64, then cast), C order."""
    return Array("linspace", _check_dtype(dtype), _shape(shape), (lo, hi))


def uniform(dtype: str, shape, lo, hi, seed: int) -> Array:
    """Uniform floats in [lo, hi) from numpy's default_rng(seed) (PCG64), cast to dtype. For a
    complex dtype both parts are drawn: the real parts first, then the imaginary parts."""
    return Array("uniform", _check_dtype(dtype), _shape(shape), (lo, hi, seed))


def integers(dtype: str, shape, lo, hi, seed: int) -> Array:
    """Uniform integers in [lo, hi] from numpy's default_rng(seed)."""
    return Array("integers", _check_dtype(dtype), _shape(shape), (lo, hi, seed))


def full(dtype: str, shape, value) -> Array:
    return Array("full", _check_dtype(dtype), _shape(shape), (value,))


def values(dtype: str, items, shape=None) -> Array:
    """Exactly these values (nested lists are flattened), reshaped to `shape` if given."""
    flat = tuple(_flatten(items))
    return Array("values", _check_dtype(dtype), _shape(shape) if shape is not None else (len(flat),),
                 flat)


def cycle(dtype: str, shape, items) -> Array:
    """`items` repeated (and cut) to fill `shape`: edge values spread over any size."""
    return Array("cycle", _check_dtype(dtype), _shape(shape), tuple(items))


# What an output array holds before the launch: a value no kernel here computes by accident,
# so an element the kernel should have written, and did not, is a mismatch.
SENTINEL = {"bool": False, "float16": -77.25, "float32": -77.25, "float64": -77.25, "complex64": -77.25,
            "complex128": -77.25}


def out(dtype: str, shape) -> Array:
    """An output array, filled with a sentinel (-77 for signed, 77 for unsigned integers)."""
    sentinel = SENTINEL.get(dtype, 77 if dtype.startswith("u") else -77)
    return full(dtype, shape, sentinel)


def scalar(dtype: str, value) -> Scalar:
    return Scalar(_check_dtype(dtype), value)


def rng_states(count: int, seed: int) -> RngStates:
    return RngStates(count, seed)


def _flatten(items):
    for item in items:
        if isinstance(item, (list, tuple)):
            yield from _flatten(item)
        else:
            yield item


@dataclasses.dataclass(frozen=True)
class Tol:
    """How float outputs are compared: |got - want| <= atol + rtol * |want|, elementwise.

    NaN must meet NaN and an infinity the same infinity. rtol = atol = 0 is EXACT: the bits must
    agree, so -0.0 differs from 0.0. `why` justifies the numbers.
    """
    rtol: float = 0.0
    atol: float = 0.0
    why: str = ""

    @property
    def exact(self) -> bool:
        return self.rtol == 0.0 and self.atol == 0.0


EXACT = Tol(why="exact")


@dataclasses.dataclass(frozen=True)
class Case:
    label: str  # what distinguishes the case, e.g. "size=37" or "edges"
    grid: int | tuple[int, ...]
    block: int | tuple[int, ...]
    args: tuple  # Array, Scalar or RngStates per kernel parameter, in order
    tol: Tol = EXACT  # for float outputs; integer and boolean outputs are always exact
    # {param: {index: value}}: first-principles values replacing the simulator's at those elements.
    override: tuple = ()
    # {param: Array}: first-principles outputs; the simulator is not run for this case.
    expect: tuple = ()
    why: str = ""  # why `override` or `expect` is needed (required with either)
    # Why threads of this launch store the same values into the same elements on purpose (a
    # 1-D kernel launched 2-D): run_oracle --also-racecheck then requires --racecheck's benign
    # race warning for it, where any other case must run without a race report.
    benign_race: str = ""

    def __post_init__(self):
        # Dicts in the table, tuples inside (hashable, with a stable repr for the cache key).
        object.__setattr__(self, "args", tuple(self.args))
        for name in ("override", "expect"):
            value = getattr(self, name)
            if isinstance(value, dict):
                value = tuple((k, tuple(v.items()) if isinstance(v, dict) else v)
                              for k, v in value.items())
                object.__setattr__(self, name, value)
        if (self.override or self.expect) and not self.why:
            raise ValueError(f"case {self.label}: override/expect needs a reason (why=...)")

    @property
    def simulated(self) -> bool:
        return not self.expect

    def title(self) -> str:
        """The bracketed part of the case name: the label, then the launch."""
        parts = [self.label] if self.label else []
        parts += [f"grid={_dims(self.grid)}", f"block={_dims(self.block)}"]
        return "[" + ",".join(parts) + "]"


def _dims(d) -> str:
    return ",".join(map(str, d)) if isinstance(d, tuple) else str(d)


def dims_arg(d) -> str:
    """A launch dimension as the harness's --grid/--block take it: 7 or 4,2 or 2,2,4."""
    return _dims(d)


@dataclasses.dataclass(frozen=True)
class Kernel:
    """The cases of one kernel; `name` is what the program launches it by."""
    name: str
    cases: tuple

    def __post_init__(self):
        object.__setattr__(self, "cases", tuple(self.cases))
        labels = [c.title() for c in self.cases]
        if len(set(labels)) != len(labels):
            raise ValueError(f"kernel {self.name}: two cases with the same label and launch")


def blocks_for(n: int, block: int) -> int:
    """The number of blocks of `block` threads that covers n elements (at least 1)."""
    return max(1, -(-n // block))
