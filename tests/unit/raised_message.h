// The runtime tests' way to see what a call raises: the exception's last line as Python prints
// it ("ValueError: ..."), or "no exception".
#pragma once

#include <py2cuda/host.h>

#include <functional>
#include <string>

namespace py2cuda::test {

inline std::string message(const std::function<void()>& f) {
  try {
    f();
  } catch (const py2cuda::host::PyException& e) {
    return e.type_name() + ": " + e.what();
  }
  return "no exception";
}

}  // namespace py2cuda::test
