#!/usr/bin/env bash
# The one set-up path: Debian packages, configure, build. Idempotent; on a
# machine that has everything it only re-runs the (incremental) build.
#
#   scripts/bootstrap.sh [extra cmake arguments, e.g. -DPY2CUDA_ORACLE=OFF]
#
# Environment: BUILD_DIR (default build), JOBS (default 2, the machines' cores).
# Installing packages needs root (or sudo). The CUDA toolkit is not installed
# here: it is expected under /usr/local/cuda, and only the compile tests and
# the demo need it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir="${BUILD_DIR:-build}"
jobs="${JOBS:-2}"

# python3-pip: the build fetches tree-sitter's sources with `pip download`.
# python3-venv: the build makes build/venv for the Numba oracle.
# libboost-context-dev: the CPU emulation runtime's fibers.
# libxxhash-dev: the hash that keys py2cuda --run's build cache.
# ccache: rebuilds of a second checkout (worktree, CI clone) reuse objects.
# chromium: tests/annotate/run_annotate.py loads --annotate's page in headless Chromium.
packages=(
  cmake ninja-build g++ make ccache
  libfmt-dev libgtest-dev libgmock-dev libcli11-dev libboost-context-dev libxxhash-dev
  python3 python3-pip python3-venv ca-certificates
  chromium
)

installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$'
}

missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    if ! command -v sudo >/dev/null; then
      echo "bootstrap: need root to install: ${missing[*]}" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The generator is chosen once, when the build tree is made; asking for it again
# on an existing tree made otherwise would be an error.
generator=()
[[ -f "$build_dir/CMakeCache.txt" ]] || generator=(-G Ninja)

cmake -S . -B "$build_dir" "${generator[@]}" "$@"
cmake --build "$build_dir" --parallel "$jobs"
