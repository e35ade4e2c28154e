// Class attributes the program assigns (`Solver.count += 1`, `Config.verbose = True`): one
// value for the class and all its instances, as Python keeps it on the class object. Such an
// attribute becomes a module variable, `Solver_count`, that the functions assigning it
// declare `global`: the class body's `count = 0` moves to module level after the class, and
// every `Solver.count`, `cls.count` in a class method and `self.count` of an instance that
// never assigns its own `count` names the module variable. Infer then types and shares it as
// it does any module variable that functions rebind (infer/host_globals.cpp).
//
// Attributes nothing assigns stay class constants (sema's ClassInfo::constants), re-evaluated
// where they are read, as before.
#include <functional>
#include <map>
#include <set>
#include <string>

#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

bool has_decorator(const ast::FunctionDef& f, const std::string& name) {
  for (const auto& d : f.decorators) {
    if (d->kind == ast::ExprKind::Name && ast::as<ast::Name>(*d).id == name) return true;
  }
  return false;
}

// The class-level `name = value` statements of a class body.
ast::Assign* class_level_assign(ast::ClassDef& c, const std::string& attr) {
  for (auto& s : c.body) {
    if (s->kind != ast::StmtKind::Assign) continue;
    auto& a = ast::as<ast::Assign>(*s);
    if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name && ast::as<ast::Name>(*a.targets[0]).id == attr) {
      return &a;
    }
  }
  return nullptr;
}

class ClassVariables {
 public:
  explicit ClassVariables(ast::Module& module) : module_(module) {
    for (auto& s : module_.body) {
      if (auto* c = dynamic_cast<ast::ClassDef*>(s.get()); c && c->constructor) classes_[c->name] = c;
    }
  }

  void run() {
    if (classes_.empty()) return;
    find_assigned();
    if (variables_.empty()) return;
    name_variables();
    rewrite();
    move_initial_values();
  }

 private:
  // The class among `c` and its bases whose body defines `attr`, or null.
  ast::ClassDef* defining(ast::ClassDef* c, const std::string& attr) const {
    for (const ast::ClassDef* k = c; k; k = k->base) {
      auto* owner = const_cast<ast::ClassDef*>(k);
      if (class_level_assign(*owner, attr)) return owner;
    }
    return nullptr;
  }

  // What names a class in a function of class `owner` (null outside classes): the class's
  // name, and a class method's first parameter.
  ast::ClassDef* class_named(const ast::Expr& e, const std::map<std::string, ast::ClassDef*>& scope) const {
    if (e.kind != ast::ExprKind::Name) return nullptr;
    const std::string& id = ast::as<ast::Name>(e).id;
    if (auto it = scope.find(id); it != scope.end()) return it->second;
    auto it = classes_.find(id);
    return it == classes_.end() ? nullptr : it->second;
  }

  // Calls `f(body, scope, self_class)` for the module's code and each function: `scope` maps
  // a class method's `cls` to its class; `self_name` names a method's instance.
  template <class F>
  void for_each_body(F&& f) {
    f(module_.body, std::map<std::string, ast::ClassDef*>{}, std::string(), nullptr);
    // The module's functions, and the functions defined in them.
    std::function<void(ast::Block&)> functions = [&](ast::Block& block) {
      for (auto& s : block) {
        if (s->kind != ast::StmtKind::FunctionDef) continue;
        auto& def = ast::as<ast::FunctionDef>(*s);
        f(def.body, std::map<std::string, ast::ClassDef*>{}, std::string(), nullptr);
        functions(def.body);
      }
    };
    functions(module_.body);
    functions(module_.hoisted);
    for (auto& [name, c] : classes_) {
      f(c->constructor->body, std::map<std::string, ast::ClassDef*>{}, constructor_self(*c), c);
      for (auto& s : c->body) {
        if (s->kind != ast::StmtKind::FunctionDef) continue;
        auto& m = ast::as<ast::FunctionDef>(*s);
        std::map<std::string, ast::ClassDef*> scope;
        std::string self;
        if (auto it = c->class_params.find(m.name); it != c->class_params.end()) {
          scope[it->second] = c;
        } else if (!has_decorator(m, "staticmethod") && !m.params.empty()) {
          self = m.params[0].name;
        }
        f(m.body, scope, self, c);
      }
    }
  }

  static std::string constructor_self(const ast::ClassDef& c) {
    const auto& first = *c.constructor->body.front();
    if (first.kind != ast::StmtKind::Assign) return "";
    const auto& target = *ast::as<ast::Assign>(first).targets[0];
    return target.kind == ast::ExprKind::Name ? ast::as<ast::Name>(target).id : "";
  }

  // The stores `C.attr = v`, `C.attr op= v` (and through `cls`) of attributes a class body
  // defines; and the attributes instances assign (`self.attr = v`), which shadow the class's.
  void find_assigned() {
    for_each_body([&](ast::Block& body, const std::map<std::string, ast::ClassDef*>& scope, const std::string& self,
                      ast::ClassDef* owner) {
      auto store = [&](const ast::Expr* target) {
        if (!target || target->kind != ast::ExprKind::Attribute) return;
        const auto& a = ast::as<ast::Attribute>(*target);
        if (owner && !self.empty() && a.value->kind == ast::ExprKind::Name && ast::as<ast::Name>(*a.value).id == self) {
          instance_assigned_.insert(a.attr);
          return;
        }
        ast::ClassDef* c = class_named(*a.value, scope);
        if (!c) return;
        if (ast::ClassDef* d = defining(c, a.attr)) variables_[{d, a.attr}] = "";
      };
      visit_stores(body, store);
    });
    // A class-level array, list, dict or set (`cells = np.zeros(3)`): one object, which the
    // program may change in place (a kernel launch writes the array) and every read must see,
    // never a constant re-evaluated where it is read.
    static const std::set<std::string> kDescriptors = {"property", "staticmethod", "classmethod", "field"};
    for (auto& [name, c] : classes_) {
      for (auto& st : c->body) {
        if (st->kind != ast::StmtKind::Assign) continue;
        auto& a = ast::as<ast::Assign>(*st);
        if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) continue;
        const ast::ExprKind k = a.value->kind;
        // (Not `area = property(get_area)` and the like: descriptors, not values.)
        const bool descriptor = k == ast::ExprKind::Call && ast::as<ast::Call>(*a.value).func->kind == ast::ExprKind::Name &&
                                kDescriptors.count(ast::as<ast::Name>(*ast::as<ast::Call>(*a.value).func).id);
        if (!descriptor && (k == ast::ExprKind::Call || k == ast::ExprKind::List || k == ast::ExprKind::Dict ||
                            k == ast::ExprKind::Comprehension)) {
          variables_[{c, ast::as<ast::Name>(*a.targets[0]).id}] = "";
        }
      }
    }
  }

  // Each assignment target of the block's statements, nested blocks included (not nested
  // definitions: a method's statements are visited as their own body).
  template <class Store>
  static void visit_stores(ast::Block& body, Store&& store) {
    for (auto& s : body) {
      switch (s->kind) {
        case ast::StmtKind::Assign:
          for (auto& t : ast::as<ast::Assign>(*s).targets) {
            store(t.get());
            if (t->kind == ast::ExprKind::Tuple) {
              for (auto& e : ast::as<ast::TupleExpr>(*t).elts) store(e.get());
            }
          }
          break;
        case ast::StmtKind::AugAssign: store(ast::as<ast::AugAssign>(*s).target.get()); break;
        case ast::StmtKind::AnnAssign: store(ast::as<ast::AnnAssign>(*s).target.get()); break;
        case ast::StmtKind::If:
          visit_stores(ast::as<ast::If>(*s).body, store), visit_stores(ast::as<ast::If>(*s).orelse, store);
          break;
        case ast::StmtKind::For:
          visit_stores(ast::as<ast::For>(*s).body, store), visit_stores(ast::as<ast::For>(*s).orelse, store);
          break;
        case ast::StmtKind::While:
          visit_stores(ast::as<ast::While>(*s).body, store), visit_stores(ast::as<ast::While>(*s).orelse, store);
          break;
        case ast::StmtKind::With: visit_stores(ast::as<ast::With>(*s).body, store); break;
        case ast::StmtKind::Try: ast::as<ast::Try>(*s).for_each_block([&](ast::Block& b) { visit_stores(b, store); }); break;
        default: break;
      }
    }
  }

  // `Solver_count`, unless the module binds that name already.
  void name_variables() {
    std::set<std::string> taken;
    for (const auto& s : module_.body) bound_names(*s, taken);
    for (const auto& s : module_.hoisted) bound_names(*s, taken);
    for (auto& [key, name] : variables_) {
      name = key.first->name + "_" + key.second;
      while (taken.count(name)) name += "_";
      taken.insert(name);
    }
  }

  // The module variable `C.attr` names here, or "".
  const std::string& variable_of(ast::ClassDef* c, const std::string& attr) const {
    static const std::string kNone;
    if (!c) return kNone;
    auto it = variables_.find({defining(c, attr), attr});
    return it == variables_.end() ? kNone : it->second;
  }

  void rewrite() {
    for_each_body([&](ast::Block& body, const std::map<std::string, ast::ClassDef*>& scope, const std::string& self,
                      ast::ClassDef* owner) {
      std::set<std::string> stored;  // the variables this body assigns: its `global` names
      visit_expr_slots(body, [&](ast::ExprPtr& slot) {
        if (slot->kind != ast::ExprKind::Attribute) return;
        const auto& a = ast::as<ast::Attribute>(*slot);
        ast::ClassDef* c = class_named(*a.value, scope);
        if (!c && owner && !self.empty() && a.value->kind == ast::ExprKind::Name &&
            ast::as<ast::Name>(*a.value).id == self && !instance_assigned_.count(a.attr)) {
          c = owner;  // self.count of an instance without its own count: the class's
        }
        const std::string& variable = variable_of(c, a.attr);
        if (variable.empty()) return;
        slot = std::make_unique<ast::Name>(a.span, variable);
      });
      visit_stores(body, [&](const ast::Expr* target) {
        if (target && target->kind == ast::ExprKind::Name) {
          for (const auto& [key, name] : variables_) {
            if (ast::as<ast::Name>(*target).id == name) stored.insert(name);
          }
        }
      });
      if (&body == &module_.body || stored.empty()) return;
      auto global = std::make_unique<ast::Global>(body.front()->span);
      global->names.assign(stored.begin(), stored.end());
      body.insert(body.begin(), std::move(global));
    });
  }

  // The class body's `count = 0` becomes the module's `Solver_count = 0`, right after the
  // class statement (where Python runs the class body).
  void move_initial_values() {
    for (size_t i = 0; i < module_.body.size(); ++i) {
      auto* c = dynamic_cast<ast::ClassDef*>(module_.body[i].get());
      if (!c || !c->constructor) continue;
      size_t at = i + 1;
      for (auto& [key, name] : variables_) {
        if (key.first != c) continue;
        for (auto it = c->body.begin(); it != c->body.end(); ++it) {
          if (ast::Assign* a = class_level_assign(*c, key.second); a && it->get() == a) {
            auto moved = std::make_unique<ast::Assign>(a->span);
            moved->targets.push_back(std::make_unique<ast::Name>(a->targets[0]->span, name));
            moved->value = std::move(a->value);
            c->body.erase(it);
            c->class_variables[key.second] = name;
            module_.body.insert(module_.body.begin() + static_cast<std::ptrdiff_t>(at++), std::move(moved));
            break;
          }
        }
      }
    }
  }

  ast::Module& module_;
  std::map<std::string, ast::ClassDef*> classes_;
  // (defining class, attribute) -> its module variable's name.
  std::map<std::pair<ast::ClassDef*, std::string>, std::string> variables_;
  std::set<std::string> instance_assigned_;
};

}  // namespace

void class_variables_to_globals(ast::Module& module) { ClassVariables(module).run(); }

}  // namespace py2cuda::sema
