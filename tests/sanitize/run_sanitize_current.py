#!/usr/bin/env python3
"""The sanitizer run is current: `make sanitize` passed on the emulation runtime as it is now.

The sanitizer build (scripts/sanitize.sh, `make sanitize`: the translator, the unit tests and
the emulated programs under ASan and UBSan) is too long for every CI run (about 100 compilations
of its own), so it must at least run on every change to the runtime. When every step passes it
records the runtime it passed on, one `SHA256  PATH` line per file of runtime/include (the form
`sha256sum -c` reads), in tests/sanitize/runtime.sha256, committed with the change. This test
compares that record with the runtime of the tree under test and fails, naming the files added,
changed or removed, when they differ: run `make sanitize` and commit the record it rewrites. Skipped (77) while
there is no record at all.

    run_sanitize_current.py [--source-dir REPO]            the check (a ctest test)
    run_sanitize_current.py [--source-dir REPO] --record   rewrites the record (sanitize.sh does)
"""
import hashlib
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter  # noqa: E402

RUNTIME = Path("runtime") / "include"
RECORD = Path("tests") / "sanitize" / "runtime.sha256"
SHOWN = 20  # files named in a failure
SKIP = 77


def runtime_hashes(source_dir: Path) -> dict[str, str]:
    """sha256 of every file of the runtime, keyed by its path relative to the repository."""
    hashes = {}
    for path in sorted((source_dir / RUNTIME).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            hashes[path.relative_to(source_dir).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


def read_record(path: Path) -> dict[str, str]:
    record = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        if digest and name:
            record[name] = digest
    return record


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true",
                        help="write the runtime's hashes to tests/sanitize/runtime.sha256 (after a passing run)")
    args = cli.parse(parser)
    current = runtime_hashes(args.source_dir)
    record_path = args.source_dir / RECORD
    if args.record:
        record_path.write_text("".join(f"{digest}  {name}\n" for name, digest in current.items()), encoding="utf-8")
        print(f"recorded {len(current)} runtime files in {RECORD}")
        return 0

    report = Reporter()
    if not current:
        report.fail("runtime", f"no files under {RUNTIME}")
        return report.finish()
    if not record_path.is_file():
        # Until a first full run records one, there is nothing to compare with: reported as skipped.
        print(f"no {RECORD} yet: run `make sanitize` and commit the record it writes (skipped)")
        return SKIP
    recorded = read_record(record_path)
    added = sorted(set(current) - set(recorded))
    removed = sorted(set(recorded) - set(current))
    changed = sorted(n for n in set(current) & set(recorded) if current[n] != recorded[n])
    if added or removed or changed:
        lines = [f"    {what} {name}" for what, names in (("changed", changed), ("added", added),
                                                            ("removed", removed)) for name in names]
        if len(lines) > SHOWN:
            lines[SHOWN:] = [f"    ... and {len(lines) - SHOWN} more"]
        report.fail("sanitizer run", f"the runtime changed since `make sanitize` last passed ({RECORD}); run "
                    "`make sanitize` (scripts/sanitize.sh), which rewrites the record when every step passes, "
                    "and commit it", "\n".join(lines))
    else:
        report.ok("sanitizer run", f"the {len(current)} files of {RUNTIME} are those `make sanitize` passed on")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
