# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# The methods, builtins and NumPy functions of a list holding ints and floats side by side (its
# elements keep their own types): sort, index, count, insert, pop, slices, sum, max, np.mean,
# formatting, a comprehension over it, and a function returning a tuple of its items.
import numpy as np

def summarize(vals):
    vals.sort()
    return vals[0], vals[-1], len(vals)

xs = [3, 1]
xs.append(2.5)
xs.insert(0, 0.5)
xs.extend([7])
print(xs, sorted(xs), max(xs), min(xs), sum(xs), np.mean(xs), np.array(xs).dtype)
print(xs.index(2.5), xs.count(1), 7 in xs, xs[1:3], xs[::-1])
print(f"{xs[0]:.2f} {xs[1]:>4}", "%s %d" % (xs[2], xs[1]))
total = 0
for x in xs:
    total += x * 2
print(total, summarize(xs), xs)
ys = [x / 2 for x in xs]
print(ys, [int(x) for x in xs])
xs[0] = 10
xs.pop()
print(xs, np.asarray(xs) * 2)
zs = [0] * 3
zs[0] += 0.5
zs[1] = np.float32(1.25)
print(zs, sum(zs), sorted(zs, reverse=True))
