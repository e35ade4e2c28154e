"""Oracle cases for tests/golden/*.py, kept in files by theme."""
from cases import (golden_complex, golden_constants, golden_fp16_intrinsics, golden_libdevice, golden_parallel,
                   golden_structure, golden_types, golden_views)

TABLE = {**golden_types.TABLE, **golden_structure.TABLE, **golden_parallel.TABLE,
         **golden_views.TABLE, **golden_complex.TABLE, **golden_libdevice.TABLE, **golden_constants.TABLE,
         **golden_fp16_intrinsics.TABLE}
