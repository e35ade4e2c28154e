// FunctionBuilder and ModuleBuilder, host code: the program's classes (sema/classes.cpp
// decides which ones py2cuda translates and makes their constructors). An instance is a
// std::shared_ptr to a struct of the class's attributes (Python's objects are references:
// `b = a` then `b.n = 5` changes a.n). Each attribute has one type, the unification of every
// value assigned to it anywhere (`self.total = 0` and `self.total += 0.5` make it float64),
// as a local variable's; a value that then prints otherwise than it would in Python is a
// located warning. Methods are host functions taking the instance first
// (`Config_scaled_host(cfg, 2.0)`), specialised per argument types as other host functions.
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "sema/classes.h"

namespace py2cuda::infer {

namespace {

constexpr const char* kInstancePrefix = "instance ";

// A type holding instances somewhere: the instance itself, a list, tuple, dict or Optional of them.
bool mentions_instance(TypeRef t, int depth = 0) {
  if (!t || depth > 8) return false;
  if (!instance_class(t).empty()) return true;
  if (t->is_list() || t->is_optional()) return mentions_instance(t->dtype(), depth + 1);
  if (t->is_dict()) return mentions_instance(t->value_type(), depth + 1);
  if (t->is_tuple()) {
    for (TypeRef e : t->elements())
      if (mentions_instance(e, depth + 1)) return true;
  }
  return false;
}

// Whether Python prints a value of `from` stored into an attribute of type `to` the same way.
bool prints_alike(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (from->is_int() && to->is_int()) return true;  // ints of other widths print alike
  return from->kind() == to->kind() && (!from->is_float() || from->bits() == to->bits());
}

}  // namespace

TypeRef instance_type(const std::string& cls) { return types::host_object(kInstancePrefix + cls); }

std::string instance_class(TypeRef t) {
  if (!t || !t->is_host_object() || !t->object_name().starts_with(kInstancePrefix)) return "";
  return t->object_name().substr(std::string(kInstancePrefix).size());
}

// ---------------------------------------------------------------- ModuleBuilder's records

ir::Module::HostClass& ModuleBuilder::host_class(const std::string& cls) {
  for (auto& c : module_->host_classes)
    if (c.python_name == cls) return c;
  ir::Module::HostClass c;
  c.python_name = cls;
  c.cpp_name = cpp_identifier(cls);
  const auto& info = info_.classes.at(cls);
  c.span = info.def ? info.def->span : Span{};
  module_->host_classes.push_back(std::move(c));
  return module_->host_classes.back();
}

TypeRef ModuleBuilder::class_attribute_type(const std::string& cls, const std::string& attr) {
  for (const auto& [name, type] : host_class(cls).fields)
    if (name == attr) return type;
  return nullptr;
}

void ModuleBuilder::set_class_attribute_type(const std::string& cls, const std::string& attr, TypeRef t) {
  auto& fields = host_class(cls).fields;
  for (auto& [name, type] : fields) {
    if (name != attr) continue;
    if (type == t) return;
    type = t;
    ++shared_global_changes_;  // the functions reading it take another pass
    return;
  }
  fields.emplace_back(attr, t);
  ++shared_global_changes_;
}

// ---------------------------------------------------------------- FunctionBuilder

const sema::ClassInfo* FunctionBuilder::class_named(const ast::Expr& e) const {
  if (e.kind != ast::ExprKind::Name) return nullptr;
  const std::string& id = ast::as<ast::Name>(e).id;
  if (locals_.count(id)) return nullptr;
  auto it = mb_.info().classes.find(id);
  return it == mb_.info().classes.end() ? nullptr : &it->second;
}

// Cheap, before evaluating `e`: whether it can be an instance (its root is a variable holding
// instances, a class, or a method call on one). Other attribute bases are left to the
// existing paths without being evaluated twice.
bool FunctionBuilder::may_be_instance(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name: {
      const std::string& id = ast::as<ast::Name>(e).id;
      if (auto it = comprehension_vars_.find(id); it != comprehension_vars_.end()) {
        return mentions_instance(it->second->type);
      }
      if (!locals_.count(id)) return false;
      auto it = vars_.find(binding(id));
      return it != vars_.end() && mentions_instance(it->second->type);
    }
    case ast::ExprKind::Attribute: return may_be_instance(*ast::as<ast::Attribute>(e).value);
    case ast::ExprKind::Subscript: return may_be_instance(*ast::as<ast::Subscript>(e).value);
    case ast::ExprKind::Call: {
      const ast::Expr& f = *ast::as<ast::Call>(e).func;
      if (class_named(f)) return true;
      return f.kind == ast::ExprKind::Attribute &&
             (class_named(*ast::as<ast::Attribute>(f).value) || may_be_instance(*ast::as<ast::Attribute>(f).value));
    }
    default: return false;
  }
}

ir::ExprPtr FunctionBuilder::class_call(const ast::Call& c, bool& handled) {
  handled = false;
  if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == sema::kNewObjectFunction) {
    // The constructor's `self` (sema/classes.cpp): a new object with every member zero.
    handled = true;
    const std::string& cls = ast::as<ast::StrLit>(*c.args[0]).value;
    const std::string cpp = mb_.host_class(cls).cpp_name;
    return call_node(instance_type(cls), "std::make_shared<" + cpp + ">()", c.span, {});
  }
  if (c.func->kind != ast::ExprKind::Attribute) return nullptr;
  const auto& m = ast::as<ast::Attribute>(*c.func);
  if (const sema::ClassInfo* k = class_named(*m.value)) {
    // C.method(...): a static method, or a method given its instance explicitly.
    handled = true;
    auto it = k->methods.find(m.attr);
    if (it == k->methods.end()) {
      return fail(m.attr_span, "type object '" + k->name + "' has no method '" + m.attr + "' (AttributeError)");
    }
    return call_function(c, *it->second);
  }
  if (!may_be_instance(*m.value)) return nullptr;
  auto base = expr(*m.value);
  if (!base) {
    handled = true;
    return nullptr;
  }
  const std::string cls = instance_class(base->type);
  if (cls.empty()) return nullptr;
  handled = true;
  const sema::ClassInfo& k = mb_.info().classes.at(cls);
  auto it = k.methods.find(m.attr);
  if (it == k.methods.end()) {
    if (mb_.class_attribute_type(cls, m.attr)) {
      return fail(m.attr_span, "calling the attribute '" + m.attr + "' of a '" + cls + "' object is not supported by "
                               "py2cuda (only its methods)");
    }
    return fail(m.attr_span, "'" + cls + "' object has no attribute '" + m.attr + "' (AttributeError)");
  }
  if (k.static_methods.count(m.attr)) return call_function(c, *it->second);
  return call_function(c, *it->second, std::move(base));
}

ir::ExprPtr FunctionBuilder::class_attribute(const ast::Attribute& a, bool& handled) {
  handled = false;
  if (const sema::ClassInfo* k = class_named(*a.value)) {
    handled = true;
    if (auto it = k->constants.find(a.attr); it != k->constants.end()) return expr(*it->second);
    if (k->methods.count(a.attr)) {
      return fail(a.attr_span, "'" + k->name + "." + a.attr + "' is a method, which py2cuda calls where it is "
                               "written; it is not a value");
    }
    return fail(a.attr_span, "type object '" + k->name + "' has no attribute '" + a.attr + "' (AttributeError)");
  }
  if (!may_be_instance(*a.value)) return nullptr;
  auto base = expr(*a.value);
  if (!base) {
    handled = true;
    return nullptr;
  }
  const std::string cls = instance_class(base->type);
  if (cls.empty()) return nullptr;
  handled = true;
  if (TypeRef t = mb_.class_attribute_type(cls, a.attr)) {
    auto read = call_node(t, "{0}->" + cpp_identifier(a.attr), a.span, args_of(std::move(base)));
    static_cast<ir::BuiltinCall&>(*read).reads_state = true;  // a method called beside it may change it
    return read;
  }
  const sema::ClassInfo& k = mb_.info().classes.at(cls);
  // An instance reads the class's constants too (self.N), unless it assigned its own.
  if (auto it = k.constants.find(a.attr); it != k.constants.end()) return expr(*it->second);
  if (k.methods.count(a.attr)) {
    return fail(a.attr_span, "the bound method '" + cls + "." + a.attr + "' is not a value py2cuda translates; "
                             "call it where it is written");
  }
  return fail(a.attr_span, "'" + cls + "' object has no attribute '" + a.attr + "' (AttributeError)");
}

bool FunctionBuilder::class_attribute_store(const ast::Attribute& target, ir::ExprPtr& value, Span s, ir::Block& out,
                                            bool echo) {
  if (class_named(*target.value)) {
    D().error(target.span, "assigning a class attribute ('" + ast::as<ast::Name>(*target.value).id + "." +
                               target.attr + " = ...') is not supported by py2cuda: class constants are fixed");
    return true;
  }
  if (!may_be_instance(*target.value)) return false;
  auto base = expr(*target.value);
  if (!base) return true;
  const std::string cls = instance_class(base->type);
  if (cls.empty()) return false;
  if (value->type->is_none()) {
    D().error(s, "assigning None to the attribute '" + target.attr + "' is not supported by py2cuda");
    return true;
  }
  TypeRef t = value->type;
  if (TypeRef before = mb_.class_attribute_type(cls, target.attr)) {
    t = rules::unify(before, value->type);
    if (!t) {
      D().error(s, "the attribute '" + target.attr + "' of '" + cls + "' is assigned values of incompatible types " +
                       before->str() + " and " + value->type->str());
      return true;
    }
  }
  mb_.set_class_attribute_type(cls, target.attr, t);
  if (final_ && value->type->is_number() && t->is_number() && !prints_alike(value->type, t)) {
    D().warning(s, "the attribute '" + target.attr + "' of '" + cls + "' is " + t->str() +
                       " (the unification of all its assignments): this " + value->type->str() +
                       " value prints as " + t->str() + " where Python prints it as it is");
  }
  auto store = call_node(types::none(), "{0}->" + cpp_identifier(target.attr) + " = {1}", s,
                         args_of(std::move(base), convert(std::move(value), t)));
  auto st = std::make_unique<ir::ExprStmt>(with_effects(std::move(store)), s);
  st->echo_line = echo;
  out.push_back(std::move(st));
  return true;
}

ir::ExprPtr FunctionBuilder::dataclass_repr(ir::ExprPtr& v, Span s, bool& handled) {
  handled = false;
  const std::string cls = instance_class(v->type);
  const sema::ClassInfo& k = mb_.info().classes.at(cls);
  if (!k.def || !sema::is_dataclass(*k.def)) return nullptr;
  handled = true;
  // The instance is read once per field: a variable as it is, another expression through a Let.
  ir::Variable* object = v->kind == ir::ExprKind::Var ? static_cast<ir::VarRef&>(*v).var : temporary("obj", v->type);
  std::vector<ir::ExprPtr> parts;
  std::string pattern = "py2cuda::host::concat(";
  std::string text = cls + "(";
  auto add = [&](ir::ExprPtr part) {
    pattern += (parts.empty() ? "{" : ", {") + std::to_string(parts.size()) + "}";
    parts.push_back(std::move(part));
  };
  for (const auto& st : k.def->body) {
    if (st->kind != ast::StmtKind::AnnAssign) continue;
    const std::string& name = ast::as<ast::Name>(*ast::as<ast::AnnAssign>(*st).target).id;
    TypeRef t = mb_.class_attribute_type(cls, name);
    if (!t) return fail(s, "the field '" + name + "' of the dataclass '" + cls + "' has no value py2cuda could type");
    add(string_const(text + name + "=", s));
    text = ", ";
    auto field = call_node(t, "{0}->" + cpp_identifier(name), s, args_of(std::make_unique<ir::VarRef>(object, s)));
    auto r = format_value(std::move(field), 'r', "", s);
    if (!r) return nullptr;
    add(std::move(r));
  }
  add(string_const(text == ", " ? ")" : text + ")", s));
  auto repr = call_node(types::string(), pattern + ")", s, std::move(parts));
  if (v->kind == ir::ExprKind::Var) return repr;
  auto let = std::make_unique<ir::Let>(object, std::move(v), s);
  let->type = types::string();
  let->body = std::move(repr);
  return let;
}

}  // namespace py2cuda::infer
