"""First-principles results of the warp-level functions, for the kernels Numba's simulator
cannot run (it has no cuda.shfl_sync, all_sync, match_any_sync, activemask, ...).

The definitions are PTX's, with warp size 32 and the operands numba-cuda passes:
  shfl.sync   idx: lane b % 32; up: lane - b, own value below 0; down: lane + b, own value
              past 31; bfly: lane ^ b (b: the low 5 bits of the lane operand)
  vote.sync   all / any / uni over the lanes of the mask; ballot: their non-zero predicates
  match.sync  any: the lanes with equal bits; all: (mask, 1) if every lane's bits agree, else (0, 0)
Warps are 32 consecutive threads of a block in linear order; these models take 1-D launches.
"""
from cases.common import f32, wrap

WARP = 32


def shfl_source(mode: str, lane: int, b: int) -> int:
    b &= WARP - 1
    if mode == "idx":
        return b
    if mode == "up":
        return lane - b if lane >= b else lane
    if mode == "down":
        return lane + b if lane + b < WARP else lane
    return lane ^ b  # "xor"


def warps(grid: int, block: int):
    """The global thread indices of each warp of a 1-D launch."""
    for blk in range(grid):
        for start in range(0, block, WARP):
            yield [blk * block + t for t in range(start, min(start + WARP, block))]


def ballot(preds) -> int:
    """The int32 of the lanes with a non-zero predicate."""
    return wrap(sum(1 << lane for lane, p in enumerate(preds) if p), 32)


# ---- tests/golden/warp_functions.py --------------------------------------------------------

def shuffles(a: list[int], b: list[float], grid: int, block: int):
    """first, up, down, total of the `shuffles` kernel (every warp full)."""
    n = len(a)
    first, up, down, total = [None] * n, [None] * n, [None] * n, [None] * n
    for warp in warps(grid, block):
        assert len(warp) == WARP, "the kernel's full masks need whole warps"
        x = [a[i] if i < n else 0 for i in warp]
        y = [b[i] if i < n else 0.0 for i in warp]
        v = list(y)
        offset = 16
        while offset > 0:
            v = [v[lane] + v[shfl_source("xor", lane, offset)] for lane in range(WARP)]
            offset //= 2
        for lane, i in enumerate(warp):
            if i >= n:
                continue
            first[i] = x[shfl_source("idx", lane, 0)]
            up[i] = wrap(x[shfl_source("up", lane, 1)] * 3000000000, 64)
            down[i] = f32(y[shfl_source("down", lane, 2)])
            total[i] = v[lane]
    return first, up, down, total


def votes(p: list[int], grid: int, block: int) -> list[int]:
    """The `votes` kernel's out: per thread all + 2 any + 4 eq, the ballot, the half-warp ballot."""
    n = len(p)
    out = [None] * (3 * n)
    for warp in warps(grid, block):
        preds = [p[i] if i < n else 0 for i in warp]
        everyone = all(q != 0 for q in preds)
        someone = any(q != 0 for q in preds)
        same = len({q > 0 for q in preds}) == 1
        half = ballot(preds[:16])
        for lane, i in enumerate(warp):
            if i < n:
                out[3 * i: 3 * i + 3] = [everyone + 2 * someone + 4 * same, ballot(preds),
                                         half if lane < 16 else -1]
    return out


def matches(keys: list[int], grid: int, block: int) -> list[int]:
    """The `matches` kernel's out: match_any's lanes, match_all's mask and predicate."""
    n = len(keys)
    out = [None] * (3 * n)
    for warp in warps(grid, block):
        k = [keys[i] if i < n else -1 for i in warp]
        uniform = len(set(k)) == 1
        for lane, i in enumerate(warp):
            if i < n:
                peers = ballot([other == k[lane] for other in k])
                out[3 * i: 3 * i + 3] = [peers, -1 if uniform else 0, int(uniform)]
    return out


def lanes(keep: int, block: int, sentinel: int) -> list[int]:
    """The `lanes` kernel's out for one block: lanes >= keep return before writing."""
    out = [sentinel] * (4 * block)
    for t in range(block):
        lane = t % WARP
        if lane >= keep:
            continue
        base = t - lane
        active = sum(1 << l for l in range(min(keep, block - base)))
        out[4 * t: 4 * t + 4] = [active, (1 << lane) - 1, lane, WARP]
    return out


# ---- samples/warp_reduction.py -------------------------------------------------------------

def block_sums(x: list[float], grid: int, block: int) -> list[float]:
    """`block_sum`'s partial[b]: the elements block b's threads visit in the grid-stride loop.

    Exact for inputs whose sums are exact in float32 (the kernel adds in another order)."""
    sums = [0.0] * grid
    for i, v in enumerate(x):
        sums[(i % (grid * block)) // block] += v
    return [f32(s) for s in sums]
