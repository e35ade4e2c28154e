"""np.array/np.asarray of a tuple held in a name (a loop variable, a helper's result, with dtype=);
.round() of NumPy scalars (float64, float32, int64), repr and type of the result."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
for c in [(0, 0), (3, 3), (-1, 2)]:
    a = np.array(c)
    print(a, a.dtype, np.array(c, dtype=np.float32))
for q in [(0.5, 1), (2.0, 2)]:
    print(np.array(q), np.asarray(q).dtype)
t = (1, 2, 3)
print(np.array(t) * 2)
def f():
    return (1.5, 2)
print(np.array(f()))
y = np.linspace(0.1, 2.3, 7)
print(np.dot(y, y).round(6), y.sum().round(2), y.max().round())
print(np.float32(2.71828).round(3), y.mean().round(1), repr(y.min().round(4)))
v = np.arange(5).sum().round()
print(v, type(np.dot(y, y).round(6)).__name__)
