#!/usr/bin/env python3
"""Bit-exactness of py2cuda's host-side NumPy generators (runtime/include/py2cuda/host/)
against NumPy 1.x: RandomState (MT19937) and default_rng (PCG64).

    run_host_random.py --python NUMPY1_PYTHON [--source-dir REPO] [--keep] [NAME ...]

Builds tests/host/random_cases.cpp with g++ -std=c++20 -O1, runs it on a script of
cases, and has NumPy (through --python) make the same draws; every value must be
identical (doubles compared as their bits). One line per case; "N passed, M failed"
last. Exit 0 when all pass, 77 (skipped) without --python, a C++ compiler, or a
NumPy 1.x behind --python. Other arguments CMake passes are accepted and ignored.
"""
import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "scripts"))
import numpy_ziggurat_tables  # noqa: E402

SKIP = 77
HERE = Path(__file__).resolve().parent

BIG = 2**64 + 12345678901234567890  # a seed wider than 64 bits (3 words)


def words(n: int) -> list[int]:
    """A Python int as SeedSequence's 32-bit words, least significant first."""
    out = [n & 0xFFFFFFFF]
    n >>= 32
    while n:
        out.append(n & 0xFFFFFFFF)
        n >>= 32
    return out


def legacy_cases() -> list[tuple[str, list[str]]]:
    """(name, script lines) for RandomState."""
    cases = []
    for seed in [0, 1, 42, 12345, 2**31, 2**32 - 1]:
        cases.append((f"rs_long_{seed}", [f"rs_seed {seed}",
                      "random_sample f 3000", "standard_normal f 3001", "random_sample s 5",
                      "standard_normal s 3", "uniform f 500 -2.5 7.25", "normal f 1001 3 0.5",
                      "standard_exponential f 2000", "exponential s 100 2.5",
                      "randint f 3000 0 10", "randint f 1000 -5 1000000007",
                      "randint f 1000 0 9000000000000000000", "randint s 50 -3 3",
                      "randint32 f 1000 0 100", "randint32 f 500 -2147483648 2147483647",
                      "randint f 200 0 4294967296", "randint f 200 0 4294967297",
                      "randint f 10 7 8",
                      "randint_u8 f 1001 0 256", "randint_i8 f 333 -100 100", "randint_u8 s 7 0 7",
                      "randint_u16 f 501 0 5000", "randint_i16 f 200 -300 300", "randint_u8 f 9 0 1",
                      "randint_u16 f 20 0 65536", "randint f 5 0 10"]))
    # the gauss cache across other draws: an odd number of normals, then other
    # kinds, then normals again
    cases.append(("rs_gauss_cache", ["rs_seed 7", "standard_normal s 1", "random_sample s 3",
                  "normal s 1 10 2", "randint s 2 0 5", "standard_normal s 3", "uniform s 1 0 1",
                  "standard_normal f 5", "exponential s 1 1", "normal f 7 -1 3",
                  "rs_seed 7", "standard_normal s 1", "rs_seed 7", "standard_normal s 2"]))
    for seed in [0, 42, 2**32 - 1]:
        cases.append((f"rs_choice_{seed}", [f"rs_seed {seed}",
                      "choice s 20 10 1", "choice f 100 7 1", "choice s 5 10 0", "choice f 5 10 0",
                      "choice f 10 10 0", "choice f 3 100000 0", "choice_array f 50 13 1",
                      "choice_array s 5 13 0", "choice_array f 6 13 0",
                      "permutation f 1", "permutation f 2", "permutation f 50", "permutation f 1000",
                      "shuffle_rows f 7 3", "random_sample s 2"]))
    cases.append(("rs_seed_array", ["rs_seed_array 1 2 3", "random_sample f 700", "standard_normal f 11",
                  "rs_seed_array 4294967295", "randint f 100 0 1000",
                  "rs_seed_array " + " ".join(str((i * 2654435761) % 2**32) for i in range(700)),
                  "random_sample f 10"]))
    cases.append(("rs_seed_sequence", ["rs_ss 123", "random_sample f 1300", "randint f 10 0 3",
                  "rs_ss 0", "standard_normal f 9"]))
    cases.append(("rs_errors", ["rs_seed 4294967296", "rs_seed -1", "rs_seed 3", "randint s 1 5 5",
                  "randint f 0 5 5", "normal s 1 0 -1", "normal s 1 0 -0.0", "exponential s 1 -2",
                  "uniform s 1 -1e308 1e308", "choice f 3 2 0", "randint32 s 1 0 2147483649",
                  "random_sample s 2"]))
    return cases


def generator_cases() -> list[tuple[str, list[str]]]:
    cases = []
    seeds = [("0", "gen_seed 0"), ("1", "gen_seed 1"), ("42", "gen_seed 42"),
             ("2p32m1", f"gen_seed {2**32 - 1}"), ("2p63m1", f"gen_seed {2**63 - 1}"),
             ("2p64m1", "gen_words " + " ".join(map(str, words(2**64 - 1)))),
             ("big", "gen_words " + " ".join(map(str, words(BIG))))]
    for name, line in seeds:
        cases.append((f"gen_long_{name}", [line,
                      "g_random f 3000", "g_random s 5", "g_uniform f 500 -2.5 7.25",
                      "g_integers f 3000 0 10 0", "g_integers f 1000 -5 1000000007 0",
                      "g_integers f 1000 0 9000000000000000000 0", "g_integers s 51 -3 3 1",
                      "g_random32 f 7", "g_integers32 f 1001 0 100 0", "g_random s 1",
                      "g_integers32 f 300 -2147483648 2147483647 1", "g_random32 s 3",
                      "g_integers f 200 0 4294967295 1", "g_integers f 200 0 4294967296 1",
                      "g_integers f 100 -9223372036854775808 9223372036854775807 1",
                      "g_integers f 10 7 7 1", "g_random32 s 1", "g_integers s 3 0 1000 0",
                      "g_integers_u8 f 1001 0 256 0", "g_integers_i8 f 333 -5 5 0", "g_integers_u8 s 7 0 3 0",
                      "g_integers_u8 f 100 0 255 1", "g_integers_u16 f 501 0 1000 0", "g_integers_i16 f 200 -300 300 0",
                      "g_integers_u16 f 20 0 65535 1", "g_integers_u8 f 3 10 11 0", "g_integers s 2 0 10 0"]))
    cases.append(("gen_errors", ["gen_seed 5", "g_integers s 1 5 5 0", "g_integers s 1 5 4 1",
                  "g_integers f 0 5 5 0", "g_normal s 1 0 -1", "g_exponential s 1 -0.0",
                  "g_uniform s 1 -1e308 1e308", "g_integers32 s 1 0 2147483648 1", "g_random s 1",
                  "g_integers_u8 f 3 0 300 0", "g_integers_u8 f 3 -1 10 0", "g_integers_i8 s 1 5 5 0",
                  "g_integers_i16 f 2 -40000 0 0", "g_random s 1"]))
    return cases


def ziggurat_cases(tag: str) -> list[tuple[str, list[str]]]:
    """Generator normal/exponential draws (the ziggurat: tails, rejections, mixed with other draws)."""
    cases = []
    for seed in [0, 1, 42, 2**32 - 1, 2**63 - 1]:
        cases.append((f"{tag}_{seed}", [f"gen_seed {seed}",
                      "g_standard_normal f 20000", "g_standard_normal s 5", "g_normal f 1001 3 0.5",
                      "g_integers32 s 1 0 10 0", "g_standard_exponential f 20000",
                      "g_exponential s 100 2.5", "g_integers s 1 0 10 0", "g_standard_normal s 3",
                      "g_random32 s 1", "g_standard_exponential s 3"]))
    return cases


# ---- the NumPy side: run by --python, reads the cases as JSON on stdin -------------
NUMPY_SIDE = r'''
import json, struct, sys
import numpy as np
SMALL = {"i8": np.int8, "u8": np.uint8, "i16": np.int16, "u16": np.uint16}

def h(d): return "%016x" % struct.unpack("<Q", struct.pack("<d", float(d)))[0]
def h32(f): return "%08x" % struct.unpack("<I", struct.pack("<f", np.float32(f)))[0]

def run(cases):
    out = []
    rs = gen = None
    def emit(vals, kind):
        for v in np.asarray(vals).ravel().tolist() if not np.isscalar(vals) else [vals]:
            out.append(h(v) if kind == "d" else h32(v) if kind == "f" else str(int(v)))
    for name, lines in cases:
        out.append("case " + name)
        for line in lines:
            a = line.split()
            op = a[0]
            try:
                if op == "rs_seed":
                    r = np.random.RandomState(); r.seed(int(a[1])); rs = r
                elif op == "rs_seed_array":
                    rs = np.random.RandomState([int(x) for x in a[1:]])
                elif op == "rs_ss":
                    rs = np.random.RandomState(np.random.MT19937(np.random.SeedSequence(int(a[1]))))
                elif op == "gen_seed":
                    gen = np.random.default_rng(int(a[1]))
                elif op == "gen_tables":
                    pass  # NumPy uses its own tables anyway
                elif op == "gen_words":
                    gen = np.random.default_rng(sum(int(w) << (32 * i) for i, w in enumerate(a[1:])))
                else:
                    fill, n = a[1] == "f", int(a[2])
                    size = n if fill else None
                    reps = 1 if fill else n
                    A = a[3:]
                    for _ in range(reps):
                        if op == "random_sample": emit(rs.random_sample(size), "d")
                        elif op == "uniform": emit(rs.uniform(float(A[0]), float(A[1]), size), "d")
                        elif op == "standard_normal": emit(rs.standard_normal(size), "d")
                        elif op == "normal": emit(rs.normal(float(A[0]), float(A[1]), size), "d")
                        elif op == "standard_exponential": emit(rs.standard_exponential(size), "d")
                        elif op == "exponential": emit(rs.exponential(float(A[0]), size), "d")
                        elif op == "randint": emit(rs.randint(int(A[0]), int(A[1]), size), "i")
                        elif op == "randint32": emit(rs.randint(int(A[0]), int(A[1]), size, dtype=np.int32), "i")
                        elif op.startswith("randint_"):
                            emit(rs.randint(int(A[0]), int(A[1]), size, dtype=SMALL[op[8:]]), "i")
                        elif op == "choice": emit(rs.choice(int(A[0]), size, replace=bool(int(A[1]))), "i")
                        elif op == "choice_array":
                            arr = np.arange(int(A[0])) * 0.5 - 3
                            emit(rs.choice(arr, size, replace=bool(int(A[1]))), "d")
                        elif op == "permutation": emit(rs.permutation(n), "i")
                        elif op == "shuffle_rows":
                            x = np.arange(n * int(A[0])).reshape(n, int(A[0])); rs.shuffle(x); emit(x, "i")
                        elif op == "g_random": emit(gen.random(size), "d")
                        elif op == "g_random32": emit(gen.random(size, dtype=np.float32), "f")
                        elif op == "g_uniform": emit(gen.uniform(float(A[0]), float(A[1]), size), "d")
                        elif op == "g_standard_normal": emit(gen.standard_normal(size), "d")
                        elif op == "g_normal": emit(gen.normal(float(A[0]), float(A[1]), size), "d")
                        elif op == "g_standard_exponential": emit(gen.standard_exponential(size), "d")
                        elif op == "g_exponential": emit(gen.exponential(float(A[0]), size), "d")
                        elif op == "g_integers":
                            emit(gen.integers(int(A[0]), int(A[1]), size, endpoint=bool(int(A[2]))), "i")
                        elif op == "g_integers32":
                            emit(gen.integers(int(A[0]), int(A[1]), size, dtype=np.int32,
                                              endpoint=bool(int(A[2]))), "i")
                        elif op.startswith("g_integers_"):
                            emit(gen.integers(int(A[0]), int(A[1]), size, dtype=SMALL[op[11:]],
                                              endpoint=bool(int(A[2]))), "i")
                        else: raise SystemExit("unknown op " + op)
            except ValueError as e:
                out.append("error ValueError: %s" % e)
            except OverflowError as e:
                out.append("error OverflowError: %s" % e)
    return out

print("\n".join(run(json.load(sys.stdin))))
'''

def split_cases(text: str) -> dict[str, list[str]]:
    cases, cur = {}, None
    for line in text.splitlines():
        if line.startswith("case "):
            cur = cases.setdefault(line[5:], [])
        elif cur is not None:
            cur.append(line)
    return cases


def first_difference(ours: list[str], theirs: list[str]) -> str:
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            bad = sum(x != y for x, y in zip(ours, theirs))
            return f"value {i}: ours {a}, NumPy's {b} ({bad} of {min(len(ours), len(theirs))} differ)"
    return f"{len(ours)} values, NumPy drew {len(theirs)}"


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    rep = Reporter()
    if args.python is None:
        rep.skip("host_random", "no --python (a NumPy 1.x interpreter) given")
        rep.finish()
        return SKIP
    version = subprocess.run([str(args.python), "-c", "import numpy; print(numpy.__version__)"],
                             capture_output=True, text=True)
    if version.returncode != 0 or not version.stdout.startswith("1."):
        rep.skip("host_random", f"--python has no NumPy 1.x ({version.stdout.strip() or 'no numpy'})")
        rep.finish()
        return SKIP
    cxx = shutil.which("g++")
    if not cxx:
        rep.skip("host_random", "no g++")
        rep.finish()
        return SKIP

    with scratch_dir("host_random_", args.keep) as work:
        exe = work / "random_cases"
        build = subprocess.run([cxx, "-std=c++20", "-O1", "-Wall", "-Wextra", "-Werror",
                                f"-I{args.source_dir / 'runtime' / 'include'}",
                                str(HERE / "random_cases.cpp"), "-o", str(exe)], capture_output=True, text=True)
        if build.returncode != 0:
            rep.fail("build random_cases.cpp", "g++ failed", build.stdout + build.stderr)
            return rep.finish()

        cases = legacy_cases() + generator_cases() + ziggurat_cases("gen_ziggurat")
        tables = numpy_ziggurat_tables.extract(args.python, work)
        if tables is not None:
            (work / "tables.bin").write_bytes(tables)
            cases += [(n, [f"gen_tables {work / 'tables.bin'}"] + lines)
                      for n, lines in ziggurat_cases("gen_ziggurat_numpy_tables")]
        cases = [(n, lines) for n, lines in cases if cli.selected(n, args.names)]

        script = work / "script.txt"
        script.write_text("".join(f"case {n}\n" + "".join(l + "\n" for l in lines) for n, lines in cases))
        ours = subprocess.run([str(exe), str(script)], capture_output=True, text=True, timeout=600)
        if ours.returncode != 0:
            rep.fail("run random_cases", f"exit {ours.returncode}", ours.stderr)
            return rep.finish()
        theirs = subprocess.run([str(args.python), "-c", NUMPY_SIDE], input=json.dumps(cases),
                                capture_output=True, text=True, timeout=600)
        if theirs.returncode != 0:
            rep.fail("NumPy side", f"exit {theirs.returncode}", theirs.stderr)
            return rep.finish()
        got, want = split_cases(ours.stdout), split_cases(theirs.stdout)
        for name, _ in cases:
            g, w = got.get(name), want.get(name)
            if g is None or w is None:
                rep.fail(name, "missing from " + ("our" if g is None else "NumPy's") + " output")
            elif g == w:
                rep.ok(name, f"{len(w)} values")
            else:
                rep.fail(name, first_difference(g, w))

        # The built-in tables (ziggurat_tables.h) must be the ones the NumPy we compare with has.
        if tables is None:
            rep.info("ziggurat tables not compared with NumPy's: no ar/nm/objcopy or no libnpyrandom.a")
        elif cli.selected("ziggurat_tables", args.names):
            own = subprocess.run([str(exe), "/dev/stdin"], input="tables\n", capture_output=True, text=True)
            mine = own.stdout.split()
            differ = []
            for col, name in enumerate(numpy_ziggurat_tables.TABLE_NAMES):
                for i in range(256):
                    theirs_bytes = tables[col * 2048 + 8 * i: col * 2048 + 8 * i + 8]
                    tok = mine[6 * i + col] if len(mine) == 6 * 256 else "0"
                    mine_bytes = (struct.pack("<Q", int(tok, 16)) if name[0] == "k"
                                  else struct.pack("<d", float.fromhex(tok)))
                    if mine_bytes != theirs_bytes:
                        differ.append(f"{name}[{i}]")
            if differ:
                rep.fail("ziggurat_tables", f"{len(differ)} entries differ from NumPy's: {', '.join(differ[:8])}",
                         "regenerate with scripts/numpy_ziggurat_tables.py --python NUMPY1_PYTHON")
            else:
                rep.ok("ziggurat_tables", "ziggurat_tables.h holds NumPy's 6 x 256 values")
    return rep.finish()


if __name__ == "__main__":
    sys.exit(main())
