// py2cuda host runtime: the parts of Python's `sys` module a program's host code uses.
//
// sys.argv is a list of str: the script's name as Python shows it (the path the .py
// was given to py2cuda by, which is what `python prog.py` puts there), then the
// program's arguments. sys.exit(code) ends the program as CPython does, through an
// exception that run_program turns into the exit status.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "exceptions.h"
#include "format_arg.h"
#include "program.h"
#include "scalar_repr.h"

namespace py2cuda::host {

// A Python list of str (sys.argv and its slices): indexed with Python's wraparound,
// sliced, measured and printed.
class str_list {
 public:
  explicit str_list(std::vector<std::string> items) : items_(std::move(items)) {}
  int64_t size() const { return static_cast<int64_t>(items_.size()); }
  const std::string& at(int64_t i) const {
    const int64_t n = size();
    if (i < -n || i >= n) throw IndexError("list index out of range");
    return items_[static_cast<size_t>(i < 0 ? i + n : i)];
  }
  // items[lo:hi] with Python's clamping; has_lo/has_hi false for an omitted bound.
  str_list slice(int64_t lo, bool has_lo, int64_t hi, bool has_hi) const {
    const int64_t n = size();
    auto clamp = [n](int64_t v) { return v < 0 ? (v + n < 0 ? 0 : v + n) : (v > n ? n : v); };
    const int64_t b = has_lo ? clamp(lo) : 0;
    const int64_t e = has_hi ? clamp(hi) : n;
    std::vector<std::string> out;
    for (int64_t i = b; i < e; ++i) out.push_back(items_[static_cast<size_t>(i)]);
    return str_list(std::move(out));
  }
  const std::vector<std::string>& items() const { return items_; }

 private:
  std::vector<std::string> items_;
};

inline int64_t len(const str_list& l) { return l.size(); }
template <class F>
void for_each_item(const str_list& l, F&& f) {
  for (const std::string& s : l.items()) f(s);
}
inline std::string repr(const str_list& l) {
  std::string out = "[";
  for (size_t i = 0; i < l.items().size(); ++i) out += (i ? ", " : "") + repr(l.items()[i]);
  return out + "]";
}
inline std::string str(const str_list& l) { return repr(l); }
inline std::string format(const str_list& l, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to list.__format__");
  return repr(l);
}

// sys.argv, with `script` (the .py's path as given to py2cuda) in place of the executable's.
inline str_list sys_argv(const char* script) {
  std::vector<std::string> items = argv();
  if (items.empty()) items.emplace_back();
  items[0] = script;
  return str_list(std::move(items));
}

// sys.exit(), exit(), raise SystemExit(code): None or no argument is status 0, an int is the
// status, anything else is printed to stderr and gives status 1 (CPython's SystemExit handling).
[[noreturn]] inline void sys_exit() { throw SystemExit(); }
[[noreturn]] inline void sys_exit(int64_t code) { throw SystemExit(code); }
[[noreturn]] inline void sys_exit(bool code) { throw SystemExit(code ? 1 : 0, code ? "True" : "False"); }
[[noreturn]] inline void sys_exit(const std::string& message) { throw SystemExit(message); }
[[noreturn]] inline void sys_exit(const char* message) { throw SystemExit(std::string(message)); }  // not the bool

// e.code of a caught SystemExit: None, the int or the text it was raised with. (Other
// exceptions have no code: CPython's AttributeError.)
inline FormatArg exit_code(const PyException& e) {
  const auto* exit = dynamic_cast<const SystemExit*>(&e);
  if (!exit) {
    throw PyException("AttributeError", "'" + e.type_name() + "' object has no attribute 'code'");
  }
  switch (exit->code()) {
    case SystemExit::Code::None: return FormatArg(PyObjectText{"None", "None", "NoneType"});
    case SystemExit::Code::Int:
      if (std::string(exit->what()) == "True" || std::string(exit->what()) == "False") return FormatArg(exit->int_code() != 0);
      return FormatArg(exit->int_code());
    case SystemExit::Code::Text: return FormatArg(std::string(exit->what()));
  }
  return FormatArg();
}

}  // namespace py2cuda::host
