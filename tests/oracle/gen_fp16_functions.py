"""Regenerates tests/data/numba_fp16_functions.tsv from the installed numba-cuda.

One line per `__`-prefixed function of numba.cuda.fp16 (its __all__, less the __half
type): its name and the one signature numba-cuda's typing template declares for it
(numba_cuda/numba/cuda/_internal/cuda_fp16.py). tests/unit/test_fp16_intrinsics_table.cpp
checks py2cuda's builtins table against it.

    build/venv/bin/python tests/oracle/gen_fp16_functions.py > tests/data/numba_fp16_functions.tsv
"""
import numba_cuda
from numba.cuda import fp16
from numba.cuda._internal import cuda_fp16


def main():
    print(f"# numba-cuda {numba_cuda.__version__}: cuda.fp16 function<TAB>Numba signature")
    for name in sorted(n for n in fp16.__all__ if n.startswith("__") and n != "__half"):
        (sig,) = getattr(cuda_fp16, f"_typing_{name}").cases
        params = ", ".join(str(a) for a in sig.args)
        print(f"{name}\t{sig.return_type}({params})")


if __name__ == "__main__":
    main()
