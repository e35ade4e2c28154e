// Finding type annotations by a lexical scan, and hiding them from tree-sitter.
//
// Why: tree-sitter-python 0.23 parses annotations with a separate `type`
// grammar in which `name[` starts a generic type, so the Numba annotation
// `def k(x: float32[:], n: int64)` yields ERROR nodes, and the error recovery
// can swallow the whole `def`. The front end therefore finds annotations of
// parameters, return types and annotated assignments before parsing, replaces
// each (with its `:` or `->`) by blanks of the same length in the text given
// to tree-sitter, and parses the annotation text on its own as an expression.
// Line and column positions in the masked text are those of the original.
//
// The scan is deliberately conservative: a `def` header or statement that it
// does not fully understand (unbalanced brackets, no final `:`) is left alone,
// and tree-sitter sees it as written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace py2cuda::frontend {

struct AnnotationRegion {
  enum class Kind { Param, Return, Variable } kind;
  uint32_t begin;       // the `:` or the `-` of `->`
  uint32_t text_begin;  // the annotation expression's first byte
  uint32_t end;         // one past its last byte (trailing blanks excluded)
};

// Regions in source order. Parameter regions are found in `def` headers,
// return regions after their `)`, variable regions in statements of the
// form `target: annotation [= value]` that begin a logical line or follow
// a `;`.
std::vector<AnnotationRegion> find_annotations(std::string_view src);

// `src` with every region blanked. Line breaks are kept, and the byte before
// a line break inside a region becomes a backslash (a line continuation), so
// a multi-line annotation does not end the logical line early.
std::string mask_annotations(std::string_view src, const std::vector<AnnotationRegion>& regions);

}  // namespace py2cuda::frontend
