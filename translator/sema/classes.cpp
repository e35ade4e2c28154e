// Classes of host code. A plain class (`class C:` or `class C(object):`) whose body holds
// methods, static methods, class constants and a docstring is translated: sema makes its
// constructor here, infer types its attributes from every `self.x = ...` (ModuleBuilder's
// class records), lower prints it as a struct. What py2cuda does not translate keeps the
// statement unsupported, its `what` naming the feature: host code reports it at the line.
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "frontend/ast_clone.h"
#include "py2cuda/host/exception_handling.h"
#include "sema/ast_names.h"
#include "sema/classes.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// The special methods that change what an instance means to Python's operators, printing,
// iteration...: a class defining one py2cuda does not call (infer/host_classes.cpp calls these)
// is not translated.
bool is_unsupported_special_method(const std::string& name) {
  static const std::set<std::string> kCalled = {
      "__init__", "__str__", "__repr__", "__len__", "__getitem__", "__eq__", "__ne__", "__lt__", "__le__",
      "__gt__", "__ge__", "__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
      "__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__contains__", "__enter__", "__exit__", "__call__", "__post_init__",
      "__neg__", "__pos__"};
  return name.size() > 4 && name.starts_with("__") && name.ends_with("__") && !kCalled.count(name);
}

bool is_name(const ast::Expr& e, const char* id) {
  return e.kind == ast::ExprKind::Name && ast::as<ast::Name>(e).id == id;
}

}  // namespace

MethodKind method_kind(const ast::FunctionDef& f, const std::set<std::string>& properties) {
  if (f.decorators.empty()) return MethodKind::Instance;
  const ast::Expr& d = *f.decorators[0];
  if (is_name(d, "staticmethod")) return MethodKind::Static;
  if (is_name(d, "classmethod")) return MethodKind::Class;
  if (is_name(d, "property")) return MethodKind::Property;
  if (d.kind == ast::ExprKind::Attribute) {
    const auto& a = ast::as<ast::Attribute>(d);
    if (a.attr == "setter" && a.value->kind == ast::ExprKind::Name && ast::as<ast::Name>(*a.value).id == f.name &&
        properties.count(f.name)) {
      return MethodKind::Setter;
    }
  }
  return MethodKind::Unknown;
}

namespace {

// `name` or `dataclasses.name`.
bool is_dataclasses_name(const ast::Expr& e, const char* name) {
  if (is_name(e, name)) return true;
  return e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == name &&
         is_name(*ast::as<ast::Attribute>(e).value, "dataclasses");
}

// A dataclass field's `field(...)` call, or null.
const ast::Call* field_call(const ast::Expr* value) {
  if (!value || value->kind != ast::ExprKind::Call) return nullptr;
  const auto& c = ast::as<ast::Call>(*value);
  return is_dataclasses_name(*c.func, "field") ? &c : nullptr;
}

// Why a field's `field(...)` is not translated ("" when it is): default= and
// default_factory=list/dict only.
std::string unsupported_field(const ast::Call& c, Span& where) {
  where = c.span;
  if (!c.args.empty() || c.has_star_args) return "field(...) with positional arguments";
  for (const auto& k : c.keywords) {
    where = k.span;
    if (k.name == "default") continue;
    if (k.name == "default_factory" && (is_name(*k.value, "list") || is_name(*k.value, "dict"))) continue;
    return "field(" + k.name + "=...) (py2cuda translates default= and default_factory=list or dict)";
  }
  return "";
}

}  // namespace

bool is_dataclass(const ast::ClassDef& c) {
  if (c.decorators.size() != 1) return false;
  const ast::Expr& d = *c.decorators[0];
  if (is_dataclasses_name(d, "dataclass")) return true;
  return dataclass_frozen(c) >= 0;
}

int dataclass_frozen(const ast::ClassDef& c) {
  if (c.decorators.size() != 1 || c.decorators[0]->kind != ast::ExprKind::Call) return -1;
  const auto& call = ast::as<ast::Call>(*c.decorators[0]);
  if (!is_dataclasses_name(*call.func, "dataclass") || !call.args.empty() || call.keywords.size() != 1) return -1;
  const auto& k = call.keywords[0];
  if (k.name != "frozen" || k.value->kind != ast::ExprKind::BoolLit) return -1;
  return ast::as<ast::BoolLit>(*k.value).value ? 1 : 0;
}

namespace {

// `def __exit__(self, *args)`: a with statement passes the exception's three values, which such
// a method takes only to ignore. Unread, the `*args` (or `**kwargs`) is dropped, and the with
// statement passes nothing for it (infer/context_managers.cpp).
void drop_unread_star_parameters(ast::FunctionDef& f) {
  std::set<std::string> read;
  visit_names(f.body, [&](ast::Name& n) { read.insert(n.id); });
  std::erase_if(f.params, [&](const ast::Param& p) {
    return (p.kind == ast::Param::Kind::VarArgs || p.kind == ast::Param::Kind::KwArgs) && !read.count(p.name);
  });
}

// Why the class cannot be translated ("" when it can), and where. `known` holds the classes
// translated so far, which one may derive from (single inheritance: c.base).
std::string unsupported_feature(ast::ClassDef& c, Span& where, const std::map<std::string, ast::ClassDef*>& known) {
  where = c.span;
  std::set<std::string> properties;  // the @property getters so far, whose @name.setter may follow
  const bool dataclass = is_dataclass(c);
  if (!c.decorators.empty() && !dataclass) {
    where = c.decorators[0]->span;
    return "decorated class definition (other than @dataclass or @dataclass(frozen=...))";
  }
  if (c.has_class_keywords) return "class definition with keywords (metaclass=...)";
  for (const auto& b : c.bases) {
    if (is_name(*b, "object")) continue;
    where = b->span;
    if (c.base) return "multiple inheritance (a class with more than one base class)";
    auto it = b->kind == ast::ExprKind::Name ? known.find(ast::as<ast::Name>(*b).id) : known.end();
    if (it == known.end()) return "class inheriting from a class py2cuda does not translate (only from a class of the program defined before it)";
    if (is_dataclass(*it->second) != dataclass) return "a dataclass inheriting from a plain class, or a plain class from a dataclass";
    c.base = it->second;
  }
  for (const auto& s : c.body) {
    switch (s->kind) {
      case ast::StmtKind::Pass: continue;
      case ast::StmtKind::Expr:
        if (ast::as<ast::ExprStmt>(*s).value->kind == ast::ExprKind::StrLit) continue;  // a docstring
        break;
      case ast::StmtKind::Assign: {
        const auto& a = ast::as<ast::Assign>(*s);
        if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name) continue;
        break;
      }
      case ast::StmtKind::AnnAssign: {
        // A dataclass's field `x: int = 0`, `xs: list = field(default_factory=list)`.
        const auto& a = ast::as<ast::AnnAssign>(*s);
        if (!dataclass || a.target->kind != ast::ExprKind::Name) break;
        if (const ast::Call* f = field_call(a.value.get())) {
          if (std::string why = unsupported_field(*f, where); !why.empty()) return why;
        }
        continue;
      }
      case ast::StmtKind::FunctionDef: {
        auto& f = ast::as<ast::FunctionDef>(*s);
        where = f.name_span;
        if (is_unsupported_special_method(f.name)) return "the special method '" + f.name + "' in a class";
        if (f.name == "__exit__") drop_unread_star_parameters(f);
        if (f.is_async) return "async method";
        for (const auto& p : f.params) {
          if (p.kind != ast::Param::Kind::Normal) return "method with *args, **kwargs or keyword-only parameters";
        }
        if (f.decorators.size() > 1) {
          where = f.decorators[1]->span;
          return "method with more than one decorator";
        }
        const MethodKind kind = method_kind(f, properties);
        if (kind == MethodKind::Unknown) {
          where = f.decorators[0]->span;
          return "decorated method (other than @staticmethod, @classmethod, @property and @name.setter)";
        }
        const bool is_static = kind == MethodKind::Static;
        if (kind == MethodKind::Property) {
          properties.insert(f.name);
          if (f.params.size() != 1) return "property getter taking parameters other than 'self'";
        }
        if (kind == MethodKind::Setter && f.params.size() != 2) return "property setter not taking (self, value)";
        if (kind == MethodKind::Class && f.params.empty()) return "class method without a 'cls' parameter";
        if (f.name.starts_with("__") && kind != MethodKind::Instance) return "special method with a decorator";
        if (!is_static && f.params.empty()) return "method without a 'self' parameter";
        if (f.name == "__init__" && is_static) return "static __init__";
        if (f.name == "__init__" && dataclass) return "dataclass defining its own __init__";
        continue;
      }
      default: break;
    }
    where = s->span;
    return "statement other than a method, a constant or a docstring in a class body";
  }
  return "";
}

// `return` in __init__ returns the new object from the constructor.
void returns_self(ast::Block& body, Span span);

// A dataclass's __init__, as dataclasses writes it: a parameter per field, in order, with the
// field's default, each stored into the attribute of its name.
void dataclass_init(const ast::ClassDef& c, ast::FunctionDef& ctor, Span at) {
  for (const ast::AnnAssign* s : dataclass_fields(c)) {
    const auto& f = *s;
    const std::string& name = ast::as<ast::Name>(*f.target).id;
    ast::Param p;
    p.name = name;
    p.span = f.target->span;
    p.default_value = ast::clone(f.value.get());
    if (const ast::Call* fc = field_call(f.value.get())) {
      // field(default=v): v; field(default_factory=list): `[]`, made again at each call as the factory is.
      p.default_value = nullptr;
      for (const auto& k : fc->keywords) {
        if (k.name == "default") p.default_value = ast::clone(k.value.get());
        else if (is_name(*k.value, "list")) p.default_value = std::make_unique<ast::ListExpr>(k.value->span);
        else p.default_value = std::make_unique<ast::DictExpr>(k.value->span);
      }
    }
    ctor.params.push_back(std::move(p));
    auto store = std::make_unique<ast::Assign>(s->span);
    store->targets.push_back(
        std::make_unique<ast::Attribute>(f.target->span, std::make_unique<ast::Name>(at, "self"), name, f.target->span));
    store->value = std::make_unique<ast::Name>(f.target->span, name);
    ctor.body.push_back(std::move(store));
  }
}
void returns_self(ast::Block& body, Span span) {  // NOLINT(misc-no-recursion)
  for (auto& s : body) {
    switch (s->kind) {
      case ast::StmtKind::Return: {
        auto& r = ast::as<ast::Return>(*s);
        if (!r.value) r.value = std::make_unique<ast::Name>(r.span, "self");
        break;
      }
      case ast::StmtKind::If:
        returns_self(ast::as<ast::If>(*s).body, span);
        returns_self(ast::as<ast::If>(*s).orelse, span);
        break;
      case ast::StmtKind::For:
        returns_self(ast::as<ast::For>(*s).body, span);
        returns_self(ast::as<ast::For>(*s).orelse, span);
        break;
      case ast::StmtKind::While:
        returns_self(ast::as<ast::While>(*s).body, span);
        returns_self(ast::as<ast::While>(*s).orelse, span);
        break;
      case ast::StmtKind::With: returns_self(ast::as<ast::With>(*s).body, span); break;
      case ast::StmtKind::Try:
        ast::as<ast::Try>(*s).for_each_block([&](ast::Block& b) { returns_self(b, span); });
        break;
      default: break;
    }
  }
}

ast::FunctionDef* init_of(const ast::ClassDef& c) {
  for (const auto& s : c.body) {
    if (s->kind == ast::StmtKind::FunctionDef && ast::as<ast::FunctionDef>(*s).name == "__init__") {
      return &ast::as<ast::FunctionDef>(*s);
    }
  }
  return nullptr;
}

// A class-level value a constructor can write again: a literal, a negated number, a tuple of them
// (None is the field's own starting value).
bool literal_value(const ast::Expr& e) { return e.kind != ast::ExprKind::NoneLit && constant_syntax(e); }

// The attributes the program assigns through objects (`self.omega = omega` in a method,
// `m2.gain = 0.5` outside the class), less those it also assigns through a class (`Solver.count
// += 1`, `cls.count = 0`), which sema/class_variables.cpp makes one value shared by the class.
std::set<std::string> object_assigned_attributes(ast::Module& module, const std::set<std::string>& class_names) {
  std::set<std::string> through_objects, through_classes;
  auto target = [&](const ast::Expr& t) {
    if (t.kind != ast::ExprKind::Attribute || ast::as<ast::Attribute>(t).value->kind != ast::ExprKind::Name) return;
    const std::string& base = ast::as<ast::Name>(*ast::as<ast::Attribute>(t).value).id;
    (class_names.count(base) || base == "cls" ? through_classes : through_objects).insert(ast::as<ast::Attribute>(t).attr);
  };
  std::function<void(const ast::Block&)> scan = [&](const ast::Block& b) {
    for (const auto& st : b) {
      if (st->kind == ast::StmtKind::Assign) {
        for (const auto& t : ast::as<ast::Assign>(*st).targets) target(*t);
      }
      if (st->kind == ast::StmtKind::AugAssign) target(*ast::as<ast::AugAssign>(*st).target);
      for (const ast::Block* inner : nested_blocks(*st)) scan(*inner);
      if (st->kind == ast::StmtKind::FunctionDef) scan(ast::as<ast::FunctionDef>(*st).body);
      if (st->kind == ast::StmtKind::Unsupported) scan(ast::as<ast::UnsupportedStmt>(*st).body);
    }
  };
  scan(module.body);
  scan(module.hoisted);
  for (const std::string& a : through_classes) through_objects.erase(a);
  return through_objects;
}

// `self.omega = 0.8` for each literal class attribute (`omega = 0.8` in the class body, the
// nearest class's) that an instance may assign: the instance's own attribute starts as the
// class's value, which Python reads through the instance until it is assigned (the object's
// field was zero).
void class_defaults(const ast::ClassDef& c, const std::set<std::string>& assigned, const std::string& self, Span at,
                    ast::Block& out) {
  std::set<std::string> done;
  for (const ast::ClassDef* k = &c; k; k = k->base) {
    for (const auto& s : k->body) {
      if (s->kind != ast::StmtKind::Assign) continue;
      const auto& a = ast::as<ast::Assign>(*s);
      if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) continue;
      const std::string& attr = ast::as<ast::Name>(*a.targets[0]).id;
      if (!assigned.count(attr) || !done.insert(attr).second || !literal_value(*a.value)) continue;
      auto init = std::make_unique<ast::Assign>(a.span);
      init->targets.push_back(
          std::make_unique<ast::Attribute>(at, std::make_unique<ast::Name>(at, self), attr, a.targets[0]->span));
      init->value = ast::clone(a.value.get());
      out.push_back(std::move(init));
    }
  }
}

// `def C(params of __init__ but self): self = <new C>; <the class's defaults of the attributes
// objects assign>; <__init__'s body>; return self`.
std::unique_ptr<ast::FunctionDef> make_constructor(ast::ClassDef& c, const std::set<std::string>& assigned) {
  ast::FunctionDef* init = nullptr;
  for (auto& s : c.body) {
    if (s->kind == ast::StmtKind::FunctionDef && ast::as<ast::FunctionDef>(*s).name == "__init__") {
      init = &ast::as<ast::FunctionDef>(*s);
    }
  }
  const Span at = init ? init->span : c.span;
  auto ctor = std::make_unique<ast::FunctionDef>(at);
  ctor->name = c.name;
  ctor->name_span = c.name_span;
  // The object: a call infer knows (FunctionBuilder::call), never written by users.
  auto make = std::make_unique<ast::Call>(at, std::make_unique<ast::Name>(at, kNewObjectFunction));
  auto cls = std::make_unique<ast::StrLit>(at);
  cls->value = c.name;
  make->args.push_back(std::move(cls));
  auto assign = std::make_unique<ast::Assign>(at);
  assign->targets.push_back(std::make_unique<ast::Name>(at, init && !init->params.empty() ? init->params[0].name : "self"));
  assign->value = std::move(make);
  ctor->body.push_back(std::move(assign));
  std::string self = "self";
  if (is_dataclass(c)) dataclass_init(c, *ctor, at);
  // A subclass without __init__ runs its nearest base's; a class with subclasses keeps its
  // __init__ as a method for their super().__init__(...). Either way the constructor calls it:
  // `Base.__init__(self, params...)`.
  const ast::ClassDef* owner = &c;
  while (owner && !init_of(*owner)) owner = owner->base;
  if (owner && (owner != &c || c.has_subclasses)) {
    const ast::FunctionDef& called = *init_of(*owner);
    self = called.params[0].name;
    ast::as<ast::Name>(*ast::as<ast::Assign>(*ctor->body[0]).targets[0]).id = self;
    auto call = std::make_unique<ast::Call>(
        at, std::make_unique<ast::Attribute>(at, std::make_unique<ast::Name>(at, owner->name), "__init__", at));
    call->args.push_back(std::make_unique<ast::Name>(at, self));
    for (size_t i = 1; i < called.params.size(); ++i) {
      ast::Param p;
      p.name = called.params[i].name;
      p.span = called.params[i].span;
      p.default_value = ast::clone(called.params[i].default_value.get());
      call->args.push_back(std::make_unique<ast::Name>(at, p.name));
      ctor->params.push_back(std::move(p));
    }
    ctor->body.push_back(std::make_unique<ast::ExprStmt>(at, std::move(call)));
  } else if (init) {
    self = init->params[0].name;
    for (size_t i = 1; i < init->params.size(); ++i) ctor->params.push_back(std::move(init->params[i]));
    returns_self(init->body, at);
    for (auto& s : init->body) ctor->body.push_back(std::move(s));
    init->body.clear();
  }
  if (!is_dataclass(c)) {  // the class's defaults right after the object is made, before __init__ runs
    ast::Block defaults;
    class_defaults(c, assigned, self, at, defaults);
    ctor->body.insert(ctor->body.begin() + 1, std::make_move_iterator(defaults.begin()),
                      std::make_move_iterator(defaults.end()));
  }
  // A dataclass's __init__ ends by calling __post_init__ where the class or a base defines one.
  bool post_init = false;
  for (const ast::ClassDef* k = &c; k && is_dataclass(c); k = k->base) {
    for (const auto& s : k->body) {
      post_init = post_init || (s->kind == ast::StmtKind::FunctionDef &&
                                ast::as<ast::FunctionDef>(*s).name == "__post_init__");
    }
  }
  if (post_init) {
    auto call = std::make_unique<ast::Call>(
        at, std::make_unique<ast::Attribute>(at, std::make_unique<ast::Name>(at, self), "__post_init__", at));
    ctor->body.push_back(std::make_unique<ast::ExprStmt>(at, std::move(call)));
  }
  auto ret = std::make_unique<ast::Return>(at);
  ret->value = std::make_unique<ast::Name>(at, self);
  ctor->body.push_back(std::move(ret));
  return ctor;
}

}  // namespace

std::vector<const ast::AnnAssign*> dataclass_fields(const ast::ClassDef& c) {
  std::vector<const ast::AnnAssign*> fields = c.base ? dataclass_fields(*c.base) : std::vector<const ast::AnnAssign*>{};
  for (const auto& s : c.body) {
    if (s->kind != ast::StmtKind::AnnAssign) continue;
    const auto* f = &ast::as<ast::AnnAssign>(*s);
    const std::string& name = ast::as<ast::Name>(*f->target).id;
    auto same = std::find_if(fields.begin(), fields.end(),
                             [&](const ast::AnnAssign* g) { return ast::as<ast::Name>(*g->target).id == name; });
    if (same != fields.end()) *same = f;
    else fields.push_back(f);
  }
  return fields;
}

// `def __init__(self, message): super().__init__(message)`: what an exception class without an
// __init__ does with its one argument.
bool passes_message_on(const ast::Stmt& s) {
  if (s.kind != ast::StmtKind::FunctionDef) return false;
  const auto& f = ast::as<ast::FunctionDef>(s);
  if (f.name != "__init__" || !f.decorators.empty() || f.params.size() != 2 || f.body.size() != 1) return false;
  for (const auto& p : f.params) {
    if (p.kind != ast::Param::Kind::Normal || p.default_value) return false;
  }
  if (f.body[0]->kind != ast::StmtKind::Expr) return false;
  const ast::Expr& e = *ast::as<ast::ExprStmt>(*f.body[0]).value;
  if (e.kind != ast::ExprKind::Call) return false;
  const auto& call = ast::as<ast::Call>(e);
  if (call.args.size() != 1 || !call.keywords.empty() || call.func->kind != ast::ExprKind::Attribute) return false;
  const auto& init = ast::as<ast::Attribute>(*call.func);
  const bool super_init = init.attr == "__init__" && init.value->kind == ast::ExprKind::Call &&
                          is_name(*ast::as<ast::Call>(*init.value).func, "super") &&
                          ast::as<ast::Call>(*init.value).args.empty();
  return super_init && is_name(*call.args[0], f.params[1].name.c_str());
}

// `class ShapeError(ValueError): pass` (a docstring, `...`, or an __init__ that only passes its
// message on, for a body): an exception class the program raises and catches by name. It needs
// no struct: the runtime's PyException carries its name, and infer matches an except clause
// naming a base against its subclasses. One whose body does more (attributes, other methods)
// stays a class, which py2cuda does not translate.
void take_exception_classes(ast::Module& module) {
  for (auto* block : {&module.body, &module.hoisted}) {
    for (auto it = block->begin(); it != block->end();) {
      auto* c = (*it)->kind == ast::StmtKind::Unsupported ? dynamic_cast<ast::ClassDef*>(it->get()) : nullptr;
      bool exception = c && c->bases.size() == 1 && !c->has_class_keywords && c->decorators.empty() &&
                       c->bases[0]->kind == ast::ExprKind::Name;
      if (exception) {
        const std::string& base = ast::as<ast::Name>(*c->bases[0]).id;
        exception = module.exception_classes.count(base) || host::is_exception_class(base);
      }
      for (size_t i = 0; exception && i < c->body.size(); ++i) {
        const auto& st = c->body[i];
        const bool docstring = st->kind == ast::StmtKind::Expr &&
                               (ast::as<ast::ExprStmt>(*st).value->kind == ast::ExprKind::StrLit ||
                                (ast::as<ast::ExprStmt>(*st).value->kind == ast::ExprKind::Unsupported &&
                                 ast::as<ast::UnsupportedExpr>(*ast::as<ast::ExprStmt>(*st).value).what == "ellipsis"));
        exception = exception && (st->kind == ast::StmtKind::Pass || docstring || passes_message_on(*st));
      }
      if (!exception) {
        ++it;
        continue;
      }
      module.exception_classes[c->name] = ast::as<ast::Name>(*c->bases[0]).id;
      it = block->erase(it);
    }
  }
}

void prepare_classes(ast::Module& module) {
  take_exception_classes(module);
  // Definitions from `if __name__ == "__main__":` and host functions (sema/nested_functions.cpp) too.
  std::vector<ast::ClassDef*> classes;
  for (auto* block : {&module.body, &module.hoisted}) {
    for (auto& s : *block) {
      auto* c = s->kind == ast::StmtKind::Unsupported ? dynamic_cast<ast::ClassDef*>(s.get()) : nullptr;
      if (c) classes.push_back(c);
    }
  }
  std::set<std::string> class_names;
  for (ast::ClassDef* c : classes) class_names.insert(c->name);
  const std::set<std::string> object_attributes = object_assigned_attributes(module, class_names);
  std::map<std::string, ast::ClassDef*> known;
  for (ast::ClassDef* c : classes) {
    Span where;
    std::string feature = unsupported_feature(*c, where, known);
    if (!feature.empty()) {
      c->what = feature;
      c->hint = "py2cuda translates plain classes: methods, static and class methods, properties, class constants, "
                "attributes set through self, single inheritance, the special methods of printing, len, [], in, "
                "comparisons and arithmetic";
      if (where.valid()) c->span = where;
      continue;
    }
    known[c->name] = c;
    for (const ast::ClassDef* b = c->base; b; b = b->base) const_cast<ast::ClassDef*>(b)->has_subclasses = true;
  }
  for (ast::ClassDef* c : classes) {
    if (!known.count(c->name) || known.at(c->name) != c) continue;
    c->constructor = make_constructor(*c, object_attributes);
    // A class method's body names the class by its first parameter (`cls`), which its calls
    // do not pass: infer reads that name as the class (FunctionEntry::class_param).
    for (auto& st : c->body) {
      if (st->kind != ast::StmtKind::FunctionDef) continue;
      auto& f = ast::as<ast::FunctionDef>(*st);
      if (method_kind(f, {}) != MethodKind::Class) continue;
      c->class_params[f.name] = f.params[0].name;
      f.params.erase(f.params.begin());
    }
  }
}

}  // namespace py2cuda::sema
