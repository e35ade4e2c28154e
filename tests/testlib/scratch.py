"""Temporary working folders that can be kept for a look after a failure."""
import contextlib
import shutil
import tempfile
from pathlib import Path


@contextlib.contextmanager
def scratch_dir(prefix: str, keep: bool = False):
    """A fresh empty folder, removed afterwards unless `keep` (then its path is printed)."""
    path = Path(tempfile.mkdtemp(prefix=f"py2cuda-{prefix}-"))
    try:
        yield path
    finally:
        if keep:
            print(f"    (kept {path})", flush=True)
        else:
            shutil.rmtree(path, ignore_errors=True)
