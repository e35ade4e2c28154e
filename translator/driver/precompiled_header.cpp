#include "driver/precompiled_header.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "driver/build_cache.h"
#include "driver/output_file.h"
#include "driver/translate.h"

namespace py2cuda::precompiled_header {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFilePrefix = "prelude-";
// A .gch nobody has used for this long is deleted when another one is made.
constexpr std::chrono::hours kUnusedLifetime{1};

// An exclusive flock on a file, held while this object lives. Without the lock (the file
// cannot be opened) two processes may both build a .gch: wasted work, nothing worse, since
// each renames its own temporary into place.
class FileLock {
 public:
  explicit FileLock(const std::string& path) : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600)) {
    if (fd_ >= 0) ::flock(fd_, LOCK_EX);
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

bool usable(const std::string& gch) {
  std::error_code ec;
  return fs::is_regular_file(gch, ec) && fs::file_size(gch, ec) > 0 && !ec;
}

// Marks a .gch as just used, so that pruning keeps it.
void touch(const std::string& path) {
  std::error_code ec;
  fs::last_write_time(path, fs::file_time_type::clock::now(), ec);
}

// Deletes the files of every prelude but `keep` (a KEY's files share the name up to the
// first '.') whose newest file is older than kUnusedLifetime: a .gch in use is touched
// at each use, a temporary being written is new.
void prune(const fs::path& dir, const std::string& keep) {
  std::map<std::string, std::pair<fs::file_time_type, std::vector<fs::path>>> groups;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(kFilePrefix, 0) != 0) continue;
    const std::string stem = name.substr(0, name.find('.'));
    if (stem == keep) continue;
    std::error_code time_ec;
    const fs::file_time_type written = fs::last_write_time(it->path(), time_ec);
    if (time_ec) continue;
    auto& [newest, files] = groups.try_emplace(stem, written, std::vector<fs::path>{}).first->second;
    newest = std::max(newest, written);
    files.push_back(it->path());
  }
  const fs::file_time_type now = fs::file_time_type::clock::now();
  for (const auto& [stem, group] : groups) {
    if (now - group.first < kUnusedLifetime) continue;
    for (const fs::path& file : group.second) fs::remove(file, ec);
  }
}

}  // namespace

std::string prelude(const std::string& cu_text) {
  static const std::string kInclude = "#include <py2cuda/";
  std::string lines;
  size_t start = 0;
  bool in_includes = false;
  while (start < cu_text.size()) {
    size_t end = cu_text.find('\n', start);
    if (end == std::string::npos) end = cu_text.size();
    std::string line = cu_text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    start = end + 1;
    const bool comment = line.empty() || line.rfind("//", 0) == 0;
    if (comment && !in_includes) continue;
    if (line.rfind(kInclude, 0) != 0 || line.back() != '>') break;
    in_includes = true;
    lines += line + '\n';
  }
  return lines;
}

bool compiler_reads_gch(const std::string& version_text) {
  // g++ and Debian's c++ say "g++ (...)"/"c++ (...)" and "Free Software Foundation"; clang,
  // whose precompiled headers are an error rather than ignored when stale, does not.
  return version_text.find("Free Software Foundation") != std::string::npos &&
         version_text.find("clang") == std::string::npos;
}

std::string prepare(const toolchain::BuildRequest& request, const std::string& cu_text) {
  if (!request.emulate || !request.link_paths.empty()) return "";
  // PY2CUDA_PRECOMPILED_HEADER=0: plain builds (to measure what the .gch saves, say).
  const char* wanted = std::getenv("PY2CUDA_PRECOMPILED_HEADER");
  if (wanted != nullptr && std::string(wanted) == "0") return "";
  const std::string lines = prelude(cu_text);
  if (lines.empty()) return "";
  const std::string identity = toolchain::compiler_identity(request);
  if (!compiler_reads_gch(identity)) return "";
  std::string error;
  const std::string root = build_cache::directory(error);
  if (root.empty()) return "";
  std::error_code ec;
  const fs::path dir = fs::absolute(fs::path(root) / "pch", ec);
  if (ec) return "";
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec)) return "";

  const std::string include = toolchain::runtime_include(request.argv0);
  std::string command;
  for (const std::string& part : toolchain::precompiled_header_command(request, "HEADER", "GCH")) command += part + '\n';
  const std::string stem = kFilePrefix + build_cache::content_key({"precompiled-header", version(), identity, command,
                                                                   include, build_cache::tree_text(include), lines});
  const std::string header = (dir / (stem + ".h")).string();
  const std::string gch = header + ".gch";
  const std::string failed = (dir / (stem + ".failed")).string();
  if (usable(gch)) {
    touch(gch);
    return header;
  }
  FileLock lock((dir / (stem + ".lock")).string());
  if (usable(gch)) {  // made by the process that held the lock before us
    touch(gch);
    return header;
  }
  // This compiler could not precompile it lately: not again for each build, but after an hour
  // (the failure may have been a full disk).
  const fs::file_time_type failed_at = fs::last_write_time(failed, ec);
  if (!ec && fs::file_time_type::clock::now() - failed_at < kUnusedLifetime) return "";
  std::string write_error;
  if (!write_outputs({{header, lines}}, write_error)) return "";
  const std::string temporary = build_cache::unique_temporary(gch);
  if (!toolchain::run_quietly(toolchain::precompiled_header_command(request, header, temporary))) {
    fs::remove(temporary, ec);
    write_outputs({{failed, ""}}, write_error);
    return "";
  }
  fs::rename(temporary, gch, ec);
  if (ec) {
    fs::remove(temporary, ec);
    return "";
  }
  prune(dir, stem);
  return header;
}

void discard(const std::string& header) {
  std::error_code ec;
  fs::remove(header + ".gch", ec);
}

}  // namespace py2cuda::precompiled_header
