#!/usr/bin/env python3
"""Checks the oracle case table against compiled-Numba semantics (a maintenance tool, not a test).

The oracle tests take their expected values from Numba's simulator plus the table's
first-principles overrides. This tool runs every case with numba_worker.py three times: with
the simulator (overrides applied), with the simulator alone, and with Numba's CPU compiler
modelling numba-cuda's lowering (tests/programs/tools/cpu_oracle.py, compiled-Numba
semantics). Where the first and the last disagree beyond the case's tolerance, either the
simulator is not a faithful oracle for that case and the table needs an override (with its
reason), or an override is wrong. Run it after editing the table:

    python3 tests/oracle/check_table.py --python BUILD/venv/bin/python [NAME...]

It prints DIFFER for such a case, REDUNDANT for a correction the simulator turns out not to
need (its uncorrected results already match), ERROR for a case the table gets wrong (it raises),
and UNCHECKED for a case the CPU compiler cannot run (shared memory, atomics and intrinsics
are beyond cpu_oracle.py). The CPU compiler is not a GPU either (host libm, no FMA contraction,
exact fmod; see tests/programs/README.md), so a disagreement is a question to answer, not a
verdict.
Exit status: 0 when every case agrees, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import cases  # noqa: E402
from compare import compare  # noqa: E402
from testlib import npy  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", type=Path, required=True, help="the venv's python (numba)")
    parser.add_argument("--source-dir", type=Path, default=HERE.parents[1])
    parser.add_argument("names", nargs="*", help="only programs whose path contains one of these")
    args = parser.parse_args()
    programs = [p for p in cases.TABLE if not args.names or any(n in p for n in args.names)]

    disagreements = unchecked = 0
    with tempfile.TemporaryDirectory(prefix="py2cuda-check-table-") as tmp:
        roots = {}
        for engine, options in (("sim", []), ("raw", ["--raw"]), ("cpu", ["--engine", "cpu"])):
            roots[engine] = Path(tmp) / engine
            env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONDONTWRITEBYTECODE="1")
            subprocess.run([str(args.python), str(HERE / "numba_worker.py"), "--source-dir",
                            str(args.source_dir), "--out-root", str(roots[engine]), *options,
                            *programs], env=env, check=True)
        for program in programs:
            sim, raw, cpu = (json.loads((roots[e] / program / "manifest.json").read_text())
                             for e in ("sim", "raw", "cpu"))
            by_title = {(k.name, c.title()): c for k in cases.TABLE[program] for c in k.cases}
            for s, r, c in zip(sim["cases"], raw["cases"], cpu["cases"]):
                case = by_title[(s["kernel"], s["title"])]
                name = f"{program}:{s['kernel']}{s['title']}"
                if "error" in s:
                    disagreements += 1
                    print(f"ERROR {name}: the table's case fails: {s['error'].splitlines()[0]}")
                    continue
                if "error" in c:
                    # cpu_oracle covers the first slice only (no shared memory, atomics,
                    # intrinsics): such cases cannot be checked this way.
                    unchecked += 1
                    print(f"UNCHECKED {name}: the CPU compiler cannot run it: {c['error'].splitlines()[0]}")
                    continue
                arrays = [p["name"] for p in s["params"] if p["kind"] == "array"]
                for param in arrays:
                    m = _compare(roots, program, "sim", s, c, param, case.tol)
                    if m:
                        disagreements += 1
                        print(f"DIFFER {name} {param}: {m.count} of {m.total} elements, first at "
                              f"{m.index}: table {m.want!r} vs compiled {m.got!r}")
                corrected = [k for k, _ in case.override] + [k for k, _ in case.expect]
                if corrected and "error" not in r and not any(
                        _compare(roots, program, "raw", r, c, p, case.tol) for p in arrays):
                    disagreements += 1
                    print(f"REDUNDANT {name}: the simulator alone already gives the compiled "
                          f"values; drop the override/expect of {', '.join(corrected)}")
    print(f"{disagreements} disagreement(s), {unchecked} case(s) unchecked")
    return 1 if disagreements else 0


def _compare(roots, program, engine, want_entry, got_entry, param, tol):
    """Compares one array of `engine`'s results with the cpu engine's."""
    want = npy.load(roots[engine] / program / want_entry["dir"] / "expected" / f"{param}.npy")
    got = npy.load(roots["cpu"] / program / got_entry["dir"] / "expected" / f"{param}.npy")
    return compare(want, got, tol)


if __name__ == "__main__":
    sys.exit(main())
