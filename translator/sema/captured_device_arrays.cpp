#include "sema/captured_device_arrays.h"

#include <set>

#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// The dotted path of a name or attribute chain rooted at an import, "" otherwise.
std::string import_path(const ast::Expr& e, const std::map<std::string, std::string>& imports) {
  if (e.kind == ast::ExprKind::Name) {
    auto it = imports.find(ast::as<ast::Name>(e).id);
    return it == imports.end() ? "" : it->second;
  }
  if (e.kind == ast::ExprKind::Attribute) {
    const auto& a = ast::as<ast::Attribute>(e);
    std::string base = import_path(*a.value, imports);
    return base.empty() ? "" : base + "." + a.attr;
  }
  return "";
}

enum class JitKind { Kernel, KernelWithSignature, DeviceFunction, Other };

JitKind jit_kind(const ast::FunctionDef& def, const std::map<std::string, std::string>& imports) {
  for (const auto& d : def.decorators) {
    const ast::Expr* callee = d.get();
    const ast::Call* call = d->kind == ast::ExprKind::Call ? &ast::as<ast::Call>(*d) : nullptr;
    if (call) callee = call->func.get();
    if (import_path(*callee, imports) != "numba.cuda.jit") continue;
    if (!call) return JitKind::Kernel;
    for (const auto& kw : call->keywords) {
      if (kw.name == "device" && !(kw.value->kind == ast::ExprKind::BoolLit && !ast::as<ast::BoolLit>(*kw.value).value))
        return JitKind::DeviceFunction;
    }
    bool signature = !call->args.empty();
    for (const auto& kw : call->keywords) signature = signature || kw.name == "signature_or_function";
    return signature ? JitKind::KernelWithSignature : JitKind::Kernel;
  }
  return JitKind::Other;
}

}  // namespace

bool makes_device_array(const ast::Expr& value, const std::map<std::string, std::string>& imports) {
  if (value.kind != ast::ExprKind::Call) return false;
  static const std::set<std::string> kMakers = {"numba.cuda.to_device", "numba.cuda.device_array",
                                                "numba.cuda.device_array_like"};
  return kMakers.count(import_path(*ast::as<ast::Call>(value).func, imports)) > 0;
}

bool capture_device_array(ast::FunctionDef& reader, const std::string& name, Span read, const std::string& scope,
                          const std::map<std::string, std::string>& imports, Diagnostics& diags) {
  for (size_t i = reader.params.size() - reader.captured_params; i < reader.params.size(); ++i) {
    if (reader.params[i].name == name) return true;
  }
  const JitKind kind = jit_kind(reader, imports);
  if (kind != JitKind::Kernel) {
    const char* what = kind == JitKind::DeviceFunction        ? "a device function"
                       : kind == JitKind::KernelWithSignature ? "a kernel with a signature"
                                                              : "a function that is not a kernel";
    auto& d = diags.error(read, "'" + reader.name + "' reads the device array '" + name + "' from " + scope +
                                    ", which Numba captures by its pointer; py2cuda passes such an array to a kernel "
                                    "without a signature at each launch, and '" + reader.name + "' is " + what);
    Diagnostics::note(d, reader.name_span, "pass '" + name + "' as an argument instead");
    return false;
  }
  ast::Param p;
  p.name = name;
  p.span = read;
  reader.params.push_back(std::move(p));
  ++reader.captured_params;
  return true;
}

void capture_module_device_arrays(ast::Module& module, Diagnostics& diags) {
  std::map<std::string, std::string> imports;
  for (auto* block : {&module.body, &module.hoisted}) {
    for (const auto& s : *block) {
      for (const auto& [name, path] : import_paths(*s)) imports[name] = path;
    }
  }
  // Module names bound once, at the top level, to a new device array. A name bound again would
  // be a different array at each launch, where Numba keeps the one of its first compilation.
  std::map<std::string, int> bindings;  // name -> the top-level statements that bind it
  for (const auto& s : module.body) {
    std::set<std::string> bound;
    bound_names(*s, bound);
    for (const auto& name : bound) ++bindings[name];
  }
  std::map<std::string, const ast::Assign*> arrays;
  for (const auto& s : module.body) {
    if (s->kind != ast::StmtKind::Assign) continue;
    const auto& a = ast::as<ast::Assign>(*s);
    if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) continue;
    const std::string& name = ast::as<ast::Name>(*a.targets[0]).id;
    if (bindings[name] == 1 && makes_device_array(*a.value, imports)) arrays[name] = &a;
  }
  if (arrays.empty()) return;
  for (auto* block : {&module.body, &module.hoisted}) {
    for (auto& s : *block) {
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      auto& def = ast::as<ast::FunctionDef>(*s);
      if (def.decorators.empty()) continue;
      const std::set<std::string> own = locals_of(def);
      std::vector<std::pair<std::string, Span>> reads;
      visit_names(def.body, [&](ast::Name& n) {
        if (!own.count(n.id) && arrays.count(n.id)) reads.emplace_back(n.id, n.span);
      });
      for (const auto& [name, span] : reads) {
        if (!capture_device_array(def, name, span, "module level", imports, diags)) break;
      }
    }
  }
}

}  // namespace py2cuda::sema
