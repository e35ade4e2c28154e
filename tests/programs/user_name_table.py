"""Names normalised with str methods passed as functions (map(str.upper, ...), sorted(key=str.lower),
map(str.strip, ...)), their lengths computed by a kernel over an int32 array; the program defines
its own `map` helper in a second module-level function scope (a parameter named map) beside the
builtin's use."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def double_lengths(lengths, out):
    i = cuda.grid(1)
    if i < lengths.size:
        out[i] = lengths[i] * 2


def lookup(map, keys):
    # `map` here is the caller's dict, as a user may name it
    return [map[k] for k in keys]


raw = ["  alice ", "Bob", " carol", "dave  "]
names = list(map(str.strip, raw))
print(names)
print(list(map(str.upper, names)))
print(sorted(names, key=str.lower))
print(sorted(["b", "A", "c"], key=str.upper), ", ".join(map(str.title, names)))
lengths = np.array(list(map(len, names)), dtype=np.int32)
out = np.zeros_like(lengths)
double_lengths[1, 32](lengths, out)
print(lengths, out)
table = dict(zip(names, out.tolist()))
print(lookup(table, ["Bob", "dave"]))
