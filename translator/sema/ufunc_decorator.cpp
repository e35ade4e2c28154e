// @vectorize and @guvectorize decorators: signatures, target, the gufunc layout.
//
// numba's forms: @vectorize (lazy, CPU), @vectorize(['f4(f4, f4)', ...], target='cuda'),
// @vectorize('f4(f4)'), numba type objects as signatures (float32(float32)), and
// @guvectorize(['void(f4[:], f4[:])'], '(n)->()', target='cuda').
#include <cctype>

#include "frontend/parser.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// numba.np.ufunc.sigparse's grammar: `(a, b), (c) -> (d), ()`. Outputs may be
// separated by `->` as well as `,` (Numba accepts '(n)->()->()').
bool parse_layout(const std::string& text, std::vector<std::vector<std::string>>& ins,
                  std::vector<std::vector<std::string>>& outs, std::string& error) {
  size_t i = 0;
  auto skip = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  auto bad = [&](const std::string& token) {
    error = "bad token in signature \"" + token + "\"";
    return false;
  };
  auto token_at = [&]() {
    size_t j = i;
    if (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) {
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      return text.substr(i, j - i);
    }
    return text.substr(i, 1);
  };
  bool arrow = false;
  while (true) {
    skip();
    if (i >= text.size()) break;
    if (text.compare(i, 2, "->") == 0) {
      if (arrow && outs.empty()) return bad("->");
      arrow = true;
      i += 2;
      continue;
    }
    if (text[i] == ',') {
      ++i;
      continue;
    }
    if (text[i] != '(') return bad(token_at());
    ++i;
    std::vector<std::string> dims;
    while (true) {
      skip();
      if (i >= text.size()) return bad("end of signature");
      if (text[i] == ')') {
        ++i;
        break;
      }
      if (!(std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_')) return bad(token_at());
      dims.push_back(token_at());
      i += dims.back().size();
      skip();
      if (i < text.size() && text[i] == ',') ++i;
      else if (i < text.size() && text[i] != ')') return bad(token_at());
    }
    (arrow ? outs : ins).push_back(std::move(dims));
    skip();
    if (i < text.size() && text[i] == '(') return bad(token_at().empty() ? "(" : text.substr(i + 1, 1));
  }
  if (!arrow) {
    error = "no '->' between the inputs and the outputs";
    return false;
  }
  return true;
}

void add_signature(const ModuleInfo& info, FunctionEntry& entry, const ast::Expr& e, Diagnostics& diags) {
  std::optional<Signature> sig;
  if (e.kind == ast::ExprKind::StrLit) {
    const auto& str = ast::as<ast::StrLit>(e);
    ast::ExprPtr parsed = frontend::parse_expression(str.value, e.span, diags);
    if (!parsed) return;
    sig = signature_from_expr(info, *parsed, diags);
    if (sig) sig->text = str.value;
  } else {
    sig = signature_from_expr(info, e, diags);
  }
  if (!sig) return;
  sig->span = e.span;
  const size_t n = entry.def->params.size();
  if (sig->params.size() != n) {
    diags.error(sig->span, "signature '" + sig->text + "' has " + std::to_string(sig->params.size()) +
                               " parameter type(s) but '" + entry.def->name + "' takes " + std::to_string(n) +
                               " parameter(s)");
    return;
  }
  if (!entry.ufunc.gufunc) {
    for (TypeRef t : sig->params) {
      if (!t->is_number()) {
        diags.error(sig->span, "a @vectorize signature takes scalars, not " + t->str() + " ('" + sig->text + "')");
        return;
      }
    }
    if (!sig->return_type || !sig->return_type->is_number()) {
      diags.error(sig->span, "a @vectorize signature needs a scalar return type, as in 'float32(float32, float32)'");
      return;
    }
  } else if (sig->return_type && !sig->return_type->is_none()) {
    diags.error(sig->span, "a @guvectorize signature returns void: its outputs are array parameters ('" +
                               sig->text + "')");
    return;
  }
  entry.signatures.push_back(std::move(*sig));
}

// A module name bound once to the decorator's argument (`sigs = [float32(float32)]`,
// `@vectorize(sigs, target=TARGET)`): its value, as Python evaluates the decorator.
const ast::Expr* through_names(const ModuleInfo& info, const ast::Expr* e) {
  for (int depth = 0; e && e->kind == ast::ExprKind::Name && depth < 16; ++depth) {
    auto it = info.globals.find(ast::as<ast::Name>(*e).id);
    if (it == info.globals.end() || it->second.kind != Symbol::Kind::Constant || !it->second.value_expr) break;
    e = it->second.value_expr;
  }
  return e;
}

}  // namespace

void read_ufunc_decorator(const ModuleInfo& info, FunctionEntry& entry, const std::string& path, const ast::Call* call,
                          Diagnostics& diags) {
  UfuncInfo& u = entry.ufunc;
  u.gufunc = path == "numba.guvectorize";
  if (path == "numba.cuda.vectorize") u.target = "cuda";
  const ast::Expr* sigs = nullptr;
  const ast::Expr* layout = nullptr;
  if (call) {
    if (!call->args.empty()) sigs = call->args[0].get();
    if (call->args.size() > 1) layout = call->args[1].get();
    if (call->args.size() > 2) diags.error(call->args[2]->span, "too many positional arguments to the ufunc decorator");
    for (const auto& kw : call->keywords) {
      if (kw.name == "target") {
        const ast::Expr* target = through_names(info, kw.value.get());
        if (target->kind != ast::ExprKind::StrLit) {
          diags.error(kw.value->span, "target must be a string: 'cpu', 'parallel' or 'cuda'");
          continue;
        }
        u.target = ast::as<ast::StrLit>(*target).value;
        if (u.target != "cpu" && u.target != "parallel" && u.target != "cuda") {
          diags.error(kw.value->span, "unknown ufunc target '" + u.target + "': py2cuda knows 'cpu', 'parallel' and 'cuda'");
          u.target = "cpu";
        }
      } else if (kw.name == "signature" && u.gufunc) {
        layout = kw.value.get();
      } else if (kw.name == "ftylist") {
        sigs = kw.value.get();
      } else if (kw.name == "identity" || kw.name == "nopython" || kw.name == "cache" || kw.name == "fastmath" ||
                 kw.name == "forceobj" || kw.name == "writable_args" || kw.name == "is_dynamic") {
        if (kw.name == "fastmath" && kw.value->kind == ast::ExprKind::BoolLit) {
          entry.options.fastmath = ast::as<ast::BoolLit>(*kw.value).value;
        }
      } else {
        diags.error(kw.span, "unknown option '" + kw.name + "' for @" + (u.gufunc ? "guvectorize" : "vectorize"));
      }
    }
  }
  sigs = through_names(info, sigs);
  layout = through_names(info, layout);
  if (sigs) {
    if (sigs->kind == ast::ExprKind::List || sigs->kind == ast::ExprKind::Tuple) {
      const auto& elts = sigs->kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(*sigs).elts
                                                           : ast::as<ast::TupleExpr>(*sigs).elts;
      for (const auto& e : elts) add_signature(info, entry, *e, diags);
    } else {
      add_signature(info, entry, *sigs, diags);
    }
  }
  const std::string what = u.gufunc ? "@guvectorize" : "@vectorize";
  if (u.target == "cuda" && entry.signatures.empty() && !(sigs && diags.has_errors())) {
    auto& d = diags.error(entry.decorator_span, "CUDA ufunc '" + entry.name + "' has no signatures");
    Diagnostics::note(d, entry.decorator_span,
                      "numba-cuda compiles a CUDA ufunc only for the signatures its decorator lists (every call "
                      "fails with 'No matching version'); list them, e.g. " + what +
                          (u.gufunc ? "(['void(float32[:], float32[:])'], '(n)->()', target='cuda')"
                                    : "(['float32(float32, float32)'], target='cuda')"));
  }
  if (!u.gufunc) return;
  if (entry.signatures.empty() && !sigs) {
    diags.error(entry.decorator_span, "@guvectorize needs a list of signatures and a layout, e.g. "
                                      "@guvectorize(['void(float32[:], float32[:])'], '(n)->()')");
    return;
  }
  if (!layout || layout->kind != ast::ExprKind::StrLit) {
    diags.error(layout ? layout->span : entry.decorator_span,
                "@guvectorize needs its layout as a string after the signatures, e.g. '(n)->()'");
    return;
  }
  u.layout = ast::as<ast::StrLit>(*layout).value;
  u.layout_span = layout->span;
  std::string error;
  if (!parse_layout(u.layout, u.in_dims, u.out_dims, error)) {
    diags.error(layout->span, "invalid gufunc layout '" + u.layout + "': " + error);
    u.in_dims.clear();
    u.out_dims.clear();
    return;
  }
  if (u.out_dims.empty()) {
    diags.error(layout->span, "gufunc layout '" + u.layout + "' has no outputs");
    return;
  }
  const size_t n = u.in_dims.size() + u.out_dims.size();
  if (n != entry.def->params.size()) {
    diags.error(layout->span, "gufunc layout '" + u.layout + "' names " + std::to_string(n) + " argument(s) but '" +
                                  entry.def->name + "' takes " + std::to_string(entry.def->params.size()));
    return;
  }
  for (const auto& sig : entry.signatures) {
    for (size_t k = 0; k < n; ++k) {
      const auto& dims = k < u.in_dims.size() ? u.in_dims[k] : u.out_dims[k - u.in_dims.size()];
      TypeRef t = sig.params[k];
      const bool output = k >= u.in_dims.size();
      const int core = static_cast<int>(dims.size());
      bool ok = t->is_array() ? (t->ndim() == core || (core == 0 && t->ndim() == 1)) : (core == 0 && !output);
      if (!ok) {
        diags.error(sig.span, "signature '" + sig.text + "' gives argument " + std::to_string(k + 1) + " the type " +
                                  t->str() + ", which does not fit its " + std::to_string(core) +
                                  " core dimension(s) in layout '" + u.layout + "'");
        break;
      }
    }
  }
}

}  // namespace py2cuda::sema
