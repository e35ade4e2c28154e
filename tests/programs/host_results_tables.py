# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""A benchmark-style script: each run's results in a dict of mixed values (ints, floats, strs,
bools), then sorted, picked, compared and summed as numbers; a table printed with widths and
precisions from variables (f"{x:{w}.{p}f}"); settings parsed from "key=value" text; and the
Python details such scripts lean on: sum() with a start, a method changing a container among
print()'s arguments, a NumPy scalar divided by zero, ragged lists printed inline, None's repr,
max/min of a list of ints and floats, round() of an int, str.endswith() of a tuple, a name
reused by a later loop for values of another type."""
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


SETTINGS = "scale=2.5, block=128, label=saxpy ,check=yes"


def parse(text):
    config = {}
    for item in text.split(","):
        key, value = item.split("=")
        config[key.strip()] = value.strip()
    return config


def main():
    config = parse(SETTINGS)
    scale = float(config["scale"])
    block = int(config["block"])
    print(sorted(config.items()))
    words = config["label"].split("a")
    print(words, words[::-1], "saxpy run"[::2])

    results = []
    for n in (100, 1000, 5000, 7):
        x = np.linspace(0.0, 1.0, n).astype(np.float32)
        y = np.ones(n, dtype=np.float32)
        out = np.zeros_like(x)
        blocks = (n + block - 1) // block
        saxpy[blocks, block](np.float32(scale), x, y, out)
        err = float(np.abs(out - (np.float32(scale) * x + y)).max())
        results.append({"n": n, "dtype": "float32", "err": err, "ok": err < 1e-6, "blocks": blocks})

    w, p = 9, 3
    print(f"{'n':>{w}}|{'blocks':^{w}}|{'err':<{w + 2}}|")
    for r in sorted(results, key=lambda r: r["n"]):
        print(f"{r['n']:>{w}}|{r['blocks']:^{w}d}|{r['err']:<{w + 2}.{p}e}|{r['ok']}")
    largest = max(results, key=lambda r: r["blocks"])
    print("largest:", largest["n"], largest["blocks"] * block - largest["n"], "idle threads")
    print("all ok:", all(r["ok"] for r in results), [r["n"] for r in results if r["dtype"] == "float32"])
    total = 0
    for r in results:
        total += r["blocks"]
        if r["n"] > 500 and r["dtype"] != "float64":
            print("big:", r["n"], r["n"] / 1000, r["n"] // 3, round(r["err"], 3), r["n"] > 10)
    print("blocks:", total, sum([r["blocks"] for r in results], 100), sum((0.5, 0.25), 1.0))

    mask = out > 10.0
    mean = out[mask].sum() / mask.sum()
    print("mean of an empty selection:", mean, np.float64(1.0) / 0, out.sum() // out.size)

    pending = [3, 1, 2]
    seen = {1: "one", 2: "two"}
    print(len(pending), pending.pop(), len(pending), seen.pop(2), 2 in seen, len(seen))
    print(pending.append(9), pending, seen.setdefault(5, "five"), len(seen))
    print([[1, 2], [3]], [[0.5], [1.5, 2.5], []], str([[1], [2, 3]]))
    nothing = None
    print(f"{nothing!r} {None!r} {nothing}", "{!r} {}".format(nothing, None), "%r" % (nothing,))

    timings = [12, 9.5, 15, 11.25]
    fastest = min(timings)
    print(max(timings), fastest, type(fastest).__name__, max((3, 2.5, 1)), round(1234, -2), round(1250, -2))
    for v in [0.5, 1.5]:
        print(v * 2, end=" ")
    for item in ["a=1", "b=2"]:
        k, v = item.split("=")
        print(k, v, end=" ")
    print()
    files = ["run.csv", "notes.txt", "plot.png"]
    print([f for f in files if f.endswith((".csv", ".txt"))], files[0].startswith(("ru", "x")))


if __name__ == "__main__":
    main()
