#!/usr/bin/env python3
"""The --run build cache is safe to share: concurrent runs, a private folder, a content key.

1. Four `py2cuda samples/hypot_kernel.py --run --emulate` started at once on an empty cache
   (as make -j or ctest -j start them) all succeed and print the sample's expected output.
2. Without PY2CUDA_CACHE_DIR, XDG_CACHE_HOME and HOME, the cache is TMPDIR/py2cuda-UID,
   created with mode 0700.
3. Such a folder that others may write to is refused (exit 1, a message naming it), and so
   is one another user owns (checked when this test runs as root, which can make one).
4. Each build's folder is named after a 128-bit content hash (32 hex digits).
5. The runtime's precompiled header (CACHE/pch/prelude-KEY.h.gch, driver/precompiled_header.h):
   the four concurrent runs make exactly one; other flags in PY2CUDA_EMULATE_CXXFLAGS make a
   second one beside it; a truncated .gch is not noticed by the user (the build is retried
   without it, the output is right, nothing about it on stderr) and is discarded.

    run_build_cache.py --py2cuda BUILD/py2cuda --source-dir REPO
"""
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter  # noqa: E402

SAMPLE = "samples/hypot_kernel.py"
OTHER_SAMPLES = ("samples/saxpy_grid_stride.py", "samples/polar_distance.py")  # cache misses after SAMPLE
PCH_FOLDER = "pch"
GCH_RE = re.compile(r"prelude-[0-9a-f]{32}\.h\.gch")
CONCURRENT_RUNS = 4


def run(py2cuda: str, source: Path, env: dict, sample: str = SAMPLE) -> subprocess.CompletedProcess:
    return subprocess.run([str(py2cuda), str(source / sample), "--run", "--emulate"], env=env, capture_output=True,
                          text=True, timeout=600)


def gch_files(cache: Path) -> list[Path]:
    folder = cache / PCH_FOLDER
    return sorted(p for p in folder.iterdir() if GCH_RE.fullmatch(p.name)) if folder.is_dir() else []


def check_precompiled_headers(report: Reporter, py2cuda: Path, source: Path, cache: Path, env: dict) -> None:
    made = gch_files(cache)
    if len(made) == 1:
        report.ok("precompiled header: the concurrent runs made one")
    else:
        report.fail("precompiled header", f"{len(made)} .gch files after the concurrent runs: {made}")
        return
    flagged = dict(env, PY2CUDA_EMULATE_CXXFLAGS="-DPY2CUDA_CACHE_TEST_FLAG=1")
    r = run(py2cuda, source, flagged, OTHER_SAMPLES[0])
    expected = (source / OTHER_SAMPLES[0]).with_suffix(".expected").read_text()
    now = gch_files(cache)
    if r.returncode == 0 and r.stdout == expected and len(now) == 2 and made[0] in now:
        report.ok("precompiled header: other flags, another .gch beside the first")
    else:
        report.fail("precompiled header with other flags", f"status {r.returncode}, .gch files {now}\n{r.stderr[-1000:]}")
    with made[0].open("r+b") as f:
        f.truncate(1000)
    r = run(py2cuda, source, env, OTHER_SAMPLES[1])
    expected = (source / OTHER_SAMPLES[1]).with_suffix(".expected").read_text()
    quiet = "gch" not in r.stderr and "PCH" not in r.stderr and "error" not in r.stderr
    discarded = not made[0].exists()
    if r.returncode == 0 and r.stdout == expected and quiet and discarded:
        report.ok("precompiled header: a truncated .gch falls back to a plain build, silently, and is discarded")
    else:
        report.fail("truncated precompiled header", f"status {r.returncode}, discarded {discarded}\n{r.stderr[-1000:]}")


def bare_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PY2CUDA_CACHE_DIR", "XDG_CACHE_HOME", "HOME")}
    env.update(extra)
    return env


def main() -> int:
    args = cli.make_parser(__doc__.splitlines()[0]).parse_known_args()[0]
    source = Path(args.source_dir).resolve()
    args.py2cuda = Path(args.py2cuda).resolve()
    expected = (source / "samples/hypot_kernel.expected").read_text()
    report = Reporter()
    with tempfile.TemporaryDirectory(prefix="py2cuda-cache-test-") as scratch:
        scratch = Path(scratch)

        cache = scratch / "shared-cache"
        env = bare_env(PY2CUDA_CACHE_DIR=str(cache))
        with ThreadPoolExecutor(CONCURRENT_RUNS) as pool:
            runs = list(pool.map(lambda _: run(args.py2cuda, source, env), range(CONCURRENT_RUNS)))
        bad = [r for r in runs if r.returncode != 0 or r.stdout != expected]
        if bad:
            report.fail("concurrent runs", f"{len(bad)} of {CONCURRENT_RUNS} failed; first: status "
                        f"{bad[0].returncode}\n{bad[0].stderr[-2000:]}")
        else:
            report.ok(f"concurrent runs: {CONCURRENT_RUNS} at once on an empty cache, all right")
        folders = [p.name for p in cache.iterdir() if p.name != PCH_FOLDER] if cache.exists() else []
        if len(folders) == 1 and re.fullmatch(r"hypot_kernel-[0-9a-f]{32}", folders[0]):
            report.ok("content key: one folder, named by a 128-bit hash")
        else:
            report.fail("content key", f"cache folders: {folders}")
        leftovers = [p.name for p in cache.rglob("*.tmp-*")]
        if leftovers:
            report.fail("no temporaries left", ", ".join(leftovers))
        else:
            report.ok("no temporaries left in the cache")
        check_precompiled_headers(report, args.py2cuda, source, cache, env)

        tmp = scratch / "tmp"
        tmp.mkdir()
        private = tmp / f"py2cuda-{os.geteuid()}"
        r = run(args.py2cuda, source, bare_env(TMPDIR=str(tmp)))
        mode = private.stat().st_mode & 0o777 if private.exists() else None
        if r.returncode == 0 and r.stdout == expected and mode == 0o700:
            report.ok("no HOME: a private cache folder with mode 0700")
        else:
            report.fail("no HOME", f"status {r.returncode}, folder mode {oct(mode) if mode else None}\n{r.stderr[-1000:]}")

        private.chmod(0o777)
        r = run(args.py2cuda, source, bare_env(TMPDIR=str(tmp)))
        if r.returncode == 1 and "may be written by other users" in r.stderr and not r.stdout:
            report.ok("a cache folder others may write to is refused")
        else:
            report.fail("world-writable cache folder", f"status {r.returncode}\n{r.stderr[-1000:]}")
        private.chmod(0o700)

        if os.geteuid() == 0:
            os.chown(private, 65534, 65534)  # nobody
            r = run(args.py2cuda, source, bare_env(TMPDIR=str(tmp)))
            if r.returncode == 1 and "belongs to another user" in r.stderr:
                report.ok("a cache folder another user owns is refused")
            else:
                report.fail("foreign cache folder", f"status {r.returncode}\n{r.stderr[-1000:]}")
            os.chown(private, 0, 0)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
