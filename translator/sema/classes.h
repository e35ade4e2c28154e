// Classes of host code (sema/classes.cpp): what infer needs to know of a class's definition.
#pragma once

#include <set>
#include <vector>

#include "frontend/ast.h"

namespace py2cuda::sema {

// `@dataclass` or `@dataclasses.dataclass`, bare or `(frozen=...)`, the class's only decorator: its
// fields are the annotated names of its body, in order, which the generated __init__ takes and
// the generated __repr__ prints.
bool is_dataclass(const ast::ClassDef& c);
// A dataclass's fields (`x: int = 0`), its base's first, as dataclasses orders them: a field a
// subclass declares again keeps its place and takes the new default.
std::vector<const ast::AnnAssign*> dataclass_fields(const ast::ClassDef& c);
// `@dataclass(frozen=True)`: 1; `@dataclass(frozen=False)`: 0; otherwise -1.
int dataclass_frozen(const ast::ClassDef& c);

// What a method's decorator makes it: none, @staticmethod, @classmethod, @property, or
// `@name.setter` of a property among `properties` (Unknown for any other decorator).
enum class MethodKind { Instance, Static, Class, Property, Setter, Unknown };
MethodKind method_kind(const ast::FunctionDef& f, const std::set<std::string>& properties);

}  // namespace py2cuda::sema
