"""Regenerates tests/data/numba_libdevice_functions.tsv from the installed numba-cuda.

One line per function of numba.cuda.libdevice: its name (libdevice.NAME calls
__nv_NAME) and the signature Numba types calls with (numba_cuda's
libdevicefuncs.create_signature: pointer arguments become tuple results). The
table is the expectation that tests/unit/test_libdevice.cpp checks py2cuda's
builtins table against.

    build/venv/bin/python tests/oracle/gen_libdevice_functions.py > tests/data/numba_libdevice_functions.tsv
"""
import numba_cuda
from numba.cuda import libdevicefuncs


def main():
    print(f"# numba-cuda {numba_cuda.__version__}: libdevice function<TAB>Numba signature")
    for full_name, (retty, args) in sorted(libdevicefuncs.functions.items()):
        sig = libdevicefuncs.create_signature(retty, args)
        params = ", ".join(str(a) for a in sig.args)
        print(f"{full_name[len('__nv_'):]}\t{sig.return_type}({params})")


if __name__ == "__main__":
    main()
