// FunctionBuilder, host code: Python sets of one element type (the runtime's
// py2cuda::host::Set, host/set.h, which keeps CPython's iteration order).
//
// A set is typed as a List of the Set kind (Type::is_set): what only reads items (len, `in`,
// for loops, comprehensions, sorted, list, sum, min, max, printing) treats it as it treats a
// list. This file has what is a set's own: set(...) (the front end spells the displays
// `{a, b}` and `{f(x) for x in xs}` as set(...) too), its methods, the operators | & - ^ and
// their in-place forms, and the subset comparisons. An empty `set()` takes its element type
// from the first add or update, as `[]` does from its appends.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

std::string unhashable(TypeRef t) {
  return "a set of " + t->str() + " values is not supported by py2cuda (numbers, strings and tuples of them are)";
}

// A value CPython's compiler folds to a constant (its AST optimizer folds unary and binary
// operators of constants and tuples of constants): a display of more than two of them is
// compiled as a frozenset constant that BUILD_SET/SET_UPDATE merge into an empty set.
bool folded_constant(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::BoolLit:
    case ast::ExprKind::NoneLit:
    case ast::ExprKind::StrLit: return true;
    case ast::ExprKind::Unary: return folded_constant(*ast::as<ast::Unary>(e).operand);
    case ast::ExprKind::Binary: {
      const auto& b = ast::as<ast::Binary>(e);
      return folded_constant(*b.left) && folded_constant(*b.right);
    }
    case ast::ExprKind::Tuple:
      return std::all_of(ast::as<ast::TupleExpr>(e).elts.begin(), ast::as<ast::TupleExpr>(e).elts.end(),
                         [](const ast::ExprPtr& x) { return folded_constant(*x); });
    default: return false;
  }
}

}  // namespace

ir::ExprPtr FunctionBuilder::set_builtin(const ast::Call& c) {
  if (!c.keywords.empty() || c.args.size() > 1) return fail(c.span, "set() takes at most 1 argument");
  if (c.args.empty()) return empty_list(types::set(nullptr), c.span);
  const ast::Expr& arg = *c.args[0];
  if (arg.kind == ast::ExprKind::List) {
    // `{3, 1, 2}`: the display's items braced, added in order as CPython's BUILD_SET adds them.
    auto display = growable_list(expr(arg));
    if (!display) return nullptr;
    if (display->kind == ir::ExprKind::Builtin && display->type->is_list() && !display->type->is_set() &&
        static_cast<ir::BuiltinCall&>(*display).orders_args) {
      TypeRef item = display->type->dtype();
      if (!hashable(item)) return fail(arg.span, unhashable(item));
      auto& braced = static_cast<ir::BuiltinCall&>(*display);
      braced.type = types::set(item);
      braced.type_args = {braced.type};
      const auto& elts = ast::as<ast::ListExpr>(arg).elts;
      if (!c.is_set_display || elts.size() <= 2 || !std::all_of(elts.begin(), elts.end(), [](const ast::ExprPtr& x) { return folded_constant(*x); })) {
        return display;
      }
      // `{3, 1, 2, 17, 9}`: CPython's frozenset constant, merged into a new set.
      std::string fields;
      for (size_t i = 0; i < braced.args.size(); ++i) fields += (i ? ", {" : "{") + std::to_string(i) + "}";
      TypeRef t = braced.type;
      auto made = call_node(t, "{t0}::constant_display({" + fields + "})", c.span, std::move(braced.args), {t});
      static_cast<ir::BuiltinCall&>(*made).orders_args = true;
      return made;
    }
  }
  TypeRef item = nullptr;
  auto items = comprehension_items(arg, item);
  if (!items) return nullptr;
  if (!hashable(item)) return fail(arg.span, unhashable(item));
  TypeRef t = types::set(item);
  return call_node(t, "{t0}::of({0})", c.span, args_of(std::move(items)), {t});
}

// An argument of a set method or operator that is itself a set of this set's type, or (when
// `iterables` allows) any iterable of convertible items, as the methods take them.
ir::ExprPtr FunctionBuilder::set_operand(const ast::Expr& e, TypeRef set_type, bool iterables, const std::string& what) {
  auto v = expr(e);
  if (!v) return nullptr;
  if (v->type == set_type) return v;
  if (v->type->is_set()) {
    if (!v->type->dtype()) return empty_list(set_type, e.span);  // set(): empty of any type
    return fail(e.span, what + " of a " + set_type->str() + " and a " + v->type->str() +
                            " is not supported by py2cuda (a set holds one type)");
  }
  if (!iterables) {
    return fail(e.span, "unsupported operand type for " + what + ": '" + set_type->str() + "' and '" + v->type->str() + "'");
  }
  TypeRef item = nullptr;
  auto items = comprehension_items(e, item);
  if (!items) return nullptr;
  if (!rules::can_convert(item, set_type->dtype()) || item->is_string() != set_type->dtype()->is_string()) {
    return fail(e.span, what + " of a " + set_type->str() + " with " + item->str() + " values is not supported by py2cuda");
  }
  return items;
}

ir::ExprPtr FunctionBuilder::set_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self) {
  const std::string& name = m.attr;
  TypeRef st = self->type;
  TypeRef elem = st->dtype();
  const std::string what = "set." + name + "()";
  if (!c.keywords.empty()) return fail(c.keywords[0].span, what + " takes no keyword arguments");
  auto arity = [&](size_t lo, size_t hi) {
    if (c.args.size() >= lo && c.args.size() <= hi) return true;
    D().error(c.span, what + " takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " or more") + " argument" +
                          (hi == 1 ? "" : "s") + " here, " + std::to_string(c.args.size()) + " given");
    return false;
  };
  auto known = [&]() {
    if (elem) return true;
    D().error(m.value->span, "the element type of this set is never known: nothing of a known type is added to it "
                             "(py2cuda types a set by its values, as Numba does)");
    return false;
  };
  // An element argument: add() widens an empty set's type; the others convert to it.
  auto element = [&](const ast::Expr& e, bool refine) -> ir::ExprPtr {
    auto v = expr(e);
    if (!v) return nullptr;
    if (!hashable(v->type)) return fail(e.span, unhashable(v->type));
    if (refine) {
      TypeRef t = refine_list(*m.value, st, v->type, e.span);
      if (!t || !t->dtype() || t != st) return nullptr;  // the next pass has the set's type
    } else if (!known()) {
      return nullptr;
    }
    if (v->type == elem) return v;
    if (!dynamic_or_number(v->type) || !dynamic_or_number(elem)) {
      return fail(e.span, what + " of a " + v->type->str() + " in a " + st->str() + " is not supported by py2cuda");
    }
    return std::make_unique<ir::Cast>(elem, std::move(v), v->span);
  };
  if (name == "add" || name == "discard" || name == "remove") {
    if (!arity(1, 1)) return nullptr;
    auto v = element(*c.args[0], name == "add");
    if (!v) return nullptr;
    return with_effects(call_node(types::none(), "{0}." + name + "({1})", c.span, args_of(std::move(self), std::move(v))));
  }
  if (name == "pop") {
    if (!arity(0, 0) || !known()) return nullptr;
    return with_effects(call_node(elem, "{0}.pop()", c.span, args_of(std::move(self))));
  }
  if (name == "clear") {
    if (!arity(0, 0)) return nullptr;
    return with_effects(call_node(types::none(), "{0}.clear()", c.span, args_of(std::move(self))));
  }
  if (name == "copy") {
    if (!arity(0, 0)) return nullptr;
    return call_node(st, "{0}.copy()", c.span, args_of(std::move(self)));
  }
  if (name == "update") {
    // The items give an empty set its type, as add() does.
    if (!arity(1, 1)) return nullptr;
    TypeRef item = nullptr;
    auto items = expr(*c.args[0]);
    if (!items) return nullptr;
    if (items->type->is_set() && items->type->dtype()) {
      item = items->type->dtype();
    } else if (!items->type->is_set()) {
      items = comprehension_items(*c.args[0], item);
      if (!items) return nullptr;
    } else {
      return call_node(types::none(), "static_cast<void>(0)", c.span, {});  // s.update(set()): nothing
    }
    if (!hashable(item)) return fail(c.args[0]->span, unhashable(item));
    TypeRef t = refine_list(*m.value, st, item, c.args[0]->span);
    if (!t || t != st) return nullptr;
    if (items->type->is_set() && items->type != st) {
      return fail(c.args[0]->span, what + " of a " + st->str() + " with a " + items->type->str() + " is not supported by py2cuda");
    }
    return with_effects(call_node(types::none(), "{0}.update({1})", c.span, args_of(std::move(self), std::move(items))));
  }
  static const std::set<std::string> kNewSets = {"union", "intersection", "difference", "symmetric_difference"};
  static const std::set<std::string> kInPlace = {"intersection_update", "difference_update", "symmetric_difference_update"};
  static const std::set<std::string> kTests = {"issubset", "issuperset", "isdisjoint"};
  if (kNewSets.count(name) || kInPlace.count(name) || kTests.count(name)) {
    // union takes any number of iterables; the others one here.
    if (!(name == "union" ? arity(0, 64) : arity(1, 1)) || !known()) return nullptr;
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(self));
    for (const auto& a : c.args) {
      auto v = set_operand(*a, st, true, what);
      if (!v) return nullptr;
      if (kTests.count(name) && v->type != st) {
        // issubset(xs) of any iterable: as the set of its items.
        v = call_node(st, "{t0}::of({0})", a->span, args_of(std::move(v)), {st});
      }
      args.push_back(std::move(v));
    }
    std::string pattern = "{0}." + (name == "union" ? std::string("union_of") : name) + "(";
    for (size_t k = 1; k < args.size(); ++k) pattern += (k > 1 ? ", {" : "{") + std::to_string(k) + "}";
    pattern += ")";
    if (kInPlace.count(name)) return with_effects(call_node(types::none(), pattern, c.span, std::move(args)));
    return call_node(kTests.count(name) ? types::boolean() : st, pattern, c.span, std::move(args));
  }
  return fail(m.attr_span, "'set' object has no attribute '" + name + "' supported by py2cuda");
}

// a | b, a & b, a - b, a ^ b: both sets of one element type, as Python's operators take them.
ir::ExprPtr FunctionBuilder::set_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  const std::string spelling(python_spelling(op));
  if (op != BinOp::BitOr && op != BinOp::BitAnd && op != BinOp::Sub && op != BinOp::BitXor) {
    return fail(s, "unsupported operand type(s) for " + spelling + ": '" + l->type->str() + "' and '" + r->type->str() + "'");
  }
  if (!l->type->is_set() || !r->type->is_set()) {
    return fail(s, "unsupported operand type(s) for " + spelling + ": '" + l->type->str() + "' and '" + r->type->str() +
                       "' (a set operator takes two sets; the methods take any iterable)");
  }
  TypeRef t = l->type->dtype() ? l->type : r->type;
  if (l->type->dtype() && r->type->dtype() && l->type != r->type) {
    return fail(s, spelling + " of a " + l->type->str() + " and a " + r->type->str() + " is not supported by py2cuda (a set holds one type)");
  }
  if (!t->dtype()) return empty_list(t, s);  // of two empty sets
  if (l->type != t) l = empty_list(t, l->span);
  if (r->type != t) r = empty_list(t, r->span);
  return call_node(t, "{0} " + spelling + " {1}", s, args_of(std::move(l), std::move(r)));
}

// s |= t, s &= t, s -= t, s ^= t change s in place (an alias sees it): its update methods.
void FunctionBuilder::set_aug_assign(const ast::AugAssign& a, ir::ExprPtr current, ir::ExprPtr rhs, ir::Block& out) {
  static const std::map<BinOp, std::string> kMethods = {{BinOp::BitOr, "update"},
                                                        {BinOp::BitAnd, "intersection_update"},
                                                        {BinOp::Sub, "difference_update"},
                                                        {BinOp::BitXor, "symmetric_difference_update"}};
  const std::string op(python_spelling(a.op));
  auto it = kMethods.find(a.op);
  if (it == kMethods.end() || !rhs->type->is_set()) {
    D().error(a.span, "unsupported operand type(s) for " + op + "=: '" + current->type->str() + "' and '" + rhs->type->str() + "'");
    return;
  }
  in_place_method(a, it->second, out);
}

// a == b, a != b, and <, <=, >, >= as the subset relations, of two sets of one type.
ir::ExprPtr FunctionBuilder::set_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  if (!l->type->is_set() || !r->type->is_set()) {
    return fail(s, "comparing " + l->type->str() + " and " + r->type->str() + " is not supported by py2cuda");
  }
  TypeRef t = l->type->dtype() ? l->type : r->type;
  if (l->type->dtype() && r->type->dtype() && l->type != r->type) {
    return fail(s, "comparing " + l->type->str() + " and " + r->type->str() + " is not supported by py2cuda (a set holds one type)");
  }
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    if (l->type != r->type) {
      auto k = std::make_unique<ir::Const>(types::boolean(), s);
      k->b = op == CmpOp::IsNot;
      return k;
    }
    return call_node(types::boolean(), op == CmpOp::Is ? "{0}.is({1})" : "!{0}.is({1})", s, args_of(std::move(l), std::move(r)));
  }
  if (!t->dtype()) t = types::set(types::int64());  // set() == set(): both empty
  if (l->type != t) l = empty_list(t, l->span);
  if (r->type != t) r = empty_list(t, r->span);
  static const std::map<CmpOp, std::string> kOperators = {{CmpOp::Eq, "=="}, {CmpOp::NotEq, "!="}, {CmpOp::Lt, "<"},
                                                          {CmpOp::LtE, "<="}, {CmpOp::Gt, ">"}, {CmpOp::GtE, ">="}};
  auto it = kOperators.find(op);
  if (it == kOperators.end()) return fail(s, "this comparison of sets is not supported by py2cuda");
  return call_node(types::boolean(), "{0} " + it->second + " {1}", s, args_of(std::move(l), std::move(r)));
}

}  // namespace py2cuda::infer
