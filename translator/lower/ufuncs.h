// The ufunc sections of the .cu (lower/ufuncs.cpp).
#pragma once

#include <string>

#include "diag/source.h"
#include "ir/ir.h"

namespace py2cuda::lower {

bool has_ufuncs(const ir::Module& m);
bool has_cuda_ufuncs(const ir::Module& m);

// The kernel harness's registrations of the CUDA ufuncs' loops (lines of main()).
std::string ufunc_harness_registrations(const ir::Module& m, const std::string& indent);

// `cuda`: the CUDA ufuncs' kernels, loop functions and (`cuda_entries`: unless the
// header defines them) host entry points, after the launch functions; else the CPU
// ufuncs' host entry points (in the host program, before main's body).
std::string ufunc_section(const ir::Module& m, const SourceFile& file, bool cuda, bool cuda_entries);

// The --header's part: per CUDA ufunc its loop functions' declarations and its entry
// points for C++ callers.
std::string ufunc_header_section(const ir::Module& m, const SourceFile& file);

}  // namespace py2cuda::lower
