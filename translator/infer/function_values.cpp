// FunctionBuilder, host code: functions held in names. Python lets a program pass
// kernels around as values (`k = tile_transpose`, `for kernel, name in [(k1, "a"),
// (k2, "b")]`); C++ launch functions are not values of one type, so py2cuda resolves
// the name to its function at translation time. A name bound to a function is an
// alias, not a variable; a loop over a list or tuple display that holds functions is
// unrolled, one copy of its body per element, with the aliases of that element. A name
// bound to such a display (`kernels = [naive, tiled]`) is an alias of the display, and a
// comprehension over one is a list display of its element, once per function.
#include <algorithm>
#include <climits>
#include <functional>

#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

// `a, b = (x, y, z)` in an unrolled copy: Python's error where the two displays' lengths differ.
bool same_length_or_report(const ast::Expr& target, const ast::Expr& value, Diagnostics& diags) {
  const size_t names = display_elements(target).size(), values = display_elements(value).size();
  if (names == values) return true;
  diags.error(value.span, "cannot unpack " + std::to_string(values) + " values into " + std::to_string(names) + " names");
  return false;
}

}  // namespace

// A function passed to a host function (`reduce(block_sums, values)`): as with classes
// (infer/dtype_classes.cpp), the parameter's type names the function, each function gets
// an instance of the host function, and in it the parameter is an alias of the function.
// The tags are the module's: "function NAME", then "function NAME#2" for another function
// of the same name (nested definitions).
TypeRef ModuleBuilder::function_tag_type(const FunctionEntry& f) {
  int same_name = 0;
  for (const auto& [name, entry] : function_tags_) {
    if (entry == &f) return types::host_object(name);
    if (entry->name == f.name) ++same_name;
  }
  std::string name = "function " + f.name + (same_name ? "#" + std::to_string(same_name + 1) : "");
  function_tags_.emplace_back(name, &f);
  return types::host_object(name);
}

const FunctionEntry* ModuleBuilder::function_tag_entry(TypeRef t) const {
  if (!t || !t->is_host_object() || t->object_name().rfind("function ", 0) != 0) return nullptr;
  for (const auto& [name, entry] : function_tags_) {
    if (name == t->object_name()) return entry;
  }
  return nullptr;
}

const FunctionEntry* FunctionBuilder::function_value(const ast::Expr& e) const {
  if (e.kind == ast::ExprKind::Subscript) {
    // ops["add"], kernels[0]: an item of a display of functions, by a literal key or index.
    const auto& sub = ast::as<ast::Subscript>(e);
    const ast::Expr* display = display_named(*sub.value);
    if (!display) return nullptr;
    const ast::Expr* item = nullptr;
    if (display->kind == ast::ExprKind::Dict && sub.index->kind == ast::ExprKind::StrLit) {
      const auto& d = ast::as<ast::DictExpr>(*display);
      for (size_t i = 0; i < d.keys.size(); ++i) {
        if (d.keys[i] && d.keys[i]->kind == ast::ExprKind::StrLit &&
            ast::as<ast::StrLit>(*d.keys[i]).value == ast::as<ast::StrLit>(*sub.index).value) {
          item = d.values[i].get();
        }
      }
    } else if (display->kind != ast::ExprKind::Dict && sub.index->kind == ast::ExprKind::IntLit) {
      const auto& elts = display_elements(*display);
      const uint64_t i = ast::as<ast::IntLit>(*sub.index).value;
      if (i < elts.size()) item = elts[i].get();
    }
    return item ? function_value(*item) : nullptr;
  }
  if (e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).value->kind == ast::ExprKind::Name) {
    // `self.kern`: an attribute of an instance holding a function's tag (function_alias_assign).
    const std::string& id = ast::as<ast::Name>(*ast::as<ast::Attribute>(e).value).id;
    auto var = locals_.count(id) ? vars_.find(binding(id)) : vars_.end();
    const std::string cls = var == vars_.end() ? "" : instance_class(var->second->type);
    return cls.empty() ? nullptr : mb_.function_tag_entry(mb_.class_attribute_type(cls, ast::as<ast::Attribute>(e).attr));
  }
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
  if (e.kind == ast::ExprKind::Dict) {
    for (const auto& v : ast::as<ast::DictExpr>(e).values) {
      if (v && holds_function_values(*v)) return true;
    }
    return false;
  }
  if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List) {
    const auto& elts = display_elements(e);
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
    report_alias_beside_variable(id, s, "a function", "functions");
    return false;
  }
  return true;
}

void FunctionBuilder::report_alias_beside_variable(const std::string& id, Span s, const std::string& what,
                                                   const std::string& only) {
  D().error(s, "'" + id + "' holds both " + what + " and a value of type " + env_.at(binding(id))->str() +
                   "; py2cuda needs a name that holds " + only + " to hold only " + only);
}

bool FunctionBuilder::function_alias_assign(const ast::Assign& a, ir::Block& out) {
  if (a.targets.size() != 1) return false;
  const FunctionEntry* f = function_value(*a.value);
  if (!f) return false;
  if (a.targets[0]->kind == ast::ExprKind::Attribute) {
    // `self.kern = kern`: the object's attribute holds the function's tag, which names it (an
    // empty value); a launch through the attribute resolves to the function (function_value).
    const auto& target = ast::as<ast::Attribute>(*a.targets[0]);
    ir::ExprPtr tag = call_node(mb_.function_tag_type(*f), "py2cuda::host::FunctionTag{}", a.value->span, {});
    if (!class_attribute_store(target, tag, a.span, out, true)) {
      D().error(a.value->span, "'" + f->name + "' is a function, which py2cuda resolves at translation time: it "
                                   "can be held by a name or by an attribute of an instance of the program's "
                                   "classes, not stored here");
    }
    return true;
  }
  if (a.targets[0]->kind != ast::ExprKind::Name) return false;
  bind_function(ast::as<ast::Name>(*a.targets[0]).id, *f, a.span, false);
  return true;
}

// The display of functions (a list, tuple or dict display) a name holds: bound to one in this
// function, or a module constant bound to one; else null.
const ast::Expr* FunctionBuilder::display_named(const ast::Expr& e) const {
  if (e.kind != ast::ExprKind::Name) return nullptr;
  const std::string& id = ast::as<ast::Name>(e).id;
  if (auto it = display_aliases_.find(id); it != display_aliases_.end()) return it->second;
  if (locals_.count(id) || comprehension_vars_.count(id)) return nullptr;
  auto global = mb_.info().globals.find(id);
  if (global == mb_.info().globals.end() || !global->second.value_expr) return nullptr;
  const ast::Expr& value = *global->second.value_expr;
  const bool display = value.kind == ast::ExprKind::Tuple || value.kind == ast::ExprKind::List ||
                       value.kind == ast::ExprKind::Dict;
  return display && (holds_function_values(value) || holds_dtype_classes(value)) ? &value : nullptr;
}

// A list display made here, once per `site` (typing passes share it): enumerate(kernels) as
// [(0, k0), (1, k1)], ops.items() as [("add", add), ...].
const ast::Expr* FunctionBuilder::made_display(const ast::Expr& site, const std::function<void(ast::ListExpr&)>& fill) const {
  auto& made = made_displays_[&site];
  if (!made) {
    auto list = std::make_unique<ast::ListExpr>(site.span);
    fill(*list);
    made = std::move(list);
  }
  return made.get();
}

// A name holding a tuple of values of different types, or an empty one (`*args`): the display
// of its items, (t[0], t[1], ...), which loops and comprehensions unroll, each copy with its
// item's own type, as Python's loop goes through them; else null.
const ast::Expr* FunctionBuilder::tuple_items(const ast::Expr& e) const {
  if (!host_ || e.kind != ast::ExprKind::Name) return nullptr;
  const std::string& id = ast::as<ast::Name>(e).id;
  if (!locals_.count(id) || comprehension_vars_.count(id)) return nullptr;
  auto it = env_.find(binding(id));
  if (it == env_.end() || !it->second || !it->second->is_tuple() || it->second->is_list_display() ||
      it->second->is_uniform_tuple()) {
    return nullptr;
  }
  const size_t n = it->second->elements().size();
  auto& made = tuple_items_[{&e, n}];
  if (!made) {
    auto tuple = std::make_unique<ast::TupleExpr>(e.span);
    for (size_t i = 0; i < n; ++i) {
      tuple->elts.push_back(std::make_unique<ast::Subscript>(e.span, ast::clone(&e), ast::int_literal(i, e.span)));
    }
    made = std::move(tuple);
  }
  return made.get();
}

// The tuple display of a call's positional arguments from `from` on: what a `*args` parameter
// holds. Made once per call (typing passes share it).
const ast::Expr& FunctionBuilder::var_args_tuple(const ast::Call& c, size_t from) {
  auto& made = var_args_tuples_[&c];
  if (!made) {
    auto tuple = std::make_unique<ast::TupleExpr>(c.span);
    for (size_t i = from; i < c.args.size(); ++i) tuple->elts.push_back(ast::clone(c.args[i].get()));
    made = std::move(tuple);
  }
  return *made;
}

// The list or tuple display of functions (or NumPy classes) a loop or comprehension over `e`
// goes through: `e` itself, a name holding one, enumerate() of one, zip() of one with others, a
// dict of functions (its keys) or its .items(), .values() and .keys(); else null.
const ast::Expr* FunctionBuilder::function_display(const ast::Expr& e) const {
  if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List) {
    return holds_function_values(e) || holds_dtype_classes(e) ? &e : nullptr;
  }
  if (e.kind == ast::ExprKind::Call) {
    const auto& c = ast::as<ast::Call>(e);
    if (!c.keywords.empty()) return nullptr;
    if (is_builtin_name(*c.func, "enumerate") && c.args.size() == 1) {
      const ast::Expr* display = function_display(*c.args[0]);
      if (!display) return nullptr;
      return made_display(e, [&](ast::ListExpr& list) {
        const auto& elts = display_elements(*display);
        for (size_t i = 0; i < elts.size(); ++i) {
          auto pair = std::make_unique<ast::TupleExpr>(elts[i]->span);
          pair->elts.push_back(ast::int_literal(i, elts[i]->span));
          pair->elts.push_back(ast::clone(elts[i].get()));
          list.elts.push_back(std::move(pair));
        }
      });
    }
    if (is_builtin_name(*c.func, "zip") && c.args.size() >= 2 && !c.has_star_args) {
      // zip(kernels, configs): tuples of each one's items, as long as the shortest display; an
      // argument that is no display (a list held in a variable) gives its items by subscript.
      std::vector<const ast::Expr*> displays;
      bool any_functions = false;
      size_t n = SIZE_MAX;
      for (const auto& arg : c.args) {
        const ast::Expr* d = function_display(*arg);
        any_functions = any_functions || d;
        if (!d && (arg->kind == ast::ExprKind::Tuple || arg->kind == ast::ExprKind::List)) d = arg.get();
        if (d) n = std::min(n, display_elements(*d).size());
        displays.push_back(d);
      }
      if (!any_functions) return nullptr;
      return made_display(e, [&](ast::ListExpr& list) {
        for (size_t i = 0; i < n; ++i) {
          auto items = std::make_unique<ast::TupleExpr>(c.span);
          for (size_t k = 0; k < c.args.size(); ++k) {
            const ast::Expr& arg = *c.args[k];
            items->elts.push_back(displays[k] ? ast::clone(display_elements(*displays[k])[i].get())
                                              : std::make_unique<ast::Subscript>(arg.span, ast::clone(&arg),
                                                                                 ast::int_literal(i, arg.span)));
          }
          list.elts.push_back(std::move(items));
        }
      });
    }
    if (c.func->kind != ast::ExprKind::Attribute || !c.args.empty()) return nullptr;
    const auto& method = ast::as<ast::Attribute>(*c.func);
    const ast::Expr* dict = display_named(*method.value);
    if (!dict || dict->kind != ast::ExprKind::Dict) return nullptr;
    if (method.attr != "items" && method.attr != "values" && method.attr != "keys") return nullptr;
    return made_display(e, [&](ast::ListExpr& list) {
      const auto& d = ast::as<ast::DictExpr>(*dict);
      for (size_t i = 0; i < d.keys.size(); ++i) {
        if (method.attr == "keys") {
          list.elts.push_back(ast::clone(d.keys[i].get()));
        } else if (method.attr == "values") {
          list.elts.push_back(ast::clone(d.values[i].get()));
        } else {
          auto pair = std::make_unique<ast::TupleExpr>(d.keys[i]->span);
          pair->elts.push_back(ast::clone(d.keys[i].get()));
          pair->elts.push_back(ast::clone(d.values[i].get()));
          list.elts.push_back(std::move(pair));
        }
      }
    });
  }
  if (const ast::Expr* items = tuple_items(e)) return items;
  const ast::Expr* display = display_named(e);
  if (display && display->kind == ast::ExprKind::Dict) {
    return made_display(e, [&](ast::ListExpr& list) {
      for (const auto& k : ast::as<ast::DictExpr>(*display).keys) list.elts.push_back(ast::clone(k.get()));
    });
  }
  return display;
}

bool FunctionBuilder::display_alias_assign(const ast::Assign& a) {
  if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) return false;
  const ast::Expr* display = a.value.get();
  const bool is_display = display->kind == ast::ExprKind::Tuple || display->kind == ast::ExprKind::List ||
                          display->kind == ast::ExprKind::Dict;
  // (A display of NumPy types only is a value: it prints, and py2cuda keeps it as one.)
  if (!is_display || !holds_function_values(*display)) return false;
  bind_syntax_alias(display_aliases_, ast::as<ast::Name>(*a.targets[0]).id, display, a.span,
                    {.one = "a list of functions", .two = "two lists of functions", .only = "functions"});
  return true;
}

// Binds `id` to `node` in `aliases`; reports (and leaves the name as it was) a second node bound
// inside a branch or loop, which has no single meaning, or a name that is a variable elsewhere.
template <class Node>
void FunctionBuilder::bind_syntax_alias(std::map<std::string, const Node*>& aliases, const std::string& id,
                                        const Node* node, Span s, const AliasWords& words) {
  auto it = aliases.find(id);
  if (it != aliases.end() && it->second != node && !at_top_level()) {
    D().error(s, "'" + id + "' is bound to " + words.two + ", inside a branch or loop: py2cuda resolves what a name "
                 "holds there at translation time; give each its own name");
    return;
  }
  if (env_.count(binding(id))) {
    report_alias_beside_variable(id, s, words.one, words.only);
    return;
  }
  aliases[id] = node;
}

// `f = lambda x: x * 2`: the name holds the lambda, and each call `f(a, b)` applies it where it
// is written: a C++ lambda typed by this call's arguments, invoked at once. It captures by
// reference, so it reads the variables of the function at the call, as Python's closure does.
bool FunctionBuilder::lambda_alias_assign(const ast::Assign& a) {
  if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name || a.value->kind != ast::ExprKind::Lambda) {
    return false;
  }
  bind_syntax_alias(lambda_aliases_, ast::as<ast::Name>(*a.targets[0]).id, &ast::as<ast::LambdaExpr>(*a.value), a.span,
                    {.one = "a lambda", .two = "two lambdas", .only = "lambdas"});
  return true;
}

// `def f(x): return x * scale + 1` inside a function: a function of one return statement is
// the lambda of that expression (`f = lambda x: x * scale + 1`), applied where it is called,
// reading the variables around it when it is called, as Python's closure and Numba's inlined
// closure read them. Other nested definitions stay unsupported (the caller reports them).
bool FunctionBuilder::returning_def_alias(const ast::FunctionDef& def) {
  if (!def.decorators.empty() || def.is_async) return false;
  const ast::Stmt* only = nullptr;
  for (const auto& st : def.body) {
    const bool docstring = st->kind == ast::StmtKind::Expr && !only &&
                           ast::as<ast::ExprStmt>(*st).value->kind == ast::ExprKind::StrLit;
    if (docstring) continue;
    if (only) return false;
    only = st.get();
  }
  if (!only || only->kind != ast::StmtKind::Return || !ast::as<ast::Return>(*only).value) return false;
  for (const auto& p : def.params) {
    if (p.kind != ast::Param::Kind::Normal) return false;
  }
  auto& made = def_lambdas_[&def];
  if (!made) {
    made = std::make_unique<ast::LambdaExpr>(def.span);
    for (const auto& p : def.params) {
      made->params.push_back(ast::Param{.kind = p.kind, .name = p.name, .annotation = nullptr,
                                        .default_value = ast::clone(p.default_value.get()), .span = p.span});
    }
    made->body = ast::clone(ast::as<ast::Return>(*only).value.get());
  }
  bind_syntax_alias(lambda_aliases_, def.name, made.get(), def.span,
                    {.one = "a function defined inside another", .two = "two functions defined inside another",
                     .only = "such functions"});
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
void FunctionBuilder::unroll_over_functions(const ast::For& f, const ast::Expr& display, ir::Block& out) {
  const auto& elements = display_elements(display);
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
      std::string cls = dtype_class_path(value);
      if (cls.empty() && target.kind == ast::ExprKind::Name && (unrolling_dtype_names_ || loops_over_dtype_names(f))) {
        cls = dtype_name_alias(value);
      }
      if (!cls.empty()) {
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
        if (!same_length_or_report(target, value, D())) {
          ok = false;
          return;
        }
        for (size_t i = 0; i < display_elements(target).size(); ++i) {
          bind(*display_elements(target)[i], *display_elements(value)[i]);
        }
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
  // A dtype name's alias ends with its loop, so the name can hold other strings later (a loop
  // over other names, an assignment in a branch).
  std::function<void(const ast::Expr&)> end_aliases = [&](const ast::Expr& target) {
    if (target.kind == ast::ExprKind::Name) {
      auto alias = dtype_aliases_.find(ast::as<ast::Name>(target).id);
      if (alias != dtype_aliases_.end() && alias->second.rfind(kDtypeNamePrefix, 0) == 0) dtype_aliases_.erase(alias);
    } else if (target.kind == ast::ExprKind::Tuple || target.kind == ast::ExprKind::List) {
      for (const auto& t : display_elements(target)) end_aliases(*t);
    }
  };
  end_aliases(*f.target);
}

// `[run(k, a) for k in (naive, tiled)]`, `[f"{n}: {k(x)}" for n, k in KERNELS]`: the element
// once per item of the display, with that item's functions as aliases and its other values in
// variables of their own, as a list display ([run(naive, a), run(tiled, a)]).
ir::ExprPtr FunctionBuilder::comprehension_over_functions(const ast::ComprehensionExpr& g, const ast::Expr& display) {
  if (!g.conditions.empty()) {
    return fail(g.conditions[0]->span, "py2cuda makes a comprehension over functions a list of its elements, one per "
                                      "function; it cannot filter them with 'if' (use a for loop)");
  }
  if (g.elt->kind == ast::ExprKind::Comprehension && ast::as<ast::ComprehensionExpr>(*g.elt).nested_clause) {
    return fail(g.elt->span, "py2cuda makes a comprehension over functions a list of its elements, one per "
                             "function; a second 'for' clause is not supported there (use a for loop)");
  }
  const auto& elements = display_elements(display);
  const auto saved_functions = function_aliases_;
  const auto saved_classes = dtype_aliases_;
  const auto saved_vars = comprehension_vars_;
  auto restore = [&] {
    function_aliases_ = saved_functions;
    dtype_aliases_ = saved_classes;
    comprehension_vars_ = saved_vars;
  };
  std::vector<ir::ExprPtr> items;
  std::vector<TypeRef> item_types;
  for (const auto& element : elements) {
    // The item's plain values (a name beside its function), each bound by a Let around the element.
    std::vector<std::pair<ir::Variable*, ir::ExprPtr>> lets;
    std::function<bool(const ast::Expr&, const ast::Expr&)> bind = [&](const ast::Expr& target, const ast::Expr& value) {
      const bool target_is_name = target.kind == ast::ExprKind::Name;
      if (std::string cls = dtype_class_path(value); !cls.empty() && target_is_name) {
        dtype_aliases_[ast::as<ast::Name>(target).id] = cls;
        return true;
      }
      if (const FunctionEntry* fn = function_value(value); fn && target_is_name) {
        function_aliases_[ast::as<ast::Name>(target).id] = fn;
        return true;
      }
      if (!target_is_name) {
        if ((target.kind != ast::ExprKind::Tuple && target.kind != ast::ExprKind::List) ||
            (value.kind != ast::ExprKind::Tuple && value.kind != ast::ExprKind::List)) {
          D().error(target.span, "a function can only be bound to a name");
          return false;
        }
        if (!same_length_or_report(target, value, D())) return false;
        for (size_t i = 0; i < display_elements(target).size(); ++i) {
          if (!bind(*display_elements(target)[i], *display_elements(value)[i])) return false;
        }
        return true;
      }
      auto v = expr(value);
      if (!v) return false;
      ir::Variable* var = temporary(ast::as<ast::Name>(target).id, v->type);
      comprehension_vars_[ast::as<ast::Name>(target).id] = var;
      lets.emplace_back(var, std::move(v));
      return true;
    };
    if (!bind(*g.target, *element)) {
      restore();
      return nullptr;
    }
    auto item = display_item(*g.elt);
    if (!item) {
      restore();
      return nullptr;
    }
    for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
      auto let = std::make_unique<ir::Let>(it->first, std::move(it->second), g.span);
      let->type = item->type;
      let->body = std::move(item);
      item = std::move(let);
    }
    item_types.push_back(item->type);
    items.push_back(std::move(item));
  }
  restore();
  auto list = std::make_unique<ir::TupleMake>(types::list_display(item_types), g.span);
  list->elements = std::move(items);
  return growable_list(std::move(list));  // a list, as the comprehension's is (a display where items differ)
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
  const auto& elts = display_elements(e);
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
