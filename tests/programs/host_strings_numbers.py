# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def parse_config(text):
    settings = {}
    for line in text.split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, value = line.split("=")[0].strip(), line.split("=")[1].strip()
        settings[key.lower()] = value
    return settings


if __name__ == "__main__":
    a = np.zeros(10, dtype=np.int32)
    add_one[1, 32](a)
    total = int(a.sum())
    print(divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(total, 3))
    print(divmod(7.5, 2), divmod(-7.5, 2), divmod(7, 0.5), divmod(-0.0, 1.0))
    q, r = divmod(17, 5)
    print(q, r, pow(3, 4, 5), pow(-3, 3, 7), pow(3, -1, 7), pow(2, 10), pow(2.0, 0.5), pow(2, -1))
    print(chr(65), chr(955), ord("a"), ord("λ"), hex(255), hex(-255), bin(5), oct(8), hex(total))

    s = "  Hello, CUDA World  "
    t = s.strip()
    print(repr(t), repr(s.lstrip()), repr(s.rstrip()), t.upper(), t.lower(), t.swapcase(), "cuda kernels".title())
    print(t.replace("l", "L"), t.replace("l", "L", 1), t.split(), t.split(", "), "a,b,,c".split(","), "a b c".split(None, 1))
    print(t.startswith("Hello"), t.endswith("World"), t.find("CUDA"), t.find("x"), t.rfind("o"), t.count("l"), t.index("W"))
    print("[" + "abc".center(9, "*") + "]", "[" + "abc".center(8) + "]", "[" + "ab".ljust(5, ".") + "]", "[" + "ab".rjust(5) + "]")
    print("42".zfill(5), "-42".zfill(5), "12".isdigit(), "1a".isdigit(), "abc".isalpha(), "a1".isalnum(), "  ".isspace())
    print("ABC".isupper(), "abc".islower(), "hello world".capitalize(), "x" * 3, "na" * 2 + "!")
    print("CUDA" in t, "cuda" in t, "cuda" not in t, t[0], t[-1], t[7:11], t[:5], t[::-1], t[::2], t[-5:])
    words = t.split()
    print(len(words), words, "-".join(words), ", ".join(("a", "b", "c")), "".join(["x", "y"]))
    print(words[0] in words, "nothing" in words, "nothing" not in words, "grid" in "a b grid".split())
    letters = 0
    for ch in "GPU 42":
        if ch.isalpha():
            letters += 1
    print("letters", letters)
    config = parse_config("# comment\nBlock = 256\n  Grid=64  \n\nname = saxpy")
    print(config, int(config["block"]) * int(config["grid"]))
    line = "%s has %d chars" % (t, len(t))
    print(line, line.upper().count("A"))

    # A variable that is None until a value of one type is assigned.
    best = None
    best_name = None
    for name, secs in {"naive": 2.5, "tiled": 0.75, "shared": 1.0}.items():
        if best is None or secs < best:
            best = secs
            best_name = name
    print(best_name, best, best is None, best_name is not None)
    # The running extremes in a conditional expression: the first test sees None.
    lo = None
    hi = None
    for v in [4, 9, -2, 7]:
        lo = v if lo is None else min(lo, v)
        hi = max(hi, v) if hi is not None else v
    print(lo, hi)
    # An Optional's truth is CPython's (None false, a value its own truth), and `== None` is `is None`.
    for target in (4, 3, 9):
        found = None
        for i, x in enumerate([3, 4, 5]):
            if x == target:
                found = i
        if found:
            print("found at", found)
        elif found == None:
            print("missing", target, found != None)
        else:
            print("found first", found, not found)
    label = None
    print(label)
    for i in range(3):
        if i == 1:
            label = "index %d" % i
    print(label, label is None)
    print("abc" < "abd", "b" > "abc", "x" == "x", "x" != "y", "B" <= "a", max(3, 7) >= 7)
    print(isinstance(total, int), isinstance(2.5, float), isinstance(a, np.ndarray), isinstance(t, (int, str)),
          isinstance(a[0], int), isinstance(best, float), isinstance(config, dict))
    print(any((0, total)), all((1, total)), all((1, 0, 2)), any(("", "x")), any((0.0, False)))
