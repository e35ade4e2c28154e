// FunctionBuilder, host code: Python's str methods (the "str.*" rows of the host table,
// implemented by runtime/include/py2cuda/host/str_methods.h), `s[i]`, `s[lo:hi:step]`
// and `sub in s`.
#include <map>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

namespace {

// A parameter's kind: a str, an int, a str or None (a default), the iterable of join().
enum class Param { Str, Int, StrOrNone, Iterable };
enum class Result { Str, Int, Bool, StrList, StrTriple };

struct MethodSpec {
  std::vector<std::pair<std::string, Param>> params;
  size_t required = 0;
  Result result = Result::Str;
};

const std::map<std::string, MethodSpec>& method_specs() {
  static const std::map<std::string, MethodSpec> specs = [] {
    std::map<std::string, MethodSpec> m;
    for (const char* name : {"upper", "lower", "title", "capitalize", "swapcase"}) m[name] = {{}, 0, Result::Str};
    for (const char* name : {"strip", "lstrip", "rstrip"}) m[name] = {{{"chars", Param::StrOrNone}}, 0, Result::Str};
    for (const char* name : {"isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower"}) m[name] = {{}, 0, Result::Bool};
    m["replace"] = {{{"old", Param::Str}, {"new", Param::Str}, {"count", Param::Int}}, 2, Result::Str};
    for (const char* name : {"split", "rsplit"}) m[name] = {{{"sep", Param::StrOrNone}, {"maxsplit", Param::Int}}, 0, Result::StrList};
    m["splitlines"] = {{{"keepends", Param::Int}}, 0, Result::StrList};
    for (const char* name : {"partition", "rpartition"}) m[name] = {{{"sep", Param::Str}}, 1, Result::StrTriple};
    m["removeprefix"] = {{{"prefix", Param::Str}}, 1, Result::Str};
    m["removesuffix"] = {{{"suffix", Param::Str}}, 1, Result::Str};
    for (const char* name : {"startswith", "endswith"}) m[name] = {{{"prefix", Param::Str}}, 1, Result::Bool};
    for (const char* name : {"find", "rfind", "index", "rindex", "count"}) m[name] = {{{"sub", Param::Str}}, 1, Result::Int};
    m["join"] = {{{"iterable", Param::Iterable}}, 1, Result::Str};
    for (const char* name : {"center", "ljust", "rjust"}) m[name] = {{{"width", Param::Int}, {"fillchar", Param::Str}}, 1, Result::Str};
    m["zfill"] = {{{"width", Param::Int}}, 1, Result::Str};
    return m;
  }();
  return specs;
}

TypeRef result_type(Result r) {
  switch (r) {
    case Result::Str: return types::string();
    case Result::Int: return types::int64();
    case Result::Bool: return types::boolean();
    case Result::StrList: return types::host_object("str_list");
    case Result::StrTriple: return types::tuple({types::string(), types::string(), types::string()});
  }
  return types::string();
}

bool all_strings(TypeRef t) {
  if (!t->is_tuple()) return false;
  for (TypeRef e : t->elements()) {
    if (!e->is_string()) return false;
  }
  return true;
}

}  // namespace

ir::ExprPtr FunctionBuilder::str_method(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  const std::string method(row.path.substr(4));
  const std::string what = "str." + method;
  auto it = method_specs().find(method);
  if (it == method_specs().end()) return fail(c.span, what + "() is not supported by py2cuda");
  const MethodSpec& spec = it->second;
  if (c.args.size() > spec.params.size()) {
    return fail(c.span, what + "() takes at most " + std::to_string(spec.params.size()) + " argument" +
                            (spec.params.size() == 1 ? "" : "s") + ", " + std::to_string(c.args.size()) + " given");
  }
  std::vector<const ast::Expr*> given(spec.params.size(), nullptr);
  for (size_t i = 0; i < c.args.size(); ++i) given[i] = c.args[i].get();
  for (const auto& kw : c.keywords) {
    size_t i = 0;
    while (i < spec.params.size() && spec.params[i].first != kw.name) ++i;
    // CPython's str methods take their arguments by position, but for split's, rsplit's,
    // splitlines' and replace's.
    if (i == spec.params.size() ||
        (method != "split" && method != "rsplit" && method != "splitlines" && method != "replace")) {
      return fail(kw.span, what + "() takes no keyword argument '" + kw.name + "'");
    }
    given[i] = kw.value.get();
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(self));
  std::string pattern = std::string(row.runtime) + "({0}";
  for (size_t i = 0; i < spec.params.size(); ++i) {
    const auto& [name, kind] = spec.params[i];
    if (!given[i]) {
      if (i < spec.required) return fail(c.span, what + "() missing required argument '" + name + "'");
      // A later argument given after an omitted one: the omitted one's default.
      bool later = false;
      for (size_t k = i + 1; k < given.size(); ++k) later = later || given[k];
      if (!later) break;
      if (kind == Param::StrOrNone) continue;  // split(maxsplit=1): the whitespace split
      return fail(c.span, what + "(): give '" + name + "' too");
    }
    if (kind == Param::StrOrNone && given[i]->kind == ast::ExprKind::NoneLit) continue;
    auto v = expr(*given[i]);
    if (!v) return nullptr;
    if ((method == "startswith" || method == "endswith") && i == 0) {
      if (all_strings(v->type) && !v->type->elements().empty()) {
        // s.endswith((".csv", ".txt")): any of them.
        std::string any = "[&](const std::string& text, const auto& options) { return ";
        for (size_t k = 0; k < v->type->elements().size(); ++k) {
          any += (k ? " || " : "") + std::string(row.runtime) + "(text, py2cuda::get<" + std::to_string(k) + ">(options))";
        }
        args.push_back(std::move(v));
        auto node = std::make_unique<ir::BuiltinCall>(types::boolean(), any + "; }({0}, {1})", c.span);
        node->args = std::move(args);
        return node;
      }
      if (!v->type->is_string()) {
        return fail(given[i]->span, method + " first arg must be str or a tuple of str, not " + v->type->str() + " (TypeError)");
      }
    }
    switch (kind) {
      case Param::Str:
      case Param::StrOrNone:
        if (!v->type->is_string()) return fail(given[i]->span, what + "() argument '" + name + "' must be str, not " + v->type->str());
        break;
      case Param::Int:
        if (!v->type->is_int() && !v->type->is_bool()) {
          return fail(given[i]->span, what + "() argument '" + name + "' must be an int, not " + v->type->str());
        }
        v = convert(std::move(v), types::int64());
        break;
      case Param::Iterable:
        if (v->type != types::host_object("str_list") && !all_strings(v->type) && !v->type->is_string() &&
            !(v->type->is_tuple() && v->type->elements().empty())) {
          return fail(given[i]->span, what + "() joins strings: a str's characters, a list or tuple of str, or sys.argv (not " +
                                          v->type->str() + ")");
        }
        break;
    }
    pattern += ", {" + std::to_string(args.size()) + "}";
    args.push_back(std::move(v));
  }
  auto node = std::make_unique<ir::BuiltinCall>(result_type(spec.result), pattern + ")", c.span);
  node->args = std::move(args);
  // index() and rindex() raise ValueError, center() a TypeError: keep them in Python's order.
  node->has_effects = method == "index" || method == "rindex";
  return node;
}

ir::ExprPtr FunctionBuilder::str_subscript(ir::ExprPtr base, const ast::Subscript& s) {
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(base));
  if (s.index->kind == ast::ExprKind::Slice) {
    const auto& sl = ast::as<ast::Slice>(*s.index);
    std::string bounds;
    if (!slice_start_stop(sl, args, bounds)) return nullptr;
    std::string step;
    if (sl.step && sl.step->kind != ast::ExprKind::NoneLit) {
      auto v = slice_bound(sl.step.get());
      if (!v) return nullptr;
      step = ", {" + std::to_string(args.size()) + "}";
      args.push_back(std::move(v));
    }
    auto node = std::make_unique<ir::BuiltinCall>(
        types::string(), "py2cuda::host::str_slice({0}, " + bounds + step + ")", s.span);
    node->args = std::move(args);
    return node;
  }
  auto i = expr(*s.index);
  if (!i) return nullptr;
  if (!i->type->is_int() && !i->type->is_bool()) {
    return fail(s.index->span, "string indices must be integers, not " + i->type->str());
  }
  args.push_back(convert(std::move(i), types::int64()));
  auto node = std::make_unique<ir::BuiltinCall>(types::string(), "py2cuda::host::str_at({0}, {1})", s.span);
  node->args = std::move(args);
  node->has_effects = true;  // IndexError
  return node;
}

ir::ExprPtr FunctionBuilder::str_contains(bool negated, ir::ExprPtr sub, ir::ExprPtr text, Span s) {
  if (!sub->type->is_string()) {
    return fail(s, "'in <string>' requires string as left operand, not " + sub->type->str());
  }
  auto node = std::make_unique<ir::BuiltinCall>(
      types::boolean(), negated ? "!py2cuda::host::str_contains({0}, {1})" : "py2cuda::host::str_contains({0}, {1})", s);
  node->args.push_back(std::move(text));
  node->args.push_back(std::move(sub));
  return node;
}

}  // namespace py2cuda::infer
