// The emulated build's precompiled runtime headers: GCC .gch files in the build cache.
//
// An emulated build spends a third to a half of its compile parsing the runtime's headers
// (py2cuda/runtime.h with host.h or harness.h and the standard library under them), the same
// for every program. So the source's leading `#include <py2cuda/...>` lines (its prelude) are
// compiled once into CACHE/pch/prelude-KEY.h.gch, and the build gets `-include prelude-KEY.h`:
// g++ loads the .gch instead of parsing the headers, and the source's own #include lines then
// include nothing (#pragma once). The executable is the same, byte for byte.
//
// KEY hashes everything the .gch depends on: the compiler and its version, the exact command
// that makes it (flags, $PY2CUDA_EMULATE_CXXFLAGS, --racecheck's macros), the runtime folder
// and the text of every header in it, the prelude. GCC uses a .gch only when the flags match,
// so a different flag set is a different KEY, never a mismatch.
//
// Concurrent py2cuda processes (ctest -j, make -j): the first to need a .gch takes a lock file
// (flock), builds it under a temporary name and renames it into place; the others wait on the
// lock and use it. Any failure (no cache folder, not GCC, the .gch does not build) means a plain
// build, silently; a build that fails with the .gch is retried without it (toolchain::build).
// A .gch is ~100 MB, so making a new one deletes those unused for an hour.
// PY2CUDA_PRECOMPILED_HEADER=0 in the environment turns it off.
#pragma once

#include <string>

#include "driver/toolchain.h"

namespace py2cuda::precompiled_header {

// The leading `#include <py2cuda/...>` lines of a translated source, after its opening
// comments and blank lines, each ending in '\n'; empty when it has none.
std::string prelude(const std::string& cu_text);

// Whether the compiler whose `--version` says `version_text` is GCC, whose .gch files
// `-include` picks up (and ignores when unusable).
bool compiler_reads_gch(const std::string& version_text);

// For an emulated build of `request` (its link_paths empty) compiling `cu_text`: the
// header to give with -include, its .gch made if need be. Empty when there is none to use.
std::string prepare(const toolchain::BuildRequest& request, const std::string& cu_text);

// Removes a header's .gch found unusable, so that the next build makes it again.
void discard(const std::string& header);

}  // namespace py2cuda::precompiled_header
