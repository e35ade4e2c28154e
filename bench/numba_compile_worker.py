"""Time Numba's own compilation of one sample's CUDA kernels; write JSON.

Usage: PYTHON_WITH_NUMBA numba_compile_worker.py SAMPLE.py --json OUT.json
                                                 [--cc 8.0] [--warm 3]

translate_vs_numba.py starts this once per measurement, so the first compile in
the process is a cold one: it pays Numba's lazy one-time set-up (typing and
target contexts, loading libNVVM and libdevice) as a user's script does. The
import of numba itself is timed separately and never counted.

What is timed is the compile work that Numba's own decorators do when the
sample is imported: `@cuda.jit(signature)` compiles each signature of a kernel
to PTX (and each signature of a device function to NVVM IR, linked into the
kernels that call it); device functions without a signature are compiled when
a kernel that calls them is. The clock runs only inside the outermost
`CUDADispatcher.compile` / `compile_device` calls, not over the rest of the
module's top-level code.

Without a GPU, the decorators would fail where they reach the CUDA driver. The
patches below remove exactly those points and nothing on the compile path:

1. `get_current_device()` (asked for the compute capability) -> a stand-in
   that reports --cc;
2. `CUDACodeLibrary._ensure_cc(None)` (the same question, asked by the PTX
   generator) -> --cc;
3. `_Kernel.bind()` (link to a cubin and load it onto the GPU) -> nothing;
   this is driver and linker work after PTX exists, which is out of scope;
4. `CUDADispatcher.enable_caching()` -> nothing, so `cache=True` cannot turn
   a measurement into an on-disk cache hit;
5. `@vectorize(target="cuda")` compiles only its scalar core when decorated and
   the kernel around it at the first call; the kernel is compiled at once here
   with the decorator's signature, so the sample's whole ufunc is counted.

Warm measurements re-execute the sample under a new module name: every
dispatcher is new, so everything is compiled again, without the set-up cost.
"""

import argparse
import functools
import importlib.util
import json
import os
import sys
import time
import traceback
import types as pytypes


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sample", help="Python file in the Numba CUDA dialect")
    parser.add_argument("--json", required=True, help="where to write the result")
    parser.add_argument("--cc", default="8.0", help="compute capability (default 8.0)")
    parser.add_argument("--warm", type=int, default=3, help="warm recompiles (default 3)")
    return parser.parse_args()


class CompileClock:
    """Accumulates the time spent in the outermost Numba compile calls."""

    def __init__(self):
        self.seconds = 0.0
        self.compiled = []  # "name(argtypes)" of each outermost compile
        self._depth = 0

    def reset(self):
        self.seconds = 0.0
        self.compiled = []

    def wrap(self, method, kind):
        clock = self

        @functools.wraps(method)
        def timed(dispatcher, *args, **kwargs):
            clock._depth += 1
            start = time.perf_counter()
            try:
                return method(dispatcher, *args, **kwargs)
            finally:
                clock._depth -= 1
                if clock._depth == 0:  # callees are inside their caller's time
                    clock.seconds += time.perf_counter() - start
                    signature = args[0] if args else kwargs.get("args", kwargs.get("sig"))
                    clock.compiled.append(f"{kind} {dispatcher.py_func.__name__}{signature}")

        return timed


def replace(owner, name, value):
    """Set owner.name, refusing to invent it: written against numba-cuda 0.30.4
    (pinned in scripts/oracle-requirements.txt); if a later release renames a
    patched point, the benchmark must fail loudly, not measure something else."""
    if not hasattr(owner, name):
        raise AttributeError(f"{getattr(owner, '__name__', owner)}.{name} not found: "
                             "numba-cuda changed; update numba_compile_worker.py")
    setattr(owner, name, value)


def patch_no_driver(cc):
    """Without a driver: answer the compute-capability questions, never load a kernel.
    (Also used by sass_numba_worker.py.)"""
    from numba.cuda import codegen, dispatcher

    fake_device = pytypes.SimpleNamespace(compute_capability=cc)
    replace(dispatcher, "get_current_device", lambda: fake_device)

    ensure_cc = codegen.CUDACodeLibrary._ensure_cc
    replace(codegen.CUDACodeLibrary, "_ensure_cc",
            lambda self, want: ensure_cc(self, want or cc + ("",)))

    replace(dispatcher._Kernel, "bind", lambda self: None)
    replace(dispatcher.CUDADispatcher, "enable_caching", lambda self: None)


def install_patches(cc):
    """Apply the patches listed in the module docstring; return the clock."""
    from numba import cuda
    from numba.cuda import dispatcher, vectorizers

    patch_no_driver(cc)
    replace(vectorizers.CUDAVectorize, "_compile_kernel",
            lambda self, fnobj, sig: cuda.jit(sig)(fnobj))

    clock = CompileClock()
    cls = dispatcher.CUDADispatcher
    replace(cls, "compile", clock.wrap(cls.compile, "kernel"))
    replace(cls, "compile_device", clock.wrap(cls.compile_device, "device"))
    return clock


def load_sample(path, module_name):
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def measure(args):
    result = {"sample": args.sample, "compiled": [], "numba_import_s": None,
              "cold_s": None, "warm_s": [], "error": None}
    cc = tuple(int(part) for part in args.cc.split("."))

    start = time.perf_counter()
    clock = install_patches(cc)  # imports numba
    result["numba_import_s"] = time.perf_counter() - start

    sample = os.path.abspath(args.sample)
    sys.path.insert(0, os.path.dirname(sample))  # samples may import neighbours
    stem = os.path.splitext(os.path.basename(sample))[0]

    load_sample(sample, stem)
    result["cold_s"], result["compiled"] = clock.seconds, clock.compiled
    for run in range(args.warm):
        clock.reset()
        load_sample(sample, f"{stem}__bench_warm{run}")
        result["warm_s"].append(clock.seconds)
    return result


def describe_failure(exc):
    where = traceback.extract_tb(exc.__traceback__)
    lines = str(exc).strip().splitlines()
    text = f"{type(exc).__name__}: {lines[0] if lines else ''}"
    if where:
        text += f" (at {os.path.basename(where[-1].filename)}:{where[-1].lineno})"
    return text


def main():
    args = parse_args()
    try:
        result = measure(args)
    except BaseException as exc:  # report any failure as data, never a traceback
        result = {"sample": args.sample, "error": describe_failure(exc)}
    with open(args.json, "w", encoding="utf-8") as out:
        json.dump(result, out, indent=1)
    return 0 if result.get("error") is None else 1


if __name__ == "__main__":
    sys.exit(main())
