// py2cuda runtime: Python's None, as a value of its own type.
//
// It stands for an omitted slice bound (slice.h) and for "no value" in an
// Optional result (optional.h).
#pragma once

namespace py2cuda {

struct NoneType {};
inline constexpr NoneType none{};

}  // namespace py2cuda
