#!/usr/bin/env python3
"""Checks that tests/runtime/pysem_cases.txt is still what Numba gives.

The table holds the expectations of the Python-semantics helpers (pysem.h). This
test regenerates it with Numba's interpreter (--python, the build's venv with the
pinned numba and numba-cuda) and requires the committed file to be identical, then
runs the generator's --check-ptx, which compiles the operators whose CUDA lowering
the table models and checks the IR/PTX those models rely on (skipped where numba-cuda
cannot find a CUDA toolkit's NVVM).

    run_pysem_table.py --python BUILD/venv/bin/python [--source-dir REPO]

Exits 77 (skipped) without --python.
"""
import difflib
import os
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, tools  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

SKIPPED = 77


def run_generator(python: Path, generator: Path, extra: list[str], timeout: float):
    """Runs the generator; returns (the finished process or None on a timeout, its stderr)."""
    try:
        p = subprocess.run([str(python), str(generator), *extra], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=timeout,
                           env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout:.0f} s"
    return p, p.stderr.decode("utf-8", "replace")


def expectations(table: str) -> list[str]:
    """Each case's `op types a b expected`, without its source column (`numba`, or `cuda
    cpu=X`): what the table asks of py2cuda. The source can differ by machine where the CPU
    result is the hardware's: an out-of-range float converted to uint64 is 2**63 with SSE's
    cvttsd2si and 2**64 - 1 with AVX-512's vcvttsd2usi, so on an AVX-512 machine Numba's CPU
    target agrees with numba-cuda's saturating conversion and the case reads `numba`."""
    out = []
    for line in table.splitlines():
        out.append(line if line.startswith("#") else " ".join(line.split()[:5]))
    return out


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    if args.python is None:
        print("SKIP pysem table (no --python: the build has no Numba venv)")
        return SKIPPED
    reporter = Reporter()
    here = args.source_dir / "tests" / "runtime"
    generator = here / "gen_pysem_cases.py"
    committed = (here / "pysem_cases.txt").read_text()
    timeout = max(args.timeout, 600.0)

    p, errors = run_generator(args.python, generator, [], timeout)
    if p is None or p.returncode != 0:
        reporter.fail("regenerate pysem_cases.txt", "the generator failed", indent(errors))
    else:
        fresh = p.stdout.decode("utf-8")
        if fresh == committed:
            reporter.ok("pysem_cases.txt is Numba's", f"{committed.count(chr(10))} lines")
        elif expectations(fresh) == expectations(committed):
            # The expected values agree; only a case's source column does (see expectations()).
            changed = sum(a != b for a, b in zip(committed.splitlines(), fresh.splitlines()))
            reporter.ok("pysem_cases.txt is Numba's",
                        f"{committed.count(chr(10))} lines; {changed} differ only in which value this CPU's "
                        f"Numba gave beside numba-cuda's (out-of-range float to uint64)")
        else:
            diff = difflib.unified_diff(committed.splitlines(), fresh.splitlines(),
                                        "pysem_cases.txt (committed)", "regenerated", lineterm="")
            reporter.fail("pysem_cases.txt is Numba's", "the committed table differs from a fresh one",
                          indent("\n".join(diff)))

    if tools.find_nvcc() is None:
        reporter.skip("--check-ptx", "no CUDA toolkit, so numba-cuda has no NVVM")
    else:
        p, output = run_generator(args.python, generator, ["--check-ptx"], timeout)
        if p is not None and p.returncode == 0:
            reporter.ok("CUDA lowering as the table models it", f"{output.count('ok ')} IR/PTX checks")
        else:
            reporter.fail("CUDA lowering as the table models it", "see the generator's output", indent(output))
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
