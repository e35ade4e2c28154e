"""Helpers shared by the script tests (tests/*/run_*.py).

The runners are Python 3 with the standard library only. Each one inserts the
tests/ folder into sys.path and imports what it needs from here:

    cli           the standard arguments every runner accepts
    report        PASS/FAIL/SKIP lines and the final "N passed, M failed"
    translator    running py2cuda, per-file extra arguments, listing programs
    diagnostics   parsing py2cuda's rendered diagnostics
    expectations  the "# expect:" headers of the bad-input corpus
    tools         finding nvcc and the host C++ compiler, running commands
    scratch       temporary working folders
    npy           reading .npy files without NumPy
    harness       building py2cuda's harness executable in emulation and launching kernels
"""
