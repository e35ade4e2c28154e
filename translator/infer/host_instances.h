// Instances of the program's classes inside other host values (infer/host_classes.cpp).
#pragma once

#include "types/type.h"

namespace py2cuda::infer {

// A type holding instances somewhere: the instance itself, a list, tuple, dict or Optional of them.
bool mentions_instance(TypeRef t, int depth = 0);

}  // namespace py2cuda::infer
