# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Host Python that keeps state between helpers: module variables rebound with `global`,
# module dicts, lists and arrays that helpers change in place (the empty ones typed by the
# helpers' stores), a search helper returning None, `in range(...)` tests, empty dicts never filled.
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= s


data = np.arange(6, dtype=np.float64)
calls = 0
best = -1.0
log = ""


def run(s):
    global calls, data, best, log
    calls += 1
    d = cuda.to_device(data)
    scale[1, 32](d, s)
    data = d.copy_to_host()
    if data.max() > best:
        best = data.max()
    log = log + f"[{calls}]"
    return calls


def report():
    print(f"calls={calls} best={best:.2f} log={log}")
    print(data)


def find(xs, target):
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return None


for s in (2.0, 0.5, 3.0):
    n = run(s)
    report()
if calls > 2:
    calls = 100
print(calls, n)

# None from a helper, in %-formatting, f-strings and print.
missing = find([1, 2, 3], 5)
found = find([1, 2, 3], 2)
print(missing, "%s" % missing, f"found {missing}", f"{missing!r}", "%s/%s" % (missing, found))
print(found, "%d" % found, f"{found:>3}")
smallest = None
for x in data:
    if smallest is None or x < smallest:
        smallest = x
print(f"smallest={smallest}", "%s" % smallest)

# Membership in a range, negative steps included.
for x in [-3, 0, 1, 4, 9, 10, 11]:
    print(x, x in range(10), x in range(1, 10, 3), x not in range(10, 0, -2), x in range(5, 5))
k = int(data[1])
print(k in range(0, 4), 3 in range(k), 2.0 in range(3), 2.5 in range(3), True in range(2))

# Empty dicts: printed, measured and tested without ever being filled.
empty = {}
other = dict()
either = {} if calls > 5 else {}
print(len({}), {}, empty, other, either, len(empty) + len(other), not empty, "k" in empty)
print(f"{empty}", str(other), repr(either))
print(2 ** 63 - 1, -2 ** 63, 10 ** 18, 7 // -2, -7 % 3)

# Module containers that helpers change without rebinding them: one object, shared.
timings = {}
results = []
counts = {"odd": 0, "even": 0}
totals = np.zeros(4)
config = {}
config["scale"] = 1.5
names = ["start"]
names.append("go")
widths = []
tally = {}
extra = {}


def timed_run(n):
    d = cuda.to_device(np.arange(4, dtype=np.float64))
    scale[1, 32](d, config["scale"] * n)
    t = float(d.copy_to_host().sum())
    timings[f"run{n}"] = t
    results.append(n * 2)
    counts["even" if n % 2 == 0 else "odd"] += 1
    totals[n] = t
    names.extend([f"r{n}"])
    tally.setdefault(n % 2, 0)
    tally[n % 2] += n
    return t


def tidy():
    last = results.pop()
    results.sort(reverse=True)
    timings.update({"tidied": float(last)})
    widths.append(len(names))
    extra.update({"last": last})
    del timings["run1"]
    return last


def summary():
    return f"{len(timings)} runs, names={names} first={results[0]}"


for n in (1, 2, 3):
    timed_run(n)
print(timings, results, counts, totals)
results.append(-1)
print(tidy(), results, timings, widths)
print(summary(), sum(results), "run2" in timings, timings["run3"])
results.clear()
print(results, len(results), config, tally, extra, timings)
