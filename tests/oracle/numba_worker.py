"""The Numba side of the oracle tests: makes each case's inputs and Numba's outputs as .npy files.

Runs with the build's venv (numba, numba-cuda, numpy), started by run_oracle.py:

    numba_worker.py --source-dir REPO --out-root DIR [--engine sim|cpu] [--raw] PROGRAM...

PROGRAM is a path relative to REPO (samples/hypot_kernel.py). For each one, the program is
imported with importlib under a private name (its host code sits under `if __name__ ==
"__main__":` and does not run), and every case of the table (cases/) is run:

    DIR/<program>/<n>/in/<param>.npy        the array arguments before the launch
    DIR/<program>/<n>/expected/<param>.npy  every array argument after the launch
    DIR/<program>/manifest.json             kernels found, and per case: the parameters (name,
                                            array or scalar, dtype, scalar literal) or an error

Engines:
  sim  (default) NUMBA_ENABLE_CUDASIM=1: `kernel[grid, block](*args)` on NumPy arrays, then the
       case's first-principles `override` applied; cases with `expect` are not simulated.
  cpu  the same launches through Numba's CPU compiler with numba-cuda's lowering modelled
       (tests/programs/tools/cpu_oracle.py): compiled-Numba semantics, no overrides applied. A
       development aid: comparing its output with the sim engine's shows where the simulator
       is not a faithful oracle for a case (see check_table.py).
  --raw  the sim engine without the table's override/expect (check_table.py uses it to find
       corrections the simulator does not need).

The header comments `# simulator-rejects:` and `# simulator-shim: cuda-attributes` are honoured
as tests/programs/tools/numba_check.py honours them (the shims change nothing a kernel computes).
Exit status: 0 when the manifests were written (a case that raised is recorded in its manifest,
not an exit status), 2 on a usage or import problem.
"""
import argparse
import importlib.util
import inspect
import json
import os
import re
import shutil
import sys
import traceback
import warnings
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

REJECTS = re.compile(r"^#\s*simulator-rejects:\s*(.+)$", re.MULTILINE)
SHIM = re.compile(r"^#\s*simulator-shim:\s*cuda-attributes\s*$", re.MULTILINE)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, required=True)
    parser.add_argument("--out-root", type=Path, required=True)
    parser.add_argument("--engine", choices=("sim", "cpu"), default="sim")
    parser.add_argument("--raw", action="store_true",
                        help="sim engine: ignore the table's override/expect (for check_table.py)")
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args()

    if os.environ.get("NUMBA_ENABLE_CUDASIM") != "1":
        # Read once when numba.cuda is imported: too late to set it from here.
        print("numba_worker.py: run me with NUMBA_ENABLE_CUDASIM=1", file=sys.stderr)
        return 2
    sys.path.insert(0, str(args.source_dir / "tests" / "programs" / "tools"))
    import numba.cuda  # noqa: F401  (after the path setup; the simulator is chosen here)

    import cases
    for rel in args.programs:
        table = cases.TABLE.get(rel)
        if table is None:
            print(f"numba_worker.py: {rel} has no entry in the case table", file=sys.stderr)
            return 2
        engine = "raw" if args.raw else args.engine
        run_program(args.source_dir / rel, table, args.out_root / rel, engine)
    return 0


# ---- one program ------------------------------------------------------------------------------

def run_program(path: Path, kernels, out_dir: Path, engine: str) -> None:
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    manifest = {"program": str(path), "engine": engine, "kernels_found": [], "cases": []}
    try:
        module, signatures = import_program(path, engine)
    except Exception:  # the program itself does not import: every case reports it
        error = "importing the program failed:\n" + traceback.format_exc(limit=-3)
        for kernel in kernels:
            for case in kernel.cases:
                manifest["cases"].append({"kernel": kernel.name, "title": case.title(), "error": error})
        write_manifest(out_dir, manifest)
        return

    manifest["kernels_found"] = sorted(kernel_names(module))
    n = 0
    for kernel in kernels:
        fn = getattr(module, kernel.name, None)
        for case in kernel.cases:
            case_dir = out_dir / str(n)
            n += 1
            entry = {"kernel": kernel.name, "title": case.title(), "dir": case_dir.name}
            manifest["cases"].append(entry)
            try:
                if fn is None:
                    raise LookupError(f"the program has no kernel named {kernel.name!r}")
                entry["params"] = run_case(fn, case, case_dir, engine, signatures.get(kernel.name))
            except Exception as e:
                entry["error"] = f"{type(e).__name__}: {e}"
                if not isinstance(e, (LookupError, TableError)):
                    entry["error"] += "\n" + traceback.format_exc(limit=-4)
    write_manifest(out_dir, manifest)


def write_manifest(out_dir: Path, manifest: dict) -> None:
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")


def import_program(path: Path, engine: str):
    """The program as a module (its __main__ block not run), and {kernel: [signature, ...]}."""
    import numba.cuda
    import sim_shims

    source = path.read_text(encoding="utf-8")
    original_jit = numba.cuda.jit
    try:
        match = REJECTS.search(source)
        sim_shims.drop_jit_keywords(match.group(1).split() if match else [])
        if SHIM.search(source):
            sim_shims.install_cuda_attributes()
        if engine == "cpu":  # "raw" is the simulator without the table's corrections
            import cpu_oracle
            cpu_oracle.install()
        signatures = {}
        numba.cuda.jit = _recording_jit(numba.cuda.jit, signatures)
        spec = importlib.util.spec_from_file_location(f"oracle_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        # Each program starts from the simulator's own cuda.jit (the cpu engine's launch hook
        # stays installed, and only applies to that engine's worker process).
        numba.cuda.jit = original_jit
    by_name = {}
    for name, obj in vars(module).items():
        if id(obj) in signatures:
            by_name[name] = signatures[id(obj)]
    return module, by_name


def _recording_jit(jit, signatures: dict):
    """cuda.jit that remembers the declared signatures of what it makes (the simulator drops
    them), keyed by id() of the kernel object."""
    from numba.core import sigutils

    def recording(func_or_sig=None, *args, **kwargs):
        sigs = None
        if isinstance(func_or_sig, list) or sigutils.is_signature(func_or_sig):
            sigs = func_or_sig if isinstance(func_or_sig, list) else [func_or_sig]
        made = jit(func_or_sig, *args, **kwargs)
        if sigs is None:
            return made

        def decorate(fn):
            kernel = made(fn)
            signatures[id(kernel)] = sigs
            return kernel
        return decorate
    return recording


def kernel_names(module) -> list[str]:
    """Names bound to kernels (not device functions) in the module: Numba's view of the file."""
    from numba.cuda.simulator.kernel import FakeCUDAKernel
    return [name for name, obj in vars(module).items()
            if isinstance(obj, FakeCUDAKernel) and not obj._device]


# ---- one case ---------------------------------------------------------------------------------

class TableError(Exception):
    """The case does not fit the kernel (argument count or types)."""


def run_case(kernel, case, case_dir: Path, engine: str, signatures) -> list[dict]:
    import numpy as np

    from inputs import make_array, make_scalar, numpy_dtype, scalar_literal, _cast
    from spec import Array, RngStates

    names = list(inspect.signature(kernel.fn).parameters)
    if len(names) != len(case.args):
        raise TableError(f"the kernel has {len(names)} parameters ({', '.join(names)}), "
                         f"the case gives {len(case.args)} arguments")
    check_types(kernel, names, case.args, signatures)

    values, params = [], []
    (case_dir / "in").mkdir(parents=True)
    (case_dir / "expected").mkdir()
    for name, arg in zip(names, case.args):
        if isinstance(arg, Array):
            array = make_array(arg)
            np.save(case_dir / "in" / f"{name}.npy", array)
            values.append(array)
            params.append({"name": name, "kind": "array", "dtype": arg.dtype, "shape": list(arg.shape)})
        elif isinstance(arg, RngStates):
            from numba.cuda.random import create_xoroshiro128p_states
            values.append(create_xoroshiro128p_states(arg.count, seed=arg.seed))
            params.append({"name": name, "kind": "rng", "dtype": arg.dtype, "shape": [arg.count],
                           "literal": arg.literal})
        else:
            value = make_scalar(arg)
            values.append(value)
            params.append({"name": name, "kind": "scalar", "dtype": arg.dtype,
                           "literal": scalar_literal(value)})

    expect = dict(case.expect)
    if engine != "sim" or case.simulated:
        grid = case.grid
        block = case.block
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            # NumPy scalar arithmetic warns on overflow and division by zero; CUDA does not.
            warnings.simplefilter("ignore")
            kernel[grid, block](*values)
    for name, value, arg in zip(names, values, case.args):
        if not isinstance(arg, Array):
            continue
        if engine == "sim":
            if name in expect:
                value = make_array(expect[name])
                if value.shape != arg.shape or value.dtype != numpy_dtype(arg.dtype):
                    raise TableError(f"expect[{name!r}] is {value.dtype}{list(value.shape)}, "
                                     f"the argument {arg.dtype}{list(arg.shape)}")
            for index, wanted in dict(case.override).get(name, ()):
                value[index] = _cast(np.array([wanted], dtype=object), value.dtype)[0]
        np.save(case_dir / "expected" / f"{name}.npy", value)
    unknown = (set(expect) | set(dict(case.override))) - set(names)
    if unknown:
        raise TableError(f"override/expect names no parameter: {', '.join(sorted(unknown))}")
    return params


def check_types(kernel, names, args, signatures) -> None:
    """The table's dtypes must be those of a declared signature. (Annotations declare nothing:
    Numba types a kernel from its launch, and so does py2cuda where host code launches it.)"""
    from numba import types
    from numba.core import sigutils
    from spec import Array, RngStates

    if not signatures:
        return  # typed from the launch: nothing declared to check against
    candidates = [sigutils.normalize_signature(s)[0] for s in signatures]
    problems = []
    for declared in candidates:
        problems = []
        for name, arg, ty in zip(names, args, declared):
            if isinstance(arg, RngStates):
                ok = isinstance(ty, types.Array) and ty.ndim == 1 and isinstance(ty.dtype, types.Record)
                want = f"{ty}"
            elif isinstance(ty, types.Array):
                ok = isinstance(arg, Array) and str(ty.dtype) == arg.dtype and ty.ndim == len(arg.shape)
                want = f"{ty.dtype}[{ty.ndim}-D]"
            else:
                ok = not isinstance(arg, Array) and str(ty) == arg.dtype
                want = str(ty)
            if not ok:
                have = f"{arg.dtype}[{len(arg.shape)}-D]" if isinstance(arg, Array) else str(arg.dtype)
                problems.append(f"{name}: the table gives {have}, the signature says {want}")
        if not problems:
            return
    raise TableError("; ".join(problems))


if __name__ == "__main__":
    sys.exit(main())
