// FunctionBuilder, host code: the program around the kernels (the module's code, the
// plain functions it calls). Calls are typed by the host table's rows
// (builtins/host_table.h) with NumPy's rules (types/numpy_rules.h); launches
// instantiate kernels with the types of their arguments, as Numba compiles a kernel
// for each new signature it is called with.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

#include "builtins/host_table.h"
#include "frontend/ast_clone.h"
#include "frontend/parser.h"
#include "infer/ast_queries.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_arguments.h"
#include "infer/host_instances.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"
#include "infer/reusable_values.h"
#include "ir/effects.h"
#include "sema/ast_names.h"
#include "types/numpy_rules.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

using builtins::HostRule;

// The call's arguments by parameter name: positional ones first, then keywords.
// Reports an unknown keyword or too many arguments; returns false then.
bool bind_arguments(const ast::Call& c, const std::string& what, const std::vector<std::string>& names,
                    std::vector<const ast::Expr*>& slots, Diagnostics& diags) {
  slots.assign(names.size(), nullptr);
  if (c.args.size() > names.size()) {
    diags.error(c.span, what + "() takes at most " + std::to_string(names.size()) + " positional argument" +
                            (names.size() == 1 ? "" : "s") + " here, " + std::to_string(c.args.size()) + " given");
    return false;
  }
  for (size_t i = 0; i < c.args.size(); ++i) slots[i] = c.args[i].get();
  for (const auto& kw : c.keywords) {
    size_t i = 0;
    while (i < names.size() && names[i] != kw.name) ++i;
    if (i == names.size()) {
      diags.error(kw.span, what + "() got an unexpected keyword argument '" + kw.name + "'");
      return false;
    }
    if (slots[i]) {
      diags.error(kw.span, what + "() got multiple values for argument '" + kw.name + "'");
      return false;
    }
    slots[i] = kw.value.get();
  }
  return true;
}

// Host objects with Python's text and len(): a.tolist() and list displays ("list"),
// sys.argv ("str_list"), cuda.gpus ("DeviceList") and a dict's views (d.keys()...).
bool is_dict_view(TypeRef t) {
  return t == types::host_object("dict_keys") || t == types::host_object("dict_values") ||
         t == types::host_object("dict_items");
}
bool is_sized_host_object(TypeRef t) {
  return t == types::host_object("list") || t == types::host_object("str_list") ||
         t == types::host_object("DeviceList") || is_dict_view(t);
}

numpy_rules::Operand operand(const ir::Expr& e) {
  numpy_rules::Operand o;
  o.scalar = !e.type->is_array();
  o.dtype = o.scalar ? e.type : e.type->dtype();
  if (o.scalar) o.value = known_value(e);
  return o;
}

const char* binary_ufunc(BinOp op) {
  switch (op) {
    case BinOp::Add: return "add";
    case BinOp::Sub: return "subtract";
    case BinOp::Mul: return "multiply";
    case BinOp::TrueDiv: return "true_divide";
    case BinOp::FloorDiv: return "floor_divide";
    case BinOp::Mod: return "remainder";
    case BinOp::Pow: return "power";
    case BinOp::LShift: return "left_shift";
    case BinOp::RShift: return "right_shift";
    case BinOp::BitAnd: return "bitwise_and";
    case BinOp::BitOr: return "bitwise_or";
    case BinOp::BitXor: return "bitwise_xor";
    case BinOp::MatMul: return "dot";
  }
  return "?";
}

const char* compare_ufunc(CmpOp op) {
  switch (op) {
    case CmpOp::Lt: return "less";
    case CmpOp::LtE: return "less_equal";
    case CmpOp::Gt: return "greater";
    case CmpOp::GtE: return "greater_equal";
    case CmpOp::Eq: return "equal";
    case CmpOp::NotEq: return "not_equal";
    default: return nullptr;
  }
}

std::vector<ir::ExprPtr> one_arg(ir::ExprPtr x) {
  std::vector<ir::ExprPtr> v;
  v.push_back(std::move(x));
  return v;
}

// Host code's calls are marked with their effects; its divisions raise ZeroDivisionError.
constexpr ir::EffectRules kHostEffects{.divisions_raise = true, .every_call = false};

}  // namespace

bool FunctionBuilder::is_main_guard(const ast::If& i) const {
  if (i.test->kind != ast::ExprKind::Compare) return false;
  const auto& c = ast::as<ast::Compare>(*i.test);
  if (c.ops.size() != 1 || c.ops[0] != CmpOp::Eq) return false;
  auto is_name = [](const ast::Expr& e) {
    return e.kind == ast::ExprKind::Name && ast::as<ast::Name>(e).id == "__name__";
  };
  auto is_main = [](const ast::Expr& e) {
    return e.kind == ast::ExprKind::StrLit && ast::as<ast::StrLit>(e).value == "__main__";
  };
  return (is_name(*c.left) && is_main(*c.comparators[0])) || (is_main(*c.left) && is_name(*c.comparators[0]));
}

ir::ExprPtr FunctionBuilder::string_const(std::string text, Span s) {
  auto c = std::make_unique<ir::Const>(types::string(), s);
  c->str = std::move(text);
  return c;
}

TypeRef FunctionBuilder::host_dtype(const ast::Expr& e) {
  TypeRef t = host_dtype_named(e);
  if (t && (t->is_complex() || t == types::float16())) {
    // The host array library holds C++ arithmetic types only (host/ndarray.h).
    D().error(e.span, "arrays of " + t->str() + " are not supported in host code by py2cuda");
    return nullptr;
  }
  return t;
}

TypeRef FunctionBuilder::host_dtype_named(const ast::Expr& e) {
  if (std::string cls = dtype_class_path(e); !cls.empty()) return dtype_class_type(cls);
  if (e.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(e).id;
    // Python's own types name NumPy's defaults.
    if (!locals_.count(id) && !mb_.info().globals.count(id)) {
      if (id == "float") return types::float64();
      if (id == "int") return types::int64();
      if (id == "bool") return types::boolean();
      if (id == "complex") return types::complex128();
    }
  }
  std::string path = resolve_path(mb_.info(), e);
  if (path.rfind("numpy.", 0) == 0) {
    if (TypeRef t = types::scalar_by_name(path.substr(6))) return t;
  }
  return dtype_of(e);
}

ir::ExprPtr FunctionBuilder::shape_value(const ast::Expr& e, int& ndim) {
  auto v = dynamic_operand(e);
  if (!v) return nullptr;
  std::vector<ir::ExprPtr> dims;
  if (v->type->is_int() || v->type->is_bool()) {
    dims.push_back(convert(std::move(v), types::int64()));
  } else if (v->type->is_dynamic()) {
    // A number whose Python type is known when the program runs: an int there, else TypeError.
    dims.push_back(call_node(types::int64(), "py2cuda::host::shape_extent({0})", e.span, one_arg(std::move(v))));
  } else if (v->type->is_tuple()) {
    const auto& elems = v->type->elements();
    for (size_t k = 0; k < elems.size(); ++k) {
      if (!elems[k]->is_int()) return fail(e.span, "a shape must be an int or a tuple of ints, not " + v->type->str());
    }
    if (v->kind == ir::ExprKind::TupleMake) {
      for (auto& x : static_cast<ir::TupleMake&>(*v).elements) dims.push_back(convert(std::move(x), types::int64()));
    } else {
      ndim = static_cast<int>(elems.size());
      TypeRef tuple_type = v->type;
      std::vector<ir::ExprPtr> operand;
      operand.push_back(std::move(v));
      return call_node(tuple_type, "py2cuda::host::shape_of({0})", e.span, std::move(operand));
    }
  } else {
    return fail(e.span, "a shape must be an int or a tuple of ints, not " + v->type->str());
  }
  ndim = static_cast<int>(dims.size());
  if (ndim == 0) return fail(e.span, "0-dimensional arrays are not supported by py2cuda");
  return call_node(types::tuple(std::vector<TypeRef>(dims.size(), types::int64())),
                   "py2cuda::host::shape(" + placeholders(0, dims.size()) + ")", e.span, std::move(dims));
}

// A list display in host code: a tuple of its values (lists of numbers iterate, index
// and convert to arrays as tuples do; py2cuda has no growable list).
ir::ExprPtr FunctionBuilder::list_value(const ast::ListExpr& l) {
  std::vector<ir::ExprPtr> elems;
  std::vector<TypeRef> ts;
  for (const auto& x : l.elts) {
    auto v = display_item(*x);
    if (!v) return nullptr;
    if (v->type->is_none()) {
      // Its C++ element would have no type (and Numba's typed lists hold no None either).
      return fail(x->span, "a list holding None is not supported by py2cuda (a list's items are numbers, strings, "
                           "tuples or arrays); mark a missing item with a value of the items' type (-1, math.nan, \"\")");
    }
    ts.push_back(v->type);
    elems.push_back(std::move(v));
  }
  if (elems.empty()) return empty_list(types::list(nullptr), l.span);  // typed by what is appended
  auto t = std::make_unique<ir::TupleMake>(types::list_display(ts), l.span);
  t->elements = std::move(elems);
  return t;
}

ir::ExprPtr FunctionBuilder::comprehension_call(const std::string& what, const ast::ComprehensionExpr& g, ir::ExprPtr sep) {
  TypeRef item = nullptr;
  auto iterable = comprehension_items(*g.iter, item);
  if (!iterable) return nullptr;
  auto saved = comprehension_vars_;
  std::string head;
  if (!bind_comprehension_target(*g.target, item, 0, head, g.iter.get())) {
    comprehension_vars_ = saved;
    return nullptr;
  }
  auto elt = expr(*g.elt);
  std::vector<ir::ExprPtr> conds;
  for (const auto& c : g.conditions) {
    auto v = condition(*c);
    if (!v) {
      comprehension_vars_ = saved;
      return nullptr;
    }
    conds.push_back(std::move(v));
  }
  comprehension_vars_ = saved;
  if (!elt) return nullptr;
  ir::ExprPtr cond;
  for (auto& c : conds) {
    cond = cond ? std::make_unique<ir::Logical>(types::boolean(), true, std::move(cond), std::move(c), g.span) : std::move(c);
  }
  const std::string param = head + "return ";
  std::vector<ir::ExprPtr> args;
  TypeRef result;
  TypeRef sum_dtype;  // sum(): the type each addition computes in
  std::string pattern;
  if (what == "join") {
    if (!elt->type->is_string()) {
      return fail(g.elt->span, "sequence item: expected str instance, " + elt->type->str() + " found (use str() or an f-string)");
    }
    args.push_back(std::move(sep));
    args.push_back(std::move(iterable));
    pattern = "py2cuda::host::join_each({0}, {1}, ";
    result = types::string();
  } else if (elt->type->is_array() && !elt->type->is_device_array()) {
    // sum() of arrays: Python's 0 + a0 + a1 + ..., each `+` NumPy's (runtime host/sum_of_arrays.h);
    // 0 + a bool array is int64, 0 + another array keeps its dtype.
    sum_dtype = elt->type->dtype()->is_bool() ? types::int64() : elt->type->dtype();
    result = types::array(sum_dtype, elt->type->ndim(), Layout::C);
    args.push_back(std::move(iterable));
    pattern = "py2cuda::host::sum_arrays_each<{t2}, " + std::to_string(elt->type->ndim()) + ">({0}, ";
  } else {
    if (!elt->type->is_number()) return fail(g.elt->span, "sum() of " + elt->type->str() + " values is not supported");
    // Python's sum starts from the int 0: integer items give an int, float items a float.
    result = elt->type->is_float() ? types::float64() : types::int64();
    sum_dtype = result;
    args.push_back(std::move(iterable));
    pattern = "py2cuda::host::sum_each<{t1}>({0}, ";
    elt = convert(std::move(elt), result);
  }
  if (cond) {
    pattern += param + "{" + std::to_string(args.size()) + "}; }, ";
    args.push_back(std::move(cond));
  } else {
    pattern += "nullptr, ";
  }
  pattern += param + "{" + std::to_string(args.size()) + "}; })";
  args.push_back(std::move(elt));
  return call_node(result, pattern, g.span, std::move(args), {item, result, sum_dtype ? sum_dtype : result});
}

// ------------------------------------------------------------------ calls

// np.fromfunction(f, shape, dtype=float): f called once with the index grids, coordinate k an
// array of `shape` whose elements are their k-th index (np.meshgrid of np.arange(n, dtype=dtype)
// per axis, indexing='ij'), as NumPy calls it with np.indices(shape, dtype=dtype).
ir::ExprPtr FunctionBuilder::from_function(const ast::Call& c) {
  const ast::Expr* f = c.args.size() > 0 ? c.args[0].get() : nullptr;
  const ast::Expr* shape = c.args.size() > 1 ? c.args[1].get() : nullptr;
  const ast::Expr* dtype = c.args.size() > 2 ? c.args[2].get() : nullptr;
  for (const auto& k : c.keywords) {
    if (k.name == "function") f = k.value.get();
    else if (k.name == "shape") shape = k.value.get();
    else if (k.name == "dtype") dtype = k.value.get();
    else return fail(k.span, "np.fromfunction() keyword '" + k.name + "' is not supported by py2cuda");
  }
  if (!f || !shape || c.args.size() > 3) return fail(c.span, "np.fromfunction() takes a function, a shape and dtype=");
  auto extents = expr(*shape);
  if (!extents) return nullptr;
  if (!extents->type->is_tuple() || extents->type->elements().empty()) {
    return fail(shape->span, "np.fromfunction() needs a shape tuple, not " + extents->type->str());
  }
  const size_t n = extents->type->elements().size();
  if (c.func->kind != ast::ExprKind::Attribute) {
    return fail(c.span, "np.fromfunction() is translated by py2cuda when called through numpy's module (np.fromfunction)");
  }
  const ast::Expr& numpy = *ast::as<ast::Attribute>(*c.func).value;  // the module's name for numpy
  auto numpy_call = [&](const std::string& name) {
    return std::make_unique<ast::Call>(c.span, std::make_unique<ast::Attribute>(c.span, ast::clone(&numpy), name, c.span));
  };
  std::vector<ast::ExprPtr> ranges;
  for (size_t k = 0; k < n; ++k) {
    auto extent = std::make_unique<ast::Subscript>(shape->span, ast::clone(shape), ast::int_literal(k, c.span));
    auto range = numpy_call("arange");
    range->args.push_back(std::move(extent));
    if (dtype) range->keywords.push_back(ast::Keyword{"dtype", ast::clone(dtype), c.span});
    else range->keywords.push_back(ast::Keyword{"dtype", std::make_unique<ast::Name>(c.span, "float"), c.span});
    ranges.push_back(std::move(range));
  }
  auto call = std::make_unique<ast::Call>(c.span, ast::clone(f));
  if (n == 1) {
    call->args.push_back(std::move(ranges[0]));
  } else {
    for (size_t k = 0; k < n; ++k) {
      auto grid = numpy_call("meshgrid");
      for (const auto& r : ranges) grid->args.push_back(ast::clone(r.get()));
      auto ij = std::make_unique<ast::StrLit>(c.span);
      ij->value = "ij";
      grid->keywords.push_back(ast::Keyword{"indexing", std::move(ij), c.span});
      call->args.push_back(std::make_unique<ast::Subscript>(c.span, std::move(grid), ast::int_literal(k, c.span)));
    }
  }
  const ast::Call& made = *call;
  synthetic_ast_.push_back(std::move(call));
  if (f->kind == ast::ExprKind::Lambda) return lambda_call(made, ast::as<ast::LambdaExpr>(*made.func));
  return expr(made);
}

ir::ExprPtr FunctionBuilder::host_call(const ast::Call& c, bool& handled) {
  if (auto v = class_call(c, handled); handled) return v;  // methods of the program's classes
  handled = true;
  // np.dtype(np.float32) as a value: its name, as host code holds a dtype (infer/dtype_classes.cpp).
  if (std::string cls = dtype_class_path(c); !cls.empty()) return dtype_class_repr(cls, c.span);
  if (c.func->kind == ast::ExprKind::Name) {
    if (auto it = lambda_aliases_.find(ast::as<ast::Name>(*c.func).id); it != lambda_aliases_.end()) {
      return lambda_call(c, *it->second);
    }
  }
  // str.upper(s), as map(str.upper, names) and key=str.lower call it: the method of s, s.upper().
  if (c.func->kind == ast::ExprKind::Attribute && !c.args.empty()) {
    const auto& m = ast::as<ast::Attribute>(*c.func);
    if (m.value->kind == ast::ExprKind::Name && ast::as<ast::Name>(*m.value).id == "str" && !locals_.count("str") &&
        !mb_.info().globals.count("str")) {
      auto method = std::make_unique<ast::Call>(
          c.span, std::make_unique<ast::Attribute>(c.func->span, ast::clone(c.args[0].get()), m.attr, m.attr_span));
      for (size_t i = 1; i < c.args.size(); ++i) method->args.push_back(ast::clone(c.args[i].get()));
      for (const auto& kw : c.keywords) method->keywords.push_back({kw.name, ast::clone(kw.value.get()), kw.span});
      auto v = expr(*method);
      synthetic_ast_.push_back(std::move(method));
      return v;
    }
  }
  // np.add.outer(a, b), of any binary ufunc of the table: NumPy's every pair of elements, shaped
  // a.shape + b.shape, which is the ufunc of `a[..., None, ...]` (one new axis per dimension of
  // b) and b, broadcast.
  if (c.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*c.func).attr == "outer") {
    const auto& m = ast::as<ast::Attribute>(*c.func);
    const builtins::HostBuiltin* row = builtins::find_host(resolve_path(mb_.info(), *m.value));
    using R = builtins::HostRule;
    if (row && row->path.starts_with("numpy.") &&
        (row->rule == R::BinaryUfunc || row->rule == R::BinaryFloatUfunc || row->rule == R::OperatorUfunc ||
         row->rule == R::IntegerUfunc || row->rule == R::PredicateUfunc)) {
      if (c.args.size() != 2 || !c.keywords.empty() || c.has_star_args) {
        return fail(c.span, std::string(row->path.substr(6)) + ".outer() takes two arrays, and no keywords in py2cuda");
      }
      // A list or tuple goes through np.asarray, spelled through the module the ufunc was named by
      // (`np.add`); arrays and scalars are taken as they are (a scalar has no axes).
      const ast::Expr* numpy_module =
          m.value->kind == ast::ExprKind::Attribute ? ast::as<ast::Attribute>(*m.value).value.get() : nullptr;
      auto operand = [&](const ast::Expr& e, TypeRef& type) -> ast::ExprPtr {
        auto v = expr(e);
        if (!v) return nullptr;
        type = v->type;
        if (type->is_array() || type->is_number() || type->is_bool() || !numpy_module) return ast::clone(&e);
        auto call = std::make_unique<ast::Call>(
            e.span, std::make_unique<ast::Attribute>(e.span, ast::clone(numpy_module), "asarray", e.span));
        call->args.push_back(ast::clone(&e));
        auto as_array = expr(*call);
        if (!as_array) return nullptr;
        type = as_array->type;
        return call;
      };
      TypeRef a_type = nullptr, b_type = nullptr;
      ast::ExprPtr a = operand(*c.args[0], a_type);
      ast::ExprPtr b = operand(*c.args[1], b_type);
      if (!a || !b) return nullptr;
      const int b_dims = b_type->is_array() ? b_type->ndim() : 0;
      if (a_type->is_array() && b_dims > 0) {
        auto index = std::make_unique<ast::TupleExpr>(c.args[0]->span);
        index->elts.push_back(std::make_unique<ast::UnsupportedExpr>(c.args[0]->span, "ellipsis"));
        for (int k = 0; k < b_dims; ++k) index->elts.push_back(std::make_unique<ast::NoneLit>(c.args[0]->span));
        a = std::make_unique<ast::Subscript>(c.args[0]->span, std::move(a), std::move(index));
      }
      auto call = std::make_unique<ast::Call>(c.span, ast::clone(m.value.get()));
      call->args.push_back(std::move(a));
      call->args.push_back(std::move(b));
      auto v = expr(*call);
      synthetic_ast_.push_back(std::move(call));
      return v;
    }
  }
  // kernel[grid, block](args...); not helpers["cube"](x), a call of the function a key picks
  if (c.func->kind == ast::ExprKind::Subscript && !function_value(*c.func)) {
    const auto& sub = ast::as<ast::Subscript>(*c.func);
    if (const FunctionEntry* f = function_value(*sub.value); f && f->kind == FunctionKind::Kernel) {
      return launch(c, *f, sub);
    }
    if (!function_value(*sub.value) && python_host()) {
      // ops[1](x): an item of a list or dict that is an instance with __call__.
      bool handled = false;
      auto called = instance_call(c, handled);
      if (handled) return called;
    }
    if (sub.value->kind != ast::ExprKind::Name) {
      // kernels[1][grid, block](...): valid Python, but the kernel is only known at run time.
      return fail(sub.value->span, "py2cuda launches a kernel named directly, or through a name bound to it "
                                   "(k = kernel), or a loop over a list of kernels; not one chosen by an expression");
    }
    return numba_rejects(c.func->span, "only kernels can be launched with [grid, block]");
  }
  // kernel.forall(ntasks)(args...)
  if (c.func->kind == ast::ExprKind::Call) {
    const auto& configure = ast::as<ast::Call>(*c.func);
    if (configure.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*configure.func).attr == "forall") {
      const ast::Expr& owner = *ast::as<ast::Attribute>(*configure.func).value;
      if (const FunctionEntry* f = function_value(owner); f && f->kind == FunctionKind::Kernel) {
        return forall_launch(c, *f, configure);
      }
    }
  }
  // kernel.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize=0)
  if (c.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*c.func).attr == "max_cooperative_grid_blocks") {
    const ast::Expr& overload = *ast::as<ast::Attribute>(*c.func).value;
    if (overload.kind == ast::ExprKind::Subscript) {
      const ast::Expr& overloads = *ast::as<ast::Subscript>(overload).value;
      if (overloads.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(overloads).attr == "overloads") {
        if (const FunctionEntry* f = function_value(*ast::as<ast::Attribute>(overloads).value);
            f && f->kind == FunctionKind::Kernel) {
          return cooperative_blocks(c, *f);
        }
      }
    }
  }
  // type(x): Python's class of x, from x's static type (infer/python_types.cpp).
  if (is_builtin_name(*c.func, "type")) return python_type_of(c, false);
  // len(kernels) of a list of functions: its length, known at translation time.
  if (is_builtin_name(*c.func, "len") && c.args.size() == 1 && c.keywords.empty()) {
    if (const ast::Expr* display = function_display(*c.args[0])) {
      auto n = std::make_unique<ir::Const>(types::int64(), c.span);
      n->bits = display->kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(*display).elts.size()
                                                      : ast::as<ast::ListExpr>(*display).elts.size();
      return n;
    }
  }
  // sep.join(generator) and sum(generator)
  // (One over functions or a tuple's items of different types is a list, joined or summed as one.)
  if (c.args.size() == 1 && c.keywords.empty() && c.args[0]->kind == ast::ExprKind::Comprehension &&
      !function_display(*ast::as<ast::ComprehensionExpr>(*c.args[0]).iter) &&
      !(ast::as<ast::ComprehensionExpr>(*c.args[0]).elt->kind == ast::ExprKind::Comprehension &&
        ast::as<ast::ComprehensionExpr>(*ast::as<ast::ComprehensionExpr>(*c.args[0]).elt).nested_clause)) {
    const auto& g = ast::as<ast::ComprehensionExpr>(*c.args[0]);
    if (c.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*c.func).attr == "join") {
      auto sep = expr(*ast::as<ast::Attribute>(*c.func).value);
      if (!sep) return nullptr;
      if (!sep->type->is_string()) return fail(c.func->span, "join() is a method of strings");
      return comprehension_call("join", g, std::move(sep));
    }
    if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "sum" && !locals_.count("sum")) {
      return comprehension_call("sum", g, nullptr);
    }
  }
  // A method of a value: a.astype(...), d.copy_to_host(), rng.normal(...).
  if (c.func->kind == ast::ExprKind::Attribute) {
    const auto& m = ast::as<ast::Attribute>(*c.func);
    // `add.reduce(x)` of a CUDA ufunc (infer/ufuncs.cpp).
    if (const FunctionEntry* u = function_value(*m.value); u && u->kind == FunctionKind::Ufunc && m.attr == "reduce") {
      return ufunc_reduce(c, *u);
    }
    if (resolve_path(mb_.info(), *c.func).empty()) {
      const ast::Expr* root = m.value.get();
      while (root->kind == ast::ExprKind::Attribute) root = ast::as<ast::Attribute>(*root).value.get();
      bool module_path = root->kind == ast::ExprKind::Name && !locals_.count(ast::as<ast::Name>(*root).id) &&
                         mb_.info().globals.count(ast::as<ast::Name>(*root).id) &&
                         mb_.info().globals.at(ast::as<ast::Name>(*root).id).kind == sema::Symbol::Kind::Path;
      if (!module_path) {
        auto self = expr(*m.value);
        if (!self) return nullptr;
        if (self->type->is_dict()) {
          const std::string& cls = self->type->dict_class();
          const builtins::HostBuiltin* row = cls.empty() ? nullptr : builtins::find_host(cls + "." + m.attr);
          if (!row) row = builtins::find_host("dict." + m.attr);
          if (!row) return fail(m.attr_span, "dict." + m.attr + "() is not supported by py2cuda");
          auto call = dict_method(c, m.attr, std::move(self));
          static const std::set<std::string> kChanging = {"pop", "popitem", "setdefault", "update", "clear"};
          if (call && call->kind == ir::ExprKind::Builtin && kChanging.count(m.attr)) {
            static_cast<ir::BuiltinCall&>(*call).has_effects = true;  // ordered against reads of the dict
          }
          return call;
        }
        if (self->type->is_set()) {
          const builtins::HostBuiltin* method = builtins::find_host("set." + m.attr);
          if (!method || method->rule != HostRule::SetMethod) {
            return fail(m.attr_span, "'set' object has no attribute '" + m.attr + "' supported by py2cuda");
          }
          return set_method(c, m, std::move(self));
        }
        if (self->type->is_list()) {
          const builtins::HostBuiltin* method = builtins::find_host("list." + m.attr);
          if (!method || method->rule != HostRule::ListMethod) {
            return fail(m.attr_span, "'list' object has no attribute '" + m.attr + "' supported by py2cuda");
          }
          return list_method(c, m, std::move(self));
        }
        if (self->type->is_string() && m.attr == "join" && c.args.size() == 1 && c.keywords.empty()) {
          // sep.join(list_of_str)
          auto items = growable_list(expr(*c.args[0]));
          if (!items) return nullptr;
          if (items->type->is_list()) {
            if (items->type->dtype() && !items->type->dtype()->is_string()) {
              return fail(c.args[0]->span, "sequence item 0: expected str instance, " + items->type->dtype()->str() + " found");
            }
            std::vector<ir::ExprPtr> args;
            args.push_back(std::move(self));
            args.push_back(std::move(items));
            return call_node(types::string(), "py2cuda::host::join_list({0}, {1})", c.span, std::move(args));
          }
        }
        if (is_argparse_object(self->type)) return argparse_method(c, m, std::move(self));
        std::string owner = self->type->is_device_array() ? "DeviceNDArray"
                            : self->type->is_array()      ? "ndarray"
                            : self->type->is_string()     ? "str"
                            : self->type->is_host_object() ? self->type->object_name()
                            : self->type->is_number()      ? "generic"  // a NumPy scalar's methods
                                                          : "";
        const builtins::HostBuiltin* row = owner.empty() ? nullptr : builtins::find_host(owner + "." + m.attr);
        if (!row) {
          handled = false;
          return nullptr;
        }
        return host_row_call(c, *row, std::move(self));
      }
    }
  }
  // A function of this module, called from host code (by its name, a name bound to it, or an
  // item of a display of functions: helpers["cube"](x)).
  if (c.func->kind == ast::ExprKind::Name || c.func->kind == ast::ExprKind::Subscript) {
    if (const FunctionEntry* called = function_value(*c.func)) {
      const FunctionEntry& f = *called;
      if (f.kind == FunctionKind::Kernel) {
        return numba_rejects(c.span, "kernel '" + f.name + "' must be launched with a configuration: " + f.name +
                                "[blocks, threads_per_block](...)");
      }
      if (f.kind == FunctionKind::Ufunc) return ufunc_call(c, f);  // infer/ufuncs.cpp
      if (f.reduction) return reduction_call(c, f);
      if (f.kind == FunctionKind::Device) {
        return fail(c.span, "device function '" + f.name + "' cannot be called from host code; call it from a "
                            "kernel");
      }
      if (c.func->kind == ast::ExprKind::Subscript || function_aliases_.count(ast::as<ast::Name>(*c.func).id)) {
        return call_function(c, f);
      }
      handled = false;  // plain and CPU @jit functions: call_function
      return nullptr;
    }
  }
  std::string path = callee_path(*c.func);
  if (path.empty() && c.func->kind == ast::ExprKind::Name) path = ast::as<ast::Name>(*c.func).id;
  if (bool applies = false; auto v = dynamic_number_builtin(c, path, applies)) {
    return v;
  } else if (applies) {
    return nullptr;
  }
  // CPython's math.floor/ceil/trunc return ints (CUDA's return floats), and round(x, n)
  // rounds the exact binary value to n decimals.
  if ((path == "math.floor" || path == "math.ceil" || path == "math.trunc") && c.args.size() == 1 && c.keywords.empty()) {
    auto x = expr(*c.args[0]);
    if (!x) return nullptr;
    if (x->type->is_int()) return convert(std::move(x), types::int64());
    if (!x->type->is_float()) return fail(c.args[0]->span, path + "() needs a number");
    std::vector<ir::ExprPtr> args;
    args.push_back(convert(std::move(x), types::float64()));
    return call_node(types::int64(), "py2cuda::host::" + path.substr(5) + "_to_int({0})", c.span, std::move(args));
  }
  if (path == "round" && c.args.size() == 2 && c.keywords.empty()) {
    auto x = expr(*c.args[0]);
    auto n = expr(*c.args[1]);
    if (!x || !n) return nullptr;
    if (x->type->is_float() && n->type->is_int()) {
      if (is_numpy_scalar(*c.args[0])) {
        // round(a.mean(), 3): a NumPy scalar's __round__ is np.round's (scaled, rounded half to
        // even, scaled back), not Python's correctly rounded decimal: round(np.float64(2.675), 2)
        // is 2.68 where round(2.675, 2) is 2.67.
        return host_row_call(c, *builtins::find_host("numpy.round"), nullptr);
      }
      TypeRef t = x->type;
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(x));
      args.push_back(convert(std::move(n), types::int64()));
      return call_node(t, "py2cuda::host::round_digits({0}, {1})", c.span, std::move(args));
    }
  }
  if (bool listed = false; auto v = list_builtin(c, path, listed)) {
    return v;
  } else if (listed) {
    return nullptr;
  }
  if (bool dict_call = false; auto v = dict_builtin(c, path, dict_call)) {
    return v;
  } else if (dict_call) {
    return nullptr;
  }
  const builtins::HostBuiltin* row = builtins::find_host(path);
  // min, max, abs and round of numbers: typed as in kernels (Numba's rules agree with
  // Python's there), spelled by the device table. math.* in CPU @jit functions is Numba's.
  if (!row || row->rule == HostRule::PyMinMax || row->rule == HostRule::PyAbs || row->rule == HostRule::PyRound ||
      (row->rule == HostRule::PyMath && !python_host())) {
    handled = false;
    return nullptr;
  }
  return host_row_call(c, *row, nullptr);
}

ir::ExprPtr FunctionBuilder::launch(const ast::Call& c, const FunctionEntry& kernel, const ast::Subscript& config) {
  // The configuration's items, typed: a tuple display's, or those of a tuple held by a name
  // (`cfg = (blocks, threads)`, `kernel[cfg](...)`), read where they are needed.
  std::vector<ir::ExprPtr> parts;
  std::vector<Span> spans;
  if (config.index->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*config.index).elts) {
      parts.push_back(expr(*e));
      spans.push_back(e->span);
      if (!parts.back()) return nullptr;
    }
  } else {
    auto whole = expr(*config.index);
    if (!whole) return nullptr;
    if (whole->type->is_tuple() && whole->kind == ir::ExprKind::TupleMake) {
      for (auto& e : static_cast<ir::TupleMake&>(*whole).elements) parts.push_back(std::move(e));
    } else if (whole->type->is_tuple() && reusable(*whole) && whole->type->elements().size() >= 2) {
      const std::vector<TypeRef>& items = whole->type->elements();
      for (size_t i = 0; i < items.size(); ++i) {
        parts.push_back(std::make_unique<ir::TupleGet>(items[i], reuse(*whole), static_cast<int>(i), whole->span));
      }
    } else {
      parts.push_back(std::move(whole));
    }
    spans.assign(parts.size(), config.index->span);
  }
  if (parts.size() < 2 || parts.size() > 4) {
    return numba_rejects(config.index->span, "a launch configuration is [blocks, threads], [blocks, threads, stream] or "
                                    "[blocks, threads, stream, dynamic_shared_bytes]");
  }
  auto node = std::make_unique<ir::Launch>(nullptr, c.span);
  auto dim = [&](ir::ExprPtr v, Span span) -> ir::ExprPtr {
    // `cfg["tpb"]` of a dict of mixed values, or a number whose type differs by path: the
    // number it holds.
    if (v->type == types::host_object("FormatArg")) v = mixed_dict_number(std::move(v));
    if (v->type->is_int() || v->type->is_dynamic()) return convert(std::move(v), types::int64());
    if (v->type->is_tuple()) {
      for (TypeRef t : v->type->elements()) {
        if (!t->is_int()) return fail(span, "launch dimensions must be integers, not " + v->type->str());
      }
      if (v->type->elements().empty() || v->type->elements().size() > 3) {
        return fail(span, "launch dimensions are 1 to 3 integers");
      }
      return v;
    }
    return fail(span, "launch dimensions must be integers or tuples of integers, not " + v->type->str());
  };
  node->grid = dim(std::move(parts[0]), spans[0]);
  node->block = dim(std::move(parts[1]), spans[1]);
  if (!node->grid || !node->block) return nullptr;
  if (parts.size() >= 3 && !parts[2]->type->is_none()) {
    ir::ExprPtr stream = std::move(parts[2]);
    if (stream->type->is_int()) {
      if (known_value(*stream) != 0.0) return fail(spans[2], "a stream must be a cuda.stream() or 0");
    } else if (stream->type != types::host_object("Stream")) {
      return fail(spans[2], "a stream must be a cuda.stream() or 0, not " + stream->type->str());
    } else {
      node->stream = std::move(stream);
    }
  }
  if (parts.size() == 4) {
    ir::ExprPtr shared = std::move(parts[3]);
    if (!shared->type->is_int()) return fail(spans[3], "the dynamic shared memory size must be an integer");
    node->shared_bytes = convert(std::move(shared), types::int64());
  }
  return launch_arguments(c, kernel, std::move(node));
}

// kernel.forall(ntasks, tpb=0, stream=0, sharedmem=0)(args): Numba's ForAll, a 1-D launch of
// ceil(ntasks / tpb) blocks, where tpb 0 asks the occupancy API for the block size (the
// runtime's py2cuda::forall_config; the emulation picks a fixed one).
ir::ExprPtr FunctionBuilder::forall_launch(const ast::Call& c, const FunctionEntry& kernel, const ast::Call& configure) {
  static const char* const kParams[] = {"ntasks", "tpb", "stream", "sharedmem"};
  const ast::Expr* given[4] = {nullptr, nullptr, nullptr, nullptr};
  if (configure.has_star_args) return numba_rejects(configure.span, "forall() takes its arguments without stars");
  if (configure.args.size() > 4) return numba_rejects(configure.span, "forall() takes at most 4 arguments (ntasks, tpb, stream, sharedmem)");
  for (size_t i = 0; i < configure.args.size(); ++i) given[i] = configure.args[i].get();
  for (const auto& kw : configure.keywords) {
    int slot = -1;
    for (int i = 0; i < 4; ++i) slot = kw.name == kParams[i] ? i : slot;
    if (slot < 0) return numba_rejects(kw.span, "forall() got an unexpected keyword argument '" + kw.name + "'");
    if (given[slot]) return numba_rejects(kw.span, "forall() got multiple values for argument '" + kw.name + "'");
    given[slot] = kw.value.get();
  }
  if (!given[0]) return numba_rejects(configure.span, "forall() missing 1 required positional argument: 'ntasks'");
  auto node = std::make_unique<ir::Launch>(nullptr, c.span);
  auto integer = [&](const ast::Expr& e, const char* what) -> ir::ExprPtr {
    auto v = expr(e);
    if (!v) return nullptr;
    if (!v->type->is_int()) return numba_rejects(e.span, std::string("forall()'s ") + what + " must be an integer, not " + v->type->str());
    return convert(std::move(v), types::int64());
  };
  node->forall_tasks = integer(*given[0], "ntasks");
  if (!node->forall_tasks) return nullptr;
  if (given[1] && !is_none(given[1])) {
    node->block = integer(*given[1], "tpb");
    if (!node->block) return nullptr;
  }
  if (given[2] && !is_none(given[2])) {
    auto stream = expr(*given[2]);
    if (!stream) return nullptr;
    if (stream->type->is_int()) {
      if (known_value(*stream) != 0.0) return fail(given[2]->span, "a stream must be a cuda.stream() or 0");
    } else if (stream->type != types::host_object("Stream")) {
      return fail(given[2]->span, "a stream must be a cuda.stream() or 0, not " + stream->type->str());
    } else {
      node->stream = std::move(stream);
    }
  }
  if (given[3]) {
    node->shared_bytes = integer(*given[3], "sharedmem");
    if (!node->shared_bytes) return nullptr;
  }
  return launch_arguments(c, kernel, std::move(node));
}

// k.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize=0): the most blocks of
// `blockdim` threads the device keeps resident at once for that compiled kernel, Numba's
// occupancy-per-multiprocessor x multiprocessors. The overload is the kernel's signature
// (`sig` is the variable its decorator reads, which py2cuda does not evaluate as a value),
// so the kernel must have exactly one.
ir::ExprPtr FunctionBuilder::cooperative_blocks(const ast::Call& c, const FunctionEntry& kernel) {
  const std::string what = "max_cooperative_grid_blocks";
  if (kernel.signatures.size() != 1) {
    return fail(c.func->span, "'" + kernel.name + ".overloads[...]' needs the kernel to have one signature in its "
                              "decorator (@cuda.jit(sig)); it has " + std::to_string(kernel.signatures.size()));
  }
  std::vector<const ast::Expr*> a;
  if (!bind_arguments(c, what, {"blockdim", "dynsmemsize"}, a, D())) return nullptr;
  if (!a[0]) return fail(c.span, what + "() missing required argument 'blockdim'");
  auto block = expr(*a[0]);
  if (!block) return nullptr;
  std::vector<ir::ExprPtr> args;
  std::string pattern;
  if (block->type->is_int()) {
    pattern = "py2cuda::Dim3({0})";
    args.push_back(convert(std::move(block), types::int64()));
  } else if (block->type->is_tuple() && !block->type->elements().empty() && block->type->elements().size() <= 3 &&
             std::all_of(block->type->elements().begin(), block->type->elements().end(),
                         [](TypeRef e) { return e->is_int(); })) {
    pattern = "py2cuda::host::dim3({0})";
    args.push_back(std::move(block));
  } else {
    return fail(a[0]->span, what + "()'s blockdim must be an int or a tuple of 1 to 3 ints, not " + block->type->str());
  }
  if (!is_none(a[1])) {
    auto shared = expr(*a[1]);
    if (!shared) return nullptr;
    if (!shared->type->is_int()) return fail(a[1]->span, what + "()'s dynsmemsize must be an int");
    pattern += ", size_t({1})";
    args.push_back(convert(std::move(shared), types::int64()));
  }
  std::string instance = "kernel";
  if (final_) {
    const ir::Function* k = mb_.instantiate(kernel, kernel.signatures[0].params, nullptr, true, c.span);
    if (!k) return nullptr;
    instance = k->cpp_name;
  }
  return call_node(types::int64(), "py2cuda::max_cooperative_grid_blocks(" + instance + ", " + pattern + ")", c.span,
                   std::move(args));
}

// `op(arr, size=None, res=None, init=0, stream=0)` of a `@cuda.reduce def op(a, b)`: the
// reduction of a 1-D array by `op` in numba-cuda's order (host/reduction.h), a scalar of the
// array's dtype (init converted to it, as Numba's arr.dtype.type(init)).
ir::ExprPtr FunctionBuilder::reduction_call(const ast::Call& c, const FunctionEntry& f) {
  std::vector<const ast::Expr*> a;
  if (!bind_arguments(c, f.name, {"arr", "size", "res", "init", "stream"}, a, D())) return nullptr;
  if (!a[0]) return fail(c.span, f.name + "() missing required argument 'arr'");
  for (size_t k : {size_t{1}, size_t{2}, size_t{4}}) {
    if (!is_none(a[k])) {
      return fail(a[k]->span, "size=, res= and stream= of a cuda.reduce call are not supported by py2cuda");
    }
  }
  auto arr = expr(*a[0]);
  if (!arr) return nullptr;
  if (!arr->type->is_array() || arr->type->ndim() != 1 || !arr->type->dtype()->is_number()) {
    return fail(a[0]->span, "a cuda.reduce function reduces a 1-D array of numbers (numba-cuda: only support 1D "
                            "array), not " + arr->type->str());
  }
  TypeRef t = arr->type->dtype();
  ir::ExprPtr init;
  if (!is_none(a[3])) {
    init = expr(*a[3]);
    if (!init) return nullptr;
    if (!init->type->is_number()) return fail(a[3]->span, f.name + "()'s init must be a number");
  } else {
    auto zero = int64_literal(0, c.span);
    init = std::move(zero);
  }
  std::string op = f.name;
  if (final_) {
    const ir::Function* fn = mb_.instantiate_host(f, {t, t}, c.span, D());
    if (!fn) return nullptr;
    if (!fn->return_type->is_number()) {
      return fail(c.span, "cuda.reduce function '" + f.name + "' must return a number, not " + fn->return_type->str());
    }
    op = fn->cpp_name;
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(arr));
  args.push_back(convert(std::move(init), t));
  return call_node(t, "py2cuda::host::numba_reduce({0}, " + op + ", {1})", c.span, std::move(args));
}

// The launch's arguments, typed as Numba types them, and the kernel instance they select.
ir::ExprPtr FunctionBuilder::launch_arguments(const ast::Call& c, const FunctionEntry& kernel,
                                              std::unique_ptr<ir::Launch> node) {
  if (!c.keywords.empty()) return fail(c.keywords[0].span, "kernels take positional arguments only");
  const size_t n = kernel.def->params.size();
  const size_t given = n - kernel.def->captured_params;
  // Parameters left out take their defaults, as the simulator passes them (the default's value,
  // typed as it is). Compiled numba-cuda compiles a kernel for the arguments given and rejects
  // the launch (measured on a GPU, numba-cuda with numba 0.68): a warning says so.
  size_t required = given;
  while (required > 0 && kernel.def->params[required - 1].default_value) --required;
  if (c.args.size() > given || c.args.size() < required) {
    const std::string takes = required == given ? std::to_string(given) : "from " + std::to_string(required) + " to " + std::to_string(given);
    return numba_rejects(c.span, "kernel '" + kernel.name + "' takes " + takes + " argument" +
                            (given == 1 ? "" : "s") + " but " + std::to_string(c.args.size()) +
                            (c.args.size() == 1 ? " was" : " were") + " given");
  }
  if (c.args.size() < given) {
    not_portable(c.span,
                 "rejects a launch that leaves out parameters with defaults (\"TypeError: Signature mismatch: " +
                     std::to_string(c.args.size()) + " argument types given, but function takes " +
                     std::to_string(given) + " arguments\")",
                 "Pass every argument (py2cuda passes the defaults of '" + kernel.name + "', as the simulator does)");
  }
  // Each argument's Numba type: arrays as the kernel sees them (in device memory,
  // C-contiguous when they are), Python ints as int64, floats as float64.
  std::vector<TypeRef> arg_types;
  for (size_t i = 0; i < n; ++i) {
    ir::ExprPtr v;
    // cuda.In(a) / cuda.Out(a) / cuda.InOut(a): a host array copied one way or both.
    std::string transfer = "transfer_in_out";
    if (i < c.args.size() && c.args[i]->kind == ast::ExprKind::Call) {
      const auto& wrapper = ast::as<ast::Call>(*c.args[i]);
      const std::string path = resolve_path(mb_.info(), *wrapper.func);
      if (path == "numba.cuda.In" || path == "numba.cuda.Out" || path == "numba.cuda.InOut") {
        if (wrapper.args.size() != 1 || !wrapper.keywords.empty()) {
          return fail(wrapper.span, path.substr(6) + "() takes one array");
        }
        v = expr(*wrapper.args[0]);
        if (!v) return nullptr;
        if (!v->type->is_array()) return fail(wrapper.args[0]->span, path.substr(6) + "() takes an array, not " + v->type->str());
        transfer = path == "numba.cuda.In" ? "transfer_in" : path == "numba.cuda.Out" ? "transfer_out" : transfer;
      }
    }
    const bool wrapped = v != nullptr;  // the array of cuda.In/Out/InOut, typed above
    if (!wrapped && i < c.args.size()) {
      // A DynamicNumber stays one where Numba picks the kernel by the argument's type.
      v = dynamic_operand(*c.args[i]);
      if (!kernel.signatures.empty()) v = static_number(std::move(v));
    } else if (!wrapped && i < given) {
      v = expr(*kernel.def->params[i].default_value);
    } else if (!wrapped) {
      // A device array the kernel captured (sema/captured_device_arrays.h): the one bound to
      // its name here, as the kernel would read it.
      const std::string& name = kernel.def->params[i].name;
      if (!locals_.count(name)) {
        return fail(c.span, "kernel '" + kernel.name + "' reads the device array '" + name + "' from module level, "
                            "which py2cuda passes at each launch; a function's host code cannot read a module-level "
                            "device array yet: launch the kernel from the module's own code, or pass the array as "
                            "an argument");
      }
      v = expr(ast::Name(c.span, name));
      if (v && !v->type->is_device_array()) {
        return fail(c.span, "kernel '" + kernel.name + "' reads '" + name + "' from the scope around it as a device "
                            "array, but here '" + name + "' is a " + v->type->str());
      }
    }
    if (!v) return nullptr;
    TypeRef t = v->type->is_dynamic() ? v->type->dtype() : v->type;
    if (t->is_array()) {
      if (t->is_readonly()) t = types::array(t->dtype(), t->ndim(), t->layout());
      t = types::with_device(t, false);
      if (!v->type->is_device_array()) {
        // A host array passed straight to a kernel: Numba copies it to the device
        // before the launch and back after it.
        if (node->stream && !t->dtype()->is_record()) {
          const std::string text(D().file().span_text(v->span));
          not_portable(v->span, "cannot launch on a stream with a host array argument (RuntimeError: NumPy only "
                                "supports stream=None)",
                       "Pass a device array: `cuda.to_device(" + text + ", stream=stream)`");
        }
        TypeRef host_type = v->type;
        const Span span = v->span;
        std::vector<ir::ExprPtr> operand;
        operand.push_back(std::move(v));
        v = call_node(host_type, "py2cuda::host::" + transfer + "({0})", span, std::move(operand));
      }
    } else if (!t->is_number() && !t->is_tuple() && !t->is_complex()) {
      return fail(v->span, "a kernel argument cannot be a " + t->str());
    }
    if (t->is_tuple()) {
      for (TypeRef e : t->elements()) {
        if (!e->is_number() && !e->is_complex()) {
          return fail(v->span, "a tuple of " + e->str() + " as a kernel argument is not supported by py2cuda (tuples "
                               "of numbers are); pass each array as an argument of its own");
        }
      }
    }
    arg_types.push_back(t);
    node->args.push_back(std::move(v));
  }
  std::vector<TypeRef> params = arg_types;
  if (!kernel.signatures.empty()) {
    // A kernel with signatures runs the one its arguments match, converting scalars.
    const sema::Signature* chosen = nullptr;
    for (const auto& sig : kernel.signatures) {
      if (sig.params.size() != n) continue;
      bool ok = true;
      for (size_t i = 0; ok && i < n; ++i) {
        TypeRef want = sig.params[i], have = arg_types[i];
        if (want->is_array() || have->is_array()) {
          ok = want->is_array() && have->is_array() && want->dtype() == have->dtype() && want->ndim() == have->ndim();
        } else {
          ok = rules::can_convert(have, want);
        }
      }
      if (ok) {
        chosen = &sig;
        break;
      }
    }
    if (!chosen) {
      std::string given;
      for (size_t i = 0; i < n; ++i) given += (i ? ", " : "") + arg_types[i]->str();
      return numba_rejects(c.span, "no signature of kernel '" + kernel.name + "' matches the launch's arguments (" + given + ")");
    }
    params = chosen->params;
  }
  if (final_) {
    node->kernel = mb_.instantiate(kernel, params, nullptr, true, c.span);
    if (!node->kernel) return nullptr;
  }
  if (!dynamic_launch(c, kernel, params, *node)) return nullptr;
  for (size_t i = 0; i < n; ++i) {
    if (!params[i]->is_array() && !node->args[i]->type->is_dynamic()) {
      node->args[i] = convert(std::move(node->args[i]), params[i]);
    }
  }
  return node;
}

ir::ExprPtr FunctionBuilder::host_row_call(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  ir::ExprPtr node = host_row_node(c, row, std::move(self));
  if (builtins::has_effects(row.rule)) {
    // The row's call may sit under a conversion of its result.
    ir::Expr* e = node.get();
    while (e && e->kind == ir::ExprKind::Cast) e = static_cast<ir::Cast*>(e)->operand.get();
    if (e && e->kind == ir::ExprKind::Builtin) static_cast<ir::BuiltinCall*>(e)->has_effects = true;
  }
  return node;
}

ir::ExprPtr FunctionBuilder::host_row_node(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  HostRowArgs bound(*this, c, row);
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::ArrayFill:
    case HostRule::ArrayFull:
    case HostRule::ArrayLike:
    case HostRule::Arange:
    case HostRule::Linspace:
    case HostRule::ArrayFromValues:
    case HostRule::Tile:
    case HostRule::Pad:
    case HostRule::FromIter:
    case HostRule::Eye:
    case HostRule::Join: return host_array_creation(bound);
    case HostRule::Trace:
    case HostRule::Reduction:
    case HostRule::MeanReduction:
    case HostRule::ExtremumReduction:
    case HostRule::ArgReduction:
    case HostRule::BoolReduction:
    case HostRule::CountNonzero:
    case HostRule::Dot:
    case HostRule::AllClose:
    case HostRule::IsClose:
    case HostRule::TestingAssert: return host_reduction(bound, std::move(self));
    case HostRule::RandomSeed:
    case HostRule::RandomDraw:
    case HostRule::GeneratorDraw:
    case HostRule::RandomChoice:
    case HostRule::RandomPermute:
    case HostRule::DefaultRng: return host_random(bound, std::move(self));
    case HostRule::AsType:
    case HostRule::Copy:
    case HostRule::Reshape:
    case HostRule::Ravel:
    case HostRule::Transpose:
    case HostRule::ToList:
    case HostRule::Fill: return host_array_method(bound, std::move(self));
    case HostRule::DeviceSplit:
    case HostRule::ToDevice:
    case HostRule::DeviceArrayNew:
    case HostRule::DeviceArrayLike:
    case HostRule::CopyToHost:
    case HostRule::CopyToDevice:
    case HostRule::DeviceList:
    case HostRule::Contiguity:
    case HostRule::DeviceQuery:
    case HostRule::IsCudaArray:
    case HostRule::DeviceHandle:
    case HostRule::Synchronize:
    case HostRule::Event:
    case HostRule::EventRecord:
    case HostRule::EventWait:
    case HostRule::EventElapsed:
    case HostRule::Stream:
    case HostRule::RngStates: return host_cuda_api(bound, std::move(self));
    case HostRule::FromFunction: return from_function(c);
    case HostRule::CooperativeBlocks:
      return fail(c.span, what + "() is called on a kernel's overload: k.overloads[sig]." + rt + "(blockdim)");
    case HostRule::Sort:
    case HostRule::SortInPlace:
    case HostRule::ArgSort:
    case HostRule::Cumulative:
    case HostRule::Unique:
    case HostRule::Diff:
    case HostRule::Nonzero:
    case HostRule::Outer:
    case HostRule::Median:
    case HostRule::Quantile:
    case HostRule::Norm:
    case HostRule::Meshgrid:
    case HostRule::UnravelIndex:
    case HostRule::Histogram:
    case HostRule::SearchSorted:
    case HostRule::Flip:
    case HostRule::Roll:
    case HostRule::Repeat:
    case HostRule::Bincount:
    case HostRule::ExpandDims:
    case HostRule::Squeeze:
    case HostRule::AtLeast:
    case HostRule::BroadcastTo:
    case HostRule::NanToNum:
    case HostRule::NanReduction:
    case HostRule::Average:
    case HostRule::Ptp:
    case HostRule::Diag:
    case HostRule::Triangle:
    case HostRule::FlipFixed:
    case HostRule::Identity:
    case HostRule::Convolve:
    case HostRule::FloatInfo:
    case HostRule::Interp:
    case HostRule::Trapz:
    case HostRule::Polyval:
    case HostRule::IsIn:
    case HostRule::Take:
    case HostRule::SwapAxes:
    case HostRule::Split:
    case HostRule::Covariance:
    case HostRule::Linalg:
    case HostRule::Save: return host_array_function(c, row, std::move(self));
    case HostRule::UnaryUfunc:
    case HostRule::UnaryUfuncSame:
    case HostRule::RoundingUfunc:
    case HostRule::BinaryUfunc:
    case HostRule::BinaryFloatUfunc:
    case HostRule::OperatorUfunc:
    case HostRule::IntegerUfunc:
    case HostRule::PredicateUfunc:
    case HostRule::Where:
    case HostRule::Clip:
    case HostRule::Round:
    case HostRule::ScalarItem: return host_elementwise(c, row, std::move(self));
    case HostRule::PyMath: return host_python_math(c, row);
    case HostRule::PyRandom: return host_python_random(bound);
    case HostRule::ContextManager:
      return fail(c.span, what + "() is a context manager: py2cuda translates it only as a with statement's "
                                 "(`with " + what + "(...):`)");
    case HostRule::ArgParse:
      if (self) return fail(c.span, what + "() is a method of an ArgumentParser");
      return argparse_parser_new(c);
    case HostRule::TestCaseNew:
      if (!c.args.empty() || !c.keywords.empty()) {
        return fail(c.span, what + "() with a test method's name is not supported by py2cuda; make it with no arguments");
      }
      return call_node(types::host_object("TestCase"), rt + "()", c.span, {});
    case HostRule::SkipTest: {
      if (!bound.bind({"reason"}) || !bound.need(0, "reason")) return nullptr;
      auto reason = bound.value(0);
      if (!reason) return nullptr;
      if (!reason->type->is_string()) return fail(a[0]->span, what + "() needs a str reason");
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      args.push_back(std::move(reason));
      return call_node(types::none(), "{0}." + rt + "({1})", c.span, std::move(args));
    }
    case HostRule::TestCaseAssert:
      return test_case_assert(c, row, std::move(self));
    case HostRule::StrMethod:
      if (!self) return fail(c.span, what + "() is a method of a str");
      return str_method(c, row, std::move(self));
    case HostRule::NumberBuiltin:
      return number_builtin(c, row);
    case HostRule::DictMethod:
      if (!self) return fail(c.span, what + "() is a method of a dict");
      return dict_method(c, std::string(row.path.substr(row.path.find('.') + 1)), std::move(self));
    case HostRule::SetPrintOptions: {
      // NumPy's whole parameter list, so that an option py2cuda leaves out is named in the warning.
      const std::vector<std::string> names = {"precision", "threshold", "edgeitems", "linewidth", "suppress",
                                              "nanstr", "infstr", "formatter", "sign", "floatmode", "legacy"};
      if (!bound.bind(names)) return nullptr;
      for (size_t k = 5; k < names.size(); ++k) {
        if (a[k] && !is_none(a[k])) return fail(a[k]->span, what + "(" + names[k] + "=...) is not supported by py2cuda");
      }
      std::vector<ir::ExprPtr> args;
      std::string call = rt + "(";
      for (size_t k = 0; k < 5; ++k) {
        if (k) call += ", ";
        if (!a[k] || is_none(a[k])) {
          call += "std::nullopt";
          continue;
        }
        auto v = bound.value(k);
        if (!v) return nullptr;
        if (names[k] == "suppress") {
          if (!v->type->is_bool() && !v->type->is_int()) return fail(a[k]->span, what + "(suppress=...) needs a bool");
          v = convert(std::move(v), types::boolean());
        } else if (names[k] == "threshold" && v->type->is_float()) {
          v = convert(std::move(v), types::float64());  // np.inf: never summarise
        } else if (!v->type->is_int()) {
          return fail(a[k]->span, what + "(" + names[k] + "=...) needs an integer");
        } else {
          v = convert(std::move(v), names[k] == "threshold" ? types::float64() : types::int64());
        }
        call += "{" + std::to_string(args.size()) + "}";
        args.push_back(std::move(v));
      }
      return call_node(types::none(), call + ")", c.span, std::move(args));
    }
    case HostRule::SysArgv: return fail(c.span, "sys.argv is a list, not a function");
    case HostRule::SysExit: {
      if (!bound.bind({"status"})) return nullptr;
      if (is_none(a[0])) return call_node(types::none(), rt + "()", c.span, {});
      auto v = bound.value(0);
      if (!v) return nullptr;
      if (v->type->is_bool()) return call_node(types::none(), rt + "({0})", c.span, args_of(std::move(v)));
      if (v->type->is_int()) return call_node(types::none(), rt + "({0})", c.span, args_of(convert(std::move(v), types::int64())));
      if (v->type->is_string()) return call_node(types::none(), rt + "({0})", c.span, args_of(std::move(v)));
      return fail(a[0]->span, "sys.exit() of a " + v->type->str() + " is not supported by py2cuda (an int, a bool, "
                              "a str or None is)");
    }
    case HostRule::StrFormat: {
      // A literal format string whose fields name keyword arguments or reach into an
      // argument ("{a.shape}", "{0[n]}", "{cfg.size:>5}"): each field becomes a value of
      // its own and the text is numbered again, "{0}" ... in order.
      const ast::Expr* text = c.func->kind == ast::ExprKind::Attribute ? ast::as<ast::Attribute>(*c.func).value.get() : nullptr;
      const bool literal = text && text->kind == ast::ExprKind::StrLit && !ast::as<ast::StrLit>(*text).is_fstring;
      std::optional<FormatFields> fields;
      if (literal) fields = format_fields(ast::as<ast::StrLit>(*text).value, c);
      if (!fields && !c.keywords.empty()) {
        return fail(c.keywords[0].span, "str.format() with keyword arguments is supported by py2cuda on a literal "
                                        "format string");
      }
      if (fields && !fields->unsupported.empty() && (fields->rewritten || fields->reaches_into)) {
        return fail(text->span, "py2cuda cannot translate this str.format(): " + fields->unsupported);
      }
      std::vector<ir::ExprPtr> args;
      std::vector<const ast::Expr*> values;
      if (fields && fields->unsupported.empty() && fields->rewritten) {
        args.push_back(string_const(fields->text, text->span));
        for (const auto& x : fields->values) values.push_back(x.get());
      } else {
        args.push_back(std::move(self));
        for (const auto& x : c.args) values.push_back(x.get());
      }
      for (const ast::Expr* x : values) {
        auto v = expr(*x);
        if (!v) return nullptr;
        auto arg = format_argument(std::move(v), x->span);
        if (!arg) return nullptr;
        args.push_back(std::move(arg));
      }
      return format_call("py2cuda::host::format_string", std::move(args), c.span);
    }
    case HostRule::Clock:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      return call_node(types::float64(), rt + "()", c.span, {});
    case HostRule::Process: return process_call(bound);
    case HostRule::Print: return host_print(c);
    case HostRule::Len: {
      if (!bound.bind({"obj"}) || !bound.need(0, "obj")) return nullptr;
      auto v = bound.value(0);
      if (!v) return nullptr;
      if (v->type->is_array()) return std::make_unique<ir::Shape>(std::move(v), 0, c.span);
      if (v->type->is_tuple()) {
        return int64_literal(v->type->elements().size(), c.span);
      }
      if (v->type->is_string() || is_sized_host_object(v->type) || v->type->is_dict() || v->type->is_list() ||
          v->type->kind() == TypeKind::Range) {
        return call_node(types::int64(), rt + "({0})", c.span, args_of(std::move(v)));
      }
      if (const FunctionEntry* m = special_method(v->type, "__len__")) return call_special(*m, args_of(std::move(v)), c.span);
      return fail(a[0]->span, "object of type " + v->type->str() + " has no len()");
    }
    case HostRule::Range:
      if (row.path == "range") return range_object(c);  // a value: `r = range(...)`, len(range(...))
      return fail(c.span, what + "() is only supported as the iterable of a for loop or a comprehension");
    case HostRule::Append: return numpy_append(c);
    case HostRule::ToStr: {
      if (!bound.bind({"object"}) || !bound.need(0, "object")) return nullptr;
      if (row.path == "repr") {
        if (auto d = dtype_object_repr(*a[0])) return d;  // repr(a.dtype): dtype('float32')
      }
      auto v = maybe_optional(*a[0]);  // a DynamicNumber shows the type it holds
      if (!v) return nullptr;
      if (v->type->is_none()) return none_text(std::move(v), c.span);  // str(None)
      if (v->type->is_optional()) {
        // A variable holding None or a value: "None", or the value's text.
        return call_node(types::string(), row.path == "repr" ? "py2cuda::host::FormatArg({0}).repr()" : "py2cuda::host::str({0})",
                         c.span, args_of(std::move(v)));
      }
      // An instance of the program's classes: a dataclass's generated repr, or a located error.
      if (!instance_class(v->type).empty()) return format_value(std::move(v), row.path == "repr" ? 'r' : 0, "", c.span);
      return call_node(types::string(), rt + "({0})", c.span, args_of(as_python_list(std::move(v))));
    }
    case HostRule::ToNumber: {
      const std::vector<std::string> parameters = row.path == "int" ? std::vector<std::string>{"x", "base"}
                                                                    : std::vector<std::string>{"x"};
      if (!bound.bind(parameters)) return nullptr;
      TypeRef t = row.path == "int" ? types::int64() : row.path == "float" ? types::float64() : types::boolean();
      if (is_none(a[0])) return convert(int64_literal(0, c.span), t);
      auto v = bound.value(0);
      if (!v) return nullptr;
      if (row.path == "int" && !is_none(a[1])) {  // int(text, base)
        auto base = bound.value(1);
        if (!base) return nullptr;
        if (!v->type->is_string()) return fail(a[0]->span, "int() can't convert non-string with explicit base");
        if (!base->type->is_int()) return fail(a[1]->span, "int() needs an integer base");
        return call_node(t, rt + "({0}, {1})", c.span, args_of(std::move(v), convert(std::move(base), types::int64())));
      }
      if (v->type->is_string() || v->type->is_array() || v->type == types::host_object("FormatArg")) {
        return call_node(t, rt + "({0})", c.span, args_of(std::move(v)));  // a mixed dict's value too
      }
      // bool(xs) of a list, set or dict: not empty.
      if (t->is_bool() && (v->type->is_list() || v->type->is_dict())) return truth(std::move(v));
      if (!v->type->is_number()) return fail(a[0]->span, what + "() of " + v->type->str() + " is not supported");
      if (t->is_bool()) return truth(std::move(v));
      return convert(std::move(v), t);
    }
    case HostRule::PyMinMax:
    case HostRule::PyAbs:
    case HostRule::PyRound:
    case HostRule::PySum:
    case HostRule::Format: {
      if (row.rule == HostRule::PySum) {
        if (!bound.bind({"iterable", "start"}) || !bound.need(0, "iterable")) return nullptr;
        auto v = bound.value(0);
        if (!v) return nullptr;
        // sum(xs, start): the items added to start, left to right; a float start makes a float.
        ir::ExprPtr start;
        if (!is_none(a[1])) {
          start = bound.value(1);
          if (!start) return nullptr;
          if (!start->type->is_number()) {
            return fail(a[1]->span, "sum() of numbers with a start of type " + start->type->str() +
                                        " is not supported by py2cuda (a number start is)");
          }
        }
        auto total_type = [&](TypeRef items) {
          // A list's uint64 items meet the int start in float64 (host_lists.cpp's sum()).
          const bool list_uint64 = v->type->is_list() && items == types::uint64();
          const bool real = items->is_float() || list_uint64 || (start && start->type->is_float());
          return real ? types::float64() : types::int64();
        };
        if (v->type->is_list() && start) {
          v = static_list(std::move(v));
          TypeRef elem = v->type->dtype();
          if (elem == types::host_object("FormatArg")) {  // the numbers a dict's mixed values hold
            return call_node(types::dynamic_number(types::float64()), "py2cuda::host::sum_of_values({0}, {1})", c.span,
                             args_of(std::move(v), std::move(start)));
          }
          if (!elem) return convert(std::move(start), total_type(start->type));  // sum([], s) is s
          if (!elem->is_number()) return fail(a[0]->span, "sum() of " + elem->str() + " values is not supported by py2cuda");
          const TypeRef r = total_type(elem);
          return call_node(r, "py2cuda::host::sum<{t0}>({0}, {1})", c.span,
                           args_of(std::move(v), convert(std::move(start), r)), {r});
        }
        if (!v->type->is_array() && !v->type->is_tuple()) return fail(a[0]->span, "sum() needs an array, a list or a tuple");
        if (v->type->is_array() && (v->type->ndim() != 1 || v->type->is_device_array())) {
          return fail(a[0]->span, "sum() of " + v->type->str() + " is not supported by py2cuda (a 1-D host array is)");
        }
        TypeRef in = v->type->is_array() ? v->type->dtype() : nullptr;
        if (v->type->is_tuple()) {
          for (TypeRef e : v->type->elements()) in = in ? rules::unify(in, e) : e;
        }
        if (!in || !in->is_number()) return fail(a[0]->span, "sum() needs numbers");
        // Python's sum starts from the int 0: integers stay int64, floats become float64.
        const TypeRef dt = total_type(in);
        if (start) return call_node(dt, rt + "<{t0}>({0}, {1})", c.span, args_of(std::move(v), convert(std::move(start), dt)), {dt});
        return call_node(dt, rt + "<{t0}>({0})", c.span, args_of(std::move(v)), {dt});
      }
      if (row.rule == HostRule::Format) {
        if (!bound.bind({"value", "format_spec"}) || !bound.need(0, "value")) return nullptr;
        std::string spec;
        if (!is_none(a[1])) {
          if (a[1]->kind != ast::ExprKind::StrLit) return fail(a[1]->span, "format() needs a literal format spec");
          spec = ast::as<ast::StrLit>(*a[1]).value;
        }
        auto v = dynamic_operand(*a[0]);
        if (!v) return nullptr;
        return format_value(std::move(v), 0, spec, c.span);
      }
      return fail(c.span, what + "() of these arguments is not supported in host code by py2cuda");
    }
    case HostRule::ListMethod:
    case HostRule::SetMethod:
    case HostRule::ListBuiltin:
      break;  // host_call() hands these to infer/host_lists.cpp before any row is looked at
  }
  return fail(c.span, what + "() is not supported in host code by py2cuda");
}


// ------------------------------------------------------------------ unittest.TestCase

// tc.assertX(...): the values checked, the optional places/delta of the almost-equal pair, then
// msg. The values are those whose comparison and repr() CPython's unittest and py2cuda's runtime
// agree on (numbers and bools; strings for truth and `in`); assertEqual of strings, tuples or
// arrays (unittest's diffs, NumPy's ambiguous truth) is an error at the call.
ir::ExprPtr FunctionBuilder::test_case_assert(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  const std::string method(row.runtime);
  const std::string what = "TestCase." + method;
  std::vector<std::string> names = {"first", "second", "msg"};
  if (method == "assertTrue" || method == "assertFalse") names = {"expr", "msg"};
  if (method == "assertIsNone" || method == "assertIsNotNone") names = {"obj", "msg"};
  if (method == "assertIn" || method == "assertNotIn") names = {"member", "container", "msg"};
  if (method.find("Greater") != std::string::npos || method.find("Less") != std::string::npos) names = {"a", "b", "msg"};
  if (method.find("AlmostEqual") != std::string::npos) names = {"first", "second", "places", "msg", "delta"};
  if (method == "fail") names = {"msg"};
  const size_t msg_slot = std::find(names.begin(), names.end(), "msg") - names.begin();
  const size_t nvalues = method == "fail" ? 0 : names[1] == "msg" ? 1 : 2;
  std::vector<const ast::Expr*> a;
  if (!bind_arguments(c, what, names, a, D())) return nullptr;
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(self));
  for (size_t k = 0; k < nvalues; ++k) {
    if (!a[k]) return fail(c.span, what + "() missing required argument '" + names[k] + "'");
    auto v = expr(*a[k]);
    if (!v) return nullptr;
    TypeRef t = v->type;
    const bool truth_test = method == "assertTrue" || method == "assertFalse";
    const bool membership = method == "assertIn" || method == "assertNotIn";
    bool ok = t->is_number() || (truth_test && t->is_string());
    if (method == "assertIsNone" || method == "assertIsNotNone") ok = t->is_number() || t->is_string() || t->is_none();
    if (membership) ok = k == 0 ? t->is_number() || t->is_string() : t->is_string() || t->is_tuple();
    if (!ok) {
      return fail(a[k]->span, what + "() of a " + t->str() + " is not supported by py2cuda (numbers and bools are" +
                                  (truth_test ? ", and str" : membership ? "; a str or tuple container" : "") + ")");
    }
    if (membership && k == 1) {
      const bool text = args[1]->type->is_string();
      if (text != t->is_string()) return fail(a[k]->span, what + "() looks for a str in a str, or a value in a tuple");
      if (!text) {
        for (TypeRef e : t->elements()) {
          if (!e->is_number()) return fail(a[k]->span, what + "() needs a tuple of numbers");
        }
      }
    }
    args.push_back(std::move(v));
  }
  std::string pattern = "{0}." + method + "(";
  if (method == "assertIsNone" || method == "assertIsNotNone") {
    // Whether the value is None is its type's to say; a None value is not evaluated again.
    const bool none = args[1]->type->is_none();
    pattern += std::string(none ? "true" : "false");
    if (method == "assertIsNone") pattern += none ? ", std::string(\"None\")" : ", {1}";
    if (none || method == "assertIsNotNone") args.pop_back();
  } else {
    pattern += placeholders(1, args.size() - 1);
  }
  if (method.find("AlmostEqual") != std::string::npos) {
    if (!is_none(a[2]) && !is_none(a[4])) return fail(c.span, "specify delta or places not both");
    for (size_t k : {size_t{2}, size_t{4}}) {
      if (is_none(a[k])) {
        pattern += ", std::nullopt";
        continue;
      }
      auto v = expr(*a[k]);
      if (!v) return nullptr;
      if (k == 2 ? !v->type->is_int() : !v->type->is_number()) {
        return fail(a[k]->span, what + "() needs " + (k == 2 ? "an int for places" : "a number for delta"));
      }
      pattern += ", {" + std::to_string(args.size()) + "}";
      args.push_back(std::move(v));
    }
  }
  if (!is_none(a[msg_slot])) {
    auto msg = expr(*a[msg_slot]);
    if (!msg) return nullptr;
    if (!msg->type->is_string()) return fail(a[msg_slot]->span, what + "(msg=...) needs a str");
    pattern += std::string(args.size() > 1 || pattern.back() != '(' ? ", " : "") + "{" + std::to_string(args.size()) + "}";
    args.push_back(std::move(msg));
  }
  return call_node(types::none(), pattern + ")", c.span, std::move(args));
}

// ------------------------------------------------------------------ printing and strings

// The text "None" of a value that is None: a call returning nothing still runs first
// (`print(xs.append(2))` appends).
ir::ExprPtr FunctionBuilder::none_text(ir::ExprPtr v, Span s) {
  if (v->kind == ir::ExprKind::Const) return string_const("None", s);
  return call_node(types::string(), "({0}, std::string(\"None\"))", s, one_arg(std::move(v)));
}

// A list kept as a tuple (Type::is_list_display) as the list object print() and str() show.
ir::ExprPtr FunctionBuilder::as_python_list(ir::ExprPtr v) {
  if (!v->type->is_tuple() || !v->type->is_list_display()) return v;
  const Span s = v->span;
  // Lists among the items (a ragged `[[1, 2], [3]]`) are tuples too: marked to print as lists.
  uint64_t lists = 0;
  const std::vector<TypeRef>& items = v->type->elements();
  for (size_t i = 0; i < items.size() && i < 64; ++i) {
    if (items[i]->is_tuple() && items[i]->is_list_display()) lists |= uint64_t{1} << i;
  }
  if (lists) {
    return call_node(types::host_object("list"), "py2cuda::host::as_list_of_lists<" + std::to_string(lists) + "u>({0})", s,
                     one_arg(std::move(v)));
  }
  return call_node(types::host_object("list"), "py2cuda::host::as_list({0})", s, one_arg(std::move(v)));
}

ir::ExprPtr FunctionBuilder::format_value(ir::ExprPtr v, char conversion, const std::string& spec, Span s) {
  if (instance_class(v->type).empty() && mentions_instance(v->type)) {
    return fail(s, "the text of a " + v->type->str() + " holding instances of a class is not supported by py2cuda; "
                   "format each instance");
  }
  if (std::string cls = instance_class(v->type); !cls.empty()) {
    // print(), str() and f-strings call __str__, falling back to __repr__; repr() and !r call __repr__.
    const FunctionEntry* text = special_method(v->type, conversion == 'r' ? "__repr__" : "__str__");
    if (!text && conversion != 'r') text = special_method(v->type, "__repr__");
    if (text) {
      const std::string method = "__" + text->def->name.substr(2);
      auto t = call_special(*text, args_of(std::move(v)), s);
      if (!t) return nullptr;
      if (!t->type->is_string()) {
        return fail(s, method + " returned non-string (type " + t->type->str() + ") (TypeError)");
      }
      if (!spec.empty()) return fail(s, "unsupported format string passed to " + cls + ".__format__ (TypeError)");
      return t;
    }
    bool dataclass = false;
    auto repr = dataclass_repr(v, s, dataclass);
    if (dataclass) {
      // str() of a dataclass is its repr; the text is printed as it is.
      return repr ? format_value(std::move(repr), 0, spec, s) : nullptr;
    }
    // Python's default repr is the object's address, which no translation can print alike.
    return fail(s, "printing an instance of the class '" + cls + "' shows its address in Python (<__main__." + cls +
                       " object at 0x...>), which py2cuda does not translate; print its attributes");
  }
  if (v->type->is_none()) {
    v = none_text(std::move(v), s);  // f"{None}", format(None)
    conversion = 0;               // and f"{None!r}": its repr is its text, no quotes
  }
  if (v->type->is_optional()) {
    // str(), repr() and format() of py2cuda::Optional print None as Python does.
    const TypeRef value = v->type->dtype();
    if ((!value->is_number() && !value->is_string()) || value == types::float32()) {
      v = unwrap_optional(std::move(v));
    } else if (conversion != 0) {
      v = call_node(types::string(), conversion == 's' ? "py2cuda::host::str({0})" : "py2cuda::host::repr({0})", s,
                    one_arg(std::move(v)));
      conversion = 0;
    } else if (spec.empty()) {
      return call_node(types::string(), "py2cuda::host::str({0})", s, one_arg(std::move(v)));
    } else {
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(v));
      args.push_back(string_const(spec, s));
      return call_node(types::string(), "py2cuda::host::format({0}, {1})", s, std::move(args));
    }
  }
  v = as_python_list(std::move(v));
  if (v->type->is_device_array() && !spec.empty()) {
    return fail(s, "a device array takes no format spec (Python raises TypeError); copy_to_host() it first");
  }
  if ((v->type->is_host_object() && !is_sized_host_object(v->type) && !is_argparse_namespace(v->type) &&
       v->type != types::host_object("PyException") && v->type != types::host_object("ManagedDevice") &&
       v->type != types::host_object("FormatArg") && v->type != types::host_object("PyObjectText")) ||
      v->type->is_none()) {
    return fail(s, "printing a " + v->type->str() + " is not supported by py2cuda");
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(v));
  if (conversion == 'r' || conversion == 'a') {
    if (spec.empty()) return call_node(types::string(), "py2cuda::host::repr({0})", s, std::move(args));
    // Built aside first: the call takes the vector, which the assignment then indexes.
    auto text = call_node(types::string(), "py2cuda::host::repr({0})", s, std::move(args));
    args.clear();
    args.push_back(std::move(text));
  } else if (conversion == 's') {
    if (spec.empty()) return call_node(types::string(), "py2cuda::host::str({0})", s, std::move(args));
    auto text = call_node(types::string(), "py2cuda::host::str({0})", s, std::move(args));
    args.clear();
    args.push_back(std::move(text));
  }
  // f"{x}" is format(x, ""): str(x), except for an np.float32, which NumPy formats as
  // the Python float it converts to.
  // A DynamicNumber formats as the type it holds (an np.float32 as above).
  if (spec.empty() && args[0]->type != types::float32() && !args[0]->type->is_dynamic()) {
    return call_node(types::string(), "py2cuda::host::str({0})", s, std::move(args));
  }
  args.push_back(string_const(spec, s));
  return call_node(types::string(), "py2cuda::host::format({0}, {1})", s, std::move(args));
}

ir::ExprPtr FunctionBuilder::format_argument(ir::ExprPtr v, Span s) {
  v = as_python_list(std::move(v));
  if (v->type->is_optional()) {
    // FormatArg takes None or the value; an np.float32 one keeps its value's formatting.
    if (v->type->dtype()->is_number() && v->type->dtype() != types::float32()) return v;
    if (v->type->dtype()->is_string()) return v;
    v = unwrap_optional(std::move(v));
  }
  TypeRef t = v->type;
  if (t->is_none()) {
    // None as Python formats it: its str and its repr are both `None` ("{!r}".format(None)).
    const std::string none = "py2cuda::host::FormatArg(py2cuda::host::PyObjectText{\"None\", \"None\", \"NoneType\"})";
    if (v->kind == ir::ExprKind::Const) return call_node(types::host_object("FormatArg"), none, s, {});
    return call_node(types::host_object("FormatArg"), "({0}, " + none + ")", s, one_arg(std::move(v)));
  }
  if (t == types::float32()) return call_node(t, "py2cuda::host::np_float32_arg({0})", s, one_arg(std::move(v)));
  // FormatArg takes each as it is (a mixed dict's value is one already)
  if (t->is_number() || t->is_string() || t->is_dynamic() || t == types::host_object("FormatArg")) return v;
  if (t == types::host_object("PyException")) {  // an except clause's `as` name: its message
    return call_node(types::string(), "py2cuda::host::str({0})", s, one_arg(std::move(v)));
  }
  const char* python_type = t->is_device_array()                  ? "numba.cuda.cudadrv.devicearray.DeviceNDArray"
                            : t->is_array()                         ? "numpy.ndarray"
                            : t->is_tuple()                         ? "tuple"
                            : t->is_list()                          ? "list"
                            : t == types::host_object("DeviceList") ? "numba.cuda.cudadrv.devices._DeviceList"
                            : is_dict_view(t)                       ? t->object_name().c_str()
                            : is_sized_host_object(t)               ? "list"
                            : t->is_dict()                          ? "dict"
                            : is_argparse_namespace(t)              ? "argparse.Namespace"
                            : t->kind() == TypeKind::Range          ? "range"
                                                                    : nullptr;
  if (!python_type) return fail(s, "formatting a " + t->str() + " is not supported by py2cuda");
  return call_node(t, std::string("py2cuda::host::object_text({0}, \"") + python_type + "\")", s, one_arg(std::move(v)));
}

// `runtime(fmt, args...)`, or, when two arguments have effects, through a braced list
// C++ evaluates left to right, as Python does.
ir::ExprPtr FunctionBuilder::format_call(const std::string& runtime, std::vector<ir::ExprPtr> args, Span s) {
  const size_t n = args.size() - 1;
  if (ir::needs_ordered_evaluation(args, 1, kHostEffects)) {
    return call_node(types::string(), runtime + "_args({0}, {" + placeholders(1, n) + "})", s, std::move(args));
  }
  return call_node(types::string(), runtime + "(" + placeholders(0, n + 1) + ")", s, std::move(args));
}

// `fmt % values`: a tuple's elements are the arguments, any other value is the one argument.
ir::ExprPtr FunctionBuilder::percent_format(ir::ExprPtr fmt, const ast::Expr& right, Span s) {
  if (right.kind == ast::ExprKind::List) {
    return fail(right.span, "a list as the values of % formatting is not supported by py2cuda; use a tuple");
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(fmt));
  std::vector<ir::ExprPtr> items;
  // A name or element that holds None or a value stays optional: "%s" % best prints None.
  if (right.kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(right).elts) {
      auto v = maybe_optional(*e);
      if (!v) return nullptr;
      items.push_back(std::move(v));
    }
    return percent_format_items(std::move(args), std::move(items), s);
  }
  auto values = maybe_optional(right);
  if (!values) return nullptr;
  if (values->kind == ir::ExprKind::TupleMake) {
    items = std::move(static_cast<ir::TupleMake&>(*values).elements);
  } else if (values->type->is_tuple()) {
    if (values->kind != ir::ExprKind::Var) {
      return fail(right.span, "% formatting of a tuple made by an expression is not supported by py2cuda; assign it to a "
                              "name first");
    }
    ir::Variable* tuple = static_cast<ir::VarRef&>(*values).var;
    const auto& elems = values->type->elements();
    for (size_t i = 0; i < elems.size(); ++i) {
      items.push_back(std::make_unique<ir::TupleGet>(elems[i], std::make_unique<ir::VarRef>(tuple, right.span),
                                                     static_cast<int>(i), right.span));
    }
  } else {
    items.push_back(std::move(values));
  }
  return percent_format_items(std::move(args), std::move(items), s);
}

ir::ExprPtr FunctionBuilder::percent_format_items(std::vector<ir::ExprPtr> args, std::vector<ir::ExprPtr> items, Span s) {
  for (auto& x : items) {
    Span xs = x->span;
    auto arg = format_argument(std::move(x), xs);
    if (!arg) return nullptr;
    args.push_back(std::move(arg));
  }
  return format_call("py2cuda::host::percent_format", std::move(args), s);
}

// A slice's start and stop for the host runtime's slice(start, has_start, stop, has_stop)
// functions: each bound given appended to `args` as `{k}, true`, a left-out one `0, false`.
bool FunctionBuilder::slice_start_stop(const ast::Slice& sl, std::vector<ir::ExprPtr>& args, std::string& text) {
  for (const ast::Expr* bound : {sl.lower.get(), sl.upper.get()}) {
    if (!text.empty()) text += ", ";
    auto v = slice_bound(bound);
    if (!v) {
      if (bound && bound->kind != ast::ExprKind::NoneLit) return false;  // reported
      text += "0, false";
      continue;
    }
    text += "{" + std::to_string(args.size()) + "}, true";
    args.push_back(std::move(v));
  }
  return true;
}

ir::ExprPtr FunctionBuilder::str_list_subscript(ir::ExprPtr base, const ast::Subscript& s) {
  if (s.index->kind == ast::ExprKind::Slice) {
    const auto& sl = ast::as<ast::Slice>(*s.index);
    if (sl.step && sl.step->kind != ast::ExprKind::NoneLit) {
      // words[::-1]: a list of str, sliced as lists are.
      const Span words = base->span;
      auto list = call_node(types::list(types::string()), "py2cuda::host::List<std::string>({0}.items())", words,
                            one_arg(std::move(base)));
      return list_subscript(std::move(list), s);
    }
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    std::string bounds;
    if (!slice_start_stop(sl, args, bounds)) return nullptr;
    const std::string pattern = "{0}.slice(" + bounds + ")";
    return call_node(types::host_object("str_list"), pattern, s.span, std::move(args));
  }
  auto i = expr(*s.index);
  if (!i) return nullptr;
  if (!i->type->is_int() && !i->type->is_bool()) {
    return fail(s.index->span, "list indices must be integers or slices, not " + i->type->str());
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(base));
  args.push_back(convert(std::move(i), types::int64()));
  return call_node(types::string(), "{0}.at({1})", s.span, std::move(args));
}

ir::ExprPtr FunctionBuilder::fstring(const ast::FStringExpr& f) { return fstring_text(f.parts, f.span); }

// The text of an f-string's parts, or of a spec's that holds fields of its own (`{w}.{p}f` of
// `{x:{w}.{p}f}`, whose parts are text and plain fields).
ir::ExprPtr FunctionBuilder::fstring_text(const std::vector<ast::FStringPart>& f_parts, Span s) {
  std::vector<ir::ExprPtr> parts;
  for (const auto& part : f_parts) {
    if (!part.value) {
      parts.push_back(string_const(part.text, s));
      continue;
    }
    if (part.dynamic_spec) {
      // `{x:{width}.{digits}f}`: the spec's text made when the program runs, then Python's
      // format(x, spec) of a number or a str.
      auto spec = fstring_text(part.spec_parts, part.span);
      if (!spec) return nullptr;
      auto v = dynamic_operand(*part.value);
      if (!v) return nullptr;
      if (part.conversion) v = format_value(std::move(v), part.conversion, "", part.span);
      if (!v) return nullptr;
      const bool formats = v->type->is_number() || v->type->is_string() || v->type->is_dynamic() ||
                           v->type == types::host_object("FormatArg");
      if (!formats) {
        return fail(part.span, "a format spec with a replacement field ({x:{width}}) of a " + v->type->str() +
                                   " is not supported by py2cuda (of a number or a str, it is)");
      }
      parts.push_back(call_node(types::string(), "py2cuda::host::format({0}, {1})", part.span,
                                args_of(std::move(v), std::move(spec))));
      continue;
    }
    if (part.conversion == 'r' && part.spec.empty()) {
      if (auto d = dtype_object_repr(*part.value)) {  // f"{a.dtype!r}": dtype('float32')
        parts.push_back(std::move(d));
        continue;
      }
    }
    auto v = maybe_optional(*part.value);  // f"{best}" of a None prints None
    if (!v) return nullptr;
    auto text = format_value(std::move(v), part.conversion, part.spec, part.span);
    if (!text) return nullptr;
    parts.push_back(std::move(text));
  }
  if (parts.empty()) return string_const("", s);
  if (parts.size() == 1 && parts[0]->type->is_string()) return std::move(parts[0]);
  const size_t n = parts.size();
  if (ir::needs_ordered_evaluation(parts, 0, kHostEffects)) {
    auto node = call_node(types::string(), "py2cuda::host::concat_in_order({" + placeholders(0, n) + "})", s,
                     std::move(parts));
    static_cast<ir::BuiltinCall&>(*node).orders_args = true;
    return node;
  }
  return call_node(types::string(), "py2cuda::host::concat(" + placeholders(0, n) + ")", s, std::move(parts));
}

// The fields of a literal format string of `c` (Python's field grammar: an argument's number
// or keyword, or nothing for the next one, then `.attribute` and `[index]` parts). When a
// field names a keyword or has such parts, `rewritten` is set: every field gets its own
// value, the argument with its parts applied (an AST made here), and `text` numbers them in
// order. Null when the string is not one py2cuda can rewrite so: a nested field in a spec,
// a name no keyword gives, automatic and manual numbering mixed (Python's ValueError), a
// missing argument, or an argument with effects read by two fields.
FunctionBuilder::FormatFields FunctionBuilder::format_fields(const std::string& text,
                                                                           const ast::Call& c) const {
  FormatFields out;
  out.rewritten = !c.keywords.empty();
  const auto cannot = [&](const std::string& why) {
    out.unsupported = why;
    return std::move(out);
  };
  std::map<std::string, const ast::Expr*> by_name;
  for (const auto& kw : c.keywords) {
    if (kw.name.empty()) return cannot("its arguments are **mapping");
    by_name[kw.name] = kw.value.get();
  }
  for (const auto& a : c.args) {
    if (a->kind == ast::ExprKind::Starred) return cannot("its arguments are *starred");
  }
  std::map<const ast::Expr*, int> reads;
  size_t automatic = 0;
  bool automatic_used = false, manual_used = false;
  const Span at = c.span;
  for (size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if ((ch == '{' || ch == '}') && i + 1 < text.size() && text[i + 1] == ch) {
      out.text += ch;
      out.text += ch;
      ++i;
      continue;
    }
    if (ch != '{') {
      out.text += ch;
      continue;
    }
    const size_t close = text.find('}', i);
    if (close == std::string::npos) return cannot("a field is not closed");
    const std::string field = text.substr(i + 1, close - i - 1);
    if (field.find('{') != std::string::npos) return cannot("a field's spec holds a field of its own");
    const size_t name_end = field.find_first_of("!:");
    const std::string name = field.substr(0, name_end);
    const std::string rest = name_end == std::string::npos ? "" : field.substr(name_end);
    const size_t arg_end = std::min(name.find_first_of(".["), name.size());
    const std::string arg_name = name.substr(0, arg_end);
    const ast::Expr* arg = nullptr;
    if (arg_end < name.size()) out.reaches_into = true;
    if (arg_name.empty()) {
      if (automatic >= c.args.size()) return cannot("a field has no argument");
      arg = c.args[automatic++].get();
      automatic_used = true;
    } else if (arg_name.find_first_not_of("0123456789") == std::string::npos) {
      const size_t k = std::stoul(arg_name);
      if (k >= c.args.size()) return cannot("a field's number has no argument");
      arg = c.args[k].get();
      manual_used = true;
    } else if (by_name.count(arg_name)) {
      arg = by_name.at(arg_name);
    } else {
      return cannot("a field names '" + arg_name + "', which no keyword argument gives");
    }
    if (automatic_used && manual_used) return cannot("it mixes automatic and manual field numbers");
    ++reads[arg];
    ast::ExprPtr value = ast::clone(arg);
    for (size_t k = arg_end; k < name.size();) {
      out.rewritten = true;
      if (name[k] == '.') {
        const size_t end = std::min(name.find_first_of(".[", k + 1), name.size());
        const std::string attribute = name.substr(k + 1, end - k - 1);
        if (attribute.empty()) return cannot("a field has an empty attribute");
        value = std::make_unique<ast::Attribute>(at, std::move(value), attribute, at);
        k = end;
      } else {
        const size_t end = name.find(']', k);
        if (end == std::string::npos) return cannot("a field's [index] is not closed");
        const std::string key = name.substr(k + 1, end - k - 1);
        ast::ExprPtr index;
        if (!key.empty() && key.find_first_not_of("0123456789") == std::string::npos) {
          auto number = std::make_unique<ast::IntLit>(at);
          number->value = std::stoull(key);
          number->text = key;
          index = std::move(number);
        } else {
          auto str = std::make_unique<ast::StrLit>(at);
          str->value = key;
          index = std::move(str);
        }
        value = std::make_unique<ast::Subscript>(at, std::move(value), std::move(index));
        k = end + 1;
      }
    }
    out.text += "{" + std::to_string(out.values.size()) + rest + "}";
    out.values.push_back(std::move(value));
    i = close;
  }
  for (const auto& [arg, n] : reads) {
    if (n > 1 && out.rewritten && !rereadable(*arg)) {
      return cannot("two fields read an argument that is not a name, an attribute or a constant");
    }
  }
  return out;
}

ir::ExprPtr FunctionBuilder::host_print(const ast::Call& c) {
  ir::ExprPtr sep, end;
  bool to_stderr = false;
  for (const auto& kw : c.keywords) {
    if (kw.name == "file") {
      const std::string stream = resolve_path(mb_.info(), *kw.value);
      if (stream != "sys.stderr" && stream != "sys.stdout") {
        return fail(kw.value->span, "print(file=...) is supported for sys.stdout and sys.stderr by py2cuda");
      }
      to_stderr = stream == "sys.stderr";
      continue;
    }
    if (kw.name != "sep" && kw.name != "end" && kw.name != "flush") {
      return fail(kw.span, "print() keyword '" + kw.name + "' is not supported by py2cuda (sep, end, file and flush are)");
    }
    if (kw.name == "flush") continue;
    auto v = expr(*kw.value);
    if (!v) return nullptr;
    if (!v->type->is_string()) return fail(kw.span, "print(" + kw.name + "=...) must be a string");
    (kw.name == "sep" ? sep : end) = std::move(v);
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(sep ? std::move(sep) : string_const(" ", c.span));
  args.push_back(end ? std::move(end) : string_const("\n", c.span));
  bool spreads = false;
  for (const auto& a : c.args) {
    if (a->kind == ast::ExprKind::Starred) {
      // print(*xs) of a list or 1-D array (infer/starred_arguments.cpp): each item's text.
      auto items = expr(*ast::as<ast::Starred>(*a).value);
      if (!items) return nullptr;
      args.push_back(call_node(types::host_object("Spread"), "py2cuda::host::spread({0})", a->span,
                               one_arg(std::move(items))));
      spreads = true;
      continue;
    }
    auto v = maybe_optional(*a);  // a variable holding None or a value prints either
    if (!v) return nullptr;
    if (instance_class(v->type).empty() && mentions_instance(v->type)) {
      if (auto text = instance_container_text(*a, v)) {
        v = std::move(text);
      } else if (!v) {
        return nullptr;  // the text's own error, reported there
      }
    }
    if (instance_class(v->type).empty() && mentions_instance(v->type)) {
      return fail(a->span, "printing a " + v->type->str() + " holding instances of a class is not supported by "
                           "py2cuda; print each instance");
    }
    if (v->type->is_none()) v = none_text(std::move(v), a->span);  // print(None), print(xs.append(1))
    if (v->type->is_optional()) v = call_node(types::string(), "py2cuda::host::str({0})", a->span, one_arg(std::move(v)));
    v = as_python_list(std::move(v));
    // print() writes str() of each value itself; which values have a text is format_value's to say.
    if (v->type->is_device_array() || (v->type->is_host_object() && !is_sized_host_object(v->type)) ||
        v->type->is_none()) {
      v = format_value(std::move(v), 0, "", a->span);
      if (!v) return nullptr;
    }
    args.push_back(std::move(v));
  }
  if (to_stderr) {
    // print(..., file=sys.stderr): the line made as print makes it (each value's str(), sep
    // between, end after, left to right), written to standard error.
    const bool constant_sep = args[0]->kind == ir::ExprKind::Const && args[1]->kind == ir::ExprKind::Const;
    if (spreads || !constant_sep) {
      return fail(c.span, "print(..., file=sys.stderr) with *items or a computed sep/end is not supported by py2cuda");
    }
    const std::string sep_text = static_cast<ir::Const&>(*args[0]).str;
    std::vector<ir::ExprPtr> parts;
    for (size_t i = 2; i < args.size(); ++i) {
      if (i > 2) parts.push_back(string_const(sep_text, c.span));
      ir::ExprPtr v = std::move(args[i]);
      if (!v->type->is_string()) v = call_node(types::string(), "py2cuda::host::str({0})", c.span, one_arg(std::move(v)));
      parts.push_back(std::move(v));
    }
    parts.push_back(std::move(args[1]));
    auto line = call_node(types::string(), "py2cuda::host::concat_in_order({" + placeholders(0, parts.size()) + "})", c.span,
                          std::move(parts));
    static_cast<ir::BuiltinCall&>(*line).orders_args = true;
    return with_effects(call_node(types::none(), "std::fputs({0}.c_str(), stderr)", c.span, one_arg(std::move(line))));
  }
  if (spreads && ir::needs_ordered_evaluation(args, 2, kHostEffects)) {
    return fail(c.span, "print(*xs) beside values whose evaluation has effects is not supported by py2cuda; "
                        "print the values in two calls");
  }
  if (ir::needs_ordered_evaluation(args, 2, kHostEffects)) {
    // The values in a braced list, made left to right; their texts after the last of them.
    const size_t n = args.size() - 2;
    auto node = call_node(types::none(),
                          "py2cuda::host::print_in_order({0}, {1}, py2cuda::host::InOrder{" + placeholders(2, n) + "})",
                          c.span, std::move(args));
    static_cast<ir::BuiltinCall&>(*node).orders_args = true;
    return node;
  }
  const bool plain = args[0]->kind == ir::ExprKind::Const && static_cast<ir::Const&>(*args[0]).str == " " &&
                     args[1]->kind == ir::ExprKind::Const && static_cast<ir::Const&>(*args[1]).str == "\n";
  if (plain) {
    args.erase(args.begin(), args.begin() + 2);
    const size_t n = args.size();
    return call_node(types::none(), "py2cuda::host::print(" + placeholders(0, n) + ")", c.span, std::move(args));
  }
  const size_t n = args.size();
  return call_node(types::none(), "py2cuda::host::print_with(" + placeholders(0, n) + ")", c.span, std::move(args));
}

// ------------------------------------------------------------------ arrays

// The value of a host operand written as a constant: arithmetic of literals (`2**40`, `-(1 << 20)`)
// and of module constants (`US_PER_S = 1_000_000`) that no local of this function shadows; NumPy
// 1.x casts such a Python int by its value beside an array (a float32 array * 10**6 is float64).
std::optional<double> FunctionBuilder::constant_operand_value(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::IntLit || e.kind == ast::ExprKind::FloatLit) return std::nullopt;  // its ir is a Const
  bool foldable = true;
  const std::set<std::string> locals = entry_.def ? sema::locals_of(*entry_.def) : std::set<std::string>{};
  sema::visit_exprs(const_cast<ast::Expr*>(&e), [&](ast::Expr& x) {
    switch (x.kind) {
      case ast::ExprKind::IntLit:
      case ast::ExprKind::FloatLit:
      case ast::ExprKind::Binary:
      case ast::ExprKind::Unary: return;
      case ast::ExprKind::Name: {
        auto it = mb_.info().globals.find(ast::as<ast::Name>(x).id);
        foldable = foldable && !locals.count(ast::as<ast::Name>(x).id) && it != mb_.info().globals.end() &&
                   it->second.kind == sema::Symbol::Kind::Constant;
        return;
      }
      default: foldable = false;
    }
  });
  if (!foldable) return std::nullopt;
  Diagnostics unreported(D().file());  // not a constant after all: the operand's type decides, as before
  auto v = sema::evaluate_constant(mb_.info(), e, unreported);
  if (!v || unreported.has_errors() || !v->type) return std::nullopt;
  if (v->type->is_int()) {
    return v->type->is_signed() ? static_cast<double>(static_cast<int64_t>(v->bits)) : static_cast<double>(v->bits);
  }
  if (v->type->is_float()) return v->f;
  return std::nullopt;
}

ir::ExprPtr FunctionBuilder::array_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s,
                                          std::optional<double> left_value, std::optional<double> right_value) {
  // `pts + [3, 3]`, `np.arange(3) * [1, 2, 3]`: NumPy makes the list an array first.
  for (ir::ExprPtr* x : {&l, &r}) {
    if ((*x)->type->is_list() || ((*x)->type->is_tuple() && (*x)->type->is_list_display())) {
      *x = listed_array(std::move(*x), (*x)->span);
      if (!*x) return nullptr;
    }
  }
  for (const ir::ExprPtr* x : {&l, &r}) {
    if ((*x)->type->is_device_array()) {
      return fail(s, "arithmetic on device arrays is not supported on the host (Numba has none either): "
                     "copy_to_host() first, or compute in a kernel");
    }
    TypeRef t = (*x)->type->is_array() ? (*x)->type->dtype() : (*x)->type;
    if (!t->is_number()) return fail(s, "unsupported operand type " + (*x)->type->str() + " for an array operation");
  }
  if (op == BinOp::MatMul) {
    if (!l->type->is_array() || !r->type->is_array()) return fail(s, "matrix products need two arrays");
    const int ln = l->type->ndim(), rn = r->type->ndim();
    if (ln > 2 || rn > 2) {
      return fail(s, "py2cuda's np.dot and @ take 1-D and 2-D arrays (1-D . 1-D, 2-D @ 2-D, 2-D @ 1-D, 1-D @ 2-D)");
    }
    TypeRef dt = numpy_rules::promote_types(l->type->dtype(), r->type->dtype());
    TypeRef t = ln == 1 && rn == 1 ? dt : types::array(dt, ln == 2 && rn == 2 ? 2 : 1, Layout::C);
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(l));
    args.push_back(std::move(r));
    return call_node(t, "py2cuda::np::dot<{t0}>({0}, {1})", s, std::move(args), {dt});
  }
  numpy_rules::Operand left = operand(*l), right = operand(*r);
  if (left.scalar && !left.value) left.value = left_value;
  if (right.scalar && !right.value) right.value = right_value;
  TypeRef dt = numpy_rules::binary_dtype(op, left, right);
  if (!dt) return fail(s, "NumPy has no '" + std::string(python_spelling(op)) + "' for these operand types");
  if (dt->is_float() && dt->bits() == 16) {
    return fail(s, "this operation computes in float16 under NumPy's rules, which py2cuda's host code does not "
                   "support; convert with .astype(np.float32) first");
  }
  int nd = std::max(l->type->is_array() ? l->type->ndim() : 0, r->type->is_array() ? r->type->ndim() : 0);
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(l));
  args.push_back(std::move(r));
  // `**` of an array is ndarray.__pow__, whose shortcuts (x ** 2 is np.square(x)) round
  // differently from np.power.
  const std::string function = op == BinOp::Pow ? "array_power" : binary_ufunc(op);
  return call_node(nd > 0 ? types::array(dt, nd, Layout::C) : dt, "py2cuda::np::" + function + "<{t0}>({0}, {1})", s,
                   std::move(args), {dt});
}

ir::ExprPtr FunctionBuilder::array_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  const char* name = compare_ufunc(op);
  if (!name) return fail(s, "'" + std::string(python_spelling(op)) + "' is not an elementwise comparison");
  for (ir::ExprPtr* x : {&l, &r}) {  // `a > [1, 2, 3]`: the list as an array, as NumPy compares it
    if ((*x)->type->is_list() || ((*x)->type->is_tuple() && (*x)->type->is_list_display())) {
      *x = listed_array(std::move(*x), (*x)->span);
      if (!*x) return nullptr;
    }
  }
  for (const ir::ExprPtr* x : {&l, &r}) {
    if ((*x)->type->is_device_array()) return fail(s, "comparisons of device arrays are not supported on the host");
  }
  numpy_rules::Operand a = operand(*l), b = operand(*r);
  TypeRef dt = numpy_rules::result_type(a, b);
  int nd = std::max(l->type->is_array() ? l->type->ndim() : 0, r->type->is_array() ? r->type->ndim() : 0);
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(l));
  args.push_back(std::move(r));
  return call_node(types::array(types::boolean(), nd, Layout::C),
                   std::string("py2cuda::np::") + name + "<{t0}>({0}, {1})", s, std::move(args), {dt});
}

// d.T, d.transpose() of a device array: numba-cuda transposes 2-D arrays only, with its
// transpose kernel, into a new C-contiguous device array.
ir::ExprPtr FunctionBuilder::device_transpose(ir::ExprPtr d, Span s) {
  if (d->type->ndim() != 2) {
    return fail(s, "transposing a non-2D DeviceNDArray isn't supported (Numba raises NotImplementedError)");
  }
  TypeRef t = types::device_array(d->type->dtype(), 2, Layout::C);
  return call_node(t, "py2cuda::host::transpose({0})", s, one_arg(std::move(d)));
}

// The `axis=` of np.concatenate/np.stack into `result_ndim` dimensions (`arg` null or None: 0), as
// written, or nullopt after its located error: not a constant integer, or out of bounds
// (NumPy's AxisError). Shared by joins of array displays and of lists built at run time.
std::optional<int64_t> FunctionBuilder::join_axis(const ast::Expr* arg, Span call_span, int result_ndim,
                                                  const std::string& what) {
  int64_t axis = 0;
  if (!is_none(arg)) {
    auto v = expr(*arg);
    if (!v) return std::nullopt;
    auto k = known_value(*v);
    if (!k || !v->type->is_int()) {
      fail(arg->span, what + "(axis=...) needs a constant integer axis");
      return std::nullopt;
    }
    axis = static_cast<int64_t>(*k);
  }
  if (axis < -result_ndim || axis >= result_ndim) {
    fail(arg ? arg->span : call_span, "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                          std::to_string(result_ndim) + " (numpy.exceptions.AxisError)");
    return std::nullopt;
  }
  return axis;
}

// np.vstack(parts), np.concatenate(parts, axis=0) of a list of host arrays built at run time
// (`parts.append(...)` in a loop): the runtime's joins of a vector of arrays.
ir::ExprPtr FunctionBuilder::join_array_list(const ast::Call& c, const std::string& name, const std::vector<const ast::Expr*>& a,
                                             const std::string& what) {
  const bool takes_axis = name == "concatenate" || name == "stack";
  if (name == "concatenate" && a[1] && a[1]->kind == ast::ExprKind::NoneLit) {
    return fail(a[1]->span, what + "(axis=None) of a list built at run time is not supported by py2cuda; join a list "
                                   "or tuple display, or ravel() the arrays before appending them");
  }
  if (name != "vstack" && name != "hstack" && !takes_axis) {
    return fail(a[0]->span, what + "() needs the arrays as a list or tuple display, e.g. " + what + "([a, b])");
  }
  auto list = expr(*a[0]);
  if (!list) return nullptr;
  if (list->type->is_untyped_list()) return fail(a[0]->span, what + "() of a list whose items are not known yet");
  if (!list->type->is_list() || !list->type->dtype()->is_array() || list->type->dtype()->is_device_array()) {
    return fail(a[0]->span, what + "() needs a list of host arrays or a list or tuple display of arrays, not " +
                                list->type->str());
  }
  if (!is_none(a[takes_axis ? 2 : 1])) return fail(a[takes_axis ? 2 : 1]->span, what + "(dtype=) of a list is not supported by py2cuda");
  TypeRef item = list->type->dtype();
  const int ndim = item->ndim();
  const int result_ndim = name == "stack" || (name == "vstack" && ndim == 1) ? ndim + 1 : ndim;
  std::optional<int64_t> axis;
  if (takes_axis && !(axis = join_axis(a[1], c.span, result_ndim, what))) return nullptr;
  const std::string rt = "py2cuda::host::" + name + "({0}.items()" + (takes_axis ? ", " + std::to_string(*axis) : "") + ")";
  return call_node(types::array(item->dtype(), result_ndim, Layout::C), rt, c.span, one_arg(std::move(list)));
}

ir::ExprPtr FunctionBuilder::host_attribute(const ast::Attribute& a, bool& handled) {
  if (auto v = class_attribute(a, handled); handled) return v;  // the program's classes and instances
  handled = false;
  if (!resolve_path(mb_.info(), a).empty()) return nullptr;
  const ast::Expr* root = a.value.get();
  while (root->kind == ast::ExprKind::Attribute) root = ast::as<ast::Attribute>(*root).value.get();
  if (root->kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(*root).id;
    if (!locals_.count(id) && mb_.info().globals.count(id) &&
        mb_.info().globals.at(id).kind == sema::Symbol::Kind::Path) {
      return nullptr;
    }
  }
  // e.code of an exception an except clause caught (`except SystemExit as e`): the code it
  // was raised with (None, an int or a str), CPython's AttributeError for another class.
  if (a.attr == "code" && a.value->kind == ast::ExprKind::Name && locals_.count(ast::as<ast::Name>(*a.value).id)) {
    auto caught = expr(*a.value);
    if (caught && caught->type == types::host_object("PyException")) {
      handled = true;
      return call_node(types::host_object("FormatArg"), "py2cuda::host::exit_code({0})", a.span,
                       one_arg(std::move(caught)));
    }
  }
  // a.flags.c_contiguous, a.flags.f_contiguous: NumPy's flags of a host array (F order is the
  // transpose's C order), Numba's of a device array.
  if ((a.attr == "c_contiguous" || a.attr == "f_contiguous") && a.value->kind == ast::ExprKind::Attribute &&
      ast::as<ast::Attribute>(*a.value).attr == "flags") {
    auto owner = expr(*ast::as<ast::Attribute>(*a.value).value);
    if (owner && !owner->type->is_array()) return nullptr;
    handled = true;
    if (!owner) return nullptr;
    const bool c_order = a.attr == "c_contiguous";
    if (owner->type->is_device_array()) {
      const std::string array(D().file().span_text(ast::as<ast::Attribute>(*a.value).value->span));
      not_portable(a.span, "makes a device array's .flags a dict, so `.flags." + a.attr + "` is an AttributeError",
                   "Write `" + array + (c_order ? ".is_c_contiguous()`" : ".is_f_contiguous()`"));
    }
    const std::string pattern = owner->type->is_device_array()
                                    ? (c_order ? "{0}.is_c_contiguous()" : "{0}.is_f_contiguous()")
                                    : (c_order ? "{0}.is_c_contiguous()" : "py2cuda::np::transpose({0}).is_c_contiguous()");
    return call_node(types::boolean(), pattern, a.span, one_arg(std::move(owner)));
  }
  // x.dtype.itemsize: a host dtype is its name (a string), so the size is taken from x's type,
  // as kernel launches size dynamic shared memory with it (tpb * a.dtype.itemsize).
  if (a.attr == "itemsize" && a.value->kind == ast::ExprKind::Attribute &&
      ast::as<ast::Attribute>(*a.value).attr == "dtype") {
    auto owner = expr(*ast::as<ast::Attribute>(*a.value).value);
    if (!owner) {
      handled = true;
      return nullptr;
    }
    TypeRef dt = owner->type->is_array() ? owner->type->dtype() : owner->type;
    if (dt->is_numeric() || dt->is_bool()) {
      handled = true;
      return int64_literal(dt->is_bool() ? 1 : dt->bits() / 8, a.span);
    }
  }
  auto base = expr(*a.value);
  if (!base) {
    handled = true;
    return nullptr;
  }
  if (is_argparse_namespace(base->type)) {
    handled = true;
    return namespace_attribute(a, std::move(base));
  }
  if (base->type == types::host_object("ManagedDevice")) {
    // An item of cuda.gpus: the simulator's context has these two of the device's attributes.
    handled = true;
    if (a.attr == "id") return call_node(types::int64(), "{0}.id", a.span, one_arg(std::move(base)));
    if (a.attr == "compute_capability") {
      return call_node(types::tuple({types::int64(), types::int64()}),
                       "py2cuda::host::compute_capability(py2cuda::host::Device{{0}.id})", a.span, one_arg(std::move(base)));
    }
    return fail(a.attr_span, "a device's '" + a.attr + "' is not supported by py2cuda (id and compute_capability are)");
  }
  if (base->type == types::host_object("Device")) {
    handled = true;
    if (a.attr == "id") return call_node(types::int64(), "{0}.id", a.span, one_arg(std::move(base)));
    if (a.attr == "compute_capability") {
      return call_node(types::tuple({types::int64(), types::int64()}), "py2cuda::host::compute_capability({0})", a.span,
                       one_arg(std::move(base)));
    }
    if (a.attr == "name") return call_node(types::string(), "py2cuda::host::device_name({0})", a.span, one_arg(std::move(base)));
    return fail(a.attr_span, "a device's '" + a.attr + "' is not supported by py2cuda (id, compute_capability and name are)");
  }
  if (base->type->is_number() && a.attr == "dtype") {
    handled = true;  // a NumPy scalar's dtype (a Python int or float prints as int64/float64 too)
    return string_const(base->type->str(), a.span);
  }
  if (!base->type->is_array()) return nullptr;
  TypeRef t = base->type;
  if (a.attr == "dtype") {
    handled = true;
    return string_const(t->dtype()->str() == "bool" ? "bool" : t->dtype()->str(), a.span);
  }
  if (a.attr == "T") {
    handled = true;
    if (t->is_device_array()) return device_transpose(std::move(base), a.span);
    TypeRef r = types::array(t->dtype(), t->ndim(), t->ndim() == 1 ? Layout::C : Layout::A);
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    return call_node(r, "py2cuda::np::transpose({0})", a.span, std::move(args));
  }
  if (a.attr == "nbytes" || a.attr == "itemsize" || a.attr == "strides") {
    handled = true;
    int64_t item = t->dtype()->is_bool() ? 1 : t->dtype()->bits() / 8;
    if (t->dtype()->is_record()) item = 16;
    if (a.attr == "strides") {
      // NumPy's and Numba's strides are in bytes; the runtime's views count elements. Each
      // element re-reads the array, as .shape does (a view is a plain value).
      auto strides = std::make_unique<ir::TupleMake>(types::tuple(std::vector<TypeRef>(t->ndim(), types::int64())), a.span);
      for (int d = 0; d < t->ndim(); ++d) {
        auto again = d == 0 ? std::move(base) : expr(*a.value);
        strides->elements.push_back(call_node(types::int64(),
                                              "(static_cast<int64_t>({0}.view().strides[" + std::to_string(d) + "]) * " +
                                                  std::to_string(item) + ")",
                                              a.span, one_arg(std::move(again))));
      }
      return strides;
    }
    auto size = int64_literal(item, a.span);
    if (a.attr == "itemsize" && t->is_device_array()) {
      not_portable(a.span, "has no .itemsize on a device array (AttributeError)",
                   "Write `" + std::string(D().file().span_text(a.value->span)) + ".dtype.itemsize`");
    }
    if (a.attr == "itemsize") return size;
    std::vector<ir::ExprPtr> args;
    args.push_back(std::make_unique<ir::Size>(std::move(base), a.span));
    args.push_back(std::move(size));
    return std::make_unique<ir::Binary>(types::int64(), BinOp::Mul, std::move(args[0]), std::move(args[1]), a.span);
  }
  return nullptr;  // shape, size, ndim: as in kernels
}

// NumPy's elementwise functions on the host. Each operand is a host array or a number (a
// NumPy or Python scalar); the loop type follows NumPy 1.26: numpy.result_type with
// value-based casting of scalars beside arrays, then the ufunc's own loop table (float
// loops only for sqrt..., bool results for predicates). With no array operand the result
// is a scalar of the loop's type, as NumPy returns a scalar, never a 0-d array. `out=`
// stores the result into an array of the result's shape (cast as NumPy's same_kind
// store) and is the call's value.
ir::ExprPtr FunctionBuilder::host_elementwise(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  const std::string what = host_display_name(std::string(row.path));
  const std::string rt(row.runtime);
  const std::string name(row.path.substr(row.path.rfind('.') + 1));
  const bool method = self != nullptr;
  const bool binary = row.rule == HostRule::BinaryUfunc || row.rule == HostRule::BinaryFloatUfunc ||
                      row.rule == HostRule::OperatorUfunc ||
                      (row.rule == HostRule::IntegerUfunc && name != "invert" && name != "bitwise_not") ||
                      (row.rule == HostRule::PredicateUfunc && name.rfind("is", 0) != 0 && name != "signbit" &&
                       name != "logical_not");
  std::vector<std::string> names;
  switch (row.rule) {
    case HostRule::Where: names = {"condition", "x", "y"}; break;
    case HostRule::Clip: names = method ? std::vector<std::string>{"min", "max", "out"}
                                        : std::vector<std::string>{"a", "a_min", "a_max", "out"}; break;
    case HostRule::Round: names = method ? std::vector<std::string>{"decimals", "out"}
                                         : std::vector<std::string>{"a", "decimals", "out"}; break;
    case HostRule::ScalarItem: names = {"*index0", "*index1", "*index2", "*index3"}; break;  // a.item(i, j)
    default: names = binary ? std::vector<std::string>{"x1", "x2", "out"} : std::vector<std::string>{"x", "out"};
  }
  std::vector<const ast::Expr*> a;
  if (!bind_arguments(c, what, names, a, D())) return nullptr;
  // The operands in order (a method's array first), then `out`.
  std::vector<ir::ExprPtr> ops;
  if (method) ops.push_back(std::move(self));
  const ast::Expr* out_arg = nullptr;
  for (size_t k = 0; k < names.size(); ++k) {
    if (names[k] == "out") {
      out_arg = a[k];
      continue;
    }
    if (names[k] == "decimals") continue;
    if (row.rule == HostRule::ScalarItem && !a[k]) continue;  // a.item(): no index
    if (is_none(a[k])) {
      if (row.rule == HostRule::Clip && names[k] != "a") {
        ops.push_back(nullptr);  // clip's a_min or a_max left out (or None)
        continue;
      }
      if (row.rule == HostRule::Where && k > 0) {
        // np.where(condition) alone is np.nonzero(condition) (NumPy documents it so).
        if (a[1] || a[2] || !c.keywords.empty()) {
          return fail(c.span, "np.where() takes a condition alone, or a condition, x and y");
        }
        return host_array_function(c, *builtins::find_host("numpy.nonzero"), nullptr);
      }
      D().error(c.span, what + "() missing required argument '" + names[k] + "'");
      return nullptr;
    }
    auto v = expr(*a[k]);
    if (!v) return nullptr;
    if (v->type->is_list()) v = array_from_list(std::move(v), nullptr, a[k]->span);  // np.sqrt(times)
    if (v->type->is_device_array()) {
      return fail(a[k]->span, what + "() of a device array is not supported on the host (Numba has none either): "
                              "copy_to_host() first, or compute in a kernel");
    }
    TypeRef t = v->type->is_array() ? v->type->dtype() : v->type;
    if (!t->is_number() || t->is_complex()) {
      return fail(a[k]->span, what + "() needs real numbers or arrays of them, not " + v->type->str());
    }
    ops.push_back(std::move(v));
  }
  auto dtype_of = [](const ir::Expr& e) { return e.type->is_array() ? e.type->dtype() : e.type; };
  int nd = 0;
  for (const auto& v : ops) {
    if (v && v->type->is_array()) nd = std::max(nd, v->type->ndim());
  }
  // The loop type of two operands: result_type, or promote_types for two scalars.
  auto promote = [&](const ir::Expr& x, const ir::Expr& y) -> TypeRef {
    if (!x.type->is_array() && !y.type->is_array()) return numpy_rules::promote_types(x.type, y.type);
    return numpy_rules::result_type(operand(x), operand(y));
  };
  auto no_loop = [&](TypeRef in) {
    return fail(c.span, what + "() has no loop for " + in->str() + " in NumPy (UFuncTypeError)");
  };
  auto float16_check = [&](TypeRef dt) -> bool {
    if (dt && dt->is_float() && dt->bits() == 16) {
      D().error(c.span, what + "() computes in float16 here under NumPy's rules, which py2cuda's host code does not "
                        "support; convert with .astype(np.float32) first");
      return false;
    }
    return true;
  };
  TypeRef loop;     // the type the ufunc computes in
  TypeRef element;  // the result's element type
  std::string pattern;
  std::vector<TypeRef> type_args;
  switch (row.rule) {
    case HostRule::UnaryUfunc:
    case HostRule::RoundingUfunc:
    case HostRule::UnaryUfuncSame:
    case HostRule::IntegerUfunc:
    case HostRule::BinaryUfunc:
    case HostRule::BinaryFloatUfunc:
    case HostRule::OperatorUfunc:
    case HostRule::PredicateUfunc: {
      if (!binary) {
        TypeRef in = dtype_of(*ops[0]);
        if (row.rule == HostRule::UnaryUfuncSame) {
          loop = in;
          if (in->is_bool()) {
            if (name == "square" || name == "reciprocal") loop = types::int8();
            else if (name != "absolute" && name != "abs") return no_loop(in);
          }
        } else if (row.rule == HostRule::IntegerUfunc) {
          if (!in->is_int() && !in->is_bool()) return no_loop(in);
          loop = in;
        } else if (row.rule == HostRule::PredicateUfunc) {
          loop = in;
        } else {
          loop = in->is_float() ? in : numpy_rules::float_ufunc_dtype(in);
        }
        element = row.rule == HostRule::PredicateUfunc ? types::boolean() : loop;
        pattern = rt + (row.rule == HostRule::PredicateUfunc && name != "logical_not" ? "({0})" : "<{t0}>({0})");
      } else {
        if (row.rule == HostRule::OperatorUfunc) {
          static const std::map<std::string, BinOp> kOps = {
              {"add", BinOp::Add},           {"subtract", BinOp::Sub},        {"multiply", BinOp::Mul},
              {"divide", BinOp::TrueDiv},    {"true_divide", BinOp::TrueDiv}, {"floor_divide", BinOp::FloorDiv},
              {"remainder", BinOp::Mod},     {"mod", BinOp::Mod},             {"power", BinOp::Pow},
              {"bitwise_and", BinOp::BitAnd}, {"bitwise_or", BinOp::BitOr},   {"bitwise_xor", BinOp::BitXor},
              {"left_shift", BinOp::LShift}, {"right_shift", BinOp::RShift}};
          auto op = kOps.find(name);
          if (op == kOps.end()) return fail(c.span, what + "() is not an operator ufunc py2cuda knows");
          numpy_rules::Operand x = operand(*ops[0]), y = operand(*ops[1]);
          if (x.scalar && y.scalar) x.value.reset(), y.value.reset(), x.scalar = y.scalar = false;
          loop = numpy_rules::binary_dtype(op->second, x, y);
          if (!loop) {
            return fail(c.span, what + "() has no loop for " + dtype_of(*ops[0])->str() + " and " +
                                    dtype_of(*ops[1])->str() + " in NumPy (UFuncTypeError)");
          }
        } else {
          loop = promote(*ops[0], *ops[1]);
          if (row.rule == HostRule::BinaryFloatUfunc) loop = numpy_rules::float_ufunc_dtype(loop);
          if (row.rule == HostRule::IntegerUfunc && !loop->is_int()) return no_loop(loop);
        }
        element = row.rule == HostRule::PredicateUfunc ? types::boolean() : loop;
        pattern = rt + "<{t0}>({0}, {1})";
      }
      if (!float16_check(loop)) return nullptr;
      type_args = {loop};
      break;
    }
    case HostRule::Where: {
      loop = element = promote(*ops[1], *ops[2]);
      if (!float16_check(loop)) return nullptr;
      pattern = rt + "<{t0}>({0}, {1}, {2})";
      type_args = {loop};
      break;
    }
    case HostRule::Clip: {
      if (!ops[1] && !ops[2]) return fail(c.span, "One of max or min must be given (" + what + "(), ValueError)");
      // NumPy's clip is a ufunc of three operands: their promotion, one pair at a time.
      numpy_rules::Operand acc = operand(*ops[0]);
      for (size_t k = 1; k < 3; ++k) {
        if (!ops[k]) continue;
        numpy_rules::Operand next = operand(*ops[k]);
        if (acc.scalar && next.scalar) acc = {numpy_rules::promote_types(acc.dtype, next.dtype), true, std::nullopt};
        else acc = {numpy_rules::result_type(acc, next), acc.scalar && next.scalar, std::nullopt};
      }
      loop = element = acc.dtype;
      if (!float16_check(loop)) return nullptr;
      type_args = {loop};
      if (!ops[1]) {
        ops.erase(ops.begin() + 1);
        pattern = "py2cuda::np::minimum<{t0}>({0}, {1})";
      } else if (!ops[2]) {
        ops.pop_back();
        pattern = "py2cuda::np::maximum<{t0}>({0}, {1})";
      } else {
        pattern = rt + "<{t0}>({0}, {1}, {2})";
      }
      break;
    }
    case HostRule::Round: {
      TypeRef in = dtype_of(*ops[0]);
      if (in->is_bool()) return no_loop(in);
      element = in;
      if (!float16_check(in)) return nullptr;
      // Floats scale in their own type in an array, in float64 as a scalar (NumPy rounds a
      // scalar as a 0-d array, which counts as a scalar beside the Python float 10**d).
      loop = in->is_float() && ops[0]->type->is_array() ? in : types::float64();
      const ast::Expr* decimals = a[method ? 0 : 1];
      ir::ExprPtr d;
      if (is_none(decimals)) {
        d = int64_literal(0, c.span);
      } else {
        d = expr(*decimals);
        if (!d) return nullptr;
        if (!d->type->is_int()) return fail(decimals->span, what + "(decimals=...) needs an integer");
        d = convert(std::move(d), types::int64());
      }
      ops.push_back(std::move(d));
      pattern = rt + "<{t0}, {t1}>({0}, {1})";
      type_args = {element, loop};
      break;
    }
    case HostRule::ScalarItem: {
      if (ops[0]->type->is_array() && ops[0]->type->is_device_array()) {
        return fail(c.span, "item() of a device array is not supported by py2cuda (copy_to_host() first)");
      }
      if (ops[0]->type->is_array() && ops.size() > 1) {
        // a.item(i, j): the element, as a[i, j] reads it (Python's wraparound and IndexError);
        // a.item(k) of an array of more dimensions: the k-th in C order, as a.ravel()[k].
        const int ndim = ops[0]->type->ndim();
        const size_t indices = ops.size() - 1;
        for (size_t k = 1; k < ops.size(); ++k) {
          if (!ops[k]->type->is_int() && !ops[k]->type->is_bool()) {
            return fail(c.args[k - 1]->span, "item() takes integer indices, not " + ops[k]->type->str());
          }
          ops[k] = convert(std::move(ops[k]), types::int64());
        }
        if (indices != 1 && indices != static_cast<size_t>(ndim)) {
          return fail(c.span, "item() takes one index or one per dimension (" + std::to_string(ndim) + "), not " +
                                  std::to_string(indices) + " (ValueError: incorrect number of indices for array)");
        }
        TypeRef element = ops[0]->type->dtype();
        const std::string array = indices == 1 && ndim > 1 ? "py2cuda::np::ravel({0})" : "{0}";
        ir::ExprPtr read = call_node(element, array + "(" + placeholders(1, indices) + ")", c.span, std::move(ops));
        ops.clear();
        ops.push_back(std::move(read));
      } else if (ops[0]->type->is_array()) {
        // a.item() of a one-element array (a total an atomic kernel summed into).
        TypeRef element = ops[0]->type->dtype();
        ops[0] = call_node(element, "py2cuda::host::item({0})", c.span, args_of(std::move(ops[0])));
      } else if (ops.size() > 1) {
        return fail(c.span, "item() of a scalar takes no index here");
      }
      // The Python number: float for floats, int for integers, bool for bools.
      TypeRef t = ops[0]->type;
      TypeRef py = t->is_float() ? types::float64() : t->is_bool() ? types::boolean() : types::int64();
      if (t->is_int() && !t->is_signed() && t->bits() == 64) py = t;
      return convert(std::move(ops[0]), py);
    }
    default: return fail(c.span, what + "() is not an elementwise function");
  }
  TypeRef result = nd > 0 ? types::array(element, nd, Layout::C) : element;
  std::vector<ir::ExprPtr> args;
  for (auto& v : ops) args.push_back(std::move(v));
  ir::ExprPtr call = call_node(result, pattern, c.span, std::move(args), type_args);
  if (is_none(out_arg)) return call;
  auto out = expr(*out_arg);
  if (!out) return nullptr;
  if (!out->type->is_array() || out->type->is_device_array() || out->type->is_readonly()) {
    return fail(out_arg->span, what + "(out=...) needs a writable host array, not " + out->type->str());
  }
  if (out->type->ndim() != nd) {
    return fail(out_arg->span, what + "(out=...) needs an array of the result's " + std::to_string(nd) +
                                   " dimensions in py2cuda, not " + std::to_string(out->type->ndim()));
  }
  // NumPy's casting='same_kind' store: within a kind or to a higher one (bool, unsigned, signed,
  // float), else UFuncTypeError.
  auto kind = [](TypeRef t) { return t->is_bool() ? 0 : t->is_int() ? (t->is_signed() ? 2 : 1) : 3; };
  if (kind(out->type->dtype()) < kind(element)) {
    return fail(out_arg->span, "Cannot cast ufunc '" + name + "' output from dtype('" + element->str() + "') to dtype('" +
                                   out->type->dtype()->str() + "') with casting rule 'same_kind' (UFuncTypeError)");
  }
  TypeRef out_type = out->type;
  std::vector<ir::ExprPtr> store;
  store.push_back(std::move(out));
  store.push_back(std::move(call));
  auto node = call_node(out_type, "py2cuda::host::store_out({0}, {1})", c.span, std::move(store));
  static_cast<ir::BuiltinCall&>(*node).has_effects = true;
  return node;
}

// math.NAME(...) in host code: CPython's math module (runtime host/python_math.h). Floats
// are Python floats (double) whatever NumPy type an argument has; integer functions take
// ints (a float is CPython's TypeError, reported here).
ir::ExprPtr FunctionBuilder::host_python_math(const ast::Call& c, const builtins::HostBuiltin& row) {
  const std::string what = host_display_name(std::string(row.path));
  const std::string rt(row.runtime);
  const std::string name(row.path.substr(row.path.rfind('.') + 1));
  enum class Arg { Float, Int, Iterable };
  struct Signature {
    std::vector<std::string> names;
    std::vector<Arg> kinds;
    size_t required;
    TypeRef result;
  };
  const TypeRef f64 = types::float64(), i64 = types::int64();
  static const std::map<std::string, int> kTwoFloats = {{"pow", 0},       {"atan2", 0},     {"hypot", 0}, {"copysign", 0},
                                                        {"fmod", 0},      {"remainder", 0}, {"nextafter", 0}};
  Signature sig{{"x"}, {Arg::Float}, 1, f64};
  if (kTwoFloats.count(name)) sig = {{"x", "y"}, {Arg::Float, Arg::Float}, 2, f64};
  else if (name == "log") sig = {{"x", "base"}, {Arg::Float, Arg::Float}, 1, f64};
  else if (name == "ldexp") sig = {{"x", "i"}, {Arg::Float, Arg::Int}, 2, f64};
  else if (name == "frexp") sig.result = types::tuple({f64, i64});
  else if (name == "modf") sig.result = types::tuple({f64, f64});
  else if (name == "isnan" || name == "isinf" || name == "isfinite") sig.result = types::boolean();
  else if (name == "isclose") sig = {{"a", "b", "rel_tol", "abs_tol"}, {Arg::Float, Arg::Float, Arg::Float, Arg::Float}, 2, types::boolean()};
  else if (name == "factorial" || name == "isqrt") sig = {{"n"}, {Arg::Int}, 1, i64};
  else if (name == "comb") sig = {{"n", "k"}, {Arg::Int, Arg::Int}, 2, i64};
  else if (name == "perm") sig = {{"n", "k"}, {Arg::Int, Arg::Int}, 1, i64};
  else if (name == "fsum") sig = {{"iterable"}, {Arg::Iterable}, 1, f64};
  else if (name == "prod") sig = {{"iterable", "start"}, {Arg::Iterable, Arg::Int}, 1, i64};
  if (name == "gcd" || name == "lcm") {
    // Any number of ints, positionally.
    if (!c.keywords.empty()) return fail(c.keywords[0].span, what + "() takes no keyword arguments");
    std::vector<ir::ExprPtr> args;
    for (const auto& e : c.args) {
      auto v = expr(*e);
      if (!v) return nullptr;
      if (!v->type->is_int() && !v->type->is_bool()) {
        return fail(e->span, "'" + v->type->str() + "' object cannot be interpreted as an integer (" + what + "())");
      }
      args.push_back(convert(std::move(v), i64));
    }
    const size_t n = args.size();
    return call_node(i64, rt + "(" + placeholders(0, n) + ")", c.span, std::move(args));
  }
  std::vector<const ast::Expr*> a;
  if (!bind_arguments(c, what, sig.names, a, D())) return nullptr;
  if (name == "isclose" && c.args.size() > 2) {
    return fail(c.args[2]->span, "math.isclose() takes rel_tol and abs_tol as keywords only");
  }
  std::vector<ir::ExprPtr> args;
  TypeRef prod_type = i64;
  for (size_t k = 0; k < sig.names.size(); ++k) {
    if (is_none(a[k])) {
      if (k < sig.required) {
        D().error(c.span, what + "() missing required argument '" + sig.names[k] + "'");
        return nullptr;
      }
      if (name == "isclose") {  // rel_tol=1e-09, abs_tol=0.0
        auto d = std::make_unique<ir::Const>(f64, c.span);
        d->f = k == 2 ? 1e-09 : 0.0;
        args.push_back(std::move(d));
      } else if (name == "prod") {  // start=1
        auto one = std::make_unique<ir::Const>(i64, c.span);
        one->bits = 1;
        args.push_back(std::move(one));
      }
      continue;  // log(x), perm(n): the one-argument overloads
    }
    auto v = expr(*a[k]);
    if (!v) return nullptr;
    switch (sig.kinds[k]) {
      case Arg::Float:
        if (!v->type->is_number() || v->type->is_complex()) {
          return fail(a[k]->span, "must be real number, not " + v->type->str() + " (" + what + "())");
        }
        v = convert(std::move(v), f64);
        break;
      case Arg::Int:
        if (name == "prod" && v->type->is_number() && !v->type->is_complex()) {
          if (v->type->is_float()) prod_type = f64;
          v = convert(std::move(v), v->type->is_float() ? f64 : i64);
          break;
        }
        if (!v->type->is_int() && !v->type->is_bool()) {
          return fail(a[k]->span, "'" + v->type->str() + "' object cannot be interpreted as an integer (" + what + "())");
        }
        v = convert(std::move(v), i64);
        break;
      case Arg::Iterable: {
        TypeRef element = nullptr;
        if (v->type->is_array() && !v->type->is_device_array() && v->type->ndim() == 1) element = v->type->dtype();
        if (v->type->is_tuple()) {
          for (TypeRef e : v->type->elements()) element = element ? rules::unify(element, e) : e;
        }
        if (!element || !element->is_number() || element->is_complex()) {
          return fail(a[k]->span, what + "() of " + v->type->str() + " is not supported by py2cuda (a 1-D host array or "
                                  "a tuple of numbers is)");
        }
        if (element->is_float()) prod_type = f64;
        break;
      }
    }
    args.push_back(std::move(v));
  }
  if (name == "prod") {
    const size_t n = args.size();
    return call_node(prod_type, rt + "<{t0}>(" + placeholders(0, n) + ")", c.span, std::move(args), {prod_type});
  }
  const size_t n = args.size();
  return call_node(sig.result, rt + "(" + placeholders(0, n) + ")", c.span, std::move(args));
}

bool bind_host_arguments(const ast::Call& c, const std::string& what, const std::vector<std::string>& names,
                         std::vector<const ast::Expr*>& slots, Diagnostics& diags) {
  return bind_arguments(c, what, names, slots, diags);
}

const char* array_ufunc_name(BinOp op) { return binary_ufunc(op); }

// np.append(a, values): NumPy's definition, with no axis, written as NumPy writes it
// (concatenate((ravel(a), ravel(values)))), each argument a 1-D array first (a number, a list).
ir::ExprPtr FunctionBuilder::numpy_append(const ast::Call& c) {
  if (c.args.size() != 2 || !c.keywords.empty()) {
    return fail(c.span, "py2cuda's np.append takes an array and the values to append (no axis=: np.concatenate "
                        "joins along an axis)");
  }
  if (c.func->kind != ast::ExprKind::Attribute) {
    return fail(c.func->span, "py2cuda translates np.append called through the module (np.append(a, values))");
  }
  const std::string module(D().file().span_text(ast::as<ast::Attribute>(*c.func).value->span));
  auto flat = [&](const ast::Expr& e) {
    return module + ".ravel(" + module + ".atleast_1d(" + std::string(D().file().span_text(e.span)) + "))";
  };
  const std::string text = module + ".concatenate((" + flat(*c.args[0]) + ", " + flat(*c.args[1]) + "))";
  ast::ExprPtr e = frontend::parse_expression(text, c.span, D());
  if (!e) return nullptr;
  auto v = expr(*e);
  synthetic_ast_.push_back(std::move(e));
  return v;
}

}  // namespace py2cuda::infer
