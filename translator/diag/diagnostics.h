// Diagnostics: collected during every stage, rendered once at the end in the
// `file.py:LINE:COL: error: message` form with the source line and a caret.
#pragma once

#include <string>
#include <vector>

#include "diag/source.h"

namespace py2cuda {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  Span span;
  std::string message;
  // The program is wrong as Numba sees it (Numba raises a TypeError there, e.g. a launch
  // no signature of the kernel accepts), not merely beyond py2cuda. Host code py2cuda
  // cannot translate is a warning that drops main(); a mistake like this stays an error.
  bool numba_rejects = false;
  // Context lines printed after the main one ("in device function called from ...").
  std::vector<Diagnostic> notes = {};
};

class Diagnostics {
 public:
  explicit Diagnostics(const SourceFile& file) : file_(&file) {}

  Diagnostic& error(Span span, std::string message);
  Diagnostic& warning(Span span, std::string message);
  static void note(Diagnostic& parent, Span span, std::string message);

  bool has_errors() const { return error_count_ > 0; }
  int error_count() const { return error_count_; }
  const std::vector<Diagnostic>& all() const { return diags_; }
  const SourceFile& file() const { return *file_; }

  // Renders every diagnostic, sorted by position, duplicates removed.
  std::string render() const;
  static std::string render_one(const SourceFile& file, const Diagnostic& d);

 private:
  const SourceFile* file_;
  std::vector<Diagnostic> diags_;
  int error_count_ = 0;
};

}  // namespace py2cuda
