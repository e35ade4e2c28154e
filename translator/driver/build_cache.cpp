#include "driver/build_cache.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

namespace py2cuda::build_cache {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : std::string();
}

// The folder exists (made with mode 0700 if not), is a real folder this user owns, and
// nobody else may write to it.
bool private_folder(const std::string& dir, std::string& error) {
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
    error = "cannot create the build cache '" + dir + "'";
    return false;
  }
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    error = "the build cache '" + dir + "' is not a folder";
    return false;
  }
  if (st.st_uid != ::geteuid()) {
    error = "the build cache '" + dir + "' belongs to another user; set PY2CUDA_CACHE_DIR";
    return false;
  }
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    error = "the build cache '" + dir + "' may be written by other users; set PY2CUDA_CACHE_DIR";
    return false;
  }
  return true;
}

}  // namespace

std::string directory(std::string& error) {
  std::string chosen = env("PY2CUDA_CACHE_DIR");
  if (chosen.empty() && !env("XDG_CACHE_HOME").empty()) chosen = env("XDG_CACHE_HOME") + "/py2cuda";
  if (chosen.empty() && !env("HOME").empty()) chosen = env("HOME") + "/.cache/py2cuda";
  if (!chosen.empty()) {
    std::error_code ec;
    fs::create_directories(chosen, ec);
    if (!fs::is_directory(chosen)) {
      error = "cannot create the build cache '" + chosen + "'";
      return "";
    }
    return chosen;
  }
  std::error_code ec;
  const std::string tmp = fs::temp_directory_path(ec).string();
  const std::string dir = (tmp.empty() ? std::string("/tmp") : tmp) + "/py2cuda-" + std::to_string(::geteuid());
  return private_folder(dir, error) ? dir : "";
}

std::string content_key(const std::vector<std::string>& parts) {
  XXH3_state_t* state = XXH3_createState();
  XXH3_128bits_reset(state);
  for (const std::string& p : parts) {
    // Each part's length first, so that ("ab", "c") and ("a", "bc") differ.
    const uint64_t size = p.size();
    XXH3_128bits_update(state, &size, sizeof size);
    XXH3_128bits_update(state, p.data(), p.size());
  }
  const XXH128_hash_t h = XXH3_128bits_digest(state);
  XXH3_freeState(state);
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return hex;
}

std::string tree_text(const std::string& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  std::string text;
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text += f.lexically_relative(dir).generic_string() + '\0' + buffer.str() + '\0';
  }
  return text;
}

std::string unique_temporary(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

}  // namespace py2cuda::build_cache
