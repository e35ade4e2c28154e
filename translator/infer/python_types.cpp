// type(x) in host code: the class Python would name, decided from x's static type. Where
// that type does not settle the class (an int64, float64 or bool may be a Python int, float or
// bool, or a NumPy int64, float64 or bool_), from where the value comes: a literal, len(),
// int(), range(), math.*, arithmetic of Python values make Python objects; an array's element,
// np.* and array methods make NumPy scalars, and arithmetic with one stays one. A name is
// followed to every assignment of it in the function; anything else leaves the class unknown.
#include <functional>
#include <set>

#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "ir/effects.h"

namespace py2cuda::infer {

namespace {

// The module and name of the class of a value of type `t`, or "" when `t` does not settle it.
// A device array's class is the backend's: the runtime names it (device_array_type.h).
std::string class_path(TypeRef t) {
  if (t->is_device_array()) return "";
  if (t->is_array()) return "numpy.ndarray";
  if (t->is_string()) return "str";
  if (t->is_none()) return "NoneType";
  if (t->is_tuple()) return t->is_list_display() ? "list" : "tuple";
  if (t->is_float() && t->bits() == 32) return "numpy.float32";
  if (t->is_float() && t->bits() == 16) return "numpy.float16";
  if (t->is_int() && t->bits() < 64) return std::string("numpy.") + (t->is_signed() ? "int" : "uint") + std::to_string(t->bits());
  if (t->is_int() && !t->is_signed()) return "numpy.uint64";
  return "";
}

enum class Origin { Python, NumPy, Unknown };

Origin either(Origin a, Origin b) {
  if (a == Origin::NumPy || b == Origin::NumPy) return Origin::NumPy;
  if (a == Origin::Unknown || b == Origin::Unknown) return Origin::Unknown;
  return Origin::Python;
}

// Every statement of `body`, nested blocks included, in order.
void each_stmt(const std::vector<const ast::Stmt*>& body, const std::function<void(const ast::Stmt&)>& f) {
  for (const ast::Stmt* s : body) {
    f(*s);
    std::vector<const ast::Stmt*> inner;
    auto add = [&](const ast::Block& b) {
      for (const auto& x : b) inner.push_back(x.get());
    };
    switch (s->kind) {
      case ast::StmtKind::If: add(ast::as<ast::If>(*s).body), add(ast::as<ast::If>(*s).orelse); break;
      case ast::StmtKind::For: add(ast::as<ast::For>(*s).body), add(ast::as<ast::For>(*s).orelse); break;
      case ast::StmtKind::While: add(ast::as<ast::While>(*s).body), add(ast::as<ast::While>(*s).orelse); break;
      case ast::StmtKind::With: add(ast::as<ast::With>(*s).body); break;
      default: break;
    }
    each_stmt(inner, f);
  }
}

}  // namespace

// Where the value bound to `id` by the loop target `target` over `iter` comes from: an array's
// elements are NumPy scalars, range()'s Python ints, a display's items what each item is; zip()
// and enumerate() give each position of a tuple target its own iterable's (enumerate's count a
// Python int).
int FunctionBuilder::element_origin(const std::string& id, const ast::Expr& target, const ast::Expr& iter,
                                    std::set<std::string>& following) {
  using K = ast::ExprKind;
  auto origin = [&](const ast::Expr& x) { return static_cast<Origin>(scalar_origin(x, following)); };
  if (target.kind == K::Name) {
    if (ast::as<ast::Name>(target).id != id) return static_cast<int>(Origin::Unknown);
    if (iter.kind == K::List || iter.kind == K::Tuple) {
      const auto& elts = iter.kind == K::List ? ast::as<ast::ListExpr>(iter).elts : ast::as<ast::TupleExpr>(iter).elts;
      Origin o = Origin::Python;
      for (const auto& x : elts) o = either(o, origin(*x));
      return static_cast<int>(elts.empty() ? Origin::Unknown : o);
    }
    if (iter.kind == K::Call && resolve_path(mb_.info(), *ast::as<ast::Call>(iter).func) == "range") {
      return static_cast<int>(Origin::Python);
    }
    auto items = expr(iter);
    return static_cast<int>(items && items->type->is_array() ? Origin::NumPy : Origin::Unknown);
  }
  if ((target.kind != K::Tuple && target.kind != K::List) || iter.kind != K::Call) return static_cast<int>(Origin::Unknown);
  const auto& parts = target.kind == K::Tuple ? ast::as<ast::TupleExpr>(target).elts : ast::as<ast::ListExpr>(target).elts;
  const auto& call = ast::as<ast::Call>(iter);
  if (call.func->kind != K::Name || !call.keywords.empty() || call.has_star_args) return static_cast<int>(Origin::Unknown);
  for (size_t k = 0; k < parts.size(); ++k) {
    NameCounter n{id};
    n.expr(parts[k].get());
    if (!n.count) continue;
    if (is_builtin_name(*call.func, "zip") && call.args.size() == parts.size()) {
      return element_origin(id, *parts[k], *call.args[k], following);
    }
    if (is_builtin_name(*call.func, "enumerate") && call.args.size() == 1 && parts.size() == 2) {
      return k == 0 ? static_cast<int>(Origin::Python) : element_origin(id, *parts[k], *call.args[0], following);
    }
  }
  return static_cast<int>(Origin::Unknown);
}

// Whether the int, float or bool `e` computes is a Python object or a NumPy scalar.
int FunctionBuilder::scalar_origin(const ast::Expr& e, std::set<std::string>& following) {
  using K = ast::ExprKind;
  auto origin = [&](const ast::Expr& x) { return static_cast<Origin>(scalar_origin(x, following)); };
  auto result = [&]() -> Origin {
    switch (e.kind) {
      case K::IntLit:
      case K::FloatLit:
      case K::BoolLit:
      case K::StrLit:  // another binding of the name, never a NumPy scalar
      case K::FString: return Origin::Python;
      case K::Unary: {
        const auto& u = ast::as<ast::Unary>(e);
        return u.op == UnaryOp::Not ? Origin::Python : origin(*u.operand);
      }
      case K::Binary: return either(origin(*ast::as<ast::Binary>(e).left), origin(*ast::as<ast::Binary>(e).right));
      case K::BoolOp: {
        Origin o = Origin::Python;
        for (const auto& v : ast::as<ast::BoolOpExpr>(e).values) o = either(o, origin(*v));
        return o;
      }
      case K::Compare: {
        const auto& c = ast::as<ast::Compare>(e);
        for (CmpOp op : c.ops) {
          if (op == CmpOp::In || op == CmpOp::NotIn || op == CmpOp::Is || op == CmpOp::IsNot) return Origin::Python;
        }
        Origin o = origin(*c.left);
        for (const auto& v : c.comparators) o = either(o, origin(*v));
        return o;
      }
      case K::IfExp: {
        const Origin a = origin(*ast::as<ast::IfExp>(e).body), b = origin(*ast::as<ast::IfExp>(e).orelse);
        return a == b ? a : Origin::Unknown;
      }
      case K::Attribute: {
        static const std::set<std::string> kPythonInts = {"size", "ndim", "nbytes", "itemsize"};
        const auto& a = ast::as<ast::Attribute>(e);
        if (!kPythonInts.count(a.attr)) return Origin::Unknown;
        auto owner = expr(*a.value);
        return owner && owner->type->is_array() ? Origin::Python : Origin::Unknown;
      }
      case K::Subscript: {
        const auto& sub = ast::as<ast::Subscript>(e);
        if (sub.value->kind == K::Attribute && ast::as<ast::Attribute>(*sub.value).attr == "shape") return Origin::Python;
        auto owner = expr(*sub.value);
        return owner && owner->type->is_array() ? Origin::NumPy : Origin::Unknown;
      }
      case K::Call: {
        const auto& c = ast::as<ast::Call>(e);
        if (c.func->kind == K::Attribute && resolve_path(mb_.info(), *c.func).empty()) {
          // A method: an array's give NumPy scalars, but .item() a Python value.
          const auto& m = ast::as<ast::Attribute>(*c.func);
          if (m.attr == "item") return Origin::Python;
          if (m.attr == "py_func") return Origin::Unknown;  // a function's result, as for f(x)
          auto owner = expr(*m.value);
          if (owner && owner->type == types::host_object("Event")) return Origin::Python;  // elapsed_time(): a float
          if (owner && owner->type->is_number() && m.attr == "round") return Origin::NumPy;  // only NumPy's scalars have it
          return owner && owner->type->is_array() ? Origin::NumPy : Origin::Unknown;
        }
        std::string path = resolve_path(mb_.info(), *c.func);
        if (path.empty() && c.func->kind == K::Name && !locals_.count(ast::as<ast::Name>(*c.func).id)) {
          path = ast::as<ast::Name>(*c.func).id;
        }
        static const std::set<std::string> kPython = {"int", "float", "bool", "len", "ord", "hash"};
        if (kPython.count(path) || path.rfind("math.", 0) == 0 || path.rfind("time.", 0) == 0) return Origin::Python;
        if (path == "round") return c.args.size() == 1 ? Origin::Python : c.args.empty() ? Origin::Unknown : origin(*c.args[0]);
        if (path == "abs" || path == "min" || path == "max") {
          if (c.args.size() == 1 && path != "abs") {  // min/max of one iterable: its items
            const ast::Name item(c.args[0]->span, "min/max item");
            return static_cast<Origin>(element_origin(item.id, item, *c.args[0], following));
          }
          if (c.args.size() < 2 && path != "abs") return Origin::Unknown;
          Origin o = Origin::Python;
          for (const auto& a : c.args) o = either(o, origin(*a));
          return c.args.empty() ? Origin::Unknown : o;
        }
        if (path.rfind("numpy.", 0) == 0) return Origin::NumPy;
        return Origin::Unknown;
      }
      case K::Name: break;
      default: return Origin::Unknown;
    }
    // A variable: every value the function assigns to it.
    const std::string& id = ast::as<ast::Name>(e).id;
    if (comprehension_vars_.count(id)) {
      auto bound = comprehension_sources_.find(id);
      if (bound == comprehension_sources_.end()) return Origin::Unknown;
      return static_cast<Origin>(element_origin(id, *bound->second.first, *bound->second.second, following));
    }
    if (!locals_.count(id)) return Origin::Unknown;
    if (!following.insert(id).second) return Origin::Python;  // `x = x + 1`: the other assignments decide
    std::vector<const ast::Stmt*> body = entry_.host_body;
    if (entry_.def) {
      body.clear();
      for (const auto& st : entry_.def->body) body.push_back(st.get());
      for (const auto& p : entry_.def->params) {
        if (p.name == id) return Origin::Unknown;  // whatever the caller passes
      }
    }
    Origin o = Origin::Python;
    bool assigned = false;
    auto is_id = [&](const ast::Expr& t) { return t.kind == K::Name && ast::as<ast::Name>(t).id == id; };
    each_stmt(body, [&](const ast::Stmt& st) {
      if (st.kind == ast::StmtKind::Assign) {
        const auto& a = ast::as<ast::Assign>(st);
        for (const auto& t : a.targets) {
          if (is_id(*t)) {
            assigned = true;
            o = either(o, origin(*a.value));
          } else if (t->kind == K::Tuple || t->kind == K::List) {
            NameCounter n{id};
            n.expr(t.get());
            if (n.count) o = Origin::Unknown;
          }
        }
      } else if (st.kind == ast::StmtKind::AugAssign && is_id(*ast::as<ast::AugAssign>(st).target)) {
        o = either(o, origin(*ast::as<ast::AugAssign>(st).value));
      } else if (st.kind == ast::StmtKind::For) {
        const auto& f = ast::as<ast::For>(st);
        NameCounter n{id};
        n.expr(f.target.get());
        if (!n.count) return;
        assigned = true;
        o = either(o, static_cast<Origin>(element_origin(id, *f.target, *f.iter, following)));
      } else if (st.kind == ast::StmtKind::With || st.kind == ast::StmtKind::Delete) {
        // `with ... as x`, `del x`: not a scalar's binding
        NameCounter n{id};
        if (st.kind == ast::StmtKind::With) {
          for (const auto& item : ast::as<ast::With>(st).items) n.expr(item.target.get());
        }
        if (n.count) o = Origin::Unknown;
      }
    });
    following.erase(id);
    return assigned ? o : Origin::Unknown;
  };
  return static_cast<int>(result());
}

bool FunctionBuilder::is_numpy_scalar(const ast::Expr& e) {
  std::set<std::string> following;
  return static_cast<Origin>(scalar_origin(e, following)) == Origin::NumPy;
}

bool FunctionBuilder::is_builtin_name(const ast::Expr& e, const std::string& name) const {
  return e.kind == ast::ExprKind::Name && ast::as<ast::Name>(e).id == name && !locals_.count(name) &&
         !mb_.info().globals.count(name);
}

// type(x) as its text, `<class 'numpy.ndarray'>`, or with `name_only` its __name__, `ndarray`.
ir::ExprPtr FunctionBuilder::python_type_of(const ast::Call& c, bool name_only) {
  if (c.args.size() != 1 || !c.keywords.empty()) {
    return fail(c.span, "type() takes one argument in host code translated by py2cuda");
  }
  // A literal is a Python object whatever its C++ type.
  const ast::ExprKind k = c.args[0]->kind;
  const char* literal = k == ast::ExprKind::IntLit     ? "int"
                        : k == ast::ExprKind::FloatLit ? "float"
                        : k == ast::ExprKind::BoolLit  ? "bool"
                        : k == ast::ExprKind::StrLit   ? "str"
                                                       : nullptr;
  if (literal) return string_const(name_only ? literal : std::string("<class '") + literal + "'>", c.span);
  auto v = dynamic_operand(*c.args[0]);
  if (!v) return nullptr;
  if (ir::has_effects(*v, ir::EffectRules{.divisions_raise = true, .every_call = false})) {
    return fail(c.args[0]->span, "type() of an expression with effects is not supported by py2cuda; assign it to a "
                                 "name first");
  }
  if (v->type->is_dynamic()) {  // the type of the number it holds, at run time
    auto node = std::make_unique<ir::BuiltinCall>(
        types::string(), name_only ? "py2cuda::host::type_name({0})" : "py2cuda::host::class_text({0})", c.span);
    node->args.push_back(std::move(v));
    return node;
  }
  if (v->type->is_device_array()) {
    auto node = std::make_unique<ir::BuiltinCall>(types::string(), name_only ? "py2cuda::host::device_array_class_name()"
                                                                             : "py2cuda::host::device_array_class_text()",
                                                  c.span);
    return node;
  }
  // cuda.event() and cuda.stream(): numba-cuda's classes on a GPU, the simulator's in emulation.
  struct BackendClass {
    const char* object;
    const char* gpu_module;
    const char* gpu_name;
    const char* sim_module;
    const char* sim_name;
  };
  static const BackendClass kBackendClasses[] = {
      {.object = "Event", .gpu_module = "numba.cuda.cudadrv.driver", .gpu_name = "Event",
       .sim_module = "numba.cuda.simulator.api", .sim_name = "Event"},
      {.object = "Stream", .gpu_module = "numba.cuda.cudadrv.driver", .gpu_name = "Stream",
       .sim_module = "numba.cuda.simulator.api", .sim_name = "stream"},
  };
  for (const BackendClass& bc : kBackendClasses) {
    if (v->type != types::host_object(bc.object)) continue;
    auto text = [&](const char* module, const char* name) {
      return "\"" + (name_only ? std::string(name) : "<class '" + std::string(module) + "." + name + "'>") + "\"";
    };
    return std::make_unique<ir::BuiltinCall>(
        types::string(),
        "std::string(P2C_BACKEND_CUDA ? " + text(bc.gpu_module, bc.gpu_name) + " : " + text(bc.sim_module, bc.sim_name) + ")",
        c.span);
  }
  if (v->type == types::host_object("PyException")) {  // an except clause's `as` name
    auto node = std::make_unique<ir::BuiltinCall>(
        types::string(),
        name_only ? "py2cuda::host::exception_type_name({0})"
                  : "std::string(\"<class '\") + py2cuda::host::exception_type_name({0}) + \"'>\"",
        c.span);
    node->args.push_back(std::move(v));
    return node;
  }
  if (std::string cls = instance_class(v->type); !cls.empty()) {
    // An instance of a class of the program: its own class, which may be a subclass of the
    // static one (`type(self).__name__` in a base's __repr__), tested at run time.
    auto text = [&](const sema::ClassInfo& k) {
      return string_const(name_only ? k.name : "<class '__main__." + k.name + "'>", c.span);
    };
    const sema::ClassInfo& k = mb_.info().classes.at(cls);
    return by_object_class(
        k, std::move(v), c.span, "type() of '%s' is %t where '" + k.name + "' has %u",
        [](const sema::ClassInfo&) { return true; },
        [&](const sema::ClassInfo& own, ir::ExprPtr) { return text(own); });
  }
  std::string path = class_path(v->type);
  if (path.empty() && (v->type == types::int64() || v->type == types::float64() || v->type->is_bool())) {
    std::set<std::string> following;
    const auto origin = static_cast<Origin>(scalar_origin(*c.args[0], following));
    const std::string name = v->type->is_bool() ? "bool" : v->type->is_int() ? "int" : "float";
    if (origin == Origin::Python) path = name;
    if (origin == Origin::NumPy) path = v->type->is_bool() ? "numpy.bool_" : "numpy." + name + "64";
  }
  if (path.empty()) {
    return fail(c.args[0]->span, "type() of a " + v->type->str() + " value is not supported by py2cuda: it may be a "
                                 "Python or a NumPy scalar, which py2cuda's types do not tell apart here (it follows "
                                 "literals, int(), len(), math.*, np.*, array elements and the names assigned them)");
  }
  const size_t dot = path.rfind('.');
  return string_const(name_only ? (dot == std::string::npos ? path : path.substr(dot + 1)) : "<class '" + path + "'>",
                      c.span);
}

}  // namespace py2cuda::infer
