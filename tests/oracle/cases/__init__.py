"""The oracle case table: for every program, the kernels it defines and how to test each.

TABLE maps a program's path relative to the repository ("samples/hypot_kernel.py") to a list
of spec.Kernel. run_oracle.py reports a kernel that Numba finds in a program but the table
does not list, so a new sample cannot go untested unnoticed.
"""
from cases import golden, programs, samples

TABLE = {**samples.TABLE, **golden.TABLE, **programs.TABLE}
