// --annotate: a self-contained HTML page (inline CSS and JavaScript, nothing fetched)
// with the Python source beside the generated .cu, each Python line linked to the C++
// lines written for it and back, and the lines where the translation adds work marked,
// with the reason on hover. Built from the lowering's record (lower/source_map.h).
#pragma once

#include <string>

#include "diag/source.h"
#include "lower/source_map.h"

namespace py2cuda {

// `cu_name`: the .cu's file name as the page shows it. Deterministic: the same inputs
// give the same bytes.
std::string annotated_page(const SourceFile& file, const std::string& cu, const std::string& cu_name,
                           const lower::SourceMap& map, const std::string& version);

}  // namespace py2cuda
