"""The command line shared by all script tests.

CMake runs every tests/<dir>/run_*.py as

    run_x.py --py2cuda BUILD/py2cuda --source-dir REPO --build-dir BUILD [--python VENV_PYTHON]

Arguments a runner does not know are ignored (parse_known_args), so the CMake
side can pass new ones without breaking older runners.
"""
import argparse
from pathlib import Path

# tests/testlib/cli.py -> the repository root, for runs by hand without --source-dir.
_DEFAULT_SOURCE_DIR = Path(__file__).resolve().parents[2]


def make_parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--py2cuda", type=Path, help="the py2cuda executable under test")
    parser.add_argument("--source-dir", type=Path, default=_DEFAULT_SOURCE_DIR,
                        help="repository root (default: the one holding this script)")
    parser.add_argument("--build-dir", type=Path, help="CMake build folder (unused by most runners)")
    parser.add_argument("--python", type=Path, help="Numba's interpreter (oracle runners only)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds one py2cuda run may take before it counts as hung (default 60)")
    parser.add_argument("--keep", action="store_true",
                        help="keep temporary folders and print where they are")
    parser.add_argument("names", nargs="*",
                        help="run only the cases whose name contains one of these strings")
    return parser


def parse(parser: argparse.ArgumentParser) -> argparse.Namespace:
    args, _unknown = parser.parse_known_args()
    args.source_dir = args.source_dir.resolve()
    return args


def require_py2cuda(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Exits with a usage error unless --py2cuda names an existing file; makes it absolute."""
    if args.py2cuda is None:
        parser.error("--py2cuda is required")
    if not args.py2cuda.is_file():
        parser.error(f"--py2cuda {args.py2cuda}: no such file")
    # Absolute, because the runners start it from other working directories.
    args.py2cuda = args.py2cuda.resolve()


def selected(name: str, filters: list[str]) -> bool:
    """True if the case `name` is selected by the positional filters (none selects all)."""
    return not filters or any(f in name for f in filters)
