# The README's two commands; both set up and build first (scripts/bootstrap.sh:
# Debian packages, configure, build, all idempotent).
#
#   make test    run every test (unit, golden, compile, bad-input, oracle)
#   make demo    translate samples/hypot_kernel.py and compile it with nvcc
#   make docs    regenerate the generated tables in docs/ (scripts/gen_docs.py)
#   make sanitize  unit tests, bad inputs and emulated programs under ASan/UBSan
#                (scripts/sanitize.sh, its own build in build-san; docs/tests.md)
#   make fuzz    each libFuzzer target for FUZZ_SECONDS (default 60; tests/fuzz/run_fuzz.sh)
#
# BUILD_DIR (default build) and JOBS (default 2) pass through to the scripts.

BUILD_DIR ?= build
JOBS ?= 2
export BUILD_DIR JOBS

.PHONY: all build test demo docs sanitize fuzz clean

all: build

build:
	bash scripts/bootstrap.sh

test: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j$(JOBS)

demo: build
	bash scripts/demo.sh

docs: build
	python3 scripts/gen_docs.py --py2cuda $(BUILD_DIR)/py2cuda

sanitize:
	bash scripts/sanitize.sh

FUZZ_SECONDS ?= 60
fuzz:
	bash tests/fuzz/run_fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD_DIR)
