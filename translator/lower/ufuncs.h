// The ufunc sections of the .cu (lower/ufuncs.cpp).
#pragma once

#include <string>

#include "diag/source.h"
#include "ir/ir.h"

namespace py2cuda::lower {

bool has_ufuncs(const ir::Module& m);

// `cuda`: the CUDA ufuncs' kernels and host entry points (after the launch functions);
// else the CPU ufuncs' host entry points (in the host program, before main's body).
std::string ufunc_section(const ir::Module& m, const SourceFile& file, bool cuda);

}  // namespace py2cuda::lower
