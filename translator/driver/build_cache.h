// The cache of programs built by `py2cuda --run`: a folder per build, named after a
// hash of everything that shapes the executable, safe to share between processes.
//
// Several `py2cuda X.py --run` may start at once (make -j, ctest -j, two terminals):
// every file is written under a name unique to its writer and renamed into place,
// so no process sees another's half-written .cu or executable, and a program is never
// rewritten while it runs. Two processes building the same program both build it; the
// second rename replaces the first's file with an identical one, which a running copy
// (holding the old inode) does not notice.
#pragma once

#include <string>
#include <vector>

namespace py2cuda::build_cache {

// $PY2CUDA_CACHE_DIR, else $XDG_CACHE_HOME/py2cuda, else $HOME/.cache/py2cuda; without
// any of them, a private folder of this user's in the temporary directory
// (/tmp/py2cuda-UID, mode 0700). A folder there that another user owns, or that others
// may write to, is refused: nobody may plant a program that this user's --run executes.
// Empty, with `error` set, when no usable folder can be had.
std::string directory(std::string& error);

// A well-distributed 128-bit hash (XXH3) of `parts`, as 32 hex digits. The same on
// every build and platform of py2cuda, unlike std::hash.
std::string content_key(const std::vector<std::string>& parts);

// The texts of every file under `dir` (the runtime headers), in path order, for the key.
std::string tree_text(const std::string& dir);

// A path beside `path` that no other process uses: PATH.tmp-PID-N.
std::string unique_temporary(const std::string& path);

}  // namespace py2cuda::build_cache
