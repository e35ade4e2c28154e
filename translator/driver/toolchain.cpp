#include "driver/toolchain.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>
#include <spawn.h>
#include <sys/wait.h>

#include "driver/precompiled_header.h"

extern char** environ;

namespace py2cuda::toolchain {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// The first of `candidates` that names an existing executable.
std::string find_program(const std::vector<std::string>& candidates) {
  for (const std::string& c : candidates) {
    if (c.empty()) continue;
    if (c.find('/') != std::string::npos) {
      if (::access(c.c_str(), X_OK) == 0) return c;
      continue;
    }
    std::string path = env("PATH");
    size_t start = 0;
    while (start <= path.size()) {
      size_t end = path.find(':', start);
      std::string dir = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
      std::string full = (dir.empty() ? "." : dir) + "/" + c;
      if (::access(full.c_str(), X_OK) == 0) return full;
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  return candidates.empty() ? "" : candidates.back();
}

// Runs argv (no shell), capturing stdout and stderr together.
// Runs argv (no shell: arguments reach the program as they are) with its standard output
// and error captured into `output`; its exit status, or -1 when it could not start.
int run_capture(const std::vector<std::string>& argv, std::string& output) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (spawned != 0) {
    ::close(fds[0]);
    return -1;
  }
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) output.append(buf, static_cast<size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// $PY2CUDA_EMULATE_CXXFLAGS split at whitespace: extra host-compiler flags for
// emulated builds (say -fsanitize=address,undefined, to run the runtime under sanitizers).
std::vector<std::string> emulate_extra_flags() {
  std::vector<std::string> flags;
  const std::string text = env("PY2CUDA_EMULATE_CXXFLAGS");
  size_t start = 0;
  while (true) {
    start = text.find_first_not_of(" \t\n", start);
    if (start == std::string::npos) break;
    size_t end = text.find_first_of(" \t\n", start);
    flags.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end;
  }
  return flags;
}

}  // namespace

std::string runtime_include(const std::string& argv0) {
  std::string from_env = env("PY2CUDA_RUNTIME_INCLUDE");
  if (!from_env.empty()) return from_env;
  // The executable's own path first: argv[0] is a bare "py2cuda" when found on PATH, which
  // would name a file of the current folder instead.
  std::error_code ec;
  fs::path self = fs::canonical("/proc/self/exe", ec);
  if (ec) self = fs::canonical(fs::path(argv0), ec);
  if (!ec) {
    fs::path installed = self.parent_path().parent_path() / "include";
    if (fs::exists(installed / "py2cuda" / "runtime.h")) return installed.string();
  }
  return PY2CUDA_SOURCE_RUNTIME_INCLUDE;  // empty in a wheel, which must not point at its build's tree
}

namespace {

// The host compiler and the flags that shape an emulated build's code: the source and its
// precompiled header are compiled with exactly these.
std::vector<std::string> emulate_compile_flags(const BuildRequest& r) {
  std::string cxx = find_program({env("CXX"), "c++", "g++", "clang++"});
  // -fwrapv: signed integer arithmetic wraps, as NumPy's int64 and Numba's compiled code do in
  // practice (Python code may overflow an int64 on purpose; in C++ that is undefined behaviour,
  // which the optimiser may exploit). See docs/emulation.md, "Integer overflow".
  // -fno-math-errno: CUDA's math functions (and Numba's) never set errno, and nothing a
  // translated program does reads it; with errno, every sqrtf is a branch to a library call
  // the compiler cannot move, and a loop around it cannot overlap its iterations.
  std::vector<std::string> cmd = {cxx, "-std=c++20", "-fwrapv", "-fno-math-errno", "-O2"};
  const std::vector<std::string> extra = emulate_extra_flags();
  cmd.insert(cmd.end(), extra.begin(), extra.end());
  if (r.racecheck) cmd.push_back("-DPY2CUDA_RACECHECK=1");
  if (r.racecheck && r.racecheck_all) cmd.push_back("-DPY2CUDA_RACECHECK_ALL=1");
  // -pthread defines _REENTRANT: a .gch made without it would not be used.
  cmd.push_back("-pthread");
  return cmd;
}

// nvcc and the flags that shape a GPU build's code.
std::vector<std::string> gpu_compile_flags() {
  std::string nvcc = find_program({env("NVCC"), "nvcc", "/usr/local/cuda/bin/nvcc"});
  // -Xcompiler -fwrapv: the host program's signed arithmetic wraps, as NumPy's does (device
  // code keeps Numba's own semantics; docs/emulation.md, "Integer overflow").
  return {nvcc,       "-std=c++20", "-Xcompiler", "-fwrapv", "-O2", "-gencode", "arch=compute_80,code=sm_80",
          "-gencode", "arch=compute_90,code=[sm_90,compute_90]"};
}

}  // namespace

std::vector<std::string> build_command(const BuildRequest& r) {
  std::string include = "-I" + runtime_include(r.argv0);
  if (r.emulate) {
    std::vector<std::string> cmd = emulate_compile_flags(r);
    if (!r.link_paths.empty()) cmd.insert(cmd.end(), {include, "-include", "py2cuda/runtime.h"});
    else if (!r.precompiled_header.empty()) cmd.insert(cmd.end(), {"-include", r.precompiled_header});
    cmd.insert(cmd.end(), {"-x", "c++", r.cu_path});
    cmd.insert(cmd.end(), r.link_paths.begin(), r.link_paths.end());
    cmd.insert(cmd.end(), {"-x", "none", include, "-o", r.exe_path, "-lboost_context"});
    return cmd;
  }
  std::vector<std::string> cmd = gpu_compile_flags();
  cmd.push_back(include);
  if (!r.link_paths.empty()) cmd.push_back("-rdc=true");  // calls into other files' device code
  cmd.push_back(r.cu_path);
  cmd.insert(cmd.end(), r.link_paths.begin(), r.link_paths.end());
  cmd.insert(cmd.end(), {"-o", r.exe_path});
  return cmd;
}

std::vector<std::string> precompiled_header_command(const BuildRequest& r, const std::string& header,
                                                    const std::string& gch) {
  std::vector<std::string> cmd = emulate_compile_flags(r);
  cmd.insert(cmd.end(), {"-I" + runtime_include(r.argv0), "-x", "c++-header", header, "-o", gch});
  return cmd;
}

bool build(const BuildRequest& request, std::string& log) {
  if (run_capture(build_command(request), log) == 0) return true;
  if (request.precompiled_header.empty()) return false;
  BuildRequest plain = request;
  plain.precompiled_header.clear();
  std::string plain_log;
  if (run_capture(build_command(plain), plain_log) != 0) {
    log = plain_log;
    return false;
  }
  precompiled_header::discard(request.precompiled_header);
  log.clear();
  return true;
}

bool gpu_available() {
  if (!env("PY2CUDA_FORCE_EMULATION").empty()) return false;
  if (fs::exists("/dev/nvidia0")) return true;
  std::string out;
  return run_capture({"nvidia-smi", "-L"}, out) == 0 && out.find("GPU") != std::string::npos;
}

std::string compiler_identity(const BuildRequest& request) {
  const std::string compiler = build_command(request).front();
  std::string version;
  run_capture({compiler, "--version"}, version);
  // The flags shape the executable too: a sanitized build is not a plain one, and one cached
  // before a flag was added (-fwrapv) must not be reused.
  std::string flags;
  for (const std::string& flag : request.emulate ? emulate_compile_flags(request) : gpu_compile_flags())
    flags += flag + "\n";
  return compiler + "\n" + version + flags;
}

bool run_quietly(const std::vector<std::string>& argv) {
  std::string output;
  return run_capture(argv, output) == 0;
}

int run_program(const std::string& path, const std::vector<std::string>& args) {
  pid_t pid = ::fork();
  if (pid < 0) return 127;
  if (pid == 0) {
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(path.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(path.c_str(), argv.data());
    std::perror("py2cuda: cannot run the built program");
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace py2cuda::toolchain
