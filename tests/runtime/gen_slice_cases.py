"""Writes tests/runtime/slice_cases.txt: which elements CPython's slices select.

For sequences of a few lengths and slices with omitted, negative, zero-length and
out-of-range bounds and steps of either sign, the elements `list(range(n))[slice]`
selects: the first one and how many (the step is the slice's own). Numba's fix_slice
reproduces these rules (PySlice_AdjustIndices); tests/unit/test_runtime_slice.cpp
checks py2cuda::resolve_slice and py2cuda::view against them.
Each line: n start stop step count first ("N" is an omitted bound; first is "-" when
count is 0).
    python3 tests/runtime/gen_slice_cases.py > tests/runtime/slice_cases.txt
"""
BOUNDS = [None, -9, -5, -4, -1, 0, 1, 3, 4, 5, 9]
STEPS = [None, -3, -2, -1, 1, 2, 4]


def show(v):
    return "N" if v is None else str(v)


def main():
    print("# n start stop step count first: list(range(n))[start:stop:step] in CPython (see the generator)")
    for n in (0, 1, 4, 5):
        for start in BOUNDS:
            for stop in BOUNDS:
                for step in STEPS:
                    picked = list(range(n))[start:stop:step]
                    first = str(picked[0]) if picked else "-"
                    print(f"{n} {show(start)} {show(stop)} {show(step)} {len(picked)} {first}")


if __name__ == "__main__":
    main()
