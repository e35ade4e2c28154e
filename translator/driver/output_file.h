// Writing outputs so that nothing is lost: each file goes to a temporary
// beside its destination and is renamed into place only once all are written.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace py2cuda {

// Writes each (path, text) pair; a pair with an empty path is skipped and
// the path "-" means standard output. Returns false with `error` set, and
// leaves every destination untouched, when any write fails.
bool write_outputs(const std::vector<std::pair<std::string, std::string>>& files, std::string& error);

}  // namespace py2cuda
