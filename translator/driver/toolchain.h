// Building translated code into executables: finding the compilers and the
// runtime headers, the GPU or CPU-emulation build commands, the build cache.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace py2cuda::toolchain {

struct BuildRequest {
  std::string cu_path;   // the translated source
  std::string exe_path;  // where the executable goes
  bool emulate = false;  // host compiler + emulation backend instead of nvcc
  // --racecheck: the emulation's data-race detector (emu/race_check.h) compiled in;
  // racecheck_all: it reports every race instead of stopping at the first.
  bool racecheck = false;
  bool racecheck_all = false;
  std::string argv0;     // py2cuda's own path, to find installed runtime headers
  // CUDA C/C++ files defining the device functions declared with cuda.declare_device:
  // compiled and linked with the .cu (nvcc -rdc=true; in emulation as C++ with the
  // runtime included first, which defines __device__ and the other CUDA keywords).
  std::vector<std::string> link_paths;
  // An emulated build's precompiled runtime headers (driver/precompiled_header.h): a header
  // holding the source's leading #include lines, its GCC .gch beside it, given with -include.
  // Empty: none. Such a build that fails is retried without it (build()).
  std::string precompiled_header;
};

// The runtime's include directory: $PY2CUDA_RUNTIME_INCLUDE, else the one
// installed beside py2cuda (BIN/../include), else the source tree's (none in a
// Python wheel: then the result is empty).
std::string runtime_include(const std::string& argv0);

// The compiler command line for a request (for messages and tests). Emulated builds
// add the flags in $PY2CUDA_EMULATE_CXXFLAGS (whitespace-separated) after -O2.
std::vector<std::string> build_command(const BuildRequest& request);

// The host compiler's command that precompiles `header` into `gch` for an emulated build
// of `request`: the very flags build_command gives the source (GCC uses a .gch only
// when they match), with -x c++-header.
std::vector<std::string> precompiled_header_command(const BuildRequest& request, const std::string& header,
                                                    const std::string& gch);

// Runs the build; on failure returns false with the compiler's output in `log`. A build
// with a precompiled header that fails is run again without it: when that succeeds, the
// .gch was at fault (truncated, say) and is discarded (precompiled_header::discard), and
// the user sees nothing of it; when it fails too, `log` is the plain build's.
bool build(const BuildRequest& request, std::string& log);

// Whether this machine has a usable NVIDIA GPU (a device node or nvidia-smi).
bool gpu_available();

// The cache folder for --run: $PY2CUDA_CACHE_DIR, else $XDG_CACHE_HOME/py2cuda,
// else ~/.cache/py2cuda.
// The compiler a build would use, with its --version text and the flags that shape the
// code (-fwrapv, $PY2CUDA_EMULATE_CXXFLAGS of an emulated build ...): part of the build cache's key.
std::string compiler_identity(const BuildRequest& request);

// Runs argv (no shell) with its output discarded; whether it started and exited 0.
bool run_quietly(const std::vector<std::string>& argv);

// Runs a program with arguments, passing its output through; returns its exit status.
int run_program(const std::string& path, const std::vector<std::string>& args);

}  // namespace py2cuda::toolchain
