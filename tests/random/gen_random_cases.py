"""Writes tests/random/random_cases.txt: numba.cuda.random's states and draws, computed by Numba.

The oracle is numba-cuda's own random.py. Its functions are decorated with Numba's
CPU @jit (that is how the module makes them both CPU functions and CUDA device
functions), so calling them here on NumPy state arrays runs Numba's compiled code,
typed exactly as on the CUDA target (math.log of a float32 is a float32 log, ...).
Only the math library differs: these floats come from the C library that Numba's
CPU target calls, the GPU's from libdevice; integers and uniforms are exact either
way. The CUDA simulator must be off: under it the same functions run as plain Python.

Run with an interpreter that has numba-cuda:
    python tests/random/gen_random_cases.py > tests/random/random_cases.txt

Format: one record a line, tokens separated by spaces; integers in decimal, state
words and float bit patterns in hex (16 digits for uint64 and float64, 8 for float32).

  states SEED SUB N DIGEST K (INDEX S0 S1){K}
      init_xoroshiro128p_states_cpu(n=N, seed=SEED, subsequence_start=SUB): K of its
      states, and DIGEST over all N: h = 0xcbf29ce484222325, then for each state in
      order h = (h ^ s0) * 0x100000001b3, h = (h ^ s1) * 0x100000001b3 (mod 2**64).
  draws KIND SEED SUB N INDEX V{20}
      Twenty calls KIND(states, INDEX) on freshly initialised states as above; INDEX
      may be negative (Numba wraps it).
  raw KIND S0 S1 V{20}
      The same on one state set to (S0, S1), index 0: edge cases seeding never gives.

KIND is next (uint64), uniform_float64, uniform_float32, normal_float64,
normal_float32, jump (V is the state after each jump: S0 S1, so 40 tokens), or
mixed: the i-th value (i from 0) comes from the kind MIXED_ORDER[i % 6], written as
that kind writes it.
"""
import os
import sys
from importlib.metadata import version

import numba
import numpy as np

if os.environ.get("NUMBA_ENABLE_CUDASIM", "0") not in ("", "0"):
    sys.exit("gen_random_cases.py: unset NUMBA_ENABLE_CUDASIM (the simulator runs random.py as plain Python)")

from numba.cuda import random as nr  # noqa: E402

DRAWS = 20
SEEDS = [0, 1, 42, 2**63 + 5]
SUBSEQUENCE_STARTS = [0, 3]
STATE_COUNTS = [1, 5, 1000]
# The indices of the n = 1000 states whose words are written out (the digest covers all).
LISTED_OF_1000 = [0, 1, 2, 499, 500, 998, 999]
# (n, index) pairs drawn from, for each seed and subsequence start. Index 0 of n = 1
# would repeat index 0 of n = 5: a state does not depend on how many follow it.
DRAW_SITES = [(5, 0), (5, 1), (5, 4), (5, -2), (1000, 999), (1000, -1)]
# Raw states: (0, 0) is a fixed point whose uniform is 0 (so log(0) = -inf and the
# normal is inf); s0 + s1 = 2**64 - 1 gives the largest uniform, 1.0 in float32.
RAW_STATES = [(0, 0), (2**64 - 1, 0), (2**63, 2**63 - 1), (1, 2**64 - 1)]

U64 = 2**64
MIXED_ORDER = ["next", "uniform_float64", "uniform_float32", "normal_float64", "normal_float32", "jump"]

FUNCTIONS = {
    "next": nr.xoroshiro128p_next,
    "uniform_float64": nr.xoroshiro128p_uniform_float64,
    "uniform_float32": nr.xoroshiro128p_uniform_float32,
    "normal_float64": nr.xoroshiro128p_normal_float64,
    "normal_float32": nr.xoroshiro128p_normal_float32,
    "jump": nr.xoroshiro128p_jump,
}
# The return type each kind must have (what the C++ runtime returns).
RETURN_TYPES = {
    "next": numba.uint64,
    "uniform_float64": numba.float64,
    "uniform_float32": numba.float32,
    "normal_float64": numba.float64,
    "normal_float32": numba.float32,
    "jump": numba.none,
}


def hex64(v: int) -> str:
    return f"{int(v) % U64:016x}"


def bits(kind: str, value) -> str:
    if kind == "next":
        return hex64(value)
    if kind.endswith("float64"):
        return f"{int(np.array(value, dtype=np.float64).view(np.uint64)):016x}"
    # A float32 comes back from Numba as a Python float holding it exactly.
    f32 = np.float32(value)
    assert float(f32) == value or (np.isnan(f32) and np.isnan(value)), "not a float32 value"
    return f"{int(np.array(f32).view(np.uint32)):08x}"


def new_states(n: int, seed: int, subsequence_start: int) -> np.ndarray:
    states = np.empty(n, dtype=nr.xoroshiro128p_dtype)
    # As NumPy uint64s: the function converts both with uint64() anyway, and a Python
    # int seed would make the dispatcher reuse an int64 compilation, which cannot take
    # 2**63 + 5 (OverflowError).
    nr.init_xoroshiro128p_states_cpu(states, np.uint64(seed), np.uint64(subsequence_start))
    return states


def draw(kind: str, states: np.ndarray, index: int) -> list[str]:
    """One call of `kind` on states[index], as text tokens."""
    result = FUNCTIONS[kind](states, index)
    if kind == "jump":
        state = states[index]
        return [hex64(state["s0"]), hex64(state["s1"])]
    return [bits(kind, result)]


def sequence(kind: str, states: np.ndarray, index: int) -> list[str]:
    tokens = []
    for i in range(DRAWS):
        tokens += draw(MIXED_ORDER[i % len(MIXED_ORDER)] if kind == "mixed" else kind, states, index)
    return tokens


def digest(states: np.ndarray) -> str:
    h = 0xCBF29CE484222325
    for s0, s1 in zip(states["s0"].tolist(), states["s1"].tolist()):
        h = ((h ^ s0) * 0x100000001B3) % U64
        h = ((h ^ s1) * 0x100000001B3) % U64
    return f"{h:016x}"


def check_oracle() -> None:
    """Fails loudly if the functions are not the compiled, typed ones assumed above."""
    for kind, function in FUNCTIONS.items():
        if not isinstance(function, numba.core.registry.CPUDispatcher):
            sys.exit(f"gen_random_cases.py: xoroshiro128p_{kind} is not a Numba CPU function here")
    states = new_states(1, 1, 0)
    for kind, function in FUNCTIONS.items():
        function(states, 0)
        returned = function.nopython_signatures[-1].return_type
        if returned != RETURN_TYPES[kind]:
            sys.exit(f"gen_random_cases.py: xoroshiro128p_{kind} returns {returned}, not {RETURN_TYPES[kind]}")


def main() -> None:
    check_oracle()
    kinds = list(FUNCTIONS) + ["mixed"]
    out = sys.stdout
    out.write(f"# numba.cuda.random states and draws, from numba {version('numba')} and numba-cuda "
              f"{version('numba-cuda')} (CPU-compiled random.py).\n")
    out.write("# Generated by tests/random/gen_random_cases.py, which documents the format. Do not edit.\n")
    for seed in SEEDS:
        for sub in SUBSEQUENCE_STARTS:
            for n in STATE_COUNTS:
                states = new_states(n, seed, sub)
                listed = range(n) if n <= 5 else LISTED_OF_1000
                words = " ".join(f"{i} {hex64(states[i]['s0'])} {hex64(states[i]['s1'])}" for i in listed)
                out.write(f"states {seed} {sub} {n} {digest(states)} {len(listed)} {words}\n")
            for n, index in DRAW_SITES:
                for kind in kinds:
                    tokens = sequence(kind, new_states(n, seed, sub), index)
                    out.write(f"draws {kind} {seed} {sub} {n} {index} {' '.join(tokens)}\n")
    for s0, s1 in RAW_STATES:
        for kind in kinds:
            states = np.zeros(1, dtype=nr.xoroshiro128p_dtype)
            states["s0"][0], states["s1"][0] = s0, s1
            out.write(f"raw {kind} {hex64(s0)} {hex64(s1)} {' '.join(sequence(kind, states, 0))}\n")


if __name__ == "__main__":
    main()
