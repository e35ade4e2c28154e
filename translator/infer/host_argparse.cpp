// FunctionBuilder, host code: Python's argparse (runtime: host/argparse.h). A parser is typed
// from the add_argument() calls that follow its ArgumentParser(...) in the same block of the
// same function, which is how scripts write them; parse_args() then gives a Namespace whose
// attributes have the types argparse gives them: type=int -> int64, type=float -> float64,
// str otherwise, store_true/store_false -> bool, count -> int, nargs lists -> list, and None
// where argparse leaves None (an Optional). What argparse would make of another construct
// (subparsers, groups, custom actions, type= a function) is a located error naming it, which
// host code reports as the warning that drops main().
#include <algorithm>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

constexpr const char* kParserPrefix = "argparse_parser<";
constexpr const char* kNamespacePrefix = "argparse_namespace<";

// K of argparse_parser<K> / argparse_namespace<K>, or -1.
int object_index(TypeRef t, const char* prefix) {
  if (!t || !t->is_host_object() || !t->object_name().starts_with(prefix)) return -1;
  return std::stoi(t->object_name().substr(std::string(prefix).size()));
}

const ast::StrLit* str_literal(const ast::Expr* e) {
  if (!e || e->kind != ast::ExprKind::StrLit) return nullptr;
  const auto& s = ast::as<ast::StrLit>(*e);
  return s.is_fstring || s.is_bytes ? nullptr : &s;
}

// A help string's %-specifiers are argparse's `help % params`: only %(NAME)s/%(NAME)r of the
// names py2cuda knows, and %%.
bool help_format_ok(const std::string& h) {
  static const std::vector<std::string> names = {"default", "prog", "dest", "required", "metavar",
                                                 "const", "type", "help", "choices"};
  for (size_t k = 0; k < h.size(); ++k) {
    if (h[k] != '%') continue;
    if (k + 1 < h.size() && h[k + 1] == '%') {
      ++k;
      continue;
    }
    const size_t close = h.find(')', k);
    if (k + 1 >= h.size() || h[k + 1] != '(' || close == std::string::npos || close + 1 >= h.size()) return false;
    if (std::find(names.begin(), names.end(), h.substr(k + 2, close - k - 2)) == names.end()) return false;
    if (h[close + 1] != 's' && h[close + 1] != 'r') return false;
    k = close + 1;
  }
  return true;
}

}  // namespace

ir::ExprPtr FunctionBuilder::argparse_parser_new(const ast::Call& c) {
  if (c.has_star_args) return fail(c.span, "argparse.ArgumentParser(*args) is not supported by py2cuda");
  if (c.args.size() > 1) return fail(c.args[1]->span, "argparse.ArgumentParser() takes prog as its only positional argument in py2cuda");
  // prog, description, epilog: strings, in ParserSpec's order.
  const std::vector<std::string> names = {"prog", "description", "epilog"};
  std::vector<const ast::Expr*> slot(names.size(), nullptr);
  if (!c.args.empty()) slot[0] = c.args[0].get();
  for (const ast::Keyword& kw : c.keywords) {
    auto it = std::find(names.begin(), names.end(), kw.name);
    if (it == names.end()) {
      return fail(kw.span, "argparse.ArgumentParser(" + kw.name + "=...) is not supported by py2cuda (prog=, "
                           "description= and epilog= are)");
    }
    slot[static_cast<size_t>(it - names.begin())] = kw.value.get();
  }
  std::vector<ir::ExprPtr> args;
  std::string spec = "py2cuda::host::ParserSpec{";
  for (size_t k = 0; k < names.size(); ++k) {
    if (!slot[k] || slot[k]->kind == ast::ExprKind::NoneLit) continue;
    auto v = expr(*slot[k]);
    if (!v) return nullptr;
    if (!v->type->is_string()) return fail(slot[k]->span, "argparse.ArgumentParser(" + names[k] + "=) needs a str");
    spec += ".has_" + names[k] + " = true, ." + names[k] + " = {" + std::to_string(args.size()) + "}, ";
    args.push_back(std::move(v));
  }
  if (spec.ends_with(", ")) spec.resize(spec.size() - 2);
  spec += "}";
  // The parser of this call: the same one again when the body is typed again.
  ArgparseParsers& parsers = mb_.argparse_parsers();
  size_t index = 0;
  while (index < parsers.size() && !(parsers[index].site.line == c.span.line && parsers[index].site.col == c.span.col &&
                                     parsers[index].owner == &entry_)) {
    ++index;
  }
  if (index == parsers.size()) parsers.push_back({});
  parsers[index] = ArgparseParser{.site = c.span, .owner = &entry_, .block_path = block_path_, .fields = {}};
  const std::string type_name = kParserPrefix + std::to_string(index) + ">";
  args.push_back(string_const(D().file().path(), c.span));
  return call_node(types::host_object(type_name), "py2cuda::host::" + type_name + "(" + spec + ", {" +
                                                      std::to_string(args.size() - 1) + "})",
                   c.span, std::move(args));
}

ir::ExprPtr FunctionBuilder::argparse_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self) {
  const int parser = object_index(self->type, kParserPrefix);
  if (parser < 0) return fail(m.attr_span, "'Namespace' object has no method '" + m.attr + "' in py2cuda");
  if (m.attr == "add_argument") return argparse_add_argument(c, parser, std::move(self));
  if (m.attr == "parse_args") {
    if (c.has_star_args || c.args.size() > 1 || !c.keywords.empty()) {
      return fail(c.span, "ArgumentParser.parse_args() takes at most the list of arguments in py2cuda (no namespace=)");
    }
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(self));
    // parse_args(argv) of `def main(argv=None)` called without one: None, sys.argv[1:].
    ir::ExprPtr given;
    if (!c.args.empty() && c.args[0]->kind != ast::ExprKind::NoneLit &&
        !(c.args[0]->kind == ast::ExprKind::List && ast::as<ast::ListExpr>(*c.args[0]).elts.empty())) {
      given = expr(*c.args[0]);
      if (!given) return nullptr;
    }
    if (c.args.empty() || c.args[0]->kind == ast::ExprKind::NoneLit || (given && given->type->is_none())) {
      args.push_back(std::make_unique<ir::BuiltinCall>(types::host_object("str_list"), "py2cuda::host::sys_argv({0})", c.span));
      static_cast<ir::BuiltinCall&>(*args.back()).args.push_back(string_const(D().file().path(), c.span));
    } else if (!given) {
      args.push_back(call_node(types::host_object("str_list"), "std::vector<std::string>{}", c.span, {}));
    } else {
      auto list = std::move(given);
      const TypeRef t = list->type;
      const bool strings = t->is_list() ? (t->dtype() && t->dtype()->is_string())
                           : t->is_tuple() ? std::all_of(t->elements().begin(), t->elements().end(),
                                                         [](TypeRef e) { return e->is_string(); })
                                           : t == types::host_object("str_list");
      if (!strings) return fail(c.args[0]->span, "ArgumentParser.parse_args() needs a list of str, not " + t->str());
      args.push_back(std::move(list));
    }
    const std::string ns = kNamespacePrefix + std::to_string(parser) + ">";
    return with_effects(call_node(types::host_object(ns), "py2cuda::host::" + ns + "({0}.parse_args({1}))", c.span,
                                  std::move(args)));
  }
  if (m.attr == "print_help" || m.attr == "print_usage" || m.attr == "format_help" || m.attr == "format_usage") {
    if (!c.args.empty() || !c.keywords.empty()) {
      return fail(c.span, "ArgumentParser." + m.attr + "() with a file is not supported by py2cuda");
    }
    const bool prints = m.attr.starts_with("print");
    auto call = call_node(prints ? types::none() : types::string(), "{0}." + m.attr + "()", c.span, args_of(std::move(self)));
    if (prints) return with_effects(std::move(call));
    return call;
  }
  if (m.attr == "error") {
    if (c.args.size() != 1 || !c.keywords.empty()) return fail(c.span, "ArgumentParser.error() takes one message");
    auto message = expr(*c.args[0]);
    if (!message) return nullptr;
    if (!message->type->is_string()) return fail(c.args[0]->span, "ArgumentParser.error() needs a str message");
    return with_effects(call_node(types::none(), "{0}.error({1})", c.span, args_of(std::move(self), std::move(message))));
  }
  return fail(m.attr_span, "ArgumentParser." + m.attr + "() is not supported by py2cuda (add_argument, parse_args, "
                           "print_help, print_usage, format_help, format_usage and error are)");
}

ir::ExprPtr FunctionBuilder::argparse_add_argument(const ast::Call& c, int parser, ir::ExprPtr self) {
  ArgparseParser& p = mb_.argparse_parsers()[static_cast<size_t>(parser)];
  if (p.owner != &entry_ || p.block_path != block_path_) {
    return fail(c.span, "ArgumentParser.add_argument() outside the block that made the parser (in a loop, a branch or "
                        "another function) is not supported by py2cuda: add the arguments right after "
                        "argparse.ArgumentParser(...)");
  }
  if (c.has_star_args) return fail(c.span, "ArgumentParser.add_argument(*names) is not supported by py2cuda");
  if (c.args.empty()) return fail(c.span, "ArgumentParser.add_argument() needs a name or option strings");
  std::vector<std::string> names;
  for (const ast::ExprPtr& a : c.args) {
    const ast::StrLit* s = str_literal(a.get());
    if (!s || s->value.empty()) return fail(a->span, "ArgumentParser.add_argument() needs its names as str literals in py2cuda");
    names.push_back(s->value);
  }
  const bool optional = names[0][0] == '-';
  if (!optional && names.size() > 1) {
    return fail(c.args[1]->span, "invalid option string '" + names[0] + "': must start with a character '-'");
  }
  for (const std::string& n : names) {
    if (optional && n[0] != '-') return fail(c.span, "invalid option string '" + n + "': must start with a character '-'");
  }
  std::map<std::string, const ast::Keyword*> kw;
  static const std::vector<std::string> known = {"action", "nargs", "const", "default", "type", "choices",
                                                 "required", "help", "metavar", "dest"};
  for (const ast::Keyword& k : c.keywords) {
    if (std::find(known.begin(), known.end(), k.name) == known.end()) {
      return fail(k.span, "ArgumentParser.add_argument(" + k.name + "=...) is not supported by py2cuda");
    }
    kw[k.name] = &k;
  }
  auto literal_str = [&](const std::string& name, std::string& out) -> bool {
    if (!kw.count(name)) return true;
    const ast::StrLit* s = str_literal(kw[name]->value.get());
    if (!s) {
      D().error(kw[name]->value->span, "ArgumentParser.add_argument(" + name + "=) needs a str literal in py2cuda");
      return false;
    }
    out = s->value;
    return true;
  };
  std::string action = "store", dest, help;
  if (!literal_str("action", action) || !literal_str("dest", dest)) return nullptr;
  static const std::map<std::string, std::string> actions = {{"store", "Store"},
                                                             {"store_true", "StoreTrue"},
                                                             {"store_false", "StoreFalse"},
                                                             {"store_const", "StoreConst"},
                                                             {"count", "Count"}};
  if (!actions.count(action)) {
    return fail(kw["action"]->value->span, "ArgumentParser.add_argument(action='" + action +
                                               "') is not supported by py2cuda (store, store_true, store_false, "
                                               "store_const and count are)");
  }
  if (!optional && action != "store") {
    return fail(kw["action"]->value->span, "action='" + action + "' needs an option string ('-x' or '--name')");
  }
  if (!optional && !dest.empty()) return fail(kw["dest"]->span, "dest supplied twice for positional argument");
  const bool flag = action != "store";  // takes no value
  for (const char* k : {"nargs", "type", "choices", "metavar"}) {
    if (flag && kw.count(k)) {
      return fail(kw[k]->span, "ArgumentParser.add_argument(action='" + action + "') takes no " + k + "=");
    }
  }
  // nargs: None, '?', '*', '+' or an int.
  std::string nargs = "One";
  int64_t count = 1;
  bool is_list = false;
  if (kw.count("nargs")) {
    const ast::Expr& v = *kw["nargs"]->value;
    if (const ast::StrLit* s = str_literal(&v); s && (s->value == "?" || s->value == "*" || s->value == "+")) {
      nargs = s->value == "?" ? "Optional" : s->value == "*" ? "ZeroOrMore" : "OneOrMore";
      is_list = s->value != "?";
    } else if (v.kind == ast::ExprKind::IntLit && ast::as<ast::IntLit>(v).value >= 1 &&
               ast::as<ast::IntLit>(v).value < 1000) {
      nargs = "Exactly";
      count = static_cast<int64_t>(ast::as<ast::IntLit>(v).value);
      is_list = true;
    } else if (v.kind != ast::ExprKind::NoneLit) {
      return fail(v.span, "ArgumentParser.add_argument(nargs=) must be '?', '*', '+' or a positive int literal in py2cuda");
    }
  }
  // type=: int, float or str; the element type of the value.
  std::string arg_type = "Str";
  TypeRef elem = types::string();
  if (kw.count("type")) {
    const ast::Expr& v = *kw["type"]->value;
    if (v.kind == ast::ExprKind::Name && is_builtin_name(v, "int")) {
      arg_type = "Int", elem = types::int64();
    } else if (v.kind == ast::ExprKind::Name && is_builtin_name(v, "float")) {
      arg_type = "Float", elem = types::float64();
    } else if (!(v.kind == ast::ExprKind::Name && is_builtin_name(v, "str"))) {
      return fail(v.span, "ArgumentParser.add_argument(type=) other than int, float or str is not supported by py2cuda");
    }
  }
  if (action == "store_true" || action == "store_false") elem = types::boolean();
  if (action == "count") elem = types::int64();

  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(self));
  auto placeholder = [&](ir::ExprPtr v) {
    args.push_back(std::move(v));
    return "{" + std::to_string(args.size() - 1) + "}";
  };
  // A value argparse stores (default=, const=, a choice): its ArgValue, and its type (none() for None).
  auto stored_value = [&](const ast::Expr& e, std::string& text, TypeRef& type) -> bool {
    if (e.kind == ast::ExprKind::NoneLit) {
      text = "py2cuda::host::arg_none()", type = types::none();
      return true;
    }
    auto v = expr(e);
    if (!v) return false;
    type = v->type;
    if (type->is_bool()) {
      text = "py2cuda::host::arg_bool(" + placeholder(std::move(v)) + ")";
    } else if (type->is_int()) {
      type = types::int64();
      text = "py2cuda::host::arg_int(" + placeholder(convert(std::move(v), types::int64())) + ")";
    } else if (type->is_float()) {
      type = types::float64();
      text = "py2cuda::host::arg_float(" + placeholder(convert(std::move(v), types::float64())) + ")";
    } else if (type->is_string()) {
      text = "py2cuda::host::arg_str(" + placeholder(std::move(v)) + ")";
    } else {
      D().error(e.span, "an argparse value of type " + type->str() + " is not supported by py2cuda (a number, a str, a bool "
                        "or None is)");
      return false;
    }
    return true;
  };

  std::string spec = "py2cuda::host::ArgumentSpec{.names = {";
  for (size_t k = 0; k < names.size(); ++k) spec += (k ? ", " : "") + placeholder(string_const(names[k], c.args[k]->span));
  spec += "}, ";
  // Only what differs from ArgumentSpec's defaults (store, one value, str).
  if (action != "store") spec += ".action = py2cuda::host::ArgAction::" + actions.at(action) + ", ";
  if (nargs != "One") spec += ".nargs = py2cuda::host::ArgNargs::" + nargs + ", ";
  if (nargs == "Exactly") spec += ".count = " + std::to_string(count) + ", ";
  if (arg_type != "Str") spec += ".type = py2cuda::host::ArgType::" + arg_type + ", ";
  // default=
  TypeRef default_type = nullptr;  // null: no default given
  if (kw.count("default")) {
    const ast::Expr& d = *kw["default"]->value;
    std::string text;
    if (is_list && d.kind == ast::ExprKind::List) {
      std::string items;
      for (const ast::ExprPtr& x : ast::as<ast::ListExpr>(d).elts) {
        std::string one;
        TypeRef t;
        if (!stored_value(*x, one, t)) return nullptr;
        if (t != elem) return fail(x->span, "a default list's items must be " + elem->str() + " for this argument in py2cuda");
        items += (items.empty() ? "" : ", ") + one;
      }
      text = "py2cuda::host::arg_list({" + items + "})";
      default_type = types::list(elem);
    } else {
      if (!stored_value(d, text, default_type)) return nullptr;
    }
    spec += ".has_default = true, .default_value = " + text + ", ";
  }
  // const=
  TypeRef const_type = types::none();
  if (kw.count("const")) {
    if (action != "store_const" && nargs != "Optional") {
      return fail(kw["const"]->span, "const= is only used with action='store_const' or nargs='?'");
    }
    std::string text;
    if (!stored_value(*kw["const"]->value, text, const_type)) return nullptr;
    spec += ".const_value = " + text + ", ";
  }
  // choices=: a list or tuple display of values of the argument's type.
  if (kw.count("choices")) {
    const ast::Expr& ch = *kw["choices"]->value;
    if (ch.kind != ast::ExprKind::List && ch.kind != ast::ExprKind::Tuple) {
      return fail(ch.span, "ArgumentParser.add_argument(choices=) must be a list or tuple display in py2cuda");
    }
    const auto& elts = ch.kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(ch).elts : ast::as<ast::TupleExpr>(ch).elts;
    std::string items;
    for (const ast::ExprPtr& x : elts) {
      std::string one;
      TypeRef t;
      if (!stored_value(*x, one, t)) return nullptr;
      if (t != elem) return fail(x->span, "choices must be " + elem->str() + " values for this argument in py2cuda");
      items += (items.empty() ? "" : ", ") + one;
    }
    spec += ".has_choices = true, .choices = {" + items + "}, ";
  }
  bool required = !optional && nargs != "Optional" && nargs != "ZeroOrMore";
  if (kw.count("required")) {
    const ast::Expr& r = *kw["required"]->value;
    if (!optional) return fail(kw["required"]->span, "'required' is an invalid argument for positionals");
    if (r.kind != ast::ExprKind::BoolLit) return fail(r.span, "ArgumentParser.add_argument(required=) needs True or False");
    required = ast::as<ast::BoolLit>(r).value;
    spec += std::string(".required = ") + (required ? "true" : "false") + ", ";
  }
  for (const char* name : {"help", "metavar"}) {
    if (!kw.count(name) || kw[name]->value->kind == ast::ExprKind::NoneLit) continue;
    auto v = expr(*kw[name]->value);
    if (!v) return nullptr;
    if (!v->type->is_string()) return fail(kw[name]->value->span, std::string(name) + "= needs a str");
    if (const ast::StrLit* s = str_literal(kw[name]->value.get()); s && std::string(name) == "help" && !help_format_ok(s->value)) {
      return fail(kw[name]->value->span, "this help string's % is not one argparse's help formatting takes "
                                         "(%(default)s, %(prog)s, %(choices)s... and %% are)");
    }
    spec += std::string(".has_") + name + " = true, ." + name + " = " + placeholder(std::move(v)) + ", ";
  }
  if (!dest.empty()) spec += ".dest = " + placeholder(string_const(dest, kw["dest"]->value->span)) + ", ";
  if (spec.ends_with(", ")) spec.resize(spec.size() - 2);
  spec += "}";

  // The attribute: its name as argparse derives it, and its type.
  if (dest.empty()) {
    if (!optional) {
      dest = names[0];
    } else {
      std::string chosen = names[0];
      for (const std::string& n : names) {
        if (n.size() > 1 && n[1] == '-') {
          chosen = n;
          break;
        }
      }
      dest = chosen.substr(chosen.find_first_not_of('-') == std::string::npos ? chosen.size() : chosen.find_first_not_of('-'));
      std::replace(dest.begin(), dest.end(), '-', '_');
    }
  }
  TypeRef value = is_list ? types::list(elem) : elem;
  // Whether argparse can leave a value of another type (None, an int default of a float argument...).
  auto fits = [&](TypeRef t) { return t == value || (t && t->is_string() && !is_list && default_type == t && !flag); };
  bool maybe_none = false;
  if (action == "store_true" || action == "store_false") {
    if (default_type && default_type != types::boolean()) {
      return fail(kw["default"]->value->span, "a store_true/store_false default other than True or False is not supported by py2cuda");
    }
  } else if (action == "count") {
    if (!default_type || default_type->is_none()) maybe_none = true;
    else if (default_type != types::int64()) return fail(kw["default"]->value->span, "a count's default must be an int");
  } else if (action == "store_const") {
    if (const_type->is_none()) return fail(c.span, "action='store_const' needs const=");
    value = const_type;
    if (!default_type || default_type->is_none()) maybe_none = true;
    else if (default_type != const_type) return fail(kw["default"]->value->span, "a store_const default must have const's type");
  } else {
    const bool absent_possible = !required || (!optional && nargs == "ZeroOrMore");
    const bool positional_star = !optional && nargs == "ZeroOrMore";
    if (absent_possible) {
      if (!default_type || default_type->is_none()) {
        maybe_none = !positional_star;  // a positional '*' holds [] then
      } else if (!fits(default_type)) {
        return fail(kw["default"]->value->span, "default of type " + default_type->str() + " for an argument whose values are " +
                                                    value->str() + ": argparse would keep the default as it is; give a "
                                                    "default of the argument's type (py2cuda types each attribute once)");
      }
    }
    if (nargs == "Optional" && optional) {  // the flag alone stores const
      if (const_type->is_none()) maybe_none = true;
      else if (const_type != value && !(const_type->is_string() && !is_list)) {
        return fail(kw["const"]->value->span, "const= must have the argument's type");
      }
    }
  }
  for (const ArgparseParser::Field& f : p.fields) {
    if (f.dest == dest && f.type != (maybe_none ? types::optional(value) : value)) {
      return fail(c.span, "a second argument with dest '" + dest + "' of another type is not supported by py2cuda");
    }
  }
  p.fields.push_back({dest, maybe_none ? types::optional(value) : value});
  return with_effects(call_node(types::none(), "{0}.add_argument(" + spec + ")", c.span, std::move(args)));
}

ir::ExprPtr FunctionBuilder::namespace_attribute(const ast::Attribute& a, ir::ExprPtr base) {
  const int parser = object_index(base->type, kNamespacePrefix);
  const ArgparseParser& p = mb_.argparse_parsers()[static_cast<size_t>(parser)];
  for (auto it = p.fields.rbegin(); it != p.fields.rend(); ++it) {
    if (it->dest == a.attr) {
      return call_node(it->type, "{0}.get<{t0}>(\"" + a.attr + "\")", a.span, args_of(std::move(base)), {it->type});
    }
  }
  return fail(a.attr_span, "'Namespace' object has no attribute '" + a.attr + "'");
}

bool is_argparse_object(TypeRef t) {
  return object_index(t, kParserPrefix) >= 0 || object_index(t, kNamespacePrefix) >= 0;
}
bool is_argparse_namespace(TypeRef t) { return object_index(t, kNamespacePrefix) >= 0; }

}  // namespace py2cuda::infer
