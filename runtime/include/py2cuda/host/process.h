// py2cuda host runtime: what scripts ask of the process around them: time.sleep,
// os.environ.get / os.getenv, and warnings.warn.
//
// warnings.warn prints as CPython's default filter does: once per place in the program (the
// "default" action), `FILE:LINE: Category: message` and the statement's line under it, on
// stderr. FILE is the script's name as given to py2cuda, which is what CPython shows for a
// script given by that path.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include "../optional.h"
#include "exceptions.h"

namespace py2cuda::host {

// time.sleep(secs): ValueError for a negative time, as CPython.
inline void sleep_seconds(double seconds) {
  if (seconds < 0) throw ValueError("sleep length must be non-negative");
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

// os.environ.get(key) / os.getenv(key): the variable's value, or None.
inline py2cuda::Optional<std::string> getenv(const std::string& key) {
  const char* v = std::getenv(key.c_str());
  return v ? py2cuda::Optional<std::string>(std::string(v)) : py2cuda::Optional<std::string>();
}
// ... with a default for a variable that is not set.
inline std::string getenv(const std::string& key, const std::string& fallback) {
  const char* v = std::getenv(key.c_str());
  return v ? std::string(v) : fallback;
}

// warnings.warn(message, category): `where` is "FILE:LINE", `statement` the source line.
inline void warn(const std::string& where, const std::string& category, const std::string& message,
                 const std::string& statement) {
  static std::set<std::string> shown;  // the default action: once per place
  if (!shown.insert(where + "\n" + category + "\n" + message).second) return;
  std::fflush(stdout);
  std::fprintf(stderr, "%s: %s: %s\n  %s\n", where.c_str(), category.c_str(), message.c_str(), statement.c_str());
}

}  // namespace py2cuda::host
