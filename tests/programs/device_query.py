# The course's first cell (print(cuda.gpus)) and the other device queries: cuda.detect(),
# cuda.is_available(), len(cuda.gpus). The emulation is one device and prints what Numba's
# simulator prints for itself; on a GPU both print the CUDA devices.
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
from numba import cuda

print(cuda.gpus)

if cuda.is_available():
    cuda.detect()
    print(f"{len(cuda.gpus)} device(s)")
else:
    print("no CUDA device")
