// FunctionBuilder and ModuleBuilder, host code: the program's classes (sema/classes.cpp
// decides which ones py2cuda translates and makes their constructors). An instance is a
// std::shared_ptr to a struct of the class's attributes (Python's objects are references:
// `b = a` then `b.n = 5` changes a.n). Each attribute has one type, the unification of every
// value assigned to it anywhere (`self.total = 0` and `self.total += 0.5` make it float64),
// as a local variable's; a value that then prints otherwise than it would in Python is a
// located warning. Methods are host functions taking the instance first
// (`Config_scaled_host(cfg, 2.0)`), specialised per argument types as other host functions.
#include "frontend/parser.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "sema/ast_names.h"
#include "infer/host_instances.h"
#include "infer/host_nodes.h"
#include "sema/classes.h"

namespace py2cuda::infer {

bool mentions_instance(TypeRef t, int depth) {
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

namespace {

constexpr const char* kInstancePrefix = "instance ";

// Whether Python prints a value of `from` stored into an attribute of type `to` the same way.
bool prints_alike(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (from->is_int() && to->is_int()) return true;  // ints of other widths print alike
  return from->kind() == to->kind() && (!from->is_float() || from->bits() == to->bits());
}

// The type of an attribute given `a` and then `b`: their unification, where None and a value
// meet as Optional(value) (`self.result = None` in __init__, an array in a method).
TypeRef attribute_union(TypeRef a, TypeRef b) {
  if (a->is_none() && b->is_none()) return a;
  if (a->is_none() || b->is_none()) {
    TypeRef other = a->is_none() ? b : a;
    return other->is_optional() ? other : types::optional(other);
  }
  if (a->is_optional() || b->is_optional()) {
    TypeRef u = attribute_union(a->is_optional() ? a->dtype() : a, b->is_optional() ? b->dtype() : b);
    return u ? (u->is_optional() ? u : types::optional(u)) : nullptr;
  }
  TypeRef u = rules::unify(a, b);
  // `self.total = 0`, later `self.total += 0.5`: Python keeps each value's type, so the
  // attribute holds a number of the type its last assignment gave (a DynamicNumber).
  if (u && u->is_number() && !u->is_complex() && !(prints_alike(a, u) && prints_alike(b, u))) {
    return types::dynamic_number(u);
  }
  return u;
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
  c.has_subclasses = info.def && info.def->has_subclasses;
  if (!info.base.empty()) c.base_cpp = host_class(info.base).cpp_name;  // the base's struct first
  module_->host_classes.push_back(std::move(c));
  return module_->host_classes.back();
}

// A hierarchy's attributes are its root class's struct members: a base's method reads them
// from an instance of any class of it.
const std::string& ModuleBuilder::root_class(const std::string& cls) const {
  const sema::ClassInfo& k = info_.classes.at(cls);
  return k.base.empty() ? k.name : root_class(k.base);
}

TypeRef ModuleBuilder::class_attribute_type(const std::string& cls, const std::string& attr) {
  for (const auto& [name, type] : host_class(root_class(cls)).fields)
    if (name == attr) return type;
  return nullptr;
}

void ModuleBuilder::set_class_attribute_type(const std::string& cls, const std::string& attr, TypeRef t) {
  host_class(cls);  // its struct, derived from the root's
  auto& fields = host_class(root_class(cls)).fields;
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
  // A class method's `cls` is its class (called through a subclass too: a deviation).
  auto it = mb_.info().classes.find(!id.empty() && id == entry_.class_param ? entry_.class_of : id);
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
      if (!locals_.count(id)) {
        // A module variable the module's code and functions share (host_globals.cpp).
        if (!host_ || !mb_.is_shared_global(id)) return false;
        const TypeRef shared = mb_.shared_global_type(id);
        return shared && mentions_instance(shared);
      }
      auto it = vars_.find(binding(id));
      return it != vars_.end() && mentions_instance(it->second->type);
    }
    case ast::ExprKind::Attribute: return may_be_instance(*ast::as<ast::Attribute>(e).value);
    case ast::ExprKind::Subscript: return may_be_instance(*ast::as<ast::Subscript>(e).value);
    case ast::ExprKind::Call: {
      const ast::Expr& f = *ast::as<ast::Call>(e).func;
      if (class_named(f)) return true;
      if (f.kind == ast::ExprKind::Name && !locals_.count(ast::as<ast::Name>(f).id)) {
        // `make().v`, `max(ps, key=...).name`, `sorted(ps, ...)[0].name`: a host function's
        // result, or the item max/min pick, may be an instance (its type tells).
        const std::string& id = ast::as<ast::Name>(f).id;
        auto g = mb_.info().globals.find(id);
        if (g == mb_.info().globals.end()) return id == "max" || id == "min" || id == "sorted";
        if (g->second.kind != sema::Symbol::Kind::Function || !g->second.function || !g->second.function->def) return false;
        // A generator's call is no instance: where it is used says what py2cuda does with it.
        bool generator = false;
        sema::visit_exprs(const_cast<ast::FunctionDef&>(*g->second.function->def), [&](ast::Expr& x) {
          generator = generator || (x.kind == ast::ExprKind::Unsupported &&
                                    ast::as<ast::UnsupportedExpr>(x).what.starts_with("yield"));
        });
        return !generator;
      }
      return f.kind == ast::ExprKind::Attribute &&
             (class_named(*ast::as<ast::Attribute>(f).value) || may_be_instance(*ast::as<ast::Attribute>(f).value));
    }
    // `(u + w).norm()`, `(-v).host`: an operator's special method may return an instance.
    case ast::ExprKind::Binary:
      return may_be_instance(*ast::as<ast::Binary>(e).left) || may_be_instance(*ast::as<ast::Binary>(e).right);
    case ast::ExprKind::Unary: return may_be_instance(*ast::as<ast::Unary>(e).operand);
    default: return false;
  }
}

FunctionBuilder::ClassOperand FunctionBuilder::class_operand(const ast::Expr& e, const sema::ClassInfo*& k,
                                                             ir::ExprPtr& base) {
  if ((k = class_named(e))) return ClassOperand::Class;
  if (!may_be_instance(e)) return ClassOperand::Neither;
  base = expr(e);
  if (!base) return ClassOperand::Failed;
  const std::string cls = instance_class(base->type);
  if (cls.empty()) return ClassOperand::Neither;
  k = &mb_.info().classes.at(cls);
  return ClassOperand::Instance;
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
  if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == entry_.class_param &&
      !entry_.class_param.empty() && !locals_.count(entry_.class_param)) {
    handled = true;  // `cls(...)` in a class method: the constructor
    return call_function(c, *mb_.info().classes.at(entry_.class_of).constructor);
  }
  if (c.func->kind != ast::ExprKind::Attribute) return nullptr;
  const auto& m = ast::as<ast::Attribute>(*c.func);
  if (m.value->kind == ast::ExprKind::Call && !locals_.count("super")) {
    const auto& sup = ast::as<ast::Call>(*m.value);
    if (sup.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*sup.func).id == "super") {
      handled = true;
      return super_call(c, m);
    }
  }
  const sema::ClassInfo* k = nullptr;
  ir::ExprPtr base;
  const ClassOperand operand = class_operand(*m.value, k, base);
  if (operand == ClassOperand::Neither) return nullptr;
  handled = true;
  if (operand == ClassOperand::Failed) return nullptr;
  auto it = k->methods.find(m.attr);
  if (!base) {
    // C.method(...): a static or class method, or a method given its instance explicitly.
    if (it == k->methods.end()) {
      return fail(m.attr_span, "type object '" + k->name + "' has no method '" + m.attr + "' (AttributeError)");
    }
    return call_function(c, *it->second);
  }
  if (it == k->methods.end()) {
    if (const FunctionEntry* held = mb_.function_tag_entry(mb_.class_attribute_type(k->name, m.attr))) {
      // `self.finish(out)` of an attribute holding a function (function_alias_assign): that function.
      if (held->kind == FunctionKind::Ufunc) return ufunc_call(c, *held);
      if (held->kind == FunctionKind::Plain || held->kind == FunctionKind::CpuJit) return call_function(c, *held);
    }
    if (mb_.class_attribute_type(k->name, m.attr) || k->properties.count(m.attr)) {
      return fail(m.attr_span, "calling the attribute '" + m.attr + "' of a '" + k->name + "' object is not supported "
                               "by py2cuda (only its methods)");
    }
    return fail(m.attr_span, "'" + k->name + "' object has no attribute '" + m.attr + "' (AttributeError)");
  }
  if (k->static_methods.count(m.attr)) return call_function(c, *it->second);
  return dispatch(*k, m.attr, false, std::move(base), c.span,
                  [&](const FunctionEntry& f, ir::ExprPtr self) { return call_function(c, f, std::move(self)); });
}

ir::ExprPtr FunctionBuilder::super_call(const ast::Call& c, const ast::Attribute& m) {
  const auto& sup = ast::as<ast::Call>(*m.value);
  auto it = mb_.info().classes.find(entry_.class_of);
  // The instance: the method's first parameter; the constructor's, the name it makes the object in.
  const bool constructor = it != mb_.info().classes.end() && it->second.constructor == &entry_;
  const std::string self = !entry_.def ? ""
                           : constructor ? ast::as<ast::Name>(*ast::as<ast::Assign>(*entry_.def->body[0]).targets[0]).id
                           : entry_.def->params.empty() ? "" : entry_.def->params[0].name;
  // Python 2's spelling, `super(Class, self)`, names the same two.
  auto names = [&](size_t i, const std::string& id) {
    return sup.args[i]->kind == ast::ExprKind::Name && ast::as<ast::Name>(*sup.args[i]).id == id;
  };
  const bool spelled_out = sup.args.size() == 2 && names(0, entry_.class_of) && names(1, self);
  if ((!sup.args.empty() && !spelled_out) || it == mb_.info().classes.end() || self.empty() ||
      entry_.class_param.size() || it->second.static_methods.count(entry_.def->name)) {
    return fail(sup.span, "super() is supported by py2cuda in a method of a class, without arguments or as "
                          "super(Class, self)");
  }
  const sema::ClassInfo& k = it->second;
  if (k.base.empty()) {
    return fail(m.attr_span, "'super' object has no attribute '" + m.attr + "' (AttributeError; '" + k.name +
                                 "' has no base class py2cuda translates)");
  }
  const sema::ClassInfo& base = mb_.info().classes.at(k.base);
  auto method = base.methods.find(m.attr);
  if (method == base.methods.end()) {
    return fail(m.attr_span, "'super' object has no attribute '" + m.attr + "' (AttributeError)");
  }
  if (base.static_methods.count(m.attr)) return call_function(c, *method->second);
  auto value = expr(ast::Name(sup.span, self));
  if (!value) return nullptr;
  return call_function(c, *method->second, std::move(value));
}

bool FunctionBuilder::is_subclass(const std::string& derived, const std::string& base) const {
  for (std::string c = derived; !c.empty(); c = mb_.info().classes.at(c).base) {
    if (c == base) return true;
  }
  return false;
}

ir::ExprPtr FunctionBuilder::dispatch(const sema::ClassInfo& k, const std::string& name, bool property,
                                      ir::ExprPtr self, Span s,
                                      const std::function<ir::ExprPtr(const FunctionEntry&, ir::ExprPtr)>& call) {
  auto definition = [&](const sema::ClassInfo& c) -> const FunctionEntry* {
    const auto& table = property ? c.properties : c.methods;
    auto it = table.find(name);
    return it == table.end() ? nullptr : it->second;
  };
  const FunctionEntry* own = definition(k);
  // `def area(self): raise NotImplementedError` in a base: a definition that ends by raising
  // gives no value, and its call takes the type the overriding ones give.
  auto ends_by_raising = [&](const sema::ClassInfo& c) {
    const FunctionEntry* f = definition(c);
    return f && !f->def->body.empty() && f->def->body.back()->kind == ast::StmtKind::Raise;
  };
  return by_object_class(
      k, std::move(self), s, "'" + name + "' of '%s' returns %t where '" + k.name + "' returns %u",
      [&](const sema::ClassInfo& c) { return definition(c) && definition(c) != own; },
      [&](const sema::ClassInfo& c, ir::ExprPtr object) { return call(*definition(c), std::move(object)); },
      ends_by_raising);
}

ir::ExprPtr FunctionBuilder::by_object_class(const sema::ClassInfo& k, ir::ExprPtr self, Span s,
                                             const std::string& mismatch,
                                             const std::function<bool(const sema::ClassInfo&)>& overrides,
                                             const std::function<ir::ExprPtr(const sema::ClassInfo&, ir::ExprPtr)>& value,
                                             const std::function<bool(const sema::ClassInfo&)>& never_returns) {
  // The subclasses defining it otherwise, by depth: the deepest is tested first.
  std::vector<std::pair<int, const sema::ClassInfo*>> overriding;
  for (const auto& [cname, c] : mb_.info().classes) {
    if (cname == k.name || !is_subclass(cname, k.name) || !overrides(c)) continue;
    int depth = 0;
    for (std::string b = c.base; !b.empty(); b = mb_.info().classes.at(b).base) ++depth;
    overriding.emplace_back(depth, &c);
  }
  if (overriding.empty()) return value(k, std::move(self));
  std::stable_sort(overriding.begin(), overriding.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // The instance is read once per test: a variable as it is, another expression through a Let.
  const bool named = self->kind == ir::ExprKind::Var;
  ir::Variable* object = named ? static_cast<ir::VarRef&>(*self).var : temporary("obj", self->type);
  auto ref = [&] { return std::make_unique<ir::VarRef>(object, s); };
  ir::ExprPtr result = value(k, ref());
  if (!result) return nullptr;
  // A call that raises (never_returns) gives no value: as an operand of the others' type, the
  // call, then that type's default, which is never reached.
  auto raising = [&](const sema::ClassInfo& c, const ir::Expr& v) {
    return v.type->is_none() && never_returns && never_returns(c);
  };
  auto as_operand = [&](ir::ExprPtr call, TypeRef t) { return call_node(t, "({0}, {t0}{})", s, args_of(std::move(call)), {t}); };
  bool result_raises = raising(k, *result);
  for (const auto& [depth, c] : overriding) {
    const std::string cpp = mb_.host_class(c->name).cpp_name;
    auto alt = value(*c, call_node(instance_type(c->name), "std::static_pointer_cast<" + cpp + ">({0})", s, args_of(ref())));
    if (!alt) return nullptr;
    if (result_raises && !alt->type->is_none()) {
      result = as_operand(std::move(result), alt->type);
      result_raises = false;
    } else if (raising(*c, *alt) && !result->type->is_none()) {
      alt = as_operand(std::move(alt), result->type);
    }
    // A method returning an int in one class and a float in another: each value's own type.
    TypeRef t = either_held_number(result, alt);
    if (!t) t = rules::unify(result->type, alt->type);
    if (!t) {
      // `mismatch` names the class (%s) and the two types (%t the subclass's, %u the base's).
      std::string message = mismatch;
      message.replace(message.find("%s"), 2, c->name);
      message.replace(message.find("%t"), 2, alt->type->str());
      message.replace(message.find("%u"), 2, result->type->str());
      return fail(s, message + ": py2cuda needs one type from what its subclasses override");
    }
    auto test = call_node(types::boolean(), "(dynamic_cast<" + cpp + "*>({0}.get()) != nullptr)", s, args_of(ref()));
    result = std::make_unique<ir::Select>(t, std::move(test), convert(std::move(alt), t),
                                          convert(std::move(result), t), s);
  }
  if (named) return result;
  auto let = std::make_unique<ir::Let>(object, std::move(self), s);
  let->type = result->type;
  let->body = std::move(result);
  return let;
}

ir::ExprPtr FunctionBuilder::class_attribute(const ast::Attribute& a, bool& handled) {
  handled = false;
  const sema::ClassInfo* k = nullptr;
  ir::ExprPtr base;
  const ClassOperand operand = class_operand(*a.value, k, base);
  if (operand == ClassOperand::Neither) return nullptr;
  handled = true;
  if (operand == ClassOperand::Failed) return nullptr;
  if (base) {
    if (TypeRef t = mb_.class_attribute_type(k->name, a.attr)) {
      auto read = call_node(t, "{0}->" + cpp_identifier(a.attr), a.span, args_of(std::move(base)));
      static_cast<ir::BuiltinCall&>(*read).reads_state = true;  // a method called beside it may change it
      return read;
    }
    if (auto it = k->properties.find(a.attr); it != k->properties.end()) {
      // A @property: its getter, called with the instance.
      ast::Call get(a.span, std::make_unique<ast::Name>(a.attr_span, a.attr));
      return dispatch(*k, a.attr, true, std::move(base), a.span,
                      [&](const FunctionEntry& f, ir::ExprPtr self) { return call_function(get, f, std::move(self)); });
    }
  }
  // The class's constants, which an instance reads too (self.N), unless it assigned its own:
  // through an instance, the constant of the object's own class (a subclass may override it).
  if (auto it = k->constants.find(a.attr); it != k->constants.end()) {
    if (!base) return expr(*it->second);
    const ast::Expr* own = it->second;
    return by_object_class(
        *k, std::move(base), a.span, "'" + a.attr + "' of '%s' is %t where '" + k->name + "' has %u",
        [&](const sema::ClassInfo& c) { return c.constants.count(a.attr) && c.constants.at(a.attr) != own; },
        [&](const sema::ClassInfo& c, ir::ExprPtr) { return expr(*c.constants.at(a.attr)); });
  }
  // A class attribute the program assigns, read through an instance (`solver.count`): the
  // module variable holding it.
  if (auto it = k->variables.find(a.attr); it != k->variables.end()) {
    synthetic_ast_.push_back(std::make_unique<ast::Name>(a.span, it->second));
    return expr(*synthetic_ast_.back());
  }
  if (k->methods.count(a.attr)) {
    return fail(a.attr_span, "'" + k->name + "." + a.attr + "' is a method, which py2cuda calls where it is "
                             "written; it is not a value");
  }
  if (!base) {
    return fail(a.attr_span, "type object '" + k->name + "' has no attribute '" + a.attr + "' (AttributeError)");
  }
  return fail(a.attr_span, "'" + k->name + "' object has no attribute '" + a.attr + "' (AttributeError)");
}

bool FunctionBuilder::class_attribute_store(const ast::Attribute& target, ir::ExprPtr& value, Span s, ir::Block& out,
                                            bool echo) {
  const sema::ClassInfo* k = nullptr;
  ir::ExprPtr base;
  switch (class_operand(*target.value, k, base)) {
    case ClassOperand::Neither: return false;
    case ClassOperand::Failed: return true;
    case ClassOperand::Class:
      D().error(target.span, "assigning a class attribute ('" + k->name + "." + target.attr +
                                 " = ...') is not supported by py2cuda: class constants are fixed");
      return true;
    case ClassOperand::Instance: break;
  }
  const std::string& cls = k->name;
  auto push = [&](ir::ExprPtr store) {
    auto st = std::make_unique<ir::ExprStmt>(with_effects(std::move(store)), s);
    st->echo_line = echo;
    out.push_back(std::move(st));
  };
  if (auto it = k->setters.find(target.attr); it != k->setters.end()) {
    // `obj.prop = v` with a @prop.setter: the setter, called with the instance and the value.
    ast::Call set(s, std::make_unique<ast::Name>(target.attr_span, target.attr));
    std::vector<ir::ExprPtr> given;
    given.push_back(std::move(base));
    given.push_back(std::move(value));
    if (auto call = call_function(set, *it->second, std::move(given))) push(std::move(call));
    return true;
  }
  if (k->def && sema::dataclass_frozen(*k->def) == 1 && k->constructor != &entry_) {
    D().error(target.span, "cannot assign to field '" + target.attr + "' of the frozen dataclass '" + cls +
                               "' (dataclasses.FrozenInstanceError)");
    return true;
  }
  if (k->properties.count(target.attr)) {
    D().error(target.span, "property '" + target.attr + "' of '" + cls + "' object has no setter (AttributeError)");
    return true;
  }
  TypeRef t = value->type;
  if (TypeRef before = mb_.class_attribute_type(cls, target.attr)) {
    t = attribute_union(before, value->type);
    if (!t && mb_.function_tag_entry(before) && mb_.function_tag_entry(value->type)) {
      D().error(s, "the attribute '" + target.attr + "' of '" + cls + "' holds the function '" +
                       mb_.function_tag_entry(before)->name + "' and, here, '" + mb_.function_tag_entry(value->type)->name +
                       "': py2cuda resolves a function an attribute holds at translation time, so every '" + cls +
                       "' object must hold the same one; pass the function to the method that launches it instead");
      return true;
    }
    if (!t) {
      D().error(s, "the attribute '" + target.attr + "' of '" + cls + "' is assigned values of incompatible types " +
                       before->str() + " and " + value->type->str());
      return true;
    }
  }
  mb_.set_class_attribute_type(cls, target.attr, t);
  if (value->type->is_untyped_list() && t->is_list() && t->dtype() && value->kind == ir::ExprKind::Var) {
    // `self.log = log` of an empty list a method appends to: the variable is a list of that
    // type too (the caller's `[]`, when `log` is a parameter: infer/expressions.cpp).
    const std::string& name = static_cast<const ir::VarRef&>(*value).var->name;
    if (locals_.count(name)) assign_type(binding(name), t, s);
  }
  push(call_node(types::none(), "{0}->" + cpp_identifier(target.attr) + " = {1}", s,
                 args_of(std::move(base), convert(std::move(value), t))));
  return true;
}

// ---------------------------------------------------------------- special methods

const sema::ClassInfo* FunctionBuilder::special_class(TypeRef t) const {
  const std::string cls = instance_class(t);
  return cls.empty() ? nullptr : &mb_.info().classes.at(cls);
}

const FunctionEntry* FunctionBuilder::special_method(TypeRef t, const std::string& name) const {
  const sema::ClassInfo* k = special_class(t);
  if (!k) return nullptr;
  auto it = k->methods.find(name);
  return it == k->methods.end() ? nullptr : it->second;
}

ir::ExprPtr FunctionBuilder::call_special(const FunctionEntry& m, std::vector<ir::ExprPtr> args, Span s) {
  ast::Call call(s, std::make_unique<ast::Name>(s, m.def->name));
  const sema::ClassInfo* k = special_class(args[0]->type);
  if (!k || !k->def || !k->def->has_subclasses) return call_function(call, m, std::move(args));
  // A subclass may override it: the other operands are read once, whichever class's method runs.
  std::vector<ir::Variable*> rest;
  std::vector<std::pair<ir::Variable*, ir::ExprPtr>> bound;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i]->kind == ir::ExprKind::Var) {
      rest.push_back(static_cast<ir::VarRef&>(*args[i]).var);
      continue;
    }
    rest.push_back(temporary("arg", args[i]->type));
    bound.emplace_back(rest.back(), std::move(args[i]));
  }
  auto result = dispatch(*k, m.def->name, false, std::move(args[0]), s, [&](const FunctionEntry& f, ir::ExprPtr self) {
    std::vector<ir::ExprPtr> given;
    given.push_back(std::move(self));
    for (ir::Variable* v : rest) given.push_back(std::make_unique<ir::VarRef>(v, s));
    return call_function(call, f, std::move(given));
  });
  for (auto it = bound.rbegin(); result && it != bound.rend(); ++it) {
    auto let = std::make_unique<ir::Let>(it->first, std::move(it->second), s);
    let->type = result->type;
    let->body = std::move(result);
    result = std::move(let);
  }
  return result;
}

namespace {

// The name Python's messages give a value's type.
std::string python_type_name(TypeRef t) {
  if (std::string cls = instance_class(t); !cls.empty()) return cls;
  if (t->is_bool()) return "bool";
  if (t->is_int()) return "int";
  if (t->is_float()) return "float";
  if (t->is_string()) return "str";
  return t->str();
}

const char* special_name(BinOp op) {
  switch (op) {
    case BinOp::Add: return "__add__";
    case BinOp::Sub: return "__sub__";
    case BinOp::Mul: return "__mul__";
    case BinOp::TrueDiv: return "__truediv__";
    case BinOp::FloorDiv: return "__floordiv__";
    case BinOp::Mod: return "__mod__";
    default: return nullptr;
  }
}

// The method Python tries on the right operand when the left one's class does not define the
// operator (`2 * v` is `v.__rmul__(2)`).
const char* reflected_name(BinOp op) {
  switch (op) {
    case BinOp::Add: return "__radd__";
    case BinOp::Sub: return "__rsub__";
    case BinOp::Mul: return "__rmul__";
    case BinOp::TrueDiv: return "__rtruediv__";
    default: return nullptr;
  }
}

// Each comparison's method, and the one Python tries on the right operand when the left one's
// class does not define it (`a < b` is `b.__gt__(a)`).
std::pair<const char*, const char*> special_names(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return {"__eq__", "__eq__"};
    case CmpOp::NotEq: return {"__ne__", "__ne__"};
    case CmpOp::Lt: return {"__lt__", "__gt__"};
    case CmpOp::LtE: return {"__le__", "__ge__"};
    case CmpOp::Gt: return {"__gt__", "__lt__"};
    case CmpOp::GtE: return {"__ge__", "__le__"};
    default: return {nullptr, nullptr};
  }
}

}  // namespace

ir::ExprPtr FunctionBuilder::instance_binary(BinOp op, ir::ExprPtr& l, ir::ExprPtr& r, Span s, bool& handled) {
  handled = host_ && (!instance_class(l->type).empty() || !instance_class(r->type).empty());
  if (!handled) return nullptr;
  const char* name = special_name(op);
  if (const FunctionEntry* m = name ? special_method(l->type, name) : nullptr) {
    return call_special(*m, args_of(std::move(l), std::move(r)), s);
  }
  const char* reflected = reflected_name(op);
  if (const FunctionEntry* m = reflected ? special_method(r->type, reflected) : nullptr) {
    return call_special(*m, args_of(std::move(r), std::move(l)), s);
  }
  return fail(s, "unsupported operand type(s) for " + std::string(python_spelling(op)) + ": '" +
                     python_type_name(l->type) + "' and '" + python_type_name(r->type) +
                     "' (TypeError; py2cuda calls __add__, __sub__, __mul__, __truediv__, __floordiv__ and __mod__ "
                     "of the left operand, then __radd__, __rsub__, __rmul__ and __rtruediv__ of the right one)");
}

ir::ExprPtr FunctionBuilder::instance_unary(UnaryOp op, ir::ExprPtr& v, Span s, bool& handled) {
  handled = host_ && !instance_class(v->type).empty() && (op == UnaryOp::Neg || op == UnaryOp::Pos);
  if (!handled) return nullptr;
  const char* name = op == UnaryOp::Neg ? "__neg__" : "__pos__";
  if (const FunctionEntry* m = special_method(v->type, name)) return call_special(*m, args_of(std::move(v)), s);
  return fail(s, std::string("bad operand type for unary ") + (op == UnaryOp::Neg ? "-" : "+") + ": '" +
                     python_type_name(v->type) + "' (TypeError; py2cuda calls its " + name + ")");
}

ir::ExprPtr FunctionBuilder::instance_comparison(CmpOp op, ir::ExprPtr& l, ir::ExprPtr& r, Span s, bool& handled) {
  handled = host_ && (!instance_class(l->type).empty() || !instance_class(r->type).empty());
  if (!handled) return nullptr;
  if ((op == CmpOp::In || op == CmpOp::NotIn) && !instance_class(r->type).empty()) {
    // `x in obj`: obj.__contains__(x), its result's truth.
    const FunctionEntry* m = special_method(r->type, "__contains__");
    if (!m) {
      return fail(s, "argument of type '" + python_type_name(r->type) + "' is not iterable (TypeError; py2cuda "
                         "calls __contains__ of the right operand of 'in')");
    }
    auto found = call_special(*m, args_of(std::move(r), std::move(l)), s);
    if (!found) return nullptr;
    found = truth_value(std::move(found));
    return op == CmpOp::In ? std::move(found) : call_node(types::boolean(), "!({0})", s, args_of(std::move(found)));
  }
  const auto [name, reflected] = special_names(op);
  if (const FunctionEntry* m = name ? special_method(l->type, name) : nullptr) {
    return call_special(*m, args_of(std::move(l), std::move(r)), s);
  }
  if (const FunctionEntry* m = reflected ? special_method(r->type, reflected) : nullptr) {
    return call_special(*m, args_of(std::move(r), std::move(l)), s);
  }
  if (op == CmpOp::NotEq) {
    // Python's default __ne__ negates __eq__.
    if (const FunctionEntry* m = special_method(l->type, "__eq__")) {
      auto eq = call_special(*m, args_of(std::move(l), std::move(r)), s);
      return eq ? call_node(types::boolean(), "!({0})", s, args_of(std::move(eq))) : nullptr;
    }
  }
  const bool identity = op == CmpOp::Eq || op == CmpOp::NotEq || op == CmpOp::Is || op == CmpOp::IsNot;
  const sema::ClassInfo* k = special_class(l->type);
  if ((op == CmpOp::Eq || op == CmpOp::NotEq) && l->type == r->type && k && k->def && sema::is_dataclass(*k->def)) {
    // The __eq__ dataclasses generates: the fields, in order, compared as tuples.
    std::string pattern = "[](const auto& a, const auto& b) { return ";
    int fields = 0;
    for (const ast::AnnAssign* st : sema::dataclass_fields(*k->def)) {
      const std::string& name = ast::as<ast::Name>(*st->target).id;
      TypeRef t = mb_.class_attribute_type(k->name, name);
      if (!t || !(t->is_number() || t->is_string())) {
        return fail(s, "== of the dataclass '" + k->name + "' compares its field '" + name + "' of type " +
                           (t ? t->str() : "unknown") + ", which py2cuda does not (numbers and strings only)");
      }
      pattern += (fields++ ? " && a->" : "a->") + cpp_identifier(name) + " == b->" + cpp_identifier(name);
    }
    pattern += std::string(fields ? "" : "true") + "; }({0}, {1})";
    auto eq = call_node(types::boolean(), pattern, s, args_of(std::move(l), std::move(r)));
    return op == CmpOp::Eq ? std::move(eq) : call_node(types::boolean(), "!{0}", s, args_of(std::move(eq)));
  }
  const std::string lc = instance_class(l->type), rc = instance_class(r->type);
  const bool related = !lc.empty() && !rc.empty() && (is_subclass(lc, rc) || is_subclass(rc, lc));
  if (identity && (l->type == r->type || related)) {
    // Without __eq__, == is identity: one object, one shared_ptr (of a class and its base alike).
    const bool equal = op == CmpOp::Eq || op == CmpOp::Is;
    return call_node(types::boolean(), equal ? "({0} == {1})" : "({0} != {1})", s,
                     args_of(std::move(l), std::move(r)));
  }
  if (identity && !lc.empty() && !rc.empty()) {
    // Instances of unrelated classes without __eq__: never equal, never the same object.
    const bool equal = op == CmpOp::Eq || op == CmpOp::Is;
    return call_node(types::boolean(), equal ? "((void){0}, (void){1}, false)" : "((void){0}, (void){1}, true)", s,
                     args_of(std::move(l), std::move(r)));
  }
  if (identity) {
    return fail(s, "comparing a '" + python_type_name(l->type) + "' with a '" + python_type_name(r->type) +
                       "' by identity is not supported by py2cuda (define __eq__)");
  }
  return fail(s, "'" + std::string(python_spelling(op)) + "' not supported between instances of '" +
                     python_type_name(l->type) + "' and '" + python_type_name(r->type) + "' (TypeError)");
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
  for (const ast::AnnAssign* st : sema::dataclass_fields(*k.def)) {
    const std::string& name = ast::as<ast::Name>(*st->target).id;
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

// print(points) of a list or dict of the program's instances (`points`, `scene.shapes`,
// `sorted(jobs, key=...)`): the text Python prints, the repr of each element (its __repr__, or a
// dataclass's), typed as the Python expression that makes it, over the container as named, or
// over `value` held in a variable first. Null, `value` kept, where the container is of another
// shape (the caller then says what is not supported); null with `value` taken where the text
// failed (reported).
ir::ExprPtr FunctionBuilder::instance_container_text(const ast::Expr& container, ir::ExprPtr& value) {
  const TypeRef t = value->type;
  const bool list = t->is_list() && !instance_class(t->dtype()).empty();
  const bool dict = t->is_dict() && !instance_class(t->value_type()).empty() &&
                    (t->key_type()->is_string() || t->key_type()->is_number());
  if (!list && !dict) return nullptr;
  const ast::Expr* root = &container;
  while (root->kind == ast::ExprKind::Attribute) root = ast::as<ast::Attribute>(*root).value.get();
  auto text_over = [&](const std::string& name) -> ir::ExprPtr {
    const std::string text =
        list ? "'[' + ', '.join([repr(print_item_) for print_item_ in " + name + "]) + ']'"
             : "'{' + ', '.join([repr(print_key_) + ': ' + repr(print_value_) for print_key_, print_value_ in " +
                   name + ".items()]) + '}'";
    ast::ExprPtr e = frontend::parse_expression(text, container.span, D());
    ir::ExprPtr v = e ? expr(*e) : nullptr;
    if (e) synthetic_ast_.push_back(std::move(e));
    return v;
  };
  if (root->kind == ast::ExprKind::Name) return text_over(std::string(D().file().span_text(container.span)));
  // A call's result: evaluated once, into a variable the text reads by a name only py2cuda writes.
  const std::string name =
      "py2cuda_items_" + std::to_string(container.span.line) + "_" + std::to_string(container.span.col);
  return with_held(std::move(value), "items", [&](ir::Variable* held) {
    comprehension_vars_[name] = held;
    auto v = text_over(name);
    comprehension_vars_.erase(name);
    return v;
  });
}

// `counter(x)`: an instance of a class defining __call__, called; the method's (or, for an
// instance of a base, the object's own class's) with the call's arguments.
ir::ExprPtr FunctionBuilder::instance_call(const ast::Call& c, bool& handled) {
  handled = false;
  // `Launcher(add_k)(a, b)`: a new instance of a class with __call__, called at once.
  const bool new_callable = c.func->kind == ast::ExprKind::Call && [&] {
    const sema::ClassInfo* k = class_named(*ast::as<ast::Call>(*c.func).func);
    return k && k->methods.count("__call__");
  }();
  if (c.func->kind != ast::ExprKind::Name && c.func->kind != ast::ExprKind::Attribute &&
      c.func->kind != ast::ExprKind::Subscript && !new_callable) {
    return nullptr;
  }
  auto callee = expr(*c.func);
  if (!callee) {
    handled = true;  // reported there
    return nullptr;
  }
  const FunctionEntry* method = special_method(callee->type, "__call__");
  if (!method) return nullptr;
  handled = true;
  const sema::ClassInfo* k = special_class(callee->type);
  return dispatch(*k, "__call__", false, std::move(callee), c.span, [&](const FunctionEntry& f, ir::ExprPtr self) {
    std::vector<ir::ExprPtr> given;
    given.push_back(std::move(self));
    return call_function(c, f, std::move(given));
  });
}

}  // namespace py2cuda::infer
