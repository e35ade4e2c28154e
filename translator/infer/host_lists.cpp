// FunctionBuilder, host code: Python lists of one element type (types::list, the
// runtime's py2cuda::host::List, runtime/include/py2cuda/host/list.h).
//
// A list display stays the tuple of its values where it is only read (printed, iterated,
// passed to np.array); assigned to a name, appended to, or combined with `+`/`*` it
// becomes a growable list when its elements have one type. `xs = []` takes its element
// type from what is later appended, extended, inserted or stored, as Numba's reflected
// lists unify: the fixpoint of type inference (type_body) re-types the list's variable.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "frontend/ast_children.h"
#include "frontend/ast_clone.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"
#include "types/numpy_rules.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

std::string fields(size_t from, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += (i ? ", {" : "{") + std::to_string(from + i) + "}";
  return s;
}

// Two tuples of one length as the element type of one list ([(1, 2.5), (3.0, 4)], or appends
// of both): Python keeps each element's own type, so a position whose numbers differ holds a
// DynamicNumber of the types' meet (printed as the number it holds: `(1, 2.5)`, `(3.0, 4)`);
// other positions must have one type. Null where they do not.
TypeRef meet_tuples(TypeRef a, TypeRef b) {
  if (!a->is_tuple() || !b->is_tuple() || a->is_list_display() || b->is_list_display() ||
      a->elements().size() != b->elements().size()) {
    return nullptr;
  }
  std::vector<TypeRef> elems;
  for (size_t i = 0; i < a->elements().size(); ++i) {
    TypeRef x = a->elements()[i];
    TypeRef y = b->elements()[i];
    TypeRef e = x == y                                         ? x
                : dynamic_or_number(x) && dynamic_or_number(y) ? rules::unify(x, y)
                : x->is_tuple() && y->is_tuple()               ? meet_tuples(x, y)
                                                               : nullptr;
    if (!e) return nullptr;
    elems.push_back(x != y && e->is_number() ? types::dynamic_number(e) : e);
  }
  return types::tuple(std::move(elems));
}

// The list type a display of these element types becomes: one element type (lists
// meet by their elements, instances by their classes' common base, tuples by meet_tuples),
// else null (a mixed display stays a tuple).
TypeRef growable_type(TypeRef t) {
  if (t->is_list()) return t;
  if (!t->is_tuple() || !t->is_list_display() || t->elements().empty()) return nullptr;
  TypeRef elem = nullptr;
  for (TypeRef e : t->elements()) {
    TypeRef x = e->is_tuple() && e->is_list_display() ? growable_type(e) : e;
    if (!x || x->is_none() || x->kind() == TypeKind::Range) return nullptr;
    if (!elem) {
      elem = x;
    } else if (TypeRef m = elem != x ? meet_tuples(elem, x) : nullptr) {
      elem = m;
    } else if (elem != x) {
      // Lists meet by their elements; instances of one class hierarchy as their common base.
      const bool lists = elem->is_list() && x->is_list();
      if (!lists && !(elem->is_host_object() && x->is_host_object())) return nullptr;
      elem = rules::unify(elem, x);
      if (!elem) return nullptr;
    }
  }
  return types::list(elem);
}

// NumPy's dtype for an array made of these Python values: np.array([1, 2]) is int64,
// np.array([1.5]) float64, a list of np.float32 float32, a list of arrays their dtype.
TypeRef innermost(TypeRef t, int& depth) {
  while (t->is_list()) {
    ++depth;
    t = t->dtype();
    if (!t) return nullptr;
  }
  if (t->is_array() && !t->is_device_array()) {
    depth += t->ndim();
    return t->dtype();
  }
  return t;
}

// What Python's sorted/min/max compare here: numbers (a DynamicNumber too), strings, and tuples
// and lists of them (lists item by item, as tuples).
bool orderable(TypeRef t) {
  if (t->is_number() || t->is_dynamic() || t->is_string()) return true;
  if (t->is_list()) return t->dtype() && orderable(t->dtype());
  if (!t->is_tuple() || t->elements().empty()) return false;
  for (TypeRef e : t->elements()) {
    if (!orderable(e)) return false;
  }
  return true;
}

}  // namespace

// What a list holding `have` becomes when given `element` (appended, stored, concatenated):
// Python keeps each value's own type, so numbers of two types other than two integer widths
// (`[0] * 4` given 2.5, np.float64 beside np.float32, True beside 1) are DynamicNumbers of
// their meet, each printing as the number it is; two integer widths print alike and widen.
TypeRef element_meet(TypeRef have, TypeRef element) {
  if (have == element) return have;
  if (have->is_tuple() && element->is_tuple()) return meet_tuples(have, element);
  if (have->is_list() && element->is_list() && have->is_set() == element->is_set() && !have->is_sized_tuple() &&
      !element->is_sized_tuple()) {
    // Lists of lists meet by their elements, each keeping its values' types.
    if (!have->dtype() || !element->dtype()) return have->dtype() ? have : element;
    TypeRef e = element_meet(have->dtype(), element->dtype());
    return e ? types::list_like(have, e) : nullptr;
  }
  if (!dynamic_or_number(have) || !dynamic_or_number(element)) return rules::unify(have, element);
  TypeRef u = rules::unify(have, element);
  if (!u || u->is_dynamic()) return u;
  const bool integers = have->is_int() && element->is_int() && !have->is_bool() && !element->is_bool();
  return integers ? u : types::dynamic_number(u);
}

ir::ExprPtr FunctionBuilder::empty_list(TypeRef list_type, Span s) {
  return call_node(list_type, "{t0}()", s, {}, {list_type});
}

ir::ExprPtr FunctionBuilder::growable_list(ir::ExprPtr v) {
  if (!v || v->kind != ir::ExprKind::TupleMake || !v->type->is_list_display()) return v;
  TypeRef t = growable_type(v->type);
  if (!t) return v;
  auto& display = static_cast<ir::TupleMake&>(*v);
  std::vector<ir::ExprPtr> items;
  for (auto& x : display.elements) {
    auto y = growable_list(std::move(x));
    if (y->type != t->dtype()) y = std::make_unique<ir::Cast>(t->dtype(), std::move(y), y->span);
    items.push_back(std::move(y));
  }
  const size_t n = items.size();
  // A braced list: C++ evaluates it left to right, as Python evaluates the display.
  auto made = call_node(t, "{t0}{" + fields(0, n) + "}", v->span, std::move(items), {t});
  static_cast<ir::BuiltinCall&>(*made).orders_args = true;
  return made;
}

// `xs.append(v)` where xs's element type is not known yet (or is narrower): the variable's
// list type meets [v]'s, and the next inference pass sees it.
TypeRef FunctionBuilder::refine_list(const ast::Expr& owner, TypeRef list_type, TypeRef element, Span s) {
  const std::string container = list_type->is_set() ? "set" : "list";
  if (!element || element->is_none() || element->kind() == TypeKind::Range || element->is_untyped_list()) {
    D().error(s, "a " + container + " holds values, not " + (element ? element->str() : std::string("this")));
    return nullptr;
  }
  TypeRef have = list_type->dtype();
  TypeRef want = have ? element_meet(have, element) : element;
  // (Instances of one class hierarchy meet as their common base: `self.shapes.append(sh)` given
  // a Square, then a Circle, is a list of Shape.)
  if (have && want && want != have &&
      !(want->is_list() || want->is_tuple() || (dynamic_or_number(want) && dynamic_or_number(have)) ||
        (want->is_host_object() && have->is_host_object()))) {
    want = nullptr;
  }
  if (!want) {
    D().error(s, "a " + container + " of " + have->str() + " cannot hold a " + element->str() + " value: py2cuda's " +
                     container + "s hold one type, as Numba's do");
    return nullptr;
  }
  if (want == have) return list_type;
  if (owner.kind == ast::ExprKind::Name && locals_.count(ast::as<ast::Name>(owner).id)) {
    assign_type(binding(ast::as<ast::Name>(owner).id), types::list_like(list_type, want), owner.span);
    return types::list_like(list_type, want);
  }
  if (owner.kind == ast::ExprKind::Name && is_module_container(ast::as<ast::Name>(owner).id)) {
    return refine_shared_global(ast::as<ast::Name>(owner).id, types::list_like(list_type, want), owner.span) ? types::list_like(list_type, want)
                                                                                              : nullptr;
  }
  // `self.items.append(v)`: the attribute of the instance's class (the next pass sees it).
  if (refine_instance_attribute(owner, types::list_like(list_type, want))) return types::list_like(list_type, want);
  // A list's list element: `rows[i].append(v)` and `m[1][2] = 1.5` type the outer list's elements.
  if (owner.kind == ast::ExprKind::Subscript) {
    const ast::Expr& outer_owner = *ast::as<ast::Subscript>(owner).value;
    TypeRef outer = container_type(outer_owner);
    if (outer && outer->is_list() && !outer->is_set() && !outer->is_sized_tuple() && outer->dtype() &&
        outer->dtype()->is_list()) {
      return refine_list(outer_owner, outer, types::list_like(list_type, want), s) ? types::list_like(list_type, want)
                                                                                   : nullptr;
    }
  }
  // A dict's list value: `d[k].append(v)`, `d.setdefault(k, []).append(v)` type the dict's values.
  const ast::Expr* dict_owner = nullptr;
  if (owner.kind == ast::ExprKind::Subscript) {
    dict_owner = ast::as<ast::Subscript>(owner).value.get();
  } else if (owner.kind == ast::ExprKind::Call && ast::as<ast::Call>(owner).func->kind == ast::ExprKind::Attribute &&
             ast::as<ast::Attribute>(*ast::as<ast::Call>(owner).func).attr == "setdefault") {
    dict_owner = ast::as<ast::Attribute>(*ast::as<ast::Call>(owner).func).value.get();
  }
  if (dict_owner && dict_owner->kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(*dict_owner).id;
    const bool shared = is_module_container(id);
    TypeRef dict = shared ? mb_.shared_global_type(id) : nullptr;
    if (!shared && env_.count(binding(id))) dict = env_.at(binding(id));
    if (dict && dict->is_dict() && !dict->is_untyped_dict() && dict->value_type()->is_list()) {
      TypeRef typed = types::dict_like(dict, dict->key_type(), types::list_like(list_type, want));
      if (shared) return refine_shared_global(id, typed, dict_owner->span) ? types::list_like(list_type, want) : nullptr;
      assign_type(binding(id), typed, dict_owner->span);
      return types::list_like(list_type, want);
    }
  }
  D().error(owner.span, "the element type of this " + container + " is not known here: py2cuda types a " + container +
                            " by the values added to the name holding it; start it with a value of its type or assign "
                            "it to a name");
  return nullptr;
}

TypeRef FunctionBuilder::container_type(const ast::Expr& owner) const {
  if (owner.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(owner).id;
    if (is_module_container(id)) return mb_.shared_global_type(id);
    auto it = locals_.count(id) ? env_.find(binding(id)) : env_.end();
    return it == env_.end() ? nullptr : it->second;
  }
  if (owner.kind == ast::ExprKind::Subscript) {
    TypeRef outer = container_type(*ast::as<ast::Subscript>(owner).value);
    return outer && outer->is_list() && !outer->is_set() ? outer->dtype() : nullptr;
  }
  return nullptr;
}

bool FunctionBuilder::refine_instance_attribute(const ast::Expr& owner, TypeRef t) {
  if (owner.kind != ast::ExprKind::Attribute || ast::as<ast::Attribute>(owner).value->kind != ast::ExprKind::Name) return false;
  const auto& a = ast::as<ast::Attribute>(owner);
  const std::string& id = ast::as<ast::Name>(*a.value).id;
  auto it = locals_.count(id) ? vars_.find(binding(id)) : vars_.end();
  const std::string cls = it == vars_.end() ? "" : instance_class(it->second->type);
  if (cls.empty() || !mb_.class_attribute_type(cls, a.attr)) return false;
  mb_.set_class_attribute_type(cls, a.attr, t);
  return true;
}

ir::ExprPtr FunctionBuilder::list_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self) {
  const std::string& name = m.attr;
  TypeRef lt = self->type;
  TypeRef elem = lt->dtype();
  const std::string what = "list." + name;
  auto arity = [&](size_t lo, size_t hi) {
    if (c.args.size() < lo || c.args.size() > hi) {
      D().error(c.span, what + "() takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                            " positional argument" + (hi == 1 ? "" : "s") + ", " + std::to_string(c.args.size()) + " given");
      return false;
    }
    for (const auto& kw : c.keywords) {
      const bool sort_keyword = name == "sort" && (kw.name == "key" || kw.name == "reverse");
      int repeats = 0;
      for (const auto& other : c.keywords) repeats += other.name == kw.name;
      if (!sort_keyword || repeats > 1) {
        D().error(kw.span, what + "() got an unexpected keyword argument '" + kw.name + "'");
        return false;
      }
    }
    return true;
  };
  // An element argument, converted to the list's element type (which it may widen).
  auto element = [&](const ast::Expr& e) -> ir::ExprPtr {
    auto v = growable_list(expr(e));
    if (!v) return nullptr;
    TypeRef t = refine_list(*m.value, lt, v->type, e.span);
    if (!t || !t->dtype() || t != lt) return nullptr;  // the next pass has the wider type
    if (v->type != elem) {
      if (!rules::can_convert(v->type, elem)) return fail(e.span, "cannot put a " + v->type->str() + " into a " + lt->str());
      v = std::make_unique<ir::Cast>(elem, std::move(v), v->span);
    }
    return v;
  };
  auto known = [&]() {
    if (elem) return true;
    D().error(m.value->span, "the element type of this list is never known: nothing of a known type is appended "
                             "to it (py2cuda types a list by its values, as Numba does)");
    return false;
  };
  auto integer = [&](const ast::Expr& e) -> ir::ExprPtr {
    auto v = expr(e);
    if (!v) return nullptr;
    if (!v->type->is_int() && !v->type->is_bool()) return fail(e.span, "'" + v->type->str() + "' object cannot be interpreted as an integer");
    return convert(std::move(v), types::int64());
  };
  if (name == "append") {
    if (!arity(1, 1)) return nullptr;
    auto v = element(*c.args[0]);
    if (!v) return nullptr;
    return with_effects(call_node(types::none(), "{0}.append({1})", c.span, args_of(std::move(self), std::move(v))));
  }
  if (name == "insert") {
    if (!arity(2, 2)) return nullptr;
    auto i = integer(*c.args[0]);
    auto v = element(*c.args[1]);
    if (!i || !v) return nullptr;
    return with_effects(
        call_node(types::none(), "{0}.insert({1}, {2})", c.span, args_of(std::move(self), std::move(i), std::move(v))));
  }
  if (name == "extend") {
    if (!arity(1, 1)) return nullptr;
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    TypeRef t = refine_list(*m.value, lt, item, c.args[0]->span);
    if (!t || t != lt) return nullptr;
    if (!rules::can_convert(item, elem)) return fail(c.args[0]->span, "cannot put " + item->str() + " values into a " + lt->str());
    return with_effects(
        call_node(types::none(), "{0}.extend({1})", c.span, args_of(std::move(self), std::move(items))));
  }
  if (name == "pop") {
    if (!arity(0, 1) || !known()) return nullptr;
    if (c.args.empty()) return with_effects(call_node(elem, "{0}.pop()", c.span, args_of(std::move(self))));
    auto i = integer(*c.args[0]);
    if (!i) return nullptr;
    return with_effects(call_node(elem, "{0}.pop({1})", c.span, args_of(std::move(self), std::move(i))));
  }
  if (name == "remove") {
    if (!arity(1, 1) || !known()) return nullptr;
    auto v = growable_list(expr(*c.args[0]));
    if (!v) return nullptr;
    if (v->type != elem) {
      if (!dynamic_or_number(v->type) || !dynamic_or_number(elem)) {
        return fail(c.args[0]->span, what + "() of a " + v->type->str() + " in a " + lt->str() + " is not supported by py2cuda");
      }
      v = std::make_unique<ir::Cast>(elem, std::move(v), v->span);
    }
    return with_effects(call_node(types::none(), "{0}.remove({1})", c.span, args_of(std::move(self), std::move(v))));
  }
  if (name == "index" || name == "count") {
    if (!arity(1, 1) || !known()) return nullptr;
    auto v = growable_list(expr(*c.args[0]));
    if (!v) return nullptr;
    if (v->type != elem) {
      if (!dynamic_or_number(v->type) || !dynamic_or_number(elem)) {
        return fail(c.args[0]->span, what + "() of a " + v->type->str() + " in a " + lt->str() + " is not supported by py2cuda");
      }
      v = std::make_unique<ir::Cast>(elem, std::move(v), v->span);
    }
    return call_node(types::int64(), "{0}." + name + "({1})", c.span, args_of(std::move(self), std::move(v)));
  }
  if (name == "reverse" || name == "clear") {
    if (!arity(0, 0)) return nullptr;
    return with_effects(call_node(types::none(), "{0}." + name + "()", c.span, args_of(std::move(self))));
  }
  if (name == "copy") {
    if (!arity(0, 0)) return nullptr;
    return call_node(lt, "{0}.copy()", c.span, args_of(std::move(self)));
  }
  if (name == "sort") {
    if (!arity(0, 0) || !known()) return nullptr;
    const ast::Expr* key = nullptr;
    const ast::Expr* reverse = nullptr;
    for (const auto& kw : c.keywords) (kw.name == "key" ? key : reverse) = kw.value.get();
    std::vector<ir::ExprPtr> args = args_of(std::move(self));
    std::string pattern = "{0}.sort(";
    if (key && key->kind != ast::ExprKind::NoneLit) {
      std::string head;
      auto k = key_function(*key, elem, 0, head);
      if (!k) return nullptr;
      pattern += head + "return {1}; }, ";
      args.push_back(std::move(k));
      if (!reverse) pattern += "false";
    } else if (!orderable(elem)) {
      return fail(c.span, "sorting a list of " + elem->str() + " is not supported by py2cuda");
    }
    if (reverse) {
      auto r = condition(*reverse);
      if (!r) return nullptr;
      pattern += "{" + std::to_string(args.size()) + "}";
      args.push_back(std::move(r));
    }
    return with_effects(call_node(types::none(), pattern + ")", c.span, std::move(args), {elem}));
  }
  return fail(m.attr_span, "'list' object has no attribute '" + name + "' supported by py2cuda");
}

std::optional<std::string> FunctionBuilder::list_slice(const ast::Slice& sl, std::vector<ir::ExprPtr>& args) {
  std::string bounds;
  const ast::Expr* parts[3] = {sl.lower.get(), sl.upper.get(), sl.step.get()};
  for (int k = 0; k < 3; ++k) {
    const ast::Expr* bound = parts[k];
    if (k == 2 && (!bound || bound->kind == ast::ExprKind::NoneLit)) break;
    auto v = slice_bound(bound);
    if (!v && bound && bound->kind != ast::ExprKind::NoneLit) return std::nullopt;  // reported
    if (!bounds.empty()) bounds += ", ";
    if (!v) {
      bounds += "py2cuda::none";
      continue;
    }
    bounds += "{" + std::to_string(args.size()) + "}";
    args.push_back(std::move(v));
  }
  return "py2cuda::slice(" + bounds + ")";
}

ir::ExprPtr FunctionBuilder::list_subscript(ir::ExprPtr base, const ast::Subscript& s) {
  TypeRef lt = base->type;
  if (s.index->kind == ast::ExprKind::Slice) {
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    auto slice = list_slice(ast::as<ast::Slice>(*s.index), args);
    if (!slice) return nullptr;
    return call_node(lt, "{0}.slice(" + *slice + ")", s.span, std::move(args));
  }
  if (!lt->dtype()) return fail(s.value->span, "the element type of this list is never known (nothing is appended to it)");
  auto i = expr(*s.index);
  if (!i) return nullptr;
  if (!i->type->is_int() && !i->type->is_bool()) {
    return fail(s.index->span, "list indices must be integers or slices, not " + i->type->str());
  }
  return call_node(lt->dtype(), "{0}.at({1})", s.span, args_of(std::move(base), convert(std::move(i), types::int64())));
}

bool FunctionBuilder::list_store(const ast::Subscript& target, ir::ExprPtr& value, Span s, ir::Block& out, bool echo) {
  const ast::Expr& owner = *target.value;
  // Only a name or an element of a list is looked at here; the rest is subscript()'s.
  if (owner.kind != ast::ExprKind::Name && owner.kind != ast::ExprKind::Subscript) return false;
  if (owner.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(owner).id;
    if (is_module_container(id)) {
      TypeRef shared = mb_.shared_global_type(id);
      if (!shared || !shared->is_list()) return false;
    } else {
      if (!locals_.count(id)) return false;
      ir::Variable* v = variable(binding(id));
      if (!v->type || !v->type->is_list()) return false;
    }
  }
  auto base = expr(owner);
  if (!base) return true;
  if (!base->type->is_list()) return false;
  value = growable_list(std::move(value));
  if (target.index->kind == ast::ExprKind::Slice) {
    // xs[a:b] = items: the items are iterated (a list, tuple, range, array...), each stored as
    // the list's element type, which they refine as an append would.
    TypeRef vt = value->type;
    TypeRef item = vt->is_list() || (vt->is_array() && vt->ndim() == 1) ? vt->dtype()
                   : vt->kind() == TypeKind::Range                       ? types::int64()
                                                                          : nullptr;
    if (vt->is_tuple()) {
      for (TypeRef e : vt->elements()) item = item ? rules::unify(item, e) : e;
    }
    if (!item) {
      D().error(s, "can only assign an iterable to a slice of a list, not " + value->type->str());
      return true;
    }
    TypeRef t = refine_list(owner, base->type, item, s);
    if (!t || t != base->type) return true;
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    auto slice = list_slice(ast::as<ast::Slice>(*target.index), args);
    if (!slice) return true;
    const std::string pattern = "{0}.assign(" + *slice + ", {" + std::to_string(args.size()) + "})";
    args.push_back(std::move(value));
    auto st = std::make_unique<ir::ExprStmt>(with_effects(call_node(types::none(), pattern, s, std::move(args))), s);
    st->echo_line = echo;
    out.push_back(std::move(st));
    return true;
  }
  TypeRef lt = base->type;
  TypeRef t = refine_list(owner, lt, value->type, s);
  if (!t || t != lt) return true;
  auto i = expr(*target.index);
  if (!i) return true;
  if (!i->type->is_int() && !i->type->is_bool()) {
    D().error(target.index->span, "list indices must be integers or slices, not " + i->type->str());
    return true;
  }
  if (value->type != lt->dtype()) value = std::make_unique<ir::Cast>(lt->dtype(), std::move(value), value->span);
  auto st = std::make_unique<ir::ExprStmt>(
      with_effects(call_node(types::none(), "{0}.set({1}, {2})", s,
                             args_of(std::move(base), convert(std::move(i), types::int64()), std::move(value)))),
      s);
  st->echo_line = echo;
  out.push_back(std::move(st));
  return true;
}

bool FunctionBuilder::list_delete(const ast::Subscript& target, Span s, ir::Block& out) {
  const ast::Expr& owner = *target.value;
  if (owner.kind != ast::ExprKind::Name && owner.kind != ast::ExprKind::Subscript) return false;
  if (owner.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(owner).id;
    TypeRef t = is_module_container(id)      ? mb_.shared_global_type(id)
                : locals_.count(id) != 0     ? variable(binding(id))->type
                                             : nullptr;
    if (!t || !t->is_list()) return false;
  }
  auto base = expr(owner);
  if (!base) return true;
  if (!base->type->is_list()) return false;
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(base));
  std::string pattern;
  if (target.index->kind == ast::ExprKind::Slice) {
    auto slice = list_slice(ast::as<ast::Slice>(*target.index), args);
    if (!slice) return true;
    pattern = "{0}.erase(" + *slice + ")";
  } else {
    auto i = expr(*target.index);
    if (!i) return true;
    if (!i->type->is_int() && !i->type->is_bool()) {
      D().error(target.index->span, "list indices must be integers or slices, not " + i->type->str());
      return true;
    }
    args.push_back(convert(std::move(i), types::int64()));
    pattern = "{0}.erase({1})";
  }
  out.push_back(std::make_unique<ir::ExprStmt>(with_effects(call_node(types::none(), pattern, s, std::move(args))), s));
  return true;
}

ir::ExprPtr FunctionBuilder::list_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  l = growable_list(std::move(l));
  r = growable_list(std::move(r));
  if (l->type->is_set() || r->type->is_set()) return set_binary(op, std::move(l), std::move(r), s);
  if (op == BinOp::Add && l->type->is_list() && r->type->is_list()) {
    TypeRef le = l->type->dtype();
    TypeRef re = r->type->dtype();
    TypeRef elem = !le ? re : !re ? le : element_meet(le, re);
    TypeRef t = elem ? types::list(elem) : rules::unify(l->type, r->type);
    if (!t) return fail(s, "can only concatenate lists of one element type in py2cuda, not " + l->type->str() + " and " + r->type->str());
    if (l->type != t) l = std::make_unique<ir::Cast>(t, std::move(l), s);
    if (r->type != t) r = std::make_unique<ir::Cast>(t, std::move(r), s);
    return call_node(t, "{0} + {1}", s, args_of(std::move(l), std::move(r)));
  }
  if (op == BinOp::Mul && (l->type->is_list() || r->type->is_list())) {
    if (r->type->is_list()) std::swap(l, r);
    if (!r->type->is_int() && !r->type->is_bool()) return fail(s, "can't multiply sequence by non-int of type '" + r->type->str() + "'");
    TypeRef t = l->type;
    return call_node(t, "py2cuda::host::repeat({0}, {1})", s,
                     args_of(std::move(l), convert(std::move(r), types::int64())));
  }
  return fail(s, "unsupported operand types for " + std::string(python_spelling(op)) + ": " + l->type->str() + " and " +
                     r->type->str());
}

ir::ExprPtr FunctionBuilder::list_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    r = growable_list(std::move(r));
    if (!r->type->is_list()) return fail(s, "'in' of a list of mixed types is not supported by py2cuda");
    TypeRef elem = r->type->dtype();
    if (!elem) {
      auto k = std::make_unique<ir::Const>(types::boolean(), s);
      k->b = op == CmpOp::NotIn;  // nothing is in an empty list
      return k;
    }
    if (l->type != elem && l->type->is_list_display() && elem->is_list()) l = growable_list(std::move(l));  // [1, 0] in rows
    if (l->type != elem) {
      if (!dynamic_or_number(l->type) || !dynamic_or_number(elem)) {
        return fail(s, "'in' of a " + l->type->str() + " in a " + r->type->str() + " is not supported by py2cuda");
      }
      l = std::make_unique<ir::Cast>(elem, std::move(l), s);
    }
    return call_node(types::boolean(), std::string(op == CmpOp::NotIn ? "!" : "") + "{0}.contains({1})", s,
                     args_of(std::move(r), std::move(l)));
  }
  l = growable_list(std::move(l));
  r = growable_list(std::move(r));
  if (l->type->is_set() || r->type->is_set()) return set_compare(op, std::move(l), std::move(r), s);
  if (!l->type->is_list() || !r->type->is_list()) {
    return fail(s, "comparing " + l->type->str() + " and " + r->type->str() + " is not supported by py2cuda");
  }
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    // Identity: the same list object (lists of two element types never are).
    if (l->type != r->type) {
      auto c = std::make_unique<ir::Const>(types::boolean(), s);
      c->b = op == CmpOp::IsNot;
      return c;
    }
    return call_node(types::boolean(), op == CmpOp::Is ? "{0}.is({1})" : "!{0}.is({1})", s,
                     args_of(std::move(l), std::move(r)));
  }
  if (op != CmpOp::Eq && op != CmpOp::NotEq) return fail(s, "ordering comparisons of lists are not supported by py2cuda");
  TypeRef t = rules::unify(l->type, r->type);
  if (!t) return fail(s, "comparing " + l->type->str() + " and " + r->type->str() + " is not supported by py2cuda");
  if (l->type != t) l = std::make_unique<ir::Cast>(t, std::move(l), s);
  if (r->type != t) r = std::make_unique<ir::Cast>(t, std::move(r), s);
  return call_node(types::boolean(), op == CmpOp::Eq ? "{0} == {1}" : "{0} != {1}", s,
                   args_of(std::move(l), std::move(r)));
}

// range(...) as a host value (py2cuda::host::Range): what a comprehension, list() or sorted()
// iterates, and a variable's value (`r = range(2, 12, 2)`).
ir::ExprPtr FunctionBuilder::range_object(const ast::Call& call) {
  std::vector<ir::ExprPtr> bounds;
  for (const auto& a : call.args) {
    auto v = expr(*a);
    if (!v) return nullptr;
    if (!v->type->is_int() && !v->type->is_bool()) {
      return fail(a->span, "range() needs integers, not " + v->type->str());
    }
    bounds.push_back(convert(std::move(v), types::int64()));
  }
  if (bounds.empty() || bounds.size() > 3 || !call.keywords.empty()) return fail(call.span, "range() takes 1 to 3 arguments");
  const size_t n = bounds.size();
  return call_node(types::range(), "py2cuda::host::range(" + fields(0, n) + ")", call.span, std::move(bounds));
}

// A Range value as the list of its values, where a list is what is asked for (sum(range(n)),
// np.array(range(n))); any other value as it is.
ir::ExprPtr FunctionBuilder::range_values(ir::ExprPtr v, Span s) {
  if (!v || v->type->kind() != TypeKind::Range) return v;
  return call_node(types::list(types::int64()), "py2cuda::host::to_list<int64_t>({0})", s, args_of(std::move(v)));
}

// The sequence of `reversed(seq)`, or null with the error: one argument, and one Python can
// reverse (not zip, enumerate or a generator).
const ast::Expr* FunctionBuilder::reversed_sequence(const ast::Call& call) {
  if (call.args.size() != 1 || !call.keywords.empty()) {
    D().error(call.span, "reversed() takes one sequence");
    return nullptr;
  }
  if (const std::string inner = not_reversible(*call.args[0]); !inner.empty()) {
    D().error(call.args[0]->span, "'" + inner + "' object is not reversible (TypeError); make a list of it first");
    return nullptr;
  }
  return call.args[0].get();
}

// What a comprehension or list.extend goes over, as a value the runtime's for_each_item
// visits, and the type of each item.
ir::ExprPtr FunctionBuilder::comprehension_items(const ast::Expr& iter, TypeRef& item) {
  iterated_ = &iter;
  if (iter.kind == ast::ExprKind::Call) {
    const auto& call = ast::as<ast::Call>(iter);
    const std::string path = resolve_path(mb_.info(), *call.func);
    if (path == "range") {
      item = types::int64();
      return range_object(call);
    }
    if (path == "reversed") {
      // list(reversed(xs)), [f(v) for v in reversed(xs)]: the items in a new list, last first.
      const ast::Expr* sequence = reversed_sequence(call);
      if (!sequence) return nullptr;
      auto items = comprehension_items(*sequence, item);
      if (!items) return nullptr;
      return call_node(types::list(item), "py2cuda::host::reversed_list<{t0}>({0})", call.span, args_of(std::move(items)),
                       {item});
    }
    if (path == "zip" && call.has_star_args && call.args.size() == 1 && call.keywords.empty() &&
        call.args[0]->kind == ast::ExprKind::Starred) {
      // zip(*t) of a tuple of arrays or lists (`zip(*np.nonzero(b))`): zip of its items, the
      // tuple evaluated once.
      auto whole = growable_list(expr(*ast::as<ast::Starred>(*call.args[0]).value));
      if (!whole) return nullptr;
      const TypeRef t = whole->type;
      const bool tuple = t->is_tuple() && !t->is_list_display() && !t->elements().empty();
      if (tuple) {  // else zip(*rows) of a list: below
        std::vector<TypeRef> items_of;
        for (TypeRef part : t->elements()) {
          const bool array = part->is_array() && !part->is_device_array() && part->ndim() == 1;
          if (!array && !(part->is_list() && part->dtype())) {
            return fail(call.args[0]->span, "zip(*t) of a tuple of " + part->str() + " is not supported by py2cuda (a "
                                            "tuple of 1-D arrays or lists is)");
          }
          items_of.push_back(part->dtype());
        }
        item = types::tuple(items_of);
        std::string parts;
        for (size_t k = 0; k < t->elements().size(); ++k) {
          parts += (k ? ", py2cuda::get<" : "py2cuda::get<") + std::to_string(k) + ">(zipped)";
        }
        return call_node(types::host_object("zip"),
                         "[](const auto& zipped) { return py2cuda::host::zip(" + parts + "); }({0})", call.span,
                         args_of(std::move(whole)));
      }
    }
    if ((path == "zip" || path == "enumerate") && !call.has_star_args) {
      const bool is_zip = path == "zip";
      if (call.args.empty() || (!is_zip && call.args.size() > 2)) return fail(call.span, path + "() arguments are not supported here");
      std::vector<ir::ExprPtr> parts;
      std::vector<TypeRef> types_of;
      if (!is_zip) types_of.push_back(types::int64());
      for (size_t k = 0; k < (is_zip ? call.args.size() : 1); ++k) {
        TypeRef t = nullptr;
        auto v = comprehension_items(*call.args[k], t);
        if (!v) return nullptr;
        // The runtime's zip gathers each part's items; a 2-D array's rows (views) and a dict's
        // views are not gathered there: a for loop over the zip reads them.
        if (is_zip && ((v->type->is_array() && v->type->ndim() > 1) || v->type->object_name().rfind("dict_", 0) == 0)) {
          return fail(call.args[k]->span, path + "() of " + (v->type->is_array() ? "a 2-D array's rows" : "a dict view") +
                                              " in a comprehension is not supported by py2cuda; write a for loop "
                                              "over it");
        }
        types_of.push_back(t);
        parts.push_back(std::move(v));
      }
      const ast::Expr* start = !is_zip && call.args.size() == 2 ? call.args[1].get() : nullptr;
      for (const auto& kw : call.keywords) {
        if (is_zip || kw.name != "start") return fail(kw.span, path + "() keyword '" + kw.name + "' is not supported here");
        start = kw.value.get();
      }
      if (start) {
        auto v = expr(*start);
        if (!v) return nullptr;
        if (!v->type->is_int()) return fail(start->span, "enumerate() start must be an integer");
        parts.push_back(convert(std::move(v), types::int64()));
      }
      item = types::tuple(types_of);
      const size_t n = parts.size();
      return call_node(types::host_object(path), "py2cuda::host::" + path + "(" + fields(0, n) + ")", call.span,
                       std::move(parts));
    }
    if (path == "numpy.ndenumerate" || path == "numpy.ndindex") return multi_index_items(call, path, item);
  }
  // d, d.keys(), d.values(), d.items(): a dict's entries in insertion order.
  std::string part;
  const ast::Expr* owner = &iter;
  if (iter.kind == ast::ExprKind::Call && ast::as<ast::Call>(iter).args.empty() && ast::as<ast::Call>(iter).keywords.empty() &&
      ast::as<ast::Call>(iter).func->kind == ast::ExprKind::Attribute) {
    const auto& m = ast::as<ast::Attribute>(*ast::as<ast::Call>(iter).func);
    if ((m.attr == "keys" || m.attr == "values" || m.attr == "items") && resolve_path(mb_.info(), m).empty()) {
      part = m.attr;
      owner = m.value.get();
    }
  }
  auto v = growable_list(expr(*owner));
  if (!v) return nullptr;
  if (!part.empty() && !v->type->is_dict()) {
    v = growable_list(expr(iter));  // a method of something else: its value is the iterable
    if (!v) return nullptr;
  } else if (v->type->is_dict()) {
    TypeRef d = v->type;
    if (d->is_untyped_dict()) return fail(iter.span, "this dict is empty and its key and value types unknown here");
    if (part.empty()) part = "keys";
    item = part == "keys" ? d->key_type() : part == "values" ? d->value_type() : types::tuple({d->key_type(), d->value_type()});
    return dict_view(part, std::move(v), iter.span);
  }
  TypeRef t = v->type;
  if (t == types::host_object("str_list") || t->is_string()) {
    item = types::string();  // sys.argv's strings, a str's characters
  } else if (t == types::host_object("DeviceList")) {
    item = types::host_object("ManagedDevice");  // cuda.gpus's devices (host/devices.h's for_each_item)
  } else if (t->is_list()) {
    if (!t->dtype()) return fail(iter.span, "the element type of this list is never known (nothing is appended to it)");
    item = t->dtype();
  } else if (t->is_array() && !t->is_device_array() && t->ndim() == 1) {
    item = t->dtype();
  } else if (t->is_array() && !t->is_device_array() && t->ndim() > 1) {
    // [row.sum() for row in image]: NumPy iterates over the first axis, each item a view of one row.
    std::vector<rules::ViewIndex> kinds(static_cast<size_t>(t->ndim()), rules::ViewIndex::Slice);
    kinds[0] = rules::ViewIndex::Integer;
    item = types::array(t->dtype(), t->ndim() - 1, rules::view_layout(t, kinds), t->is_readonly());
  } else if (t->is_device_array() && t->ndim() == 1) {
    // Iterating a device array reads its elements back: one copy of the whole array here.
    item = t->dtype();
    return call_node(types::array(t->dtype(), 1, Layout::C), "{0}.copy_to_host()", iter.span, args_of(std::move(v)));
  } else if (t->is_uniform_tuple()) {
    item = t->elements()[0];
  } else if (t->kind() == TypeKind::Range) {
    item = types::int64();  // a variable holding range(...)
  } else {
    return fail(iter.span, "py2cuda's host code iterates here over range(), a list, a tuple of one type, a host "
                           "array, zip() or enumerate(), not " + t->str());
  }
  return v;
}

// np.ndindex(3, 4), np.ndindex((3, 4)), np.ndindex(a.shape): each index a tuple of int64;
// np.ndenumerate(a): each item (index, a[index]). The messages are those of a `for` loop over them.
ir::ExprPtr FunctionBuilder::multi_index_items(const ast::Call& call, const std::string& path, TypeRef& item) {
  const bool enumerate = path == "numpy.ndenumerate";
  const std::string what = enumerate ? "np.ndenumerate()" : "np.ndindex()";
  if (!call.keywords.empty()) return fail(call.keywords[0].span, what + " keyword arguments are not supported here");
  std::vector<ir::ExprPtr> args;
  size_t ndim = 0;
  if (enumerate) {
    if (call.args.size() != 1) return fail(call.span, "np.ndenumerate() takes one array");
    auto a = expr(*call.args[0]);
    if (!a) return nullptr;
    if (!a->type->is_array() || a->type->is_device_array()) {
      return fail(call.args[0]->span, "np.ndenumerate() needs a host array here, not " + a->type->str());
    }
    ndim = static_cast<size_t>(a->type->ndim());
    args.push_back(std::move(a));
  } else {
    for (const auto& a : call.args) {
      auto v = expr(*a);
      if (!v) return nullptr;
      if (call.args.size() == 1 && v->type->is_tuple()) {
        // The runtime reads the tuple's extents: it is evaluated once.
        for (TypeRef part : v->type->elements()) {
          if (!part->is_int()) return fail(a->span, "np.ndindex() extents must be integers, not " + part->str());
        }
        ndim = v->type->elements().size();
        args.push_back(std::move(v));
        break;
      }
      if (!v->type->is_int()) return fail(a->span, "np.ndindex() extents must be integers, not " + v->type->str());
      args.push_back(convert(std::move(v), types::int64()));
      ++ndim;
    }
  }
  if (ndim == 0) return fail(call.span, what + " of no dimensions (one empty index) is not supported by py2cuda");
  TypeRef index = types::tuple(std::vector<TypeRef>(ndim, types::int64()));
  item = enumerate ? types::tuple({index, args[0]->type->dtype()}) : index;
  const std::string runtime = enumerate ? "ndenumerate" : "ndindex";
  const size_t n = args.size();
  return call_node(types::host_object(runtime), "py2cuda::host::" + runtime + "(" + fields(0, n) + ")", call.span,
                   std::move(args));
}

namespace {

// Each name a loop or comprehension target binds (`(i, j), v`: i, j and v).
void visit_target_names(const ast::Expr& target, const std::function<void(const std::string&)>& f) {
  if (target.kind == ast::ExprKind::Name) f(ast::as<ast::Name>(target).id);
  if (target.kind == ast::ExprKind::Starred) visit_target_names(*ast::as<ast::Starred>(target).value, f);
  if (target.kind == ast::ExprKind::Tuple || target.kind == ast::ExprKind::List) {
    const auto& elts = target.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(target).elts
                                                           : ast::as<ast::ListExpr>(target).elts;
    for (const auto& e : elts) visit_target_names(*e, f);
  }
}

}  // namespace

// The lambda head binding a comprehension's target to an item of type `item` ({tK} is the
// item's type): a name, or names unpacking a tuple item (C++ structured bindings).
bool FunctionBuilder::bind_comprehension_target(const ast::Expr& target, TypeRef item, size_t type_slot,
                                                std::string& head, const ast::Expr* iter) {
  // Where each name's values come from (NumPy scalars of an array's elements...), or nothing known.
  visit_target_names(target, [&](const std::string& id) {
    if (iter) comprehension_sources_[id] = {&target, iter};
    else comprehension_sources_.erase(id);
  });
  if (target.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(target).id;
    ir::Variable* var = temporary(cpp_identifier(id), item);
    comprehension_vars_[id] = var;
    head = "[&]({t" + std::to_string(type_slot) + "} " + var->cpp_name + ") { ";
    return true;
  }
  if (target.kind == ast::ExprKind::Tuple || target.kind == ast::ExprKind::List) {
    // `(i, j), v` of np.ndenumerate's items: a nested tuple target unpacks its part in turn.
    std::function<bool(const ast::Expr&, TypeRef, const std::string&, std::string&)> unpack =
        [&](const ast::Expr& names_of, TypeRef t, const std::string& whole, std::string& out) {
          const auto& elts = names_of.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(names_of).elts
                                                                   : ast::as<ast::ListExpr>(names_of).elts;
          if (t->is_array() && !t->is_device_array() && t->ndim() == 1) {
            // `[(i, j) for i, j in np.argwhere(m)]`: a row's elements, as a for loop unpacks them
            // (Python's ValueError when the row has another length).
            std::string names;
            for (size_t k = 0; k < elts.size(); ++k) {
              if (elts[k]->kind != ast::ExprKind::Name) {
                D().error(elts[k]->span, "py2cuda unpacks an array's row into plain names");
                return false;
              }
              const std::string& id = ast::as<ast::Name>(*elts[k]).id;
              ir::Variable* var = temporary(cpp_identifier(id), t->dtype());
              comprehension_vars_[id] = var;
              names += "const auto " + var->cpp_name + " = " + whole + "(" + std::to_string(k) + "); ";
            }
            out += "py2cuda::host::check_unpack(" + whole + ", int64_t(" + std::to_string(elts.size()) + ")); " + names;
            return true;
          }
          if (!t->is_tuple() || t->elements().size() != elts.size()) {
            D().error(names_of.span, "cannot unpack a " + t->str() + " into " + std::to_string(elts.size()) + " names");
            return false;
          }
          std::string names, inner;
          for (size_t k = 0; k < elts.size(); ++k) {
            const ast::Expr& e = *elts[k];
            ir::Variable* var = nullptr;
            if (e.kind == ast::ExprKind::Name) {
              const std::string& id = ast::as<ast::Name>(e).id;
              var = temporary(cpp_identifier(id), t->elements()[k]);
              comprehension_vars_[id] = var;
            } else if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List) {
              var = temporary("part", t->elements()[k]);
              if (!unpack(e, t->elements()[k], var->cpp_name, inner)) return false;
            } else {
              D().error(e.span, "py2cuda unpacks a comprehension's item into plain names");
              return false;
            }
            names += (k ? ", " : "") + var->cpp_name;
          }
          out += "const auto& [" + names + "] = " + whole + "; " + inner;
          return true;
        };
    ir::Variable* whole = temporary("item", item);
    std::string unpacking;
    if (!unpack(target, item, whole->cpp_name, unpacking)) return false;
    head = "[&](const {t" + std::to_string(type_slot) + "}& " + whole->cpp_name + ") { " + unpacking;
    return true;
  }
  D().error(target.span, "py2cuda's comprehensions bind a name or a tuple of names");
  return false;
}

// key=f of sorted(), list.sort(), min() and max(): the C++ lambda computing the key of an item
// of type `item` ({t<type_slot>} in the pattern), as `head` (the lambda up to its body) and the
// key's value. A lambda expression binds its parameter to the item; any other callable (a
// function of the program, d.get, len, abs...) is called with the item.
ir::ExprPtr FunctionBuilder::key_function(const ast::Expr& key, TypeRef item, size_t type_slot, std::string& head) {
  auto saved = comprehension_vars_;
  ir::ExprPtr value;
  if (key.kind == ast::ExprKind::Lambda) {
    const auto& l = ast::as<ast::LambdaExpr>(key);
    if (l.params.size() != 1 || l.params[0].kind != ast::Param::Kind::Normal) {
      return fail(key.span, "a key= lambda takes one argument, the item it gives the key of");
    }
    const ast::Name param(l.params[0].span, l.params[0].name);
    if (bind_comprehension_target(param, item, type_slot, head)) value = growable_list(expr(*l.body));
  } else {
    // The item, under a name no Python code can spell.
    static const std::string kItem = "key item";
    ir::Variable* var = temporary("item", item);
    comprehension_vars_[kItem] = var;
    head = "[&](const {t" + std::to_string(type_slot) + "}& " + var->cpp_name + ") { ";
    ast::ExprPtr call;
    // key=d.get: the value of each key, d[k] (a missing key then raises KeyError where Python
    // would compare None with a number and raise TypeError).
    if (key.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(key).attr == "get") {
      const auto& m = ast::as<ast::Attribute>(key);
      auto owner = expr(*m.value);
      if (owner && owner->type->is_dict()) {
        call = std::make_unique<ast::Subscript>(key.span, ast::clone(m.value.get()), std::make_unique<ast::Name>(key.span, kItem));
      }
    }
    if (!call) {
      auto c = std::make_unique<ast::Call>(key.span, ast::clone(&key));
      c->args.push_back(std::make_unique<ast::Name>(key.span, kItem));
      call = std::move(c);
    }
    value = growable_list(expr(*call));
    synthetic_ast_.push_back(std::move(call));
  }
  comprehension_vars_ = saved;
  if (!value) return nullptr;
  value = mixed_dict_number(std::move(value));  // key=lambda k: results[k]["time"]: the number held
  if (!orderable(value->type)) {
    return fail(key.span, "the key= function gives " + value->type->str() + " values, which py2cuda does not order "
                          "(numbers, strings, and tuples and lists of them)");
  }
  return value;
}

// A comprehension's first clause: its items (typed `item`), the head of the C++ lambda that
// binds its target (which stays bound in comprehension_vars_ for the element), and its
// conditions as one test (null when it has none). False when one fails (reported).
bool FunctionBuilder::comprehension_clause(const ast::ComprehensionExpr& g, TypeRef& item, ir::ExprPtr& items,
                                           std::string& head, ir::ExprPtr& cond) {
  items = comprehension_items(*g.iter, item);
  if (!items || !bind_comprehension_target(*g.target, item, 0, head, g.iter.get())) return false;
  for (const auto& c : g.conditions) {
    auto v = condition(*c);
    if (!v) return false;
    cond = cond ? std::make_unique<ir::Logical>(types::boolean(), true, std::move(cond), std::move(v), g.span) : std::move(v);
  }
  return true;
}

// [elt for target in iter if cond ...] (and a generator expression, which host code
// makes into the same list: what consumes it reads every item anyway).
ir::ExprPtr FunctionBuilder::list_comprehension(const ast::ComprehensionExpr& g) {
  if (const ast::Expr* display = host_ ? function_display(*g.iter) : nullptr) {
    return comprehension_over_functions(g, *display);
  }
  TypeRef item = nullptr;
  ir::ExprPtr items, cond;
  std::string head;
  auto saved = comprehension_vars_;
  if (!comprehension_clause(g, item, items, head, cond)) {
    comprehension_vars_ = saved;
    return nullptr;
  }
  ir::ExprPtr elt;
  bool flat = false;
  if (g.elt->kind == ast::ExprKind::Comprehension && ast::as<ast::ComprehensionExpr>(*g.elt).nested_clause) {
    // [e for a in A for b in B]: the inner clauses make a list for each a, joined.
    elt = list_comprehension(ast::as<ast::ComprehensionExpr>(*g.elt));
    flat = true;
  } else {
    // A number whose type differs by item ([p[0] for p in pts] of [(1, 2.5), (3.0, 4)]) stays
    // such a number: Python's list keeps each value's type (static_list converts where needed).
    elt = growable_list(host_ ? comprehension_element(*g.elt) : expr(*g.elt));
  }
  comprehension_vars_ = saved;
  if (!elt) return nullptr;
  TypeRef r = flat ? elt->type->dtype() : elt->type;
  // `[[] for _ in range(n)]` is a list of empty lists, whose type what is later added to them gives.
  const bool empty_lists = r && r->is_untyped_list() && !r->is_set() && host_;
  if (!r || r->is_none() || r->kind() == TypeKind::Range || (r->is_untyped_list() && !empty_lists)) {
    return fail(g.elt->span, "a list cannot hold " + (r ? r->str() : std::string("values of an unknown type")));
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(items));
  std::string pattern = std::string(flat ? "py2cuda::host::list_each_flat" : "py2cuda::host::list_each") + "<{t1}>({0}, ";
  if (cond) {
    pattern += head + "return {1}; }, ";
    args.push_back(std::move(cond));
  } else {
    pattern += "nullptr, ";
  }
  pattern += head + "return {" + std::to_string(args.size()) + "}; })";
  args.push_back(std::move(elt));
  return call_node(types::list(r), pattern, g.span, std::move(args), {item, r});
}

// any(f(x) for x in xs) / all(...) of a generator expression: as Python's, the items are
// tested in order and the first that decides the result ends the test; the rest are never
// evaluated (their calls, their divisions by zero).
ir::ExprPtr FunctionBuilder::short_circuit_generator(const ast::ComprehensionExpr& g, bool any) {
  TypeRef item = nullptr;
  ir::ExprPtr items, keep;
  std::string head;
  auto saved = comprehension_vars_;
  if (!comprehension_clause(g, item, items, head, keep)) {
    comprehension_vars_ = saved;
    return nullptr;
  }
  auto test = condition(*g.elt);
  comprehension_vars_ = saved;
  if (!test) return nullptr;
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(items));
  std::string skipped = "decided_";  // an item after the decision, or one the conditions leave out
  if (keep) {
    skipped += " || !(" + head + "return {1}; })(item_)";
    args.push_back(std::move(keep));
  }
  const std::string tested = "(" + head + "return {" + std::to_string(args.size()) + "}; })(item_)";
  args.push_back(std::move(test));
  const std::string decided = any ? "true" : "false";
  const std::string pattern =
      "[&](const auto& items_) { bool decided_ = false; py2cuda::host::for_each_item(items_, [&](const auto& item_) { "
      "if (" + skipped + ") return; if (" + std::string(any ? "" : "!") + tested + ") decided_ = true; }); "
      "return " + std::string(any ? "decided_" : "!decided_") + "; }({0})";
  return call_node(types::boolean(), pattern, g.span, std::move(args), {item});
}

// A comprehension's element in host code: a number whose type differs by item stays such a
// number, alone or in a tuple display ({k: v for k, v in pairs}, [(p[1], p[0]) for p in pts]).
ir::ExprPtr FunctionBuilder::comprehension_element(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Tuple) return dynamic_operand(e);
  const auto& elts = ast::as<ast::TupleExpr>(e).elts;
  std::vector<ir::ExprPtr> items;
  std::vector<TypeRef> types;
  bool dynamic = false;
  for (const auto& x : elts) {
    auto v = dynamic_operand(*x);
    if (!v) return nullptr;
    dynamic = dynamic || v->type->is_dynamic();
    types.push_back(v->type);
    items.push_back(std::move(v));
  }
  if (!dynamic) return expr(e);  // the tuple display as expr() makes it
  auto t = std::make_unique<ir::TupleMake>(types::tuple(std::move(types)), e.span);
  t->elements = std::move(items);
  return t;
}

// A list of DynamicNumbers as the list of the type they widen to, where one type is needed
// (np.array, sum, any, all): NumPy's dtype for them, as np.array([1, 2.5]) is float64.
ir::ExprPtr FunctionBuilder::static_list(ir::ExprPtr list) {
  if (!list || !list->type->is_list() || !list->type->dtype() || !list->type->dtype()->is_dynamic()) return list;
  TypeRef t = list->type->dtype()->dtype();
  const Span s = list->span;
  return call_node(types::list(t),
                   "py2cuda::host::list_each<{t0}>({0}, nullptr, [](const py2cuda::host::DynamicNumber& x) { "
                   "return py2cuda::host::from_dynamic<{t0}>(x); })",
                   s, args_of(std::move(list)), {t});
}

// np.array(xs) / np.asarray(xs) / cuda.to_device(xs) of a list: NumPy's dtype for its values.
ir::ExprPtr FunctionBuilder::array_from_list(ir::ExprPtr list, TypeRef dtype, Span s) {
  list = static_list(std::move(list));
  int depth = 0;
  TypeRef inner = innermost(list->type, depth);
  if (!inner) return fail(s, "the element type of this list is never known (nothing is appended to it)");
  if (!inner->is_number()) return fail(s, "an array of " + inner->str() + " values is not supported by py2cuda");
  if (list->type->dtype()->is_array() && list->type->dtype()->is_device_array()) {
    return fail(s, "an array of device arrays: copy each to the host first");
  }
  TypeRef dt = dtype ? dtype : inner;
  return call_node(types::array(dt, depth, Layout::C), "py2cuda::host::array_of_list<{t0}>({0})", s,
                   args_of(std::move(list)), {dt});
}

ir::ExprPtr FunctionBuilder::listed_array(ir::ExprPtr v, Span s) {
  // A display of numbers of several types (`[7, 7, 7.000001]`): NumPy's array of the type holding all.
  if (v && v->type->is_list_display() && is_number_tuple(v->type) && !v->type->is_uniform_tuple()) {
    return array_from_tuple(std::move(v), nullptr, s);
  }
  if (v && v->type->is_tuple() && v->type->is_list_display()) v = growable_list(std::move(v));
  v = range_values(std::move(v), s);  // np.array(range(n)): NumPy's int64 array of its values
  if (v && v->type->is_list()) v = array_from_list(std::move(v), nullptr, s);
  return v;
}

// tuple(x): a C++ tuple has its length in its type, so x is what has a length known here:
// a tuple, a list display, or range() of integer literals.
ir::ExprPtr FunctionBuilder::tuple_of(const ast::Call& c) {
  if (!c.keywords.empty() || c.args.size() > 1) return fail(c.span, "tuple() takes at most 1 argument");
  if (c.args.empty()) return std::make_unique<ir::TupleMake>(types::tuple({}), c.span);
  const ast::Expr& arg = *c.args[0];
  auto literal = [](const ast::Expr& e, int64_t& value) {
    const bool negative = e.kind == ast::ExprKind::Unary && ast::as<ast::Unary>(e).op == UnaryOp::Neg;
    const ast::Expr& x = negative ? *ast::as<ast::Unary>(e).operand : e;
    if (x.kind != ast::ExprKind::IntLit || ast::as<ast::IntLit>(x).overflow || ast::as<ast::IntLit>(x).value > (1u << 30)) return false;
    value = static_cast<int64_t>(ast::as<ast::IntLit>(x).value) * (negative ? -1 : 1);
    return true;
  };
  if (arg.kind == ast::ExprKind::Call && resolve_path(mb_.info(), *ast::as<ast::Call>(arg).func) == "range") {
    const auto& r = ast::as<ast::Call>(arg);
    int64_t bounds[3] = {0, 0, 1};
    bool constant = !r.args.empty() && r.args.size() <= 3 && r.keywords.empty();
    for (size_t k = 0; constant && k < r.args.size(); ++k) constant = literal(*r.args[k], bounds[r.args.size() == 1 ? 1 : k]);
    if (constant && bounds[2] != 0) {
      std::vector<ir::ExprPtr> values;
      for (int64_t v = bounds[0]; bounds[2] > 0 ? v < bounds[1] : v > bounds[1]; v += bounds[2]) {
        if (values.size() == 256) return fail(arg.span, "tuple() of a range longer than 256 is not supported by py2cuda; use list()");
        auto k = int64_literal(v, arg.span);
        values.push_back(std::move(k));
      }
      auto t = std::make_unique<ir::TupleMake>(types::tuple(std::vector<TypeRef>(values.size(), types::int64())), c.span);
      t->elements = std::move(values);
      return t;
    }
  }
  if (arg.kind == ast::ExprKind::Comprehension) {
    bool handled = false;
    auto items = tuple_of_items(ast::as<ast::ComprehensionExpr>(arg), handled);
    if (handled) return items;
  }
  auto v = expr(arg);
  if (!v) return nullptr;
  if (v->type->is_tuple()) {
    if (v->type->is_list_display()) v->type = types::tuple(v->type->elements());
    return v;
  }
  return fail(arg.span, "tuple() of a " + v->type->str() + ": py2cuda's tuples have their length in their type, so "
                        "tuple() takes a tuple, a list display, range() of integer literals, or a generator over "
                        "tuples (zip() and enumerate() of them too) here; keep a list instead");
}

namespace {

// `e` with each name of `by` replaced by what its function makes (the expression standing for
// it); false, `e` then changed in part, when `e` holds a lambda or a comprehension (a scope of
// its own, where a name could mean another variable), an f-string, a dict display or syntax
// py2cuda does not translate: the items are then not written out.
bool substitute_names(ast::ExprPtr& e, const std::map<std::string, std::function<ast::ExprPtr(Span)>>& by) {
  if (!e) return true;
  switch (e->kind) {
    case ast::ExprKind::Name:
      if (auto it = by.find(ast::as<ast::Name>(*e).id); it != by.end()) e = it->second(e->span);
      return true;
    case ast::ExprKind::Dict:
    case ast::ExprKind::FString:
    case ast::ExprKind::Comprehension:
    case ast::ExprKind::Lambda:
    case ast::ExprKind::Unsupported: return false;  // not written out
    default: {
      bool ok = true;
      ast::for_each_child(*e, [&](ast::ExprPtr& child) { ok = substitute_names(child, by) && ok; });
      return ok;
    }
  }
}

}  // namespace

ir::ExprPtr FunctionBuilder::tuple_of_items(const ast::ComprehensionExpr& g, bool& handled) {
  handled = false;
  if (g.is_dict || !g.conditions.empty() || !g.elt || !g.target || !g.iter) return nullptr;
  if (g.elt->kind == ast::ExprKind::Comprehension && ast::as<ast::ComprehensionExpr>(*g.elt).nested_clause) return nullptr;
  // What is iterated, in parts read once per item: each must name a value (a variable, an
  // attribute such as a.shape, an element), be a tuple display, or `+`/`*` of those and int
  // literals (`(n,) * 2`), which reading again gives again.
  std::function<bool(const ast::Expr&)> plain = [&](const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Binary) {
      const auto& b = ast::as<ast::Binary>(e);
      return (b.op == BinOp::Add || b.op == BinOp::Mul) && plain(*b.left) && plain(*b.right);
    }
    if (e.kind == ast::ExprKind::IntLit) return true;
    const ast::Expr* x = &e;
    while (x->kind == ast::ExprKind::Attribute || x->kind == ast::ExprKind::Subscript) {
      x = x->kind == ast::ExprKind::Attribute ? ast::as<ast::Attribute>(*x).value.get() : ast::as<ast::Subscript>(*x).value.get();
    }
    return x->kind == ast::ExprKind::Name || e.kind == ast::ExprKind::Tuple;
  };
  std::vector<const ast::Expr*> parts;
  std::vector<std::string> names;  // the loop's name for each part ("" for none)
  std::string counter;             // enumerate()'s index name
  auto name_of = [](const ast::Expr& t) { return t.kind == ast::ExprKind::Name ? ast::as<ast::Name>(t).id : std::string(); };
  const ast::Expr& iter = *g.iter;
  const std::string path = iter.kind == ast::ExprKind::Call ? resolve_path(mb_.info(), *ast::as<ast::Call>(iter).func) : "";
  if (path == "zip" || path == "enumerate") {
    const auto& call = ast::as<ast::Call>(iter);
    if (!call.keywords.empty() || call.args.empty() || call.has_star_args || (path == "enumerate" && call.args.size() != 1)) return nullptr;
    if (g.target->kind != ast::ExprKind::Tuple) return nullptr;
    const auto& targets = ast::as<ast::TupleExpr>(*g.target).elts;
    const size_t offset = path == "enumerate" ? 1 : 0;
    if (targets.size() != call.args.size() + offset) return nullptr;
    if (offset) {
      counter = name_of(*targets[0]);
      if (counter.empty()) return nullptr;
    }
    for (size_t k = 0; k < call.args.size(); ++k) {
      parts.push_back(call.args[k].get());
      names.push_back(name_of(*targets[k + offset]));
      if (names.back().empty()) return nullptr;
    }
  } else if (!path.empty() || g.target->kind != ast::ExprKind::Name) {
    return nullptr;
  } else {
    parts.push_back(&iter);
    names.push_back(name_of(*g.target));
  }
  size_t n = SIZE_MAX;
  for (const ast::Expr* part : parts) {
    if (!plain(*part)) return nullptr;
    auto v = expr(*part);
    if (!v) {
      handled = true;  // reported
      return nullptr;
    }
    if (!v->type->is_tuple()) return nullptr;
    n = std::min(n, v->type->elements().size());
  }
  if (n > 256) return nullptr;
  auto items = std::make_unique<ast::TupleExpr>(g.span);
  for (size_t i = 0; i < n; ++i) {
    std::map<std::string, std::function<ast::ExprPtr(Span)>> by;
    auto index = [i](Span at) { return ast::int_literal(i, at); };
    for (size_t k = 0; k < parts.size(); ++k) {
      const ast::Expr* part = parts[k];
      by[names[k]] = [part, index](Span at) -> ast::ExprPtr {
        return std::make_unique<ast::Subscript>(at, ast::clone(part), index(at));
      };
    }
    if (!counter.empty()) by[counter] = [index](Span at) -> ast::ExprPtr { return index(at); };
    ast::ExprPtr item = ast::clone(g.elt.get());
    if (!substitute_names(item, by)) return nullptr;
    items->elts.push_back(std::move(item));
  }
  handled = true;
  auto v = expr(*items);
  synthetic_ast_.push_back(std::move(items));
  if (v && v->type->is_tuple() && v->type->is_list_display()) v->type = types::tuple(v->type->elements());
  return v;
}

// list(...), sorted(...), reversed(...), and max/min/sum/any/all of a list or a generator expression.
ir::ExprPtr FunctionBuilder::list_builtin(const ast::Call& c, const std::string& path, bool& handled) {
  handled = false;
  static const std::set<std::string> kNames = {"list", "tuple", "set", "sorted", "max", "min", "sum", "any", "all", "reversed"};
  if (!kNames.count(path)) return nullptr;
  if (c.func->kind != ast::ExprKind::Name || locals_.count(path)) return nullptr;
  if (path == "set") {
    handled = true;
    return set_builtin(c);
  }
  if (path == "reversed") {
    // sum(reversed(xs)), `r = reversed(xs)`: the items as a new list, last first (Python's
    // iterator, consumed once, gives the same values).
    handled = true;
    TypeRef item = nullptr;
    return comprehension_items(c, item);
  }
  if (path == "tuple") {
    handled = true;
    return tuple_of(c);
  }
  if (path == "list") {
    handled = true;
    if (!c.keywords.empty() || c.args.size() > 1) return fail(c.span, "list() takes at most 1 argument");
    if (c.args.empty()) return empty_list(types::list(nullptr), c.span);
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    return call_node(types::list(item), "py2cuda::host::to_list<{t0}>({0})", c.span, args_of(std::move(items)), {item});
  }
  if (path == "sorted") {
    handled = true;
    const ast::Expr* key = nullptr;
    const ast::Expr* reverse = nullptr;
    for (const auto& kw : c.keywords) {
      if (kw.name == "key" && !key) {
        key = kw.value.get();
      } else if (kw.name == "reverse" && !reverse) {
        reverse = kw.value.get();
      } else {
        return fail(kw.span, "sorted() takes an iterable, key= and reverse= (not '" + kw.name + "')");
      }
    }
    if (c.args.size() != 1) return fail(c.span, "sorted() takes one iterable");
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(items));
    std::string pattern = "py2cuda::host::sorted<{t0}>({0}";
    if (key && key->kind != ast::ExprKind::NoneLit) {
      std::string head;
      auto k = key_function(*key, item, 0, head);
      if (!k) return nullptr;
      pattern += ", " + head + "return {1}; }";
      args.push_back(std::move(k));
    } else if (!orderable(item)) {
      return fail(c.args[0]->span, "sorting " + item->str() + " values is not supported by py2cuda");
    }
    if (reverse) {
      auto r = condition(*reverse);
      if (!r) return nullptr;
      pattern += ", {" + std::to_string(args.size()) + "}";
      args.push_back(std::move(r));
    }
    return call_node(types::list(item), pattern + ")", c.span, std::move(args), {item});
  }
  // max(items, key=f) / min(items, key=f)
  if ((path == "max" || path == "min") && c.args.size() == 1 && c.keywords.size() == 1 && c.keywords[0].name == "key") {
    handled = true;
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    std::string head;
    auto k = key_function(*c.keywords[0].value, item, 0, head);
    if (!k) return nullptr;
    return call_node(item, "py2cuda::host::" + path + "<{t0}>({0}, " + head + "return {1}; })", c.span,
                     args_of(std::move(items), std::move(k)), {item});
  }
  // max(items, default=d) / min(items, default=d): d when there are no items (Python evaluates
  // it first, as every argument).
  if ((path == "max" || path == "min") && c.args.size() == 1 && c.keywords.size() == 1 && c.keywords[0].name == "default") {
    handled = true;
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    auto fallback = expr(*c.keywords[0].value);
    if (!fallback) return nullptr;
    if (!orderable(item) || !(fallback->type == item || (fallback->type->is_number() && item->is_number()))) {
      return fail(c.keywords[0].span, path + "(default=...) of " + item->str() + " items and a " + fallback->type->str() +
                                          " default is not supported by py2cuda (one type, or numbers)");
    }
    TypeRef t = fallback->type == item ? item : rules::unify(item, fallback->type);
    if (!t) return fail(c.keywords[0].span, path + "(default=...) needs a default of the items' type");
    auto list = call_node(types::list(item), "py2cuda::host::to_list<{t0}>({0})", c.args[0]->span, args_of(std::move(items)),
                          {item});
    return call_node(t, "[](const auto& xs, {t0} fallback) { return xs.size() == 0 ? fallback : {t0}(py2cuda::host::" + path +
                            "(xs)); }({0}, {1})",
                     c.span, args_of(std::move(list), convert(std::move(fallback), t)), {t});
  }
  // max/min/sum/any/all of one list or generator expression; the rest is the host table's.
  if (c.args.size() != 1 || !c.keywords.empty()) return nullptr;
  const ast::Expr& arg = *c.args[0];
  if ((path == "any" || path == "all") && arg.kind == ast::ExprKind::Comprehension) {
    const auto& g = ast::as<ast::ComprehensionExpr>(arg);
    if (!g.is_list && !g.is_dict && !(g.elt->kind == ast::ExprKind::Comprehension &&
                                      ast::as<ast::ComprehensionExpr>(*g.elt).nested_clause)) {
      handled = true;
      return short_circuit_generator(g, path == "any");
    }
  }
  // Only a list is this function's; other values are the host table's rows' (which type
  // the argument again: its IR here is dropped).
  handled = true;
  ir::ExprPtr v_from_view;
  // sum(d.values()), max(d.keys()): the dict's view as the list list() makes of it (a view is
  // otherwise only a for loop's iterable).
  if (arg.kind == ast::ExprKind::Call && ast::as<ast::Call>(arg).args.empty() && ast::as<ast::Call>(arg).keywords.empty() &&
      ast::as<ast::Call>(arg).func->kind == ast::ExprKind::Attribute) {
    const auto& m = ast::as<ast::Attribute>(*ast::as<ast::Call>(arg).func);
    if ((m.attr == "keys" || m.attr == "values") && resolve_path(mb_.info(), m).empty()) {
      auto owner = expr(*m.value);
      if (!owner) return nullptr;
      if (owner->type->is_dict()) {
        TypeRef item = nullptr;
        auto items = comprehension_items(arg, item);
        if (!items) return nullptr;
        v_from_view = call_node(types::list(item), "py2cuda::host::to_list<{t0}>({0})", arg.span, args_of(std::move(items)), {item});
      }
    }
  }
  auto v = v_from_view ? std::move(v_from_view) : growable_list(expr(arg));
  if (!v) return nullptr;
  v = range_values(std::move(v), arg.span);  // sum(range(a, b)), max(range(n))
  if ((path == "max" || path == "min") && v->type->is_array() && !v->type->is_device_array() && v->type->ndim() == 1) {
    // max(a) of a 1-D array: Python compares its elements in order, as of the list of them (a
    // NaN first stays the result, a later one is skipped, where np.max gives NaN).
    TypeRef item = v->type->dtype();
    v = call_node(types::list(item), "py2cuda::host::to_list<{t0}>({0})", arg.span, args_of(std::move(v)), {item});
  }
  if (!v->type->is_list()) {
    handled = false;
    return nullptr;
  }
  // sum/any/all of DynamicNumbers: of the type they widen to (max/min keep each one's type).
  if (path == "any" || path == "all" || path == "sum") v = static_list(std::move(v));
  TypeRef elem = v->type->dtype();
  if (!elem && (path == "any" || path == "all" || path == "sum")) {
    // any([]) is False, all([]) True, sum([]) the int 0.
    auto k = std::make_unique<ir::Const>(path == "sum" ? types::int64() : types::boolean(), c.span);
    k->b = path == "all";
    return k;
  }
  if (!elem) return fail(arg.span, "the element type of this list is never known (nothing is appended to it)");
  if ((path == "any" || path == "all") && elem == types::host_object("FormatArg")) {
    // A mixed dict's values (`all(d.values())`): Python's truth of each as the type it holds (a
    // str when not empty, a number when not zero, None never).
    const std::string found = path == "any" ? "true" : "false";
    return call_node(types::boolean(),
                     "[](const auto& xs) { for (const auto& x : xs.items()) { if ((x.is_str() ? !x.text().empty() : "
                     "x.as_double() != 0) == " + found + ") return " + found + "; } return !" + found + "; }({0})",
                     c.span, args_of(std::move(v)));
  }
  if (path == "any" || path == "all") {
    if (!elem->is_number()) return fail(arg.span, path + "() of " + elem->str() + " values is not supported by py2cuda");
    return call_node(types::boolean(), "py2cuda::host::" + path + "({0})", c.span, args_of(std::move(v)));
  }
  if (path == "sum") {
    if (elem == types::host_object("FormatArg")) {  // sum([r["n"] for r in results]): the numbers held
      return call_node(types::dynamic_number(types::float64()), "py2cuda::host::sum_of_values({0})", c.span,
                       args_of(std::move(v)));
    }
    if (elem->is_array() && !elem->is_device_array()) {
      // sum([a, b, c]): Python's 0 + a + b + c, each `+` NumPy's (runtime host/sum_of_arrays.h).
      TypeRef dt = elem->dtype()->is_bool() ? types::int64() : elem->dtype();
      return call_node(types::array(dt, elem->ndim(), Layout::C),
                       "py2cuda::host::sum_arrays<{t0}, " + std::to_string(elem->ndim()) + ">({0})", c.span,
                       args_of(std::move(v)), {dt});
    }
    if (!elem->is_number()) return fail(arg.span, "sum() of " + elem->str() + " values is not supported by py2cuda");
    // Python's sum starts from the int 0, and NumPy 1.26's `0 + np.float32(x)` is a float64:
    // ints and bools give an int, floats (and uint64, which meets int64 in float64) a float64.
    TypeRef r = elem->is_float() || elem == types::uint64() ? types::float64() : types::int64();
    return call_node(r, "py2cuda::host::sum<{t0}>({0})", c.span, args_of(std::move(v)), {r});
  }
  if (!orderable(elem)) return fail(arg.span, path + "() of " + elem->str() + " values is not supported by py2cuda");
  return call_node(elem, "py2cuda::host::" + path + "({0})", c.span, args_of(std::move(v)));
}

}  // namespace py2cuda::infer
