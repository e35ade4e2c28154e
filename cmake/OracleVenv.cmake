# BUILD/venv: Python with pinned Numba, numba-cuda and numpy for the oracle
# tests (Numba's CUDA simulator is the reference for emulated results) and the
# benchmarks. Made at build time by scripts/make_venv.sh, target py2cuda_venv;
# it is part of `all`, so a built tree has it, and the script tests receive
# `--python ${PY2CUDA_VENV_PYTHON}`.

set(PY2CUDA_VENV_DIR "${PROJECT_BINARY_DIR}/venv")
set(PY2CUDA_VENV_PYTHON "${PY2CUDA_VENV_DIR}/bin/python")
set(_stamp "${PY2CUDA_VENV_DIR}/py2cuda-venv.stamp")

add_custom_command(
  OUTPUT "${_stamp}"
  BYPRODUCTS "${PY2CUDA_VENV_PYTHON}"
  COMMAND "${CMAKE_COMMAND}" -E env "PYTHON3=${PY2CUDA_PYTHON3}"
          bash "${PROJECT_SOURCE_DIR}/scripts/make_venv.sh" "${PROJECT_BINARY_DIR}"
  DEPENDS "${PROJECT_SOURCE_DIR}/scripts/make_venv.sh"
          "${PROJECT_SOURCE_DIR}/scripts/oracle-requirements.txt"
  COMMENT "Python venv for the Numba oracle (build/venv)"
  USES_TERMINAL  # pip can take a minute: let its messages through
  VERBATIM)
add_custom_target(py2cuda_venv ALL DEPENDS "${_stamp}")
