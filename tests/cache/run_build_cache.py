#!/usr/bin/env python3
"""The --run build cache is safe to share: concurrent runs, a private folder, a content key.

1. Four `py2cuda samples/hypot_kernel.py --run --emulate` started at once on an empty cache
   (as make -j or ctest -j start them) all succeed and print the sample's expected output.
2. Without PY2CUDA_CACHE_DIR, XDG_CACHE_HOME and HOME, the cache is TMPDIR/py2cuda-UID,
   created with mode 0700.
3. Such a folder that others may write to is refused (exit 1, a message naming it), and so
   is one another user owns (checked when this test runs as root, which can make one).
4. Each build's folder is named after a 128-bit content hash (32 hex digits).

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
CONCURRENT_RUNS = 4


def run(py2cuda: str, source: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(py2cuda), str(source / SAMPLE), "--run", "--emulate"], env=env, capture_output=True,
                          text=True, timeout=600)


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
        folders = [p.name for p in cache.iterdir()] if cache.exists() else []
        if len(folders) == 1 and re.fullmatch(r"hypot_kernel-[0-9a-f]{32}", folders[0]):
            report.ok("content key: one folder, named by a 128-bit hash")
        else:
            report.fail("content key", f"cache folders: {folders}")
        leftovers = [p.name for p in cache.rglob("*.tmp-*")]
        if leftovers:
            report.fail("no temporaries left", ", ".join(leftovers))
        else:
            report.ok("no temporaries left in the cache")

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
