// The IR node host code is mostly made of: a call of the host runtime, spelled by a C++ pattern
// over its arguments (`py2cuda::host::len({0})`). Shared by the infer/host_*.cpp files.
#pragma once

#include <string>
#include <vector>

#include "ir/ir.h"

namespace py2cuda::infer {

// `args` by reference: callers pass std::move(args) beside args.size() in one call, whose
// evaluation order C++ leaves open.
inline ir::ExprPtr call_node(TypeRef t, std::string pattern, Span s, std::vector<ir::ExprPtr>&& args,
                             std::vector<TypeRef> type_args = {}) {
  auto node = std::make_unique<ir::BuiltinCall>(t, std::move(pattern), s);
  node->args = std::move(args);
  node->type_args = std::move(type_args);
  return node;
}

// d.keys(), d.values() or d.items() (`part`) of a dict: a view of its entries in insertion order
// (host/dict.h's DictView), of the host object type "dict_keys", "dict_values" or "dict_items".
inline ir::ExprPtr dict_view(const std::string& part, ir::ExprPtr dict, Span s) {
  const std::string which = part == "keys" ? "Keys" : part == "values" ? "Values" : "Items";
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(dict));
  return call_node(types::host_object("dict_" + part),
                   "py2cuda::host::dict_view<py2cuda::host::DictPart::" + which + ">({0})", s, std::move(args));
}

// A runtime call that does more than compute its value (it changes a list or dict, raises):
// code generation keeps it in Python's order.
inline ir::ExprPtr with_effects(ir::ExprPtr call) {
  if (call && call->kind == ir::ExprKind::Builtin) static_cast<ir::BuiltinCall&>(*call).has_effects = true;
  return call;
}

// A real number of a static type, or one whose type differs by path (a DynamicNumber).
inline bool dynamic_or_number(TypeRef t) { return t->is_dynamic() || t->is_number(); }

// What a list holding `have` becomes when given `element` (infer/host_lists.cpp): numbers of
// two types other than two integer widths become DynamicNumbers, each keeping its own type.
TypeRef element_meet(TypeRef have, TypeRef element);

// What a dict key or a set element may be: what hashes in Python and what the runtime hashes
// (numbers, whatever their type by path, bools, strings, tuples of them).
inline bool hashable(TypeRef t) {
  if (t->is_number() || t->is_dynamic() || t->is_string()) return true;
  if (!t->is_tuple() || t->is_list_display()) return false;
  for (TypeRef e : t->elements()) {
    if (!hashable(e)) return false;
  }
  return true;
}

// The argument list of one to three values.
inline std::vector<ir::ExprPtr> args_of(ir::ExprPtr a, ir::ExprPtr b = nullptr, ir::ExprPtr c = nullptr) {
  std::vector<ir::ExprPtr> v;
  v.push_back(std::move(a));
  if (b) v.push_back(std::move(b));
  if (c) v.push_back(std::move(c));
  return v;
}

// "{first}, {first+1}, ..., {first+n-1}": a call's placeholders for n arguments.
inline std::string placeholders(size_t first, size_t n) {
  std::string s;
  for (size_t i = first; i < first + n; ++i) s += (i > first ? ", {" : "{") + std::to_string(i) + "}";
  return s;
}

}  // namespace py2cuda::infer
