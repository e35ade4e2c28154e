// py2cuda host runtime: Python's range objects, as loops and comprehensions iterate them and as
// host code's values (`r = range(2, 12, 2)`: len(r), r[i], print(r); `x in r` is
// range_contains.h's).
#pragma once

#include <cstdint>
#include <string>

#include "exceptions.h"

namespace py2cuda::host {

// range(stop), range(start, stop), range(start, stop, step): Python's values.
struct Range {
  int64_t start = 0, stop = 0, step = 1;

  // Python's len(): the count of steps from start before stop, computed in uint64 (stop - start
  // may not fit int64).
  int64_t size() const {
    if (step > 0 ? start >= stop : start <= stop) return 0;
    const uint64_t span = step > 0 ? static_cast<uint64_t>(stop) - static_cast<uint64_t>(start)
                                   : static_cast<uint64_t>(start) - static_cast<uint64_t>(stop);
    const uint64_t stride = step > 0 ? static_cast<uint64_t>(step) : uint64_t{0} - static_cast<uint64_t>(step);
    return static_cast<int64_t>((span - 1) / stride + 1);
  }
  // The k-th value, 0 <= k < size().
  int64_t item(int64_t k) const {
    return static_cast<int64_t>(static_cast<uint64_t>(start) + static_cast<uint64_t>(k) * static_cast<uint64_t>(step));
  }
};
inline Range range(int64_t stop) { return {0, stop, 1}; }
inline Range range(int64_t start, int64_t stop) { return {start, stop, 1}; }
inline Range range(int64_t start, int64_t stop, int64_t step) {
  if (step == 0) throw ValueError("range() arg 3 must not be zero");
  return {start, stop, step};
}

inline int64_t len(const Range& r) { return r.size(); }

// r[i]: a negative index counts from the end.
inline int64_t range_at(const Range& r, int64_t i) {
  const int64_t n = r.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw IndexError("range object index out of range");
  return r.item(i);
}

// str() and repr(): `range(0, 3)`, `range(2, 12, 2)`.
inline std::string repr(const Range& r) {
  return "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop) +
         (r.step == 1 ? std::string() : ", " + std::to_string(r.step)) + ")";
}
inline std::string str(const Range& r) { return repr(r); }

// Two ranges are equal when they hold the same values (range(0) == range(2, 2)).
inline bool operator==(const Range& a, const Range& b) {
  const int64_t n = a.size();
  if (n != b.size()) return false;
  if (n == 0) return true;
  if (a.start != b.start) return false;
  return n == 1 || a.step == b.step;
}

template <class F>
void for_each_item(const Range& r, F&& f) {
  const int64_t n = r.size();
  for (int64_t k = 0; k < n; ++k) f(r.item(k));
}

}  // namespace py2cuda::host
