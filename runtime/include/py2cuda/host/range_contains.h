// py2cuda host runtime: `x in range(start, stop, step)`, Python's constant-time test.
//
// An int is in the range when it lies between the bounds on the step's side and is a
// whole number of steps from start; a float compares equal to an element only when it
// is a whole number (CPython falls back to comparing it with each element).
#pragma once

#include <cmath>
#include <cstdint>

#include "exceptions.h"
#include "range.h"

namespace py2cuda::host {

inline bool range_contains(int64_t x, int64_t start, int64_t stop, int64_t step) {
  if (step == 0) throw ValueError("range() arg 3 must not be zero");
  // The distance from start, in the step's direction: it fits uint64 once x is inside the bounds.
  uint64_t distance, stride;
  if (step > 0) {
    if (x < start || x >= stop) return false;
    distance = static_cast<uint64_t>(x) - static_cast<uint64_t>(start);
    stride = static_cast<uint64_t>(step);
  } else {
    if (x > start || x <= stop) return false;
    distance = static_cast<uint64_t>(start) - static_cast<uint64_t>(x);
    stride = uint64_t{0} - static_cast<uint64_t>(step);
  }
  return distance % stride == 0;
}

// An int literal beyond int64 (Numba's uint64) is in no range of int64 bounds.
inline bool range_contains(uint64_t x, int64_t start, int64_t stop, int64_t step) {
  if (x > static_cast<uint64_t>(INT64_MAX)) {
    if (step == 0) throw ValueError("range() arg 3 must not be zero");
    return false;
  }
  return range_contains(static_cast<int64_t>(x), start, stop, step);
}

inline bool range_contains(double x, int64_t start, int64_t stop, int64_t step) {
  if (step == 0) throw ValueError("range() arg 3 must not be zero");
  // -2**63 <= x < 2**63 and whole: exactly an int64 (NaN and infinities fail the bounds).
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0) || std::floor(x) != x) return false;
  return range_contains(static_cast<int64_t>(x), start, stop, step);
}

// `x in r` of a variable holding range(...).
template <class X>
bool range_contains(X x, const Range& r) {
  return range_contains(x, r.start, r.stop, r.step);
}

}  // namespace py2cuda::host
