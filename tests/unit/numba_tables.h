// Reading the tables of Numba's declarations that scripts in tests/oracle generate
// into tests/data/ (one `name<TAB>value` row each, `#` comments).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

namespace py2cuda::test_data {

// The rows of tests/data/FILE as name -> the rest of the line.
inline std::map<std::string, std::string> read_name_table(const std::string& file) {
  std::map<std::string, std::string> out;
  std::ifstream in(std::string(PY2CUDA_SOURCE_DIR) + "/tests/data/" + file);
  EXPECT_TRUE(in) << "missing tests/data/" << file;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    out[line.substr(0, tab)] = line.substr(tab + 1);
  }
  return out;
}

}  // namespace py2cuda::test_data
