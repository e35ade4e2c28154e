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
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../error.h"
#include "exceptions.h"

namespace py2cuda::host {

// sys.argv: the program's name, then its arguments.
inline std::vector<std::string>& argv() {
  static std::vector<std::string> args;
  return args;
}

// sys.exit(): unwinds the module's code like CPython's SystemExit; run_program ends
// the program with `status`, after printing `message` (a non-int argument) to stderr.
class SystemExit {
 public:
  SystemExit(int status, std::string message) : status_(status), message_(std::move(message)) {}
  int status() const { return status_; }
  const std::string& message() const { return message_; }

 private:
  int status_;
  std::string message_;
};

inline int run_program(int argc, char** argv_in, void (*module_code)()) {
  argv().assign(argv_in, argv_in + argc);
  auto fail = [](const std::string& text) {
    std::fflush(stdout);
    std::fprintf(stderr, "Traceback (most recent call last):\n%s\n", text.c_str());
    return 1;
  };
  try {
    module_code();
  } catch (const SystemExit& e) {
    std::fflush(stdout);
    if (!e.message().empty()) std::fprintf(stderr, "%s\n", e.message().c_str());
    return e.status();
  } catch (const PyException& e) {
    return fail(e.python_line());
  } catch (const Error& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  } catch (const std::invalid_argument& e) {  // the NumPy parts' ValueError (random_state.h)
    return fail(std::string("ValueError: ") + e.what());
  } catch (const std::overflow_error& e) {  // and their OverflowError
    return fail(std::string("OverflowError: ") + e.what());
  } catch (const std::exception& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace py2cuda::host
