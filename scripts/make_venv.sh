#!/usr/bin/env bash
# Creates BUILD_DIR/venv, the Python environment of the Numba oracle tests and
# the benchmarks, with the pins of scripts/oracle-requirements.txt.
#
#   scripts/make_venv.sh BUILD_DIR          (PYTHON3=... picks the base interpreter)
#
# Idempotent: BUILD_DIR/venv/py2cuda-venv.stamp records the base interpreter and
# the pins the venv was made from; when they still match, nothing is done. The
# build runs this (target py2cuda_venv) when PY2CUDA_ORACLE is ON.
set -euo pipefail

if [[ $# -ne 1 ]]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
requirements="$here/oracle-requirements.txt"
python3="${PYTHON3:-python3}"
venv="$1/venv"
stamp="$venv/py2cuda-venv.stamp"

want="$("$python3" -c 'import sys; print(sys.base_prefix, sys.version.split()[0])')
$(grep -Ev '^[[:space:]]*(#|$)' "$requirements")"

if [[ -f "$stamp" && -x "$venv/bin/python" && "$(cat "$stamp")" == "$want" ]]; then
  touch "$stamp"  # newer than its inputs, so the build does not ask again
  exit 0
fi

echo "make_venv: creating $venv with $(grep -Ev '^[[:space:]]*(#|$)' "$requirements" | head -3 | paste -sd' ')"
rm -f "$stamp"
"$python3" -m venv --clear "$venv"
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
  --requirement "$requirements"
# Fail here, not in the first oracle test, if the environment cannot import.
"$venv/bin/python" -c 'import numba, numba.cuda, numpy'
printf '%s\n' "$want" >"$stamp"
echo "make_venv: $venv ready"
