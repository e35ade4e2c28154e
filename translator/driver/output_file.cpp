#include "driver/output_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <unistd.h>

namespace py2cuda {

bool write_outputs(const std::vector<std::pair<std::string, std::string>>& files, std::string& error) {
  namespace fs = std::filesystem;
  std::vector<std::pair<fs::path, fs::path>> renames;  // temporary -> destination
  auto cleanup = [&] {
    std::error_code ec;
    for (const auto& [tmp, dst] : renames) fs::remove(tmp, ec);
  };
  for (const auto& [path, text] : files) {
    if (path.empty() || path == "-") continue;
    fs::path dst(path);
    fs::path tmp = dst;
    tmp += ".py2cuda-tmp-" + std::to_string(::getpid());
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    renames.emplace_back(tmp, dst);
    if (!out) {
      error = "cannot write '" + path + "'";
      cleanup();
      return false;
    }
  }
  for (const auto& [tmp, dst] : renames) {
    std::error_code ec;
    fs::rename(tmp, dst, ec);
    if (ec) {
      error = "cannot write '" + dst.string() + "': " + ec.message();
      cleanup();
      return false;
    }
  }
  for (const auto& [path, text] : files) {
    if (path == "-") std::cout << text << std::flush;
  }
  return true;
}

}  // namespace py2cuda
