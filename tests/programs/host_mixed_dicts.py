# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def square(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * a[i]


def describe(name, a):
    # a summary record of mixed values, as people write them
    return {"name": name, "n": a.size, "mean": float(a.mean()), "max": a.max(), "ok": bool(a.min() >= 0)}


def main():
    a = np.arange(6, dtype=np.float32)
    square[1, 32](a)
    stats = describe("squares", a)
    print(stats)
    print(stats["name"], stats["n"], stats["mean"], stats["max"], stats["ok"])
    print(f"{stats['name']}: n={stats['n']} mean={stats['mean']:.3f} max={stats['max']:8.2f}")
    print("%s has %d values" % (stats["name"], stats["n"]))
    print("{} / {}".format(stats["mean"], stats["ok"]))
    for key, value in stats.items():
        print(f"  {key:>5} = {value}")
    for key in stats:
        print(key, repr(stats[key]))
    print(len(stats), "mean" in stats, list(stats.keys()))
    stats["note"] = "done"
    stats["n"] = 7
    print(stats, stats.get("note", ""), stats.get("missing", 0.5))

    config = {}
    config["blocks"] = 4
    config["threads"] = 32
    config["label"] = "run-1"
    config["scale"] = 0.25
    print(config)
    print(str(config), f"{config}")
    copy = config.copy()
    copy["label"] = "run-2"
    print(config["label"], copy["label"], copy.pop("scale"), copy)
    limits = {"lo": 0, "hi": 10}
    limits["unit"] = "ms"
    print(limits, int(limits["hi"]) - int(limits["lo"]), float(limits["hi"]) / 4)

    # Each value's class, asked at run time: a bool is an int, np.float64 a float, np.float32 neither.
    for key, value in stats.items():
        if isinstance(value, bool):
            kind = "bool"
        elif isinstance(value, int):
            kind = "int"
        elif isinstance(value, float):
            kind = "float"
        elif isinstance(value, str):
            kind = "str"
        else:
            kind = "other"
        print(key, kind, isinstance(value, (int, float)), isinstance(value, (str, bool)))
    numbers = [k for k, v in limits.items() if isinstance(v, int)]
    print(numbers, isinstance(config["scale"], float), isinstance(config["label"], int))


main()
