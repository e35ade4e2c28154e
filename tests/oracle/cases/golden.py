"""Oracle cases for tests/golden/*.py, kept in four files by theme."""
from cases import golden_complex, golden_parallel, golden_structure, golden_types

TABLE = {**golden_types.TABLE, **golden_structure.TABLE, **golden_parallel.TABLE, **golden_complex.TABLE}
