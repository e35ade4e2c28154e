"""The launches that emulation_vs_simulator.py times: which kernel, on what.

Each case is one kernel of a repository file launched on arrays of n float32
elements, with a launch shape that is a function of n, so the simulator (timed
on a small n) and the emulation (a large n) run the same launch per thread.
Standard library only: the driver and the Numba worker both import this file.
"""

import dataclasses


@dataclasses.dataclass(frozen=True)
class Input:
    """An input array of n float32 elements: one of the shared PATTERNS."""
    pattern: str


@dataclasses.dataclass(frozen=True)
class Output:
    """An output array of n // per float32 zeros (per: elements in per output)."""
    per: int = 1


@dataclasses.dataclass(frozen=True)
class Scalar:
    """A float32 scalar argument, as its literal text (the harness's spelling)."""
    text: str


@dataclasses.dataclass(frozen=True)
class Case:
    source: str         # repository-relative path of the Python file
    kernel: str
    block: int          # threads per block
    args: tuple         # Input / Output / Scalar, one per kernel parameter
    per_thread: int = 1  # elements each thread handles (grid-stride loops)
    fibers: bool = False  # has barriers: the emulation runs its threads as fibers

    def grid(self, n):
        """Blocks for n elements: enough that every element has a thread."""
        per_block = self.block * self.per_thread
        return (n + per_block - 1) // per_block


def pattern_value(pattern, i):
    """Element i of an input pattern: deterministic values in [-4, 4], no zeros in 'b'."""
    if pattern == "a":
        return ((i * 7919) % 8001 - 4000) / 1000.0
    if pattern == "b":
        return ((i * 104729) % 7001 + 1) / 1000.0 - 3.5005
    raise ValueError(f"unknown input pattern {pattern!r}")


PATTERNS = ("a", "b")

CASES = (
    Case("samples/hypot_kernel.py", "hypot_kernel", 256,
         (Input("a"), Input("b"), Output())),
    Case("samples/gaussian_pdf.py", "gaussian_pdf", 256,
         (Input("a"), Scalar("0.5"), Scalar("1.25"), Output())),
    # Grid-stride: a quarter as many threads as elements, each doing four.
    Case("samples/saxpy_grid_stride.py", "saxpy", 256,
         (Scalar("2.5"), Input("a"), Input("b"), Output()), per_thread=4),
    Case("samples/polar_distance.py", "polar_distance", 64,
         (Input("a"), Input("b"), Input("b"), Input("a"), Output())),
    # Shared memory and cuda.syncthreads() in a loop; TPB = 16 in the file, so
    # blocks of 16 threads, one output per block.
    Case("tests/golden/shared_memory.py", "block_sum", 16,
         (Input("a"), Output(16)), fibers=True),
)
