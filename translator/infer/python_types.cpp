// type(x) in host code: the class Python would name, decided from x's static type. Only where
// that type settles the class: an int64 or float64 may be a Python int/float or a NumPy
// int64/float64 (a literal or an array's element), which py2cuda's types do not tell apart.
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

}  // namespace

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
  auto v = expr(*c.args[0]);
  if (!v) return nullptr;
  if (ir::has_effects(*v, ir::EffectRules{.divisions_raise = true, .every_call = false})) {
    return fail(c.args[0]->span, "type() of an expression with effects is not supported by py2cuda; assign it to a "
                                 "name first");
  }
  if (v->type->is_device_array()) {
    auto node = std::make_unique<ir::BuiltinCall>(types::string(), name_only ? "py2cuda::host::device_array_class_name()"
                                                                             : "py2cuda::host::device_array_class_text()",
                                                  c.span);
    return node;
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
  const std::string path = class_path(v->type);
  if (path.empty()) {
    return fail(c.args[0]->span, "type() of a " + v->type->str() + " value is not supported by py2cuda: it may be a "
                                 "Python or a NumPy scalar, which py2cuda's types do not tell apart");
  }
  const size_t dot = path.rfind('.');
  return string_const(name_only ? (dot == std::string::npos ? path : path.substr(dot + 1)) : "<class '" + path + "'>",
                      c.span);
}

}  // namespace py2cuda::infer
