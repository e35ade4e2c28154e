"""map() of names, NumPy functions, lambdas and several iterables (listed, joined, summed, unpacked,
iterated); Python's `or`/`and` and conditional expressions of lists, strs and numbers (the value itself,
printed as its own type); an f-string with `!s`/`!r` and a format spec."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
a = np.arange(5, dtype=np.int32)
print(list(map(int, a)))
print(", ".join(map(str, [1.5, 2.0, 3.25])))
print(sum(map(abs, [-1, 2, -3])), max(map(len, ["ab", "c", "defg"])))
print(list(map(lambda x: x * x, range(4))))
print(list(map(lambda x, y: x + y, [1, 2, 3], [10, 20, 30])))
def scale(v, k):
    return v * k
print(list(map(scale, a, [2, 3, 4, 5, 6])))
for s in map(np.sqrt, [4.0, 9.0]):
    print(s)
words = "3 1 2".split()
n1, n2, n3 = map(int, words)
print(n1 + n2 + n3, sorted(map(int, words)))
print([round(v, 2) for v in map(float, ["1.234", "5.678"])])
failures = []
print("failures:", failures or "none")
failures.append(3)
print("failures:", failures or "none", failures if failures else "none")
name = ""
label = name or "default"
print(label, len(label), "x" and "y", "" and "z", repr("" or ""))
n = 0
print(n or "zero", 5 or "five", f"{(n or 'no items')!s:>10}")
vals = [1.5, 2.5]
print(vals or [0.0], np.arange(3) if n else "empty")
print("status: %s" % ("ok" if not failures else failures))
print(f"{'ab'!r:>8}|{3.5!s:<6}|{[1, 2]!r:^10}|")
