# The README's two commands; both set up and build first (scripts/bootstrap.sh:
# Debian packages, configure, build, all idempotent).
#
#   make test    run every test (unit, golden, compile, bad-input, oracle)
#   make demo    translate samples/hypot_kernel.py and compile it with nvcc
#
# BUILD_DIR (default build) and JOBS (default 2) pass through to the scripts.

BUILD_DIR ?= build
JOBS ?= 2
export BUILD_DIR JOBS

.PHONY: all build test demo clean

all: build

build:
	bash scripts/bootstrap.sh

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS)

demo: build
	bash scripts/demo.sh

clean:
	rm -rf $(BUILD_DIR)
