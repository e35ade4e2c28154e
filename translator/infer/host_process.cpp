// FunctionBuilder, host code: what a script asks of the process around it (time.sleep,
// os.environ.get / os.getenv, warnings.warn), the runtime's host/process.h.
#include <set>
#include <string>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"

namespace py2cuda::infer {

// np.errstate()/np.seterr()'s keywords: py2cuda's host arithmetic already gives NumPy's values
// (inf, nan, wrapped integers) and, as NumPy under 'ignore', prints no RuntimeWarning, so
// 'ignore' and 'warn' (whose warnings go to stderr) leave a program's output as it is; 'raise'
// (FloatingPointError), 'print' (to stdout), 'call' and 'log' would not.
bool FunctionBuilder::floating_point_modes(const ast::Call& c, const std::string& what) {
  static const std::set<std::string> kCategories = {"all", "divide", "over", "under", "invalid"};
  if (!c.args.empty()) {
    D().error(c.args.front()->span, what + "() with positional arguments is not supported by py2cuda (give the modes "
                                           "as keywords: divide='ignore', ...)");
    return false;
  }
  for (const ast::Keyword& k : c.keywords) {
    if (!kCategories.count(k.name)) {
      D().error(k.span, what + "() has no keyword '" + (k.name.empty() ? std::string("**") : k.name) + "' (all, divide, over, under, invalid)");
      return false;
    }
    const bool text = k.value->kind == ast::ExprKind::StrLit && !ast::as<ast::StrLit>(*k.value).is_fstring;
    const std::string mode = text ? ast::as<ast::StrLit>(*k.value).value : "";
    if (mode != "ignore" && mode != "warn") {
      D().error(k.value->span, what + "(" + k.name + "=" + (text ? "'" + mode + "'" : "...") +
                                   ") is not supported by py2cuda: its host arithmetic gives NumPy's values "
                                   "and prints no RuntimeWarning, which 'ignore' and 'warn' allow; it raises no "
                                   "FloatingPointError and prints nothing to stdout for 'raise', 'print', 'call' "
                                   "or 'log'");
      return false;
    }
  }
  return true;
}

ir::ExprPtr FunctionBuilder::process_call(HostRowArgs& bound) {
  const ast::Call& c = bound.call;
  const std::string path(bound.row.path);
  std::vector<const ast::Expr*>& a = bound.a;
  if (path == "time.sleep") {
    if (!bound.bind({"secs"}) || !bound.need(0, "secs")) return nullptr;
    auto secs = bound.value(0);
    if (!secs) return nullptr;
    if (!secs->type->is_number()) return fail(a[0]->span, "time.sleep() needs a number of seconds, not " + secs->type->str());
    return with_effects(call_node(types::none(), bound.rt + "({0})", c.span, args_of(convert(std::move(secs), types::float64()))));
  }
  if (path == "os.environ.get" || path == "os.getenv") {
    if (!bound.bind({"key", "default"}) || !bound.need(0, "key")) return nullptr;
    auto key = bound.value(0);
    if (!key) return nullptr;
    if (!key->type->is_string()) return fail(a[0]->span, bound.what + "() needs a str key, not " + key->type->str());
    if (is_none(a[1])) {
      return with_effects(call_node(types::optional(types::string()), bound.rt + "({0})", c.span, args_of(std::move(key))));
    }
    auto fallback = bound.value(1);
    if (!fallback) return nullptr;
    if (!fallback->type->is_string()) {
      return fail(a[1]->span, bound.what + "() with a default of type " + fallback->type->str() +
                                  " is not supported by py2cuda (a str or None is)");
    }
    return with_effects(call_node(types::string(), bound.rt + "({0}, {1})", c.span, args_of(std::move(key), std::move(fallback))));
  }
  if (path == "numpy.seterr") {
    // Nothing to emit: the modes py2cuda accepts change no value and print nothing here.
    if (!floating_point_modes(c, "np.seterr")) return nullptr;
    return with_effects(call_node(types::none(), "", c.span, {}));
  }
  // warnings.warn(message, category=UserWarning, stacklevel=1)
  if (!bound.bind({"message", "category", "stacklevel"}) || !bound.need(0, "message")) return nullptr;
  auto message = bound.value(0);
  if (!message) return nullptr;
  if (!message->type->is_string()) return fail(a[0]->span, "warnings.warn() of a " + message->type->str() + " is not supported by py2cuda (a str is)");
  std::string category = "UserWarning";
  if (!is_none(a[1])) {
    static const std::set<std::string> kShown = {"UserWarning", "RuntimeWarning", "DeprecationWarning", "FutureWarning"};
    const ast::Expr& k = *a[1];
    if (k.kind != ast::ExprKind::Name || !kShown.count(ast::as<ast::Name>(k).id)) {
      return fail(k.span, "warnings.warn() with this category is not supported by py2cuda (UserWarning, RuntimeWarning, "
                          "DeprecationWarning and FutureWarning are)");
    }
    category = ast::as<ast::Name>(k).id;
  }
  if (!is_none(a[2])) {
    auto level = expr(*a[2]);
    if (!level) return nullptr;
    if (level->kind != ir::ExprKind::Const || static_cast<const ir::Const&>(*level).bits != 1) {
      return fail(a[2]->span, "warnings.warn() with a stacklevel other than 1 is not supported by py2cuda");
    }
  }
  // Where CPython shows it: the script as py2cuda was given it, the statement's line.
  const std::string where = D().file().path() + ":" + std::to_string(c.span.line);
  std::string statement(D().file().line_text(c.span.line));
  statement.erase(0, statement.find_first_not_of(" \t"));
  std::vector<ir::ExprPtr> args;
  args.push_back(string_const(where, c.span));
  args.push_back(string_const(category, c.span));
  args.push_back(std::move(message));
  args.push_back(string_const(statement, c.span));
  return with_effects(call_node(types::none(), bound.rt + "({0}, {1}, {2}, {3})", c.span, std::move(args)));
}

}  // namespace py2cuda::infer
