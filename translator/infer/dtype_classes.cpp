// FunctionBuilder, host code: NumPy's scalar classes (np.float32, np.int64...) and
// Python's int, float and bool held in names. A program tests a kernel for several
// element types with `for dt in (np.float32, np.float64): a = np.arange(8, dtype=dt)`,
// or names one type once (`DTYPE = np.float32`). C++ types are not values, so the name
// is an alias resolved at translation time, like a name holding a function
// (infer/function_values.cpp): `dtype=dt`, `dt(x)`, `dt.__name__`, `print(dt)` and
// `a.dtype == dt` read the class it holds now; a loop over a display of classes is
// unrolled, one copy of its body per class. A loop over dtype names
// (`for dt in ["float32", "int64"]: np.zeros(n, dtype=dt)`) is unrolled the same way: the
// name is then the string (printed, formatted, compared as one) and, as a dtype, the type it
// names (an alias "str:float32").
#include <algorithm>

#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"
#include "sema/ast_names.h"
#include "types/numpy_rules.h"

namespace py2cuda::infer {

namespace {

// Python's own classes that name a NumPy dtype (dtype=float is float64).
bool python_class(const std::string& id) { return id == "int" || id == "float" || id == "bool"; }

// NumPy's class of a dtype host arrays hold ("numpy.float32", "numpy.bool_"); "" for none
// (complex and float16, which the host array library does not hold).
std::string numpy_class_path(TypeRef t) {
  if (!t || t->is_complex() || t == types::float16()) return "";
  return "numpy." + (t->is_bool() ? std::string("bool_") : t->str());
}

// A string that names a dtype of host arrays ("float32", "f8", "int64").
bool names_host_dtype(const ast::Expr& e) {
  return e.kind == ast::ExprKind::StrLit && !numpy_class_path(types::scalar_by_name(ast::as<ast::StrLit>(e).value)).empty();
}

}  // namespace

std::string FunctionBuilder::dtype_class_path(const ast::Expr& e) const {
  if (e.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(e).id;
    if (comprehension_vars_.count(id)) return "";
    if (auto it = dtype_aliases_.find(id); it != dtype_aliases_.end()) return it->second;
    if (python_class(id) && !locals_.count(id) && !mb_.info().globals.count(id)) return id;
    if (locals_.count(id)) return "";
    // `DTYPE = np.float32` at module level, read in a host function: the constant's class.
    auto global = mb_.info().globals.find(id);
    if (global != mb_.info().globals.end() && global->second.kind == sema::Symbol::Kind::Constant &&
        global->second.value_expr && global->second.value_expr->kind != ast::ExprKind::Name) {
      return dtype_class_path(*global->second.value_expr);
    }
  }
  if (e.kind == ast::ExprKind::Call && ast::as<ast::Call>(e).args.size() == 1 && ast::as<ast::Call>(e).keywords.empty() &&
      resolve_path(mb_.info(), *ast::as<ast::Call>(e).func) == "numpy.dtype") {
    // np.dtype(np.float32), np.dtype('float32'), np.dtype(float): a dtype object, "dtype CLASS".
    const ast::Expr& arg = *ast::as<ast::Call>(e).args[0];
    std::string cls;
    if (arg.kind == ast::ExprKind::StrLit) {
      cls = numpy_class_path(types::scalar_by_name(ast::as<ast::StrLit>(arg).value));
    } else {
      cls = dtype_class_path(arg);
      if (cls.rfind("dtype ", 0) == 0) return cls;  // np.dtype(a_dtype) is the same dtype
      if (!cls.empty() && cls.find('.') == std::string::npos) {
        cls = numpy_class_path(dtype_class_type(cls));  // Python's int, float, bool: NumPy's int64, float64, bool_
      }
    }
    return cls.empty() ? "" : "dtype " + cls;
  }
  if (e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == "type") {
    // `a.dtype.type` (the scalar class of a named array's elements) and `dt.type` of a dtype
    // object: the class, as `x.dtype.type(0.1)` makes one of the array's own type.
    const ast::Expr& owner = *ast::as<ast::Attribute>(e).value;
    if (std::string cls = dtype_class_path(owner); cls.rfind("dtype ", 0) == 0) return cls.substr(6);
    if (owner.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(owner).attr == "dtype" &&
        ast::as<ast::Attribute>(owner).value->kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(*ast::as<ast::Attribute>(owner).value).id;
      auto it = comprehension_vars_.count(id) ? env_.end() : env_.find(binding(id));
      if (it != env_.end() && it->second && it->second->is_array()) return numpy_class_path(it->second->dtype());
    }
    return "";
  }
  if (e.kind != ast::ExprKind::Name && e.kind != ast::ExprKind::Attribute) return "";
  const std::string path = resolve_path(mb_.info(), e);
  if (path.rfind("numpy.", 0) != 0) return "";
  // np.float16 and the complex classes make no host arrays; np.int, np.float are not NumPy 1.26's.
  return numpy_class_path(types::scalar_by_name(path.substr(6)));
}

bool FunctionBuilder::holds_dtype_classes(const ast::Expr& e) const {
  if (!dtype_class_path(e).empty()) return true;
  if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List) {
    const auto& elts = e.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(e).elts : ast::as<ast::ListExpr>(e).elts;
    for (const auto& x : elts) {
      if (holds_dtype_classes(*x)) return true;
    }
  }
  return false;
}

std::string FunctionBuilder::dtype_name_alias(const ast::Expr& e) const {
  return names_host_dtype(e) ? std::string(kDtypeNamePrefix) + ast::as<ast::StrLit>(e).value : std::string();
}

const ast::Expr* FunctionBuilder::module_dtype_display(const ast::Expr& e) const {
  if (e.kind != ast::ExprKind::Name) return nullptr;
  const std::string& id = ast::as<ast::Name>(e).id;
  if (comprehension_vars_.count(id) || dtype_aliases_.count(id)) return nullptr;
  auto global = mb_.info().globals.find(id);
  if (global == mb_.info().globals.end() || global->second.kind != sema::Symbol::Kind::Constant ||
      !global->second.value_expr) {
    return nullptr;
  }
  // A name a function assigns itself is its own, whatever the module holds (the program's main
  // body, whose entry has no def, binds the module's names).
  if (entry_.def && locals_.count(id)) return nullptr;
  const ast::Expr& value = *global->second.value_expr;
  if (value.kind != ast::ExprKind::List && value.kind != ast::ExprKind::Tuple) return nullptr;
  const auto& elts = display_elements(value);
  if (elts.empty()) return nullptr;
  for (const auto& x : elts) {
    if (dtype_class_path(*x).empty() && !names_host_dtype(*x)) return nullptr;
  }
  return &value;
}

bool FunctionBuilder::makes_arrays_of(const ast::Block& body, const std::string& id) const {
  auto is_target = [&](const ast::Expr* e) {
    return e && e->kind == ast::ExprKind::Name && ast::as<ast::Name>(*e).id == id;
  };
  bool used_as_dtype = false;
  // visit_exprs walks mutable syntax; nothing is changed here.
  sema::visit_exprs(const_cast<ast::Block&>(body), [&](ast::Expr& e) {
    if (e.kind != ast::ExprKind::Call) return;
    const auto& call = ast::as<ast::Call>(e);
    for (const auto& kw : call.keywords) {
      if (kw.name == "dtype" && is_target(kw.value.get())) used_as_dtype = true;
    }
    const bool astype = call.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*call.func).attr == "astype";
    const bool takes_dtype_first = astype || resolve_path(mb_.info(), *call.func) == "numpy.dtype";
    if (takes_dtype_first && !call.args.empty() && is_target(call.args[0].get())) used_as_dtype = true;
  });
  return used_as_dtype;
}

const ast::Expr* FunctionBuilder::dtype_name_display(const ast::Expr& iterable) const {
  const ast::Expr* display = iterable.kind == ast::ExprKind::Name ? module_dtype_display(iterable) : &iterable;
  if (!display || (display->kind != ast::ExprKind::List && display->kind != ast::ExprKind::Tuple)) return nullptr;
  const auto& elts = display_elements(*display);
  const bool names = !elts.empty() && std::all_of(elts.begin(), elts.end(), [](const ast::ExprPtr& x) {
    return names_host_dtype(*x);
  });
  return names ? display : nullptr;
}

const ast::Expr* FunctionBuilder::enumerated_dtype_names(const ast::For& f) const {
  if (f.iter->kind != ast::ExprKind::Call || f.target->kind != ast::ExprKind::Tuple) return nullptr;
  const auto& call = ast::as<ast::Call>(*f.iter);
  if (resolve_path(mb_.info(), *call.func) != "enumerate" || call.args.size() != 1 || !call.keywords.empty()) {
    return nullptr;
  }
  const auto& targets = ast::as<ast::TupleExpr>(*f.target).elts;
  if (targets.size() != 2 || targets[0]->kind != ast::ExprKind::Name || targets[1]->kind != ast::ExprKind::Name) {
    return nullptr;
  }
  const ast::Expr* names = dtype_name_display(*call.args[0]);
  if (!names || !makes_arrays_of(f.body, ast::as<ast::Name>(*targets[1]).id)) return nullptr;
  return made_display(*f.iter, [&](ast::ListExpr& list) {
    const auto& elts = display_elements(*names);
    for (size_t i = 0; i < elts.size(); ++i) {
      auto pair = std::make_unique<ast::TupleExpr>(elts[i]->span);
      pair->elts.push_back(ast::int_literal(i, elts[i]->span));
      pair->elts.push_back(ast::clone(elts[i].get()));
      list.elts.push_back(std::move(pair));
    }
  });
}

bool FunctionBuilder::loops_over_dtype_names(const ast::For& f) const {
  // Only where the body makes arrays of it: `dtype=dt`, `a.astype(dt)`, `np.dtype(dt)`. A loop
  // over strings that merely happen to be dtype names stays a loop over strings.
  return f.target->kind == ast::ExprKind::Name && dtype_name_display(*f.iter) &&
         makes_arrays_of(f.body, ast::as<ast::Name>(*f.target).id);
}

TypeRef FunctionBuilder::dtype_class_type(const std::string& path) const {
  if (path.rfind("dtype ", 0) == 0) return dtype_class_type(path.substr(6));
  if (path.rfind(kDtypeNamePrefix, 0) == 0) return types::scalar_by_name(path.substr(kDtypeNamePrefix.size()));
  if (path == "int") return types::int64();
  if (path == "float") return types::float64();
  if (path == "bool") return types::boolean();
  return types::scalar_by_name(path.substr(6));
}

// `print(dt)`, `str(dt)`: the class as Python shows it.
ir::ExprPtr FunctionBuilder::dtype_class_repr(const std::string& path, Span s) {
  if (path.rfind(kDtypeNamePrefix, 0) == 0) return string_const(path.substr(kDtypeNamePrefix.size()), s);
  // A dtype object prints its name, and is held as host code holds `a.dtype`: its name.
  if (path.rfind("dtype ", 0) == 0) {
    TypeRef t = dtype_class_type(path);
    return string_const(t->is_bool() ? "bool" : t->str(), s);
  }
  return string_const("<class '" + path + "'>", s);
}

ir::ExprPtr FunctionBuilder::dtype_object_repr(const ast::Expr& e) {
  std::string name;
  if (std::string path = dtype_class_path(e); path.rfind("dtype ", 0) == 0) {
    TypeRef t = dtype_class_type(path);
    name = t->is_bool() ? "bool" : t->str();
  } else if (e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == "dtype") {
    auto v = expr(e);  // a.dtype of an array or a NumPy scalar: its name (a str)
    if (!v || v->kind != ir::ExprKind::Const || !v->type->is_string()) return nullptr;
    name = static_cast<const ir::Const&>(*v).str;
  } else {
    return nullptr;
  }
  return string_const("dtype('" + name + "')", e.span);
}

ir::ExprPtr FunctionBuilder::display_item(const ast::Expr& e) {
  if (!host_) return expr(e);
  const std::string path = dtype_class_path(e);
  const bool dtype_attribute = e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == "dtype";
  // A dtype name held by a loop's name is its string: `[name]` shows 'float32' quoted.
  if ((path.empty() && !dtype_attribute) || path.rfind(kDtypeNamePrefix, 0) == 0) return expr(e);
  ir::ExprPtr str = path.empty() ? expr(e) : dtype_class_repr(path, e.span);
  if (!str || str->kind != ir::ExprKind::Const || !str->type->is_string()) return str;  // not a dtype: as it is
  ir::ExprPtr repr = path.rfind("dtype ", 0) == 0 || dtype_attribute ? dtype_object_repr(e) : nullptr;
  const std::string& shown = static_cast<const ir::Const&>(*str).str;
  const std::string& written = repr ? static_cast<const ir::Const&>(*repr).str : shown;
  // Class and dtype texts hold letters, digits, dots, quotes and <>: no C++ escapes needed.
  return call_node(types::host_object("PyObjectText"),
                   "py2cuda::host::PyObjectText{\"" + shown + "\", \"" + written + "\", \"" +
                       (repr ? "numpy.dtype" : "type") + "\"}",
                   e.span, {});
}

std::string FunctionBuilder::callee_path(const ast::Expr& func) const {
  if (func.kind == ast::ExprKind::Name) {
    if (auto it = dtype_aliases_.find(ast::as<ast::Name>(func).id); it != dtype_aliases_.end()) return it->second;
  }
  if (func.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(func).attr == "type") {
    if (std::string cls = dtype_class_path(func); !cls.empty()) return cls;  // x.dtype.type(0.1)
  }
  return resolve_path(mb_.info(), func);
}

bool FunctionBuilder::dtype_alias_assign(const ast::Assign& a) {
  if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) return false;
  const std::string path = dtype_class_path(*a.value);
  if (path.empty()) return false;
  bind_dtype_class(ast::as<ast::Name>(*a.targets[0]).id, path, a.span, false);
  return true;
}

bool FunctionBuilder::bind_dtype_class(const std::string& id, const std::string& path, Span s, bool in_unrolled_copy) {
  auto it = dtype_aliases_.find(id);
  const std::string before = it == dtype_aliases_.end() ? "" : it->second;
  dtype_aliases_[id] = path;
  if (!before.empty() && before != path && !in_unrolled_copy && !at_top_level()) {
    D().error(s, "'" + id + "' holds the class '" + before + "' and, inside a branch or loop, '" + path +
                     "': py2cuda resolves a name holding a NumPy type at translation time; loop over a tuple of "
                     "them instead: for " + id + " in (...)");
    return false;
  }
  if (!in_unrolled_copy && !at_top_level() && env_.count(binding(id))) {
    report_alias_beside_variable(id, s, "a NumPy type", "types");
    return false;
  }
  return true;
}

// `dt.__name__`; null with `handled` false for other attributes.
ir::ExprPtr FunctionBuilder::dtype_class_attribute(const ast::Attribute& a, bool& handled) {
  const std::string path = dtype_class_path(*a.value);
  if (path.empty()) return nullptr;
  handled = true;
  if (path.rfind("dtype ", 0) == 0) {
    // np.dtype(...).name / .itemsize / .kind
    TypeRef t = dtype_class_type(path);
    if (a.attr == "name") return string_const(t->is_bool() ? "bool" : t->str(), a.span);
    if (a.attr == "kind") return string_const(numpy_rules::dtype_kind(t), a.span);
    if (a.attr == "itemsize") return int64_literal(numpy_rules::dtype_itemsize(t), a.span);
    return fail(a.attr_span, "the attribute '" + a.attr + "' of a NumPy dtype is not supported by py2cuda (name, "
                                                           "itemsize and kind are)");
  }
  if (a.attr == "__name__") {
    const size_t dot = path.rfind('.');
    return string_const(dot == std::string::npos ? path : path.substr(dot + 1), a.span);
  }
  return fail(a.attr_span, "the attribute '" + a.attr + "' of the class '" + path +
                               "' is not supported by py2cuda (its __name__ is, and it works as a dtype)");
}

// A class passed to a host function (`make(n, np.float32)`): the parameter's type names the
// class, so each class gets an instance of the function, in which the parameter is an alias
// of it. The argument is an empty tag (runtime DtypeTag<T, Kind>), which C++ overloads by.
TypeRef dtype_tag_type(const std::string& path) { return types::host_object("class " + path); }
std::string dtype_tag_path(TypeRef t) {
  if (!t || !t->is_host_object() || t->object_name().rfind("class ", 0) != 0) return "";
  return t->object_name().substr(6);
}

// `a.dtype == dt`, `dt != np.float64`: an array's dtype (a string in host code) against a
// class, or two classes; null with `handled` false when no operand is a class.
ir::ExprPtr FunctionBuilder::dtype_class_comparison(const ast::Compare& c, bool& handled) {
  if (c.ops.size() == 1 && (c.ops[0] == CmpOp::In || c.ops[0] == CmpOp::NotIn)) return dtype_class_membership(c, handled);
  if (c.ops.size() == 1 && (c.ops[0] == CmpOp::Is || c.ops[0] == CmpOp::IsNot)) {
    // `x.dtype.type is dt`: one class object, decided by the classes alone.
    const std::string left = dtype_class_path(*c.left), right = dtype_class_path(*c.comparators[0]);
    if (left.empty() || right.empty() || left.rfind("dtype ", 0) == 0 || right.rfind("dtype ", 0) == 0) return nullptr;
    handled = true;
    return bool_literal((dtype_class_type(left) == dtype_class_type(right)) == (c.ops[0] == CmpOp::Is), c.span);
  }
  if (c.ops.size() != 1 || (c.ops[0] != CmpOp::Eq && c.ops[0] != CmpOp::NotEq)) return nullptr;
  const std::string left = dtype_class_path(*c.left), right = dtype_class_path(*c.comparators[0]);
  if (left.empty() && right.empty()) return nullptr;
  handled = true;
  const bool equal_wanted = c.ops[0] == CmpOp::Eq;
  auto truth = [&](bool v) { return bool_literal(v, c.span); };
  if (!left.empty() && !right.empty()) return truth((dtype_class_type(left) == dtype_class_type(right)) == equal_wanted);
  const ast::Expr& other = left.empty() ? *c.left : *c.comparators[0];
  auto v = expr(other);
  if (!v) return nullptr;
  // NumPy: a dtype equals the classes that name it (np.dtype('float64') == float is True).
  TypeRef cls = dtype_class_type(left.empty() ? right : left);
  if (!v->type->is_string()) return truth(!equal_wanted);  // a class equals no number, array or tuple
  std::string name = cls->is_bool() ? "bool" : cls->str();
  return comparison(c.ops[0], std::move(v), string_const(name, c.span), c.span);
}

// `a.dtype in (np.float32, np.float64)`, `dt not in [int, float]`: Python's `in` is `==` with
// each element (a dtype equals the classes naming it), so the comparisons joined by `or`.
ir::ExprPtr FunctionBuilder::dtype_class_membership(const ast::Compare& c, bool& handled) {
  const ast::Expr& items = *c.comparators[0];
  if ((items.kind != ast::ExprKind::Tuple && items.kind != ast::ExprKind::List) || !holds_dtype_classes(items)) return nullptr;
  const auto& elts = items.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(items).elts : ast::as<ast::ListExpr>(items).elts;
  handled = true;
  std::vector<std::string> classes;
  for (const auto& x : elts) {
    classes.push_back(dtype_class_path(*x));
    if (classes.back().empty()) return fail(x->span, "'in' of a dtype among classes and other values is not supported by py2cuda");
  }
  const bool negated = c.ops[0] == CmpOp::NotIn;
  auto truth = [&](bool v) { return bool_literal(v, c.span); };
  const std::string left = dtype_class_path(*c.left);
  if (!left.empty()) {
    bool found = false;
    for (const auto& cls : classes) found = found || dtype_class_type(cls) == dtype_class_type(left);
    return truth(found != negated);
  }
  auto v = expr(*c.left);
  if (!v) return nullptr;
  if (!v->type->is_string()) return truth(negated);  // a class equals no number, array or tuple
  ir::ExprPtr any;  // the left operand is a dtype's name, read again for each class
  for (const auto& cls : classes) {
    TypeRef t = dtype_class_type(cls);
    auto test = comparison(CmpOp::Eq, v ? std::move(v) : expr(*c.left), string_const(t->is_bool() ? "bool" : t->str(), c.span),
                           c.span);
    if (!test) return nullptr;
    any = any ? std::make_unique<ir::Logical>(types::boolean(), false, std::move(any), std::move(test), c.span) : std::move(test);
  }
  if (!negated) return any;
  auto node = std::make_unique<ir::BuiltinCall>(types::boolean(), "!({0})", c.span);
  node->args.push_back(std::move(any));
  return node;
}

}  // namespace py2cuda::infer
