#include "lower/source_map.h"

namespace py2cuda::lower {

const char* note_name(NoteKind kind) {
  switch (kind) {
    case NoteKind::FloorDivision: return "floordiv";
    case NoteKind::Modulo: return "mod";
    case NoteKind::ZeroDivisionCheck: return "zerodiv";
    case NoteKind::IndexWraparound: return "wraparound";
    case NoteKind::Float64Promotion: return "float64";
    case NoteKind::BoundsCheck: return "bounds";
    case NoteKind::DebugException: return "debug";
  }
  return "";
}

const char* note_summary(NoteKind kind) {
  switch (kind) {
    case NoteKind::FloorDivision: return "Python's // (rounds toward negative infinity): py2cuda::floordiv";
    case NoteKind::Modulo: return "Python's % (the divisor's sign): py2cuda::mod";
    case NoteKind::ZeroDivisionCheck: return "host code and CPU @jit: a zero divisor raises ZeroDivisionError";
    case NoteKind::IndexWraparound: return "negative-index wraparound: a.at(i)";
    case NoteKind::Float64Promotion: return "a float32 value promoted to float64 in device code";
    case NoteKind::BoundsCheck: return "array access, bounds-checked in CPU emulation (--emulate)";
    case NoteKind::DebugException: return "debug=True: an exception or assert checked in the kernel";
  }
  return "";
}

}  // namespace py2cuda::lower
