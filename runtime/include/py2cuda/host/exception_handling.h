// py2cuda host runtime: catching Python exceptions in translated host code.
//
// `try: ... except (IndexError, ValueError) as e: ...` becomes a C++ try block whose catch
// takes every PyException and asks it `e.isinstance({"IndexError", "ValueError"})`, rethrowing
// what no except clause names. The runtime raises exceptions by their Python class name
// (PyException("ValueError", ...)), so a handler matches by name through Python's class
// hierarchy: `except LookupError` catches IndexError and KeyError, `except Exception` all of
// them. `finally:` is a scope guard (Finally) whose destructor runs the block however the try
// statement is left: at its end, by return, break or continue, or by an exception.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "exceptions.h"
#include "scalar_repr.h"

namespace py2cuda::host {

// The base classes of CPython's built-in exception classes (and of the NumPy and unittest
// classes the runtime raises), by class name: nullptr-terminated; {} for an unknown name.
struct ExceptionBases {
  const char* first = nullptr;
  const char* second = nullptr;  // numpy's AxisError is both a ValueError and an IndexError
};

inline ExceptionBases exception_bases(std::string_view name) {
  struct Row {
    const char* name;
    ExceptionBases bases;
  };
  static constexpr Row kRows[] = {
      {"BaseException", {}},
      {"Exception", {"BaseException"}},
      {"SystemExit", {"BaseException"}},
      {"KeyboardInterrupt", {"BaseException"}},
      {"GeneratorExit", {"BaseException"}},
      {"ArithmeticError", {"Exception"}},
      {"FloatingPointError", {"ArithmeticError"}},
      {"OverflowError", {"ArithmeticError"}},
      {"ZeroDivisionError", {"ArithmeticError"}},
      {"AssertionError", {"Exception"}},
      {"AttributeError", {"Exception"}},
      {"BufferError", {"Exception"}},
      {"EOFError", {"Exception"}},
      {"ImportError", {"Exception"}},
      {"ModuleNotFoundError", {"ImportError"}},
      {"LookupError", {"Exception"}},
      {"IndexError", {"LookupError"}},
      {"KeyError", {"LookupError"}},
      {"MemoryError", {"Exception"}},
      {"NameError", {"Exception"}},
      {"UnboundLocalError", {"NameError"}},
      {"OSError", {"Exception"}},
      {"FileNotFoundError", {"OSError"}},
      {"FileExistsError", {"OSError"}},
      {"PermissionError", {"OSError"}},
      {"IsADirectoryError", {"OSError"}},
      {"NotADirectoryError", {"OSError"}},
      {"TimeoutError", {"OSError"}},
      {"ReferenceError", {"Exception"}},
      {"RuntimeError", {"Exception"}},
      {"NotImplementedError", {"RuntimeError"}},
      {"RecursionError", {"RuntimeError"}},
      {"StopIteration", {"Exception"}},
      {"SystemError", {"Exception"}},
      {"TypeError", {"Exception"}},
      {"ValueError", {"Exception"}},
      {"UnicodeError", {"ValueError"}},
      {"UnicodeDecodeError", {"UnicodeError"}},
      {"UnicodeEncodeError", {"UnicodeError"}},
      {"AxisError", {"ValueError", "IndexError"}},
      {"LinAlgError", {"ValueError"}},
      {"SkipTest", {"Exception"}},
  };
  for (const Row& r : kRows)
    if (name == r.name) return r.bases;
  return {};
}

// Whether `name` is one of the classes above.
inline bool is_exception_class(std::string_view name) {
  return name == "BaseException" || exception_bases(name).first != nullptr;
}

// The class's own name: "SkipTest" for the runtime's "unittest.case.SkipTest".
inline std::string_view exception_class_name(std::string_view type_name) {
  const size_t dot = type_name.rfind('.');
  return dot == std::string_view::npos ? type_name : type_name.substr(dot + 1);
}

// Whether class `type` is `cls` or derives from it.
inline bool exception_is_subclass(std::string_view type, std::string_view cls) {
  if (type == cls) return true;
  const ExceptionBases b = exception_bases(type);
  return (b.first && exception_is_subclass(b.first, cls)) || (b.second && exception_is_subclass(b.second, cls));
}

// isinstance(e, (A, B)): what an `except (A, B):` clause asks of the exception it sees. A class
// the table does not know (one the runtime never raises) is matched by its name alone.
inline bool isinstance(const PyException& e, std::initializer_list<std::string_view> classes) {
  const std::string_view type = exception_class_name(e.type_name());
  for (std::string_view cls : classes)
    if (exception_is_subclass(type, cls)) return true;
  return false;
}

// str(e) and print(e): the message (for a KeyError, already the repr of its key, as Python's).
inline std::string str(const PyException& e) { return e.what(); }

// repr(e): `ValueError('bad value')`, `KeyError('b')`, `AssertionError()`.
inline std::string repr(const PyException& e) {
  const std::string message = e.what();
  std::string text(exception_class_name(e.type_name()));
  if (message.empty()) return text + "()";
  return text + "(" + (text == "KeyError" ? message : repr(std::string_view(message))) + ")";
}

// type(e).__name__
inline std::string exception_type_name(const PyException& e) { return std::string(exception_class_name(e.type_name())); }

// `finally:`: runs `block` when the guard goes out of scope. An exception the block raises
// while another one unwinds the stack replaces it in Python; C++ cannot throw from a
// destructor then, so the program ends as Python's would with the new one uncaught.
template <class Block>
class Finally {
 public:
  explicit Finally(Block block) : block_(std::move(block)), unwinding_at_entry_(std::uncaught_exceptions()) {}
  Finally(const Finally&) = delete;
  Finally& operator=(const Finally&) = delete;

  ~Finally() noexcept(false) {
    if (std::uncaught_exceptions() == unwinding_at_entry_) {
      block_();
      return;
    }
    try {
      block_();
    } catch (const PyException& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "Traceback (most recent call last):\n%s\n", e.python_line().c_str());
      std::exit(1);
    }
  }

 private:
  Block block_;
  int unwinding_at_entry_;
};

}  // namespace py2cuda::host
