// Classes of host code (sema/classes.cpp): what infer needs to know of a class's definition.
#pragma once

#include "frontend/ast.h"

namespace py2cuda::sema {

// `@dataclass` or `@dataclasses.dataclass`, bare (no options), the class's only decorator: its
// fields are the annotated names of its body, in order, which the generated __init__ takes and
// the generated __repr__ prints.
bool is_dataclass(const ast::ClassDef& c);

}  // namespace py2cuda::sema
