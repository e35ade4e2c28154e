// What the lowering records for the annotated page (--annotate): the Python line each
// line of the .cu comes from, and where the translation adds work a reader of the
// Python would not see (notes). Both are recorded while the .cu is written, from the
// IR nodes' spans and the lowering's own choices, never recovered from the text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace py2cuda::lower {

enum class NoteKind {
  FloorDivision,      // `//` through py2cuda::floordiv (Python's rounding toward -inf)
  Modulo,             // `%` through py2cuda::mod (the result takes the divisor's sign)
  ZeroDivisionCheck,  // host code and CPU @jit: a zero divisor raises ZeroDivisionError
  IndexWraparound,    // a.at(i): a possibly negative index counts from the end
  Float64Promotion,   // a float32 value converted to float64 in device code
  BoundsCheck,        // an array access the CPU emulation checks against the extents
  DebugException,     // debug=True: a raise, a failed assert or a zero complex divisor stops the kernel
};

// The kinds in the order the page's legend lists them.
inline constexpr NoteKind kAllNoteKinds[] = {
    NoteKind::FloorDivision,    NoteKind::Modulo,      NoteKind::ZeroDivisionCheck, NoteKind::IndexWraparound,
    NoteKind::Float64Promotion, NoteKind::BoundsCheck, NoteKind::DebugException,
};

// A stable short name: the page's CSS class and data-notes value ("floordiv", "wraparound"...).
const char* note_name(NoteKind kind);
// What the kind means, for the page's legend.
const char* note_summary(NoteKind kind);

struct Note {
  NoteKind kind;
  uint32_t python_line = 0;  // the line of the IR node the note is about
  uint32_t cu_line = 0;      // the .cu line (1-based) whose C++ does the work
  std::string subject;       // the Python text of the node when it is on one line ("x[i - 1]"), else empty
  std::string reason;        // why it costs, shown on hover
};

struct SourceMap {
  // python_line_of[n - 1]: the Python line that .cu line n was written for; 0 where the
  // line comes from no Python line (the prologue, includes, the harness).
  std::vector<uint32_t> python_line_of;
  std::vector<Note> notes;  // in .cu order
};

}  // namespace py2cuda::lower
