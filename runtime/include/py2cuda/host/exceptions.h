// py2cuda host runtime: Python exceptions raised by translated host code.
#pragma once
#include <stdexcept>
#include <string>
namespace py2cuda::host {
// A Python exception: `type_name` is its class ("ValueError"), what() its message.
// main() prints "Traceback..."-free `TYPE: message` to stderr and exits 1, as Python does.
class PyException : public std::runtime_error {
 public:
  PyException(std::string type_name, const std::string& message)
      : std::runtime_error(message), type_name_(std::move(type_name)) {}
  const std::string& type_name() const { return type_name_; }
 private:
  std::string type_name_;
};
}  // namespace py2cuda::host
