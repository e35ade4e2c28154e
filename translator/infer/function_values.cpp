// FunctionBuilder, host code: functions held in names. Python lets a program pass
// kernels around as values (`k = tile_transpose`, `for kernel, name in [(k1, "a"),
// (k2, "b")]`); C++ launch functions are not values of one type, so py2cuda resolves
// the name to its function at translation time. A name bound to a function is an
// alias, not a variable; a loop over a list or tuple display that holds functions is
// unrolled, one copy of its body per element, with the aliases of that element.
#include <functional>

#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

// The functions passed as arguments, by their tags' names: "function NAME", then
// "function NAME#2" for another function of the same name (nested definitions).
std::vector<std::pair<std::string, const FunctionEntry*>>& function_tags() {
  static std::vector<std::pair<std::string, const FunctionEntry*>> tags;
  return tags;
}

}  // namespace

// A function passed to a host function (`reduce(block_sums, values)`): as with classes
// (infer/dtype_classes.cpp), the parameter's type names the function, each function gets
// an instance of the host function, and in it the parameter is an alias of the function.
TypeRef function_tag_type(const FunctionEntry& f) {
  int same_name = 0;
  for (const auto& [name, entry] : function_tags()) {
    if (entry == &f) return types::host_object(name);
    if (entry->name == f.name) ++same_name;
  }
  std::string name = "function " + f.name + (same_name ? "#" + std::to_string(same_name + 1) : "");
  function_tags().emplace_back(name, &f);
  return types::host_object(name);
}

const FunctionEntry* function_tag_entry(TypeRef t) {
  if (!t || !t->is_host_object() || t->object_name().rfind("function ", 0) != 0) return nullptr;
  for (const auto& [name, entry] : function_tags()) {
    if (name == t->object_name()) return entry;
  }
  return nullptr;
}

const FunctionEntry* FunctionBuilder::function_value(const ast::Expr& e) const {
  if (e.kind != ast::ExprKind::Name) return nullptr;
  const std::string& id = ast::as<ast::Name>(e).id;
  if (auto it = function_aliases_.find(id); it != function_aliases_.end()) return it->second;
  if (locals_.count(id)) return nullptr;
  auto it = mb_.info().globals.find(id);
  if (it == mb_.info().globals.end() || it->second.kind != sema::Symbol::Kind::Function) return nullptr;
  return it->second.function;
}

bool FunctionBuilder::holds_function_values(const ast::Expr& e) const {
  if (function_value(e)) return true;
  if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List) {
    const auto& elts = e.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(e).elts : ast::as<ast::ListExpr>(e).elts;
    for (const auto& x : elts) {
      if (holds_function_values(*x)) return true;
    }
  }
  return false;
}

// Binds `id` to `f`; false after reporting a binding py2cuda cannot resolve. The name is
// bound either way, so that its uses do not report again what this binding already did.
bool FunctionBuilder::bind_function(const std::string& id, const FunctionEntry& f, Span s, bool in_unrolled_copy) {
  auto it = function_aliases_.find(id);
  const FunctionEntry* before = it == function_aliases_.end() ? nullptr : it->second;
  function_aliases_[id] = &f;
  // Outside an unrolled copy a name that holds different functions on different paths
  // (a branch, a loop's next iteration) has no single function to resolve to.
  if (before && before != &f && !in_unrolled_copy && !at_top_level()) {
    D().error(s, "'" + id + "' is bound to function '" + before->name + "' and, inside a branch or loop, to '" +
                     f.name + "': py2cuda resolves a name holding a function at translation time; launch each "
                     "function by its own name, or loop over a list of them: for k in [" + before->name + ", " +
                     f.name + "]");
    return false;
  }
  // A name that is a variable elsewhere and a function only on some paths has no single meaning.
  if (!in_unrolled_copy && !at_top_level() && env_.count(binding(id))) {
    D().error(s, "'" + id + "' holds both a function and a value of type " + env_.at(binding(id))->str() +
                     "; py2cuda needs a name that holds a function to hold only functions");
    return false;
  }
  return true;
}

bool FunctionBuilder::function_alias_assign(const ast::Assign& a) {
  if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) return false;
  const FunctionEntry* f = function_value(*a.value);
  if (!f) return false;
  bind_function(ast::as<ast::Name>(*a.targets[0]).id, *f, a.span, false);
  return true;
}

// `f = lambda x: x * 2`: the name holds the lambda, and each call `f(a, b)` applies it where it
// is written: a C++ lambda typed by this call's arguments, invoked at once. It captures by
// reference, so it reads the variables of the function at the call, as Python's closure does.
bool FunctionBuilder::lambda_alias_assign(const ast::Assign& a) {
  if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name || a.value->kind != ast::ExprKind::Lambda) {
    return false;
  }
  const std::string& id = ast::as<ast::Name>(*a.targets[0]).id;
  const auto* l = &ast::as<ast::LambdaExpr>(*a.value);
  auto it = lambda_aliases_.find(id);
  if (it != lambda_aliases_.end() && it->second != l && !at_top_level()) {
    D().error(a.span, "'" + id + "' is bound to two lambdas, inside a branch or loop: py2cuda resolves the lambda a "
                      "name holds at translation time; give each its own name");
    return true;
  }
  if (env_.count(binding(id))) {
    D().error(a.span, "'" + id + "' holds both a lambda and a value of type " + env_.at(binding(id))->str() +
                          "; py2cuda needs a name that holds a lambda to hold only it");
    return true;
  }
  lambda_aliases_[id] = l;
  return true;
}

ir::ExprPtr FunctionBuilder::lambda_call(const ast::Call& c, const ast::LambdaExpr& l) {
  if (!c.keywords.empty()) return fail(c.keywords[0].span, "py2cuda calls a lambda with positional arguments only");
  for (const auto& p : l.params) {
    if (p.kind != ast::Param::Kind::Normal) return fail(p.span, "py2cuda's lambdas take plain parameters (no *args, **kwargs)");
  }
  if (c.args.size() > l.params.size()) {
    return fail(c.span, "<lambda>() takes " + std::to_string(l.params.size()) + " positional arguments but " +
                            std::to_string(c.args.size()) + " were given");
  }
  std::vector<ir::ExprPtr> args;
  std::vector<TypeRef> arg_types;
  for (size_t i = 0; i < l.params.size(); ++i) {
    const ast::Expr* value = i < c.args.size() ? c.args[i].get() : l.params[i].default_value.get();
    if (!value) return fail(c.span, "<lambda>() missing required argument: '" + l.params[i].name + "'");
    auto v = growable_list(expr(*value));
    if (!v) return nullptr;
    if (v->type->is_none() || v->type->kind() == TypeKind::Range) {
      return fail(value->span, "py2cuda passes numbers, strings, tuples, lists, dicts and arrays to a lambda");
    }
    arg_types.push_back(v->type);
    args.push_back(std::move(v));
  }
  auto saved = comprehension_vars_;
  std::string head = "[&](";
  for (size_t i = 0; i < l.params.size(); ++i) {
    ir::Variable* var = temporary(cpp_identifier(l.params[i].name), arg_types[i]);
    comprehension_vars_[l.params[i].name] = var;
    head += (i ? ", " : "") + std::string("{t") + std::to_string(i) + "} " + var->cpp_name;
  }
  auto body = growable_list(expr(*l.body));
  comprehension_vars_ = saved;
  if (!body) return nullptr;
  if (body->type->is_none()) return fail(l.body->span, "a lambda called by py2cuda gives a value, not None");
  std::string pattern = head + ") { return {" + std::to_string(args.size()) + "}; }(";
  for (size_t i = 0; i < args.size(); ++i) pattern += (i ? ", {" : "{") + std::to_string(i) + "}";
  args.push_back(std::move(body));
  return call_node(args.back()->type, pattern + ")", c.span, std::move(args), std::move(arg_types));
}

// `for kernel, name in [(k1, "k1"), (k2, "k2")]:` becomes, for each element, the
// bindings of that element (functions and NumPy types as aliases, other values
// assigned) followed by a copy of the body. The `for` line is echoed above each copy.
// Displays of values of different types (`for v in (1, 2.5, True)`) are unrolled too:
// each copy binds a value of its own type, as Python's loop does.
void FunctionBuilder::unroll_over_functions(const ast::For& f, ir::Block& out) {
  const auto& elements = f.iter->kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(*f.iter).elts
                                                               : ast::as<ast::ListExpr>(*f.iter).elts;
  const int saved_unrolled = unrolled_depth_;
  unrolled_depth_ = loop_depth_;
  const std::string saved_copy = unrolled_copy_;
  for (size_t copy = 0; copy < elements.size(); ++copy) {
    const ast::Expr& element = *elements[copy];
    unrolled_copy_ = saved_copy + "#" + std::to_string(copy);
    bool ok = true;
    bool echo = true;  // the copy's first assignment carries the `for` line
    std::function<void(const ast::Expr&, const ast::Expr&)> bind = [&](const ast::Expr& target, const ast::Expr& value) {
      if (!ok) return;
      if (std::string cls = dtype_class_path(value); !cls.empty()) {
        if (target.kind != ast::ExprKind::Name) {
          D().error(target.span, "a NumPy type can only be bound to a name");
          ok = false;
          return;
        }
        ok = bind_dtype_class(ast::as<ast::Name>(target).id, cls, f.span, true);
        return;
      }
      if (const FunctionEntry* fn = function_value(value)) {
        if (target.kind != ast::ExprKind::Name) {
          D().error(target.span, "a function can only be bound to a name");
          ok = false;
          return;
        }
        ok = bind_function(ast::as<ast::Name>(target).id, *fn, f.span, true);
        return;
      }
      const bool target_unpacks = target.kind == ast::ExprKind::Tuple || target.kind == ast::ExprKind::List;
      const bool value_is_display = value.kind == ast::ExprKind::Tuple || value.kind == ast::ExprKind::List;
      if (target_unpacks && value_is_display) {
        const auto& ts = target.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(target).elts
                                                             : ast::as<ast::ListExpr>(target).elts;
        const auto& vs = value.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(value).elts
                                                            : ast::as<ast::ListExpr>(value).elts;
        if (ts.size() != vs.size()) {
          D().error(value.span, "cannot unpack " + std::to_string(vs.size()) + " values into " +
                                    std::to_string(ts.size()) + " names");
          ok = false;
          return;
        }
        for (size_t i = 0; i < ts.size(); ++i) bind(*ts[i], *vs[i]);
        return;
      }
      if (holds_function_values(value) || holds_dtype_classes(value)) {
        D().error(value.span, "a tuple holding functions or NumPy types can only be unpacked into names in a loop "
                              "over them");
        ok = false;
        return;
      }
      auto v = expr(value);
      if (!v) {
        ok = false;
        return;
      }
      assign(target, std::move(v), f.span, out, echo);
      echo = false;
    };
    bind(*f.target, element);
    if (!ok) break;
    block(f.body, out);
  }
  unrolled_copy_ = saved_copy;
  unrolled_depth_ = saved_unrolled;
}

// The kind of a display element as far as the syntax (or a name's type) tells; "" unknown.
namespace {
std::string element_kind(const ast::Expr& e, const std::function<std::string(const std::string&)>& name_type) {
  switch (e.kind) {
    case ast::ExprKind::IntLit: return "int";
    case ast::ExprKind::FloatLit: return "float";
    case ast::ExprKind::BoolLit: return "bool";
    case ast::ExprKind::StrLit: return "str";
    case ast::ExprKind::NoneLit: return "none";
    case ast::ExprKind::Name: return name_type(ast::as<ast::Name>(e).id);
    case ast::ExprKind::Tuple: {
      std::string key = "(";
      for (const auto& x : ast::as<ast::TupleExpr>(e).elts) {
        std::string k = element_kind(*x, name_type);
        if (k.empty()) return "";
        key += k + ",";
      }
      return key + ")";
    }
    default: return "";
  }
}
}  // namespace

bool FunctionBuilder::display_is_mixed(const ast::Expr& e) const {
  const auto& elts = e.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(e).elts : ast::as<ast::ListExpr>(e).elts;
  auto name_type = [this](const std::string& id) -> std::string {
    if (comprehension_vars_.count(id)) return "";
    auto it = env_.find(binding(id));
    return it == env_.end() || !it->second ? "" : it->second->str();
  };
  std::string first;
  for (const auto& x : elts) {
    std::string k = element_kind(*x, name_type);
    if (k.empty()) continue;
    if (first.empty()) first = k;
    else if (k != first) return true;
  }
  return false;
}

}  // namespace py2cuda::infer
