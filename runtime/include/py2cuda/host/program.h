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

#include <cstdint>
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

// SystemExit (sys.exit(), raise SystemExit(code), argparse's exits): a Python exception that
// `except SystemExit` and a bare `except:` catch and `except Exception` does not, and that
// run_program turns into the exit status as CPython does: no code or None is 0, an int is the
// status, any other code is printed to stderr and gives 1. str(e) is the code's text.
class SystemExit : public PyException {
 public:
  enum class Code : unsigned char { None, Int, Text };
  SystemExit() : PyException("SystemExit", ""), code_(Code::None) {}
  // An int code (a bool's text is "True" / "False").
  SystemExit(int64_t code, std::string text) : PyException("SystemExit", text), code_(Code::Int), int_code_(code) {}
  explicit SystemExit(int64_t code) : SystemExit(code, std::to_string(code)) {}
  explicit SystemExit(const std::string& text) : PyException("SystemExit", text), code_(Code::Text) {}

  Code code() const { return code_; }
  int64_t int_code() const { return int_code_; }
  int status() const { return code_ == Code::Int ? static_cast<int>(int_code_) : code_ == Code::Text ? 1 : 0; }

 private:
  Code code_;
  int64_t int_code_ = 0;
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
    if (e.code() == SystemExit::Code::Text) std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  } catch (const PyException& e) {
    return fail(e.python_line());
  } catch (const Error& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  } catch (const std::invalid_argument& e) {  // the C++ library's (a std::stod, ...), as Python's ValueError
    return fail(std::string("ValueError: ") + e.what());
  } catch (const std::overflow_error& e) {  // and OverflowError
    return fail(std::string("OverflowError: ") + e.what());
  } catch (const std::exception& e) {
    return fail(std::string("RuntimeError: ") + e.what());
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace py2cuda::host
