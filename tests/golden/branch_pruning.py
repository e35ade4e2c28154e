"""Golden: tests Numba decides before typing, so that only the live arm is typed.

Numba's dead-branch pruning (numba/core/analysis.py, dead_branch_prune) runs before type
inference, and once more after SSA. It removes the arm of an `if` or of a conditional expression
whose test is a comparison (or arithmetic) of two constants, or one constant: literals, module
constants, and locals bound once to those. What it removes is never typed, so
`x = p if N > 5 else np.int64(-3)` with N = 10 is a uint8 for a uint8 p, not int64, the
unification of both arms. `and`, `or`, `not` and comparison chains are branches of their own.
The pass after SSA sees through one pruned conditional expression or `if` statement (`k = 1 if
N > 5 else 0` makes `k > 0` decidable there), but nothing it prunes feeds a further pass: a
second level stays as typed.

Each device function returns its x for p = 5; the kernel stores `~x`, so a uint8 x shows as 250
and an int64 x as -6. The simulator runs Python, which executes only the arm the test picks and
types nothing: it agrees on the pruned cases and differs on the kept ones, where compiled Numba
unifies both arms. Expected values are compiled Numba's (the cpu check of
tests/programs/tools/numba_check.py), each case checked with numba.njit and with numba-cuda's
compile_ptx too.
"""
# simulator-differs: kept
import numpy as np
from numba import cuda

N = 10
MODE = "fast"
DEBUG = False


@cuda.jit(device=True)
def literal_comparison(p):
    return p if 1 < 2 else np.int64(-3)


@cuda.jit(device=True)
def module_constant(p):
    if N > 5:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def string_constant(p):
    return p if MODE == "fast" else np.int64(-3)


@cuda.jit(device=True)
def flag_constant(p):
    if DEBUG:
        print(f"debug {p}")  # never typed: f-strings have no CUDA translation
        x = np.int64(-3)
    else:
        x = p
    return x


@cuda.jit(device=True)
def local_string_switch(p):
    # Only the decided test reads `mode`: Numba drops the string with the dead arm.
    mode = "relu"
    if mode == "relu":
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def local_bound_once(p):
    k = 3
    if k > 2:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def local_from_constant(p):
    k = N
    if k > 5:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def local_bound_twice(p):
    # After SSA, only `k = 3` reaches the test.
    k = 3
    if k > 2:
        x = p
    else:
        x = np.int64(-3)
    k = 4
    return x


@cuda.jit(device=True)
def dead_and(p):
    if p > 0 and 1 > 2:
        x = np.int64(-3)
    else:
        x = p
    return x


@cuda.jit(device=True)
def live_or(p):
    if p > 0 or 1 < 2:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def negated_chain(p):
    if not (-1e6 < 1e300 < 1e6):
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def arithmetic_test(p):
    if N - 10:
        x = np.int64(-3)
    else:
        x = p
    return x


@cuda.jit(device=True)
def pruned_conditional_operand(p):
    # The inner conditional is pruned first; the pass after SSA decides `7 > 1`.
    return p if (7 if N > 2 else 3) > 1 else np.int64(-3)


@cuda.jit(device=True)
def call_in_dead_arm(p):
    # Difftest seed 3000208: round(1e300) is in the arm pruned first, so it never runs, and the
    # outer test is decided after SSA.
    return p if ((round(1e300) if -1e6 < 1e300 < 1e6 else -3) != 0) else round(np.float32(2.0))


@cuda.jit(device=True)
def pruned_if_reaches(p):
    if N > 5:
        k = 1
    else:
        k = 0
    if k > 0:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def elif_decided(p):
    if p > 200:
        x = p
    elif N == 10:
        x = p
    else:
        x = np.int64(-4)
    return x


@cuda.jit(device=True)
def two_levels_kept(p):
    # A test the pass after SSA decides feeds no further pass: `x > 0` is typed with both arms.
    if N > 5:
        k = 1
    else:
        k = 0
    if k > 0:
        x = 1
    else:
        x = 0
    if x > 0:
        y = p
    else:
        y = np.int64(-3)
    return y


@cuda.jit(device=True)
def expression_of_constant_kept(p):
    # `N % 2` is an expression, not a constant, to the pruning pass.
    if N % 2 == 0:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def reassigned_in_branch_kept(p):
    k = 3
    if p > 100:
        k = 4
    if k > 2:
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit(device=True)
def compared_comparison_kept(p):
    if (1 < 2) == True:  # noqa: E712 (a comparison is an expression, not a constant)
        x = p
    else:
        x = np.int64(-3)
    return x


@cuda.jit("void(uint8[:], float64[:])")
def inverted(p, out):
    v = p[0]
    out[0] = ~literal_comparison(v)
    out[1] = ~module_constant(v)
    out[2] = ~string_constant(v)
    out[3] = ~flag_constant(v)
    out[4] = ~local_bound_once(v)
    out[5] = ~local_string_switch(v)
    out[6] = ~local_from_constant(v)
    out[7] = ~local_bound_twice(v)
    out[8] = ~dead_and(v)
    out[9] = ~live_or(v)
    out[10] = ~negated_chain(v)
    out[11] = ~arithmetic_test(v)
    out[12] = ~pruned_conditional_operand(v)
    out[13] = ~pruned_if_reaches(v)
    out[14] = ~call_in_dead_arm(v)
    out[15] = ~elif_decided(v)
    out[16] = ~two_levels_kept(v)
    out[17] = ~expression_of_constant_kept(v)
    out[18] = ~reassigned_in_branch_kept(v)
    out[19] = ~compared_comparison_kept(v)


if __name__ == "__main__":
    names = ["literal_comparison", "module_constant", "string_constant", "flag_constant",
             "local_bound_once", "local_string_switch", "local_from_constant", "local_bound_twice",
             "dead_and", "live_or", "negated_chain", "arithmetic_test", "pruned_conditional_operand",
             "pruned_if_reaches", "call_in_dead_arm", "elif_decided", "two_levels_kept",
             "expression_of_constant_kept", "reassigned_in_branch_kept", "compared_comparison_kept"]
    p = np.array([5], dtype=np.uint8)
    out = np.zeros(len(names), dtype=np.float64)
    inverted[1, 1](p, out)
    for name, value in zip(names, out):
        print(f"{'kept' if name.endswith('_kept') else 'pruned'} {name}: {value:.17g}")
