"""Numba's PTX for the kernels bench/sass.py compares; JSON out.

Usage: PYTHON_WITH_NUMBA sass_numba_worker.py REQUEST.json RESULT.json

REQUEST.json: {"ccs": ["8.0", "9.0"], "out_dir": DIR,
               "files": [{"path": FILE.py, "kernels": [{"name", "cpp_name", "signature"}, ...]}]}
RESULT.json: per file and kernel instance, per cc, the path of the PTX written or the error.

Each kernel is compiled with `numba.cuda.compile_ptx(kernel.py_func, signature, cc=cc)`, the
signature being the one py2cuda typed the kernel with (its decorator's, or the one py2cuda
inferred from the host code's launches), so both sides compile the same instance. Fastmath and
launch bounds are the kernel's own decorator options, as py2cuda honours them too; lineinfo is
off. A kernel with debug=True is not compared (its row says why): Numba's debug build is
unoptimized, and its build without debug drops the asserts and raises py2cuda checks. Device functions the kernel calls are compiled into its PTX by Numba itself.

A module is loaded one top-level statement at a time, as `__name__ != "__main__"`: a statement
that fails (host code at the top level that needs a GPU) is skipped, so the definitions after it
are still made. Where a decorator with a signature compiles eagerly, the compute capability that
Numba would ask the driver for is --cc's first value (bench/numba_compile_worker.py has the same
patches, with their reasons).
"""

import ast
import json
import os
import sys
import types as pytypes

from numba_compile_worker import describe_failure, patch_no_driver  # this folder: on sys.path


def load_definitions(path, module_name):
    """The module's top-level definitions, skipping statements that fail."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    module = pytypes.ModuleType(module_name)
    module.__file__ = path
    sys.modules[module_name] = module
    skipped = []
    for stmt in tree.body:
        code = compile(ast.Module(body=[stmt], type_ignores=[]), path, "exec")
        try:
            exec(code, module.__dict__)
        except BaseException as exc:  # host code needing a GPU, or a launch
            skipped.append(f"line {stmt.lineno}: {describe_failure(exc)}")
    return module, skipped


def find_kernel(module, name):
    obj = module.__dict__.get(name)
    if obj is not None and hasattr(obj, "py_func"):
        return obj
    return None


def signature_of(text):
    """Numba's signature from py2cuda's text, with the type names Numba's own parser lacks
    (xoroshiro128p_type, the random states' record, is not in numba.core.types)."""
    from numba.core import types
    from numba.cuda.random import xoroshiro128p_type
    names = dict(types.__dict__)
    names["xoroshiro128p_type"] = xoroshiro128p_type
    return eval(text, {"__builtins__": {}}, names)  # noqa: S307 (py2cuda's own output)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        request = json.load(f)
    os.environ.setdefault("CUDA_HOME", "/usr/local/cuda")
    ccs = [tuple(int(p) for p in cc.split(".")) for cc in request["ccs"]]
    patch_no_driver(ccs[0])
    from numba import cuda

    results = []
    for index, entry in enumerate(request["files"]):
        path = os.path.abspath(entry["path"])
        sys.path.insert(0, os.path.dirname(path))
        file_result = {"path": entry["path"], "kernels": [], "skipped": []}
        try:
            module, file_result["skipped"] = load_definitions(
                path, f"sassbench_{index}_{os.path.splitext(os.path.basename(path))[0]}")
        except BaseException as exc:
            module = None
            file_result["error"] = describe_failure(exc)
        for kernel in entry["kernels"]:
            row = {**kernel, "ptx": {}, "error": None}
            dispatcher = find_kernel(module, kernel["name"]) if module else None
            if dispatcher is None:
                row["error"] = "not a module-level kernel Numba can compile alone"
            else:
                options = getattr(dispatcher, "targetoptions", {}) or {}
                if options.get("debug"):
                    # Numba's debug build is unoptimized with debug information (ptxas -O3 refuses it:
                    # "Optimized debugging not supported"), and without debug it drops the kernel's
                    # asserts and raises, which py2cuda checks: no build of Numba's compares.
                    row["error"] = "debug=True: Numba's debug build is unoptimized (-O0), and without debug it drops the asserts and raises py2cuda checks"
                    file_result["kernels"].append(row)
                    continue
                for cc in ccs:
                    try:
                        ptx, _ = cuda.compile_ptx(dispatcher.py_func, signature_of(kernel["signature"]), cc=cc,
                                                  fastmath=bool(options.get("fastmath", False)),
                                                  launch_bounds=options.get("launch_bounds"))
                    except BaseException as exc:
                        row["error"] = describe_failure(exc)
                        break
                    out = os.path.join(request["out_dir"], f"{index}_{kernel['cpp_name']}_sm{cc[0]}{cc[1]}.ptx")
                    if not os.path.exists(out) or open(out, encoding="utf-8").read() != ptx:
                        with open(out, "w", encoding="utf-8") as f:  # unchanged: its cubin is reused
                            f.write(ptx)
                    row["ptx"][f"{cc[0]}.{cc[1]}"] = out
            file_result["kernels"].append(row)
        results.append(file_result)
        sys.path.pop(0)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
