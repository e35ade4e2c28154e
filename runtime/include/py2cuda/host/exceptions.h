// py2cuda host runtime: Python exceptions raised by translated host code.
//
// The translated program must fail the way CPython does: same exception type,
// same message. PyException carries the Python type name separately from the
// message so the top level can print "ValueError: <message>" exactly as a
// traceback's last line, and callers can test the type without parsing text.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace py2cuda::host {

class PyException : public std::runtime_error {
 public:
  PyException(std::string type_name, const std::string& message)
      : std::runtime_error(message), type_name_(std::move(type_name)) {}

  // The Python class name, e.g. "ValueError".
  const std::string& type_name() const noexcept { return type_name_; }

  // The last line of a Python traceback: "ValueError: message" (or just the
  // type name when the message is empty, as CPython prints it). A class outside
  // the builtins is named with its module there: numpy.linalg.LinAlgError.
  std::string python_line() const {
    std::string m = what();
    std::string name = traceback_name();
    return m.empty() ? name : name + ": " + m;
  }

  // The class as a traceback names it: NumPy's classes the runtime raises by their
  // own names get the module CPython prints (type(e).__module__).
  std::string traceback_name() const {
    if (type_name_ == "LinAlgError") return "numpy.linalg.LinAlgError";
    if (type_name_ == "AxisError") return "numpy.exceptions.AxisError";
    if (type_name_ == "SkipTest") return "unittest.case.SkipTest";
    return type_name_;
  }

 private:
  std::string type_name_;
};

// One subclass per Python type the runtime raises, so C++ handlers can be as
// selective as Python's `except ValueError:`.
#define P2C_HOST_PY_EXCEPTION(Name)                                   \
  class Name : public PyException {                                   \
   public:                                                            \
    explicit Name(const std::string& message) : PyException(#Name, message) {} \
  };

P2C_HOST_PY_EXCEPTION(ValueError)
P2C_HOST_PY_EXCEPTION(TypeError)
P2C_HOST_PY_EXCEPTION(OverflowError)
P2C_HOST_PY_EXCEPTION(AssertionError)
P2C_HOST_PY_EXCEPTION(ZeroDivisionError)
P2C_HOST_PY_EXCEPTION(IndexError)
P2C_HOST_PY_EXCEPTION(KeyError)

#undef P2C_HOST_PY_EXCEPTION

}  // namespace py2cuda::host
