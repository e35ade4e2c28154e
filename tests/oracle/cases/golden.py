"""Oracle cases for tests/golden/*.py, kept in four files by theme."""
from cases import golden_parallel, golden_structure, golden_types, golden_views

TABLE = {**golden_types.TABLE, **golden_structure.TABLE, **golden_parallel.TABLE,
         **golden_views.TABLE}
