// The ufunc sections of the .cu (lower/ufuncs.cpp).
#pragma once

#include <string>

#include "diag/source.h"
#include "ir/ir.h"

namespace py2cuda::lower {

bool has_ufuncs(const ir::Module& m);
bool has_cuda_ufuncs(const ir::Module& m);
bool has_cpu_ufuncs(const ir::Module& m);  // CPU ufuncs with loops

// The kernel harness's registrations of the CUDA ufuncs' loops (lines of main()).
std::string ufunc_harness_registrations(const ir::Module& m, const std::string& indent);

// `cuda`: the CUDA ufuncs' kernels, loop functions and (`entries`: unless the header
// defines them) host entry points, after the launch functions; else the CPU ufuncs'
// host entry points (in the host program, before main's body; for a file without host
// code, unless `entries` is false because the header defines them).
std::string ufunc_section(const ir::Module& m, const SourceFile& file, bool cuda, bool entries);

// The --header's part: per CUDA ufunc its loop functions' declarations and its entry
// points for C++ callers; with `cpu`, the CPU ufuncs' entry points too.
std::string ufunc_header_section(const ir::Module& m, const SourceFile& file, bool cpu);

}  // namespace py2cuda::lower
