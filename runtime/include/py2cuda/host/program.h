// py2cuda host runtime: running a translated program's module code as `python prog.py`
// runs it.
//
// main() hands the module's code to run_program, which keeps sys.argv and turns a
// Python exception that escapes into what CPython does with one: the exception's type
// and message on stderr after standard output is flushed, and exit status 1. (The
// traceback's frames are Python's; the message names the exception.) Errors of the
// runtime itself (a kernel's out-of-bounds access in emulation, a failed CUDA call)
// end the program the same way.
#pragma once

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "../error.h"
#include "exceptions.h"

namespace py2cuda::host {

// sys.argv: the program's name, then its arguments.
inline std::vector<std::string>& argv() {
  static std::vector<std::string> args;
  return args;
}

inline int run_program(int argc, char** argv_in, void (*module_code)()) {
  argv().assign(argv_in, argv_in + argc);
  auto fail = [](const std::string& text) {
    std::fflush(stdout);
    std::fprintf(stderr, "Traceback (most recent call last):\n%s\n", text.c_str());
    return 1;
  };
  try {
    module_code();
  } catch (const PyException& e) {
    return fail(e.type_name() + (std::string(e.what()).empty() ? "" : ": " + std::string(e.what())));
  } catch (const Error& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  } catch (const std::exception& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace py2cuda::host
