"""Oracle cases for the golden inputs about cooperation and intrinsics (tests/golden/*.py,
part 3): atomics, shared and local arrays with barriers, cuda.* intrinsics, and the warp-level
functions (whose results come from first principles: the simulator cannot run them).

Only results that do not depend on the order in which threads run are compared: the simulator
runs blocks one after another and a block's threads in its own order, the emulation in another.
"""
import math

from spec import INF, Case, Kernel, Tol, arange, full, integers, out, scalar, uniform, values
from cases import warp_model
from cases.common import prand, prand_ints

# ---- atomics.py ------------------------------------------------------------------------------

ATOMICS = [
    # Blocks of at least BINS = 8 threads (thread tx < 8 clears and merges bin tx).
    Kernel("histogram", [
        Case("sample", grid=8, block=128,
             args=[values("int32", [(k * 7) % 23 for k in range(1000)]), full("int32", 8, 0)]),
        # Negative values: % is Python's (a result in 0..7), so they land in the bins too.
        Case("size=37", grid=2, block=32,
             args=[integers("int32", 37, -2**31, 2**31 - 1, seed=110), full("int32", 8, 5)]),
        Case("size=4099", grid=33, block=128,
             args=[integers("int32", 4099, -100, 100, seed=111), full("int32", 8, 0)]),
        Case("size=1,block=8", grid=1, block=8, args=[values("int32", [-1]), full("int32", 8, 0)]),
    ]),
    Kernel("extremes", [
        Case("sample", grid=3, block=128,
             args=[values("float32", [math.sin(k) * 10 for k in range(300)]),
                   values("float32", [-INF, INF])]),
        Case("size=37", grid=2, block=32,
             args=[uniform("float32", 37, -1e30, 1e30, seed=112), values("float32", [-INF, INF])]),
        # The initial values win when no element beats them.
        Case("initial wins", grid=1, block=32,
             args=[uniform("float32", 20, -1.0, 1.0, seed=113), values("float32", [5.0, -5.0])]),
    ]),
    # No bounds check: every thread of the grid counts itself once.
    Kernel("grid_counts", [
        Case("sample", grid=4, block=32, args=[full("int64", (2, 3), 0)]),
        Case("one", grid=1, block=1, args=[full("int64", (2, 3), 7)]),
        Case("uneven", grid=3, block=50, args=[full("int64", (2, 3), 0)]),
        # A 2-D block: grid(1) ignores y, so each x index is counted twice.
        Case("2-D launch", grid=(2, 1), block=(16, 2), args=[full("int64", (2, 3), 0)]),
    ]),
    # Which thread wins a contended compare-and-swap depends on the order threads run in, so
    # only uncontended cases are compared: nobody can win, or a single thread does.
    Kernel("first_writer", [
        Case("no winner", grid=2, block=32, args=[values("int32", [5]), out("int32", 64)]),
        Case("one thread", grid=1, block=1, args=[values("int32", [-1]), out("int32", 1)]),
        Case("one live thread", grid=1, block=32, args=[values("int32", [-1]), out("int32", 1)]),
    ]),
]

# ---- intrinsics.py ---------------------------------------------------------------------------


def popc32(x: int) -> int:
    return bin(x & 0xFFFFFFFF).count("1")


def brev32(x: int) -> int:
    return int(f"{x & 0xFFFFFFFF:032b}"[::-1], 2)


def bits_case(label, xs, revs, block=32):
    n = len(xs)
    # popc of an int32 counts the bits of its 32-bit two's complement pattern (PTX popc.b32).
    wrong = {3 * k: popc32(x) for k, x in enumerate(xs) if x < 0}
    return Case(label, grid=-(-n // block), block=block,
                args=[values("int32", xs), values("uint32", revs), out("int64", 3 * n)],
                override={"out": wrong} if wrong else {},
                why=("cuda.popc of a negative int32 counts the ones of its two's complement "
                     "pattern (popc(-1) is 32); the simulator counts the digits of Python's "
                     "bin(), which prints a minus sign and the magnitude") if wrong else "")


ARITH_TOL = Tol(rtol=1e-15, why=(
    "float64 cbrt: the emulation's libm (and a GPU's libdevice) against the first-principles "
    "value from Python's math.cbrt, or the simulator's (x**3) ** (1/3) for positive x: "
    "~4.5 float64 ulp"))


def arith_model(x: float) -> float:
    """fma(x, 2, 1) + cbrt(x * x * x), negated where x <= 0 (selp)."""
    y = (2.0 * x + 1.0) + math.cbrt(x * x * x)  # 2x is exact, so fma rounds like 2x + 1
    return y if x > 0 else -y


def arith_case(label, xs, block=32):
    n = len(xs)
    return Case(label, grid=-(-n // block), block=block,
                args=[values("float64", xs), out("float64", n)], tol=ARITH_TOL,
                override={"out": {k: arith_model(x) for k, x in enumerate(xs) if x < 0}},
                why=("cuda.cbrt of a negative number is negative (cbrt(-8) = -2); the simulator "
                     "computes x ** (1/3), which is NaN for x < 0"))


INTRINSICS = [
    Kernel("bits", [
        bits_case("sample", [0, 1, -1, 8, 12345, -2147483648, 2147483647, 96],
                  [1, 2, 0x12345678, 0, 3, 5, 7, 0xFFFFFFFF]),
        bits_case("size=37", [-6, -1024] + prand_ints(35, -2**31, 2**31 - 1, 114),
                  prand_ints(37, 0, 2**32 - 1, 115)),
    ]),
    Kernel("arithmetic", [
        arith_case("sample", [-2.0, -0.5, 0.0, 0.25, 3.0]),
        arith_case("size=37", prand(37, -10.0, 10.0, 116)),
    ]),
]

# ---- shared_memory.py ------------------------------------------------------------------------
# Blocks must have TPB = 16 threads in x: the kernels size their shared arrays by it.

SHARED = [
    # The tree reduction adds in the same order on both sides: exact float32 sums.
    Kernel("block_sum", [
        Case("sample", grid=7, block=16, args=[arange("float32", 100, 0.0, 0.5), out("float32", 7)]),
        Case("size=1", grid=1, block=16, args=[values("float32", [2.5]), out("float32", 1)]),
        Case("size=37", grid=3, block=16,
             args=[uniform("float32", 37, -1e3, 1e3, seed=117), out("float32", 3)]),
        Case("size=1000", grid=63, block=16,
             args=[uniform("float32", 1000, -1.0, 1.0, seed=118), out("float32", 63)]),
    ]),
    # Launched with 16 x 16 blocks over the (x = column, y = row) tiles of `a`.
    Kernel("transpose", [
        Case("sample", grid=(3, 2), block=(16, 16),
             args=[arange("float32", (20, 37)), out("float32", (37, 20))]),
        Case("shape=1x1", grid=(1, 1), block=(16, 16), args=[values("float32", [4.0], shape=(1, 1)),
                                                          out("float32", (1, 1))]),
        Case("shape=64x16", grid=(1, 4), block=(16, 16),
             args=[uniform("float32", (64, 16), -1.0, 1.0, seed=119), out("float32", (16, 64))]),
        Case("shape=50x3", grid=(1, 4), block=(16, 16),
             args=[uniform("float32", (50, 3), -1.0, 1.0, seed=120), out("float32", (3, 50))]),
    ]),
    Kernel("running_digits", [
        Case("sample", grid=1, block=32,
             args=[values("int32", [0, 7, 12, 305, 1200, 987654321]), out("int32", 6)]),
        # Negative values keep 0; ten-digit values reverse past int32 and wrap on the store.
        Case("size=37", grid=2, block=32,
             args=[values("int32", [2147483647, 1000000000, -5] + prand_ints(34, -10**9, 2**31 - 1, 121)),
                   out("int32", 37)]),
        Case("size=1000", grid=8, block=128,
             args=[integers("int32", 1000, 0, 10**6, seed=122), out("int32", 1000)]),
    ]),
]

# ---- warp_functions.py -----------------------------------------------------------------------
# The simulator has no warp functions: shuffles, votes, match and activemask results come from
# PTX's definitions (cases/warp_model.py). The kernels call them with the full mask, so blocks
# are whole warps; `lanes` returns lanes >= keep early and reads activemask after.

WARP_WHY = "Numba's simulator has no warp functions (shfl_sync, all_sync, match_any_sync, activemask)"


def shuffles_case(label, a, b, grid, block):
    first, up, down, total = warp_model.shuffles(a, b, grid, block)
    n = len(a)
    return Case(label, grid=grid, block=block,
                args=[values("int32", a), values("float64", b), out("int32", n), out("int64", n),
                      out("float32", n), out("float64", n)],
                expect={"first": values("int32", first), "up": values("int64", up),
                        "down": values("float32", down), "total": values("float64", total)},
                why=WARP_WHY)


def votes_case(label, p, grid, block):
    return Case(label, grid=grid, block=block, args=[values("int32", p), out("int32", 3 * len(p))],
                expect={"out": values("int32", warp_model.votes(p, grid, block))}, why=WARP_WHY)


def matches_case(label, keys, grid, block):
    return Case(label, grid=grid, block=block, args=[values("int64", keys), out("int32", 3 * len(keys))],
                expect={"out": values("int32", warp_model.matches(keys, grid, block))}, why=WARP_WHY)


def lanes_case(label, keep, block):
    return Case(label, grid=1, block=block, args=[scalar("int32", keep), out("uint32", 4 * block)],
                expect={"out": values("uint32", warp_model.lanes(keep, block, 77))}, why=WARP_WHY)


WARP_FUNCTIONS = [
    # Sums of multiples of 0.25 below 2**20: the butterfly's float64 additions are exact.
    Kernel("shuffles", [
        shuffles_case("sample", [k * 3 - 7 for k in range(40)], [k * 0.25 for k in range(40)], 2, 32),
        shuffles_case("size=1", [2147483647], [-1.5], 1, 32),
        shuffles_case("size=100", prand_ints(100, -2**31, 2**31 - 1, 301), prand(100, -1e3, 1e3, 302, step=0.25),
                      1, 128),
        shuffles_case("size=300", prand_ints(300, -1000, 1000, 303), prand(300, -10.0, 10.0, 304, step=0.125),
                      3, 128),
    ]),
    Kernel("votes", [
        votes_case("sample", [(k % 3) * (k % 5 != 4) for k in range(64)], 2, 32),
        votes_case("all-true", [1] * 32, 1, 32),
        votes_case("all-false", [0] * 64, 1, 64),
        votes_case("size=37", prand_ints(37, -2, 2, 305), 1, 64),
        votes_case("size=200", prand_ints(200, 0, 1, 306), 2, 128),
    ]),
    Kernel("matches", [
        matches_case("sample", [k % 4 * 1000000007 for k in range(32)] + [5] * 32, 2, 32),
        matches_case("size=50", prand_ints(50, -3, 3, 307), 1, 64),
        matches_case("uniform", [-1] * 20, 1, 32),  # the threads past the data bring -1 too
        matches_case("wide", [k << 33 for k in prand_ints(96, 0, 2, 308)], 3, 32),
    ]),
    Kernel("lanes", [
        lanes_case("sample", 6, 40),
        lanes_case("keep=32", 32, 64),
        lanes_case("keep=0", 0, 32),
        lanes_case("keep=20", 20, 50),
    ]),
    # The simulator has syncthreads_count/and/or: these cases are simulated.
    Kernel("block_votes", [
        Case("sample", grid=4, block=16,
             args=[values("int32", [1] * 50 + [0] * 10 + [2] * 4), out("int32", 12)]),
        Case("size=37", grid=2, block=32, args=[integers("int32", 37, -1, 1, seed=309), out("int32", 6)]),
        Case("size=1000", grid=8, block=128, args=[integers("int32", 1000, 0, 1, seed=310), out("int32", 24)]),
        Case("all-zero", grid=1, block=48, args=[values("int32", [0] * 48), out("int32", 3)]),
    ]),
]

# ---- grid_sync.py ----------------------------------------------------------------------------
# Cooperative kernels: grid.sync() between phases that read what other blocks wrote. Numba's
# simulator cannot be the oracle: `from numba.cuda import cg` gives the compiled target's cg
# module, whose GridGroup.sync() the simulator cannot call, and its own cuda.cg syncs one block
# only. Every case gives its values from first principles (plain Python); the float32 sums are
# of multiples of 0.25 small enough to be exact in any order.

GRID_SYNC_WHY = ("grid.sync() across blocks, which Numba's simulator cannot run (cg.this_grid() "
                 "from `from numba.cuda import cg`; one-block grids only): computed in plain Python")


def rotate_case(label, vs, grid):
    n = len(vs)
    after = [vs[i] + vs[(i + 1) % n] for i in range(n)]
    return Case(label, grid=grid, block=32, args=[values("int64", vs), out("int64", n)],
                expect={"values": values("int64", after), "out": values("int64", after)}, why=GRID_SYNC_WHY)


def mirror_case(label, vs, grid):
    n = len(vs)
    data = [v + 1 for v in vs]
    result = [data[n - 1 - i] for i in range(n)]
    result[0] = -result[0]
    return Case(label, grid=grid, block=32, args=[values("int32", vs), out("int32", n)],
                expect={"data": values("int32", data), "out": values("int32", result)}, why=GRID_SYNC_WHY)


def total_case(label, xs, grid):
    threads = grid * 32
    per_thread = [sum(xs[i] for i in range(t, len(xs), threads)) for t in range(threads)]
    partial = [sum(per_thread[b * 32:(b + 1) * 32]) for b in range(grid)]
    return Case(label, grid=grid, block=32,
                args=[values("float32", xs), out("float32", grid), out("float32", 1)],
                expect={"partial": values("float32", partial), "result": values("float32", [sum(partial)])},
                why=GRID_SYNC_WHY)


GRID_SYNC = [
    Kernel("rotate", [
        rotate_case("sample", list(range(100)), 4),
        rotate_case("size=1", [7], 1),
        rotate_case("size=128", prand_ints(128, -10**12, 10**12, 130), 4),
        rotate_case("size=37", prand_ints(37, -1000, 1000, 131), 3),
    ]),
    Kernel("mirror", [
        mirror_case("sample", [3 * k for k in range(70)], 3),
        mirror_case("size=1", [41], 1),
        mirror_case("size=64", prand_ints(64, -10**6, 10**6, 132), 2),
        mirror_case("size=200", prand_ints(200, -10**6, 10**6, 133), 8),
    ]),
    Kernel("total", [
        total_case("sample", [(k % 8) * 0.25 for k in range(1000)], 4),
        total_case("size=1", [2.5], 1),
        total_case("size=37", [((k * 7) % 13 - 6) * 0.25 for k in range(37)], 2),
        total_case("size=5000,grid-stride", [((k * 11) % 17 - 8) * 0.5 for k in range(5000)], 8),
    ]),
]

# ---- declare_device.py -----------------------------------------------------------------------
# The kernels call device functions written in CUDA C (tests/golden/external/arith.cu), which
# Numba's simulator cannot link: every case gives its values from first principles. mul is a
# float32 product (exact for these small multiples of 0.25) plus the int64 literal 1 in float64;
# clamp bounds to [-10, 10]; sum_squares is v*v + 0.25 in float64, exact for these integers.

DECLARE_WHY = ("the functions are CUDA C (cuda.declare_device, link=external/arith.cu), which the "
               "simulator cannot call: computed in plain Python, as arith.cu defines them")


def scale_case(label, xs, ys, grid, block):
    n = len(xs)
    return Case(label, grid=grid, block=block,
                args=[values("float32", xs), values("float32", ys), out("float32", n)],
                expect={"out": values("float32", [x * y + 1 for x, y in zip(xs, ys)])}, why=DECLARE_WHY)


def clamp_case(label, vs, grid, block):
    n = len(vs)
    return Case(label, grid=grid, block=block,
                args=[values("int32", vs), out("int64", n), out("float64", n)],
                expect={"clamped": values("int64", [max(-10, min(10, v)) for v in vs]),
                        "squares": values("float64", [float(v) * float(v) + 0.25 for v in vs])},
                why=DECLARE_WHY)


DECLARE_DEVICE = [
    Kernel("scale", [
        scale_case("sample", [0.0, 1.0, 2.0, 3.0, 4.0], [0.0, 0.5, 1.0, 1.5, 2.0], 1, 32),
        scale_case("size=37", [((k * 5) % 11 - 5) * 0.25 for k in range(37)],
                   [((k * 3) % 7 - 3) * 0.5 for k in range(37)], 2, 32),
        scale_case("size=1000", [((k * 5) % 23 - 11) * 0.25 for k in range(1000)],
                   [((k * 3) % 19 - 9) * 0.5 for k in range(1000)], 8, 128),
    ]),
    Kernel("clamp_and_square", [
        clamp_case("sample", [-30, -10, 0, 7, 12], 1, 32),
        clamp_case("size=37", prand_ints(37, -40000, 40000, 134), 2, 32),
        clamp_case("edges", [-2**24, 2**24 - 1, -11, -9, 9, 11], 1, 32),  # squares exact: no FMA question
    ]),
]

TABLE = {
    "tests/golden/atomics.py": ATOMICS,
    "tests/golden/intrinsics.py": INTRINSICS,
    "tests/golden/shared_memory.py": SHARED,
    "tests/golden/warp_functions.py": WARP_FUNCTIONS,
    "tests/golden/grid_sync.py": GRID_SYNC,
    "tests/golden/declare_device.py": DECLARE_DEVICE,
}
