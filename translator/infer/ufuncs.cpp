// @vectorize / @guvectorize: the scalar (or core) function per signature, and the
// typing of a ufunc call in host code.
//
// Loop selection follows the target, as Numba does it:
//  * cuda (numba-cuda's deviceufunc.UFuncMechanism._resolve_signature): array arguments
//    must have exactly a signature's dtypes (casting='no'); scalars first match by their
//    own dtype (Python int int64, float float64, np.float32(...) float32), then any
//    signature the arrays match, which must be unique;
//  * cpu (a NumPy ufunc built from the signatures): NumPy 1.x's type resolution, the first
//    loop every input casts to safely, a Python scalar beside arrays by its value;
//    without signatures (Numba's DUFunc) the loop is compiled for the arguments' types.
#include <cmath>
#include <set>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

// A constant slice step other than 1 (`::2`, `::-1`): the view has gaps or runs backwards.
bool strided_slice(const ast::Expr& index) {
  if (index.kind != ast::ExprKind::Slice || !ast::as<ast::Slice>(index).step) return false;
  const ast::Expr& step = *ast::as<ast::Slice>(index).step;
  if (step.kind == ast::ExprKind::IntLit) return ast::as<ast::IntLit>(step).value != 1;
  return step.kind == ast::ExprKind::Unary && ast::as<ast::Unary>(step).op == UnaryOp::Neg &&
         ast::as<ast::Unary>(step).operand->kind == ast::ExprKind::IntLit;
}

// Whether a host-array expression is certainly no contiguous block of memory, which
// numba-cuda cannot copy to the device for a CUDA ufunc (extents of 1, unknown here, aside):
// `m.T` of a 2-D or larger array, a slice with a step, or an integer index after a slice (`m[:, 1]`).
bool noncontiguous_view(const ast::Expr& e, int ndim) {
  if (e.kind == ast::ExprKind::Attribute) return ast::as<ast::Attribute>(e).attr == "T" && ndim >= 2;
  if (e.kind != ast::ExprKind::Subscript) return false;
  const ast::Expr& index = *ast::as<ast::Subscript>(e).index;
  if (index.kind != ast::ExprKind::Tuple) return strided_slice(index);
  bool sliced = false;
  for (const auto& i : ast::as<ast::TupleExpr>(index).elts) {
    if (strided_slice(*i)) return true;
    if (i->kind == ast::ExprKind::Slice) sliced = true;
    else if (sliced) return true;
  }
  return false;
}

int kind_rank(TypeRef t) { return t->is_bool() ? 0 : t->is_int() ? 1 : t->is_float() ? 2 : 3; }

// numpy.can_cast(from, to, 'safe') for scalar types.
bool can_cast_safe(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (from->is_bool()) return to->is_number();
  if (from->is_int()) {
    if (to->is_int()) {
      if (from->is_signed() == to->is_signed()) return to->bits() >= from->bits();
      return !from->is_signed() && to->is_signed() && to->bits() > from->bits();
    }
    if (to->is_float()) return from->bits() <= 16 ? to->bits() >= 32 : from->bits() <= 32 ? to->bits() >= 64 : to->bits() >= 64;
    return false;
  }
  if (from->is_float()) return to->is_float() && to->bits() >= from->bits();
  return false;
}

// numpy.min_scalar_type of a known value of `dtype`.
TypeRef min_scalar_type(TypeRef dtype, double v) {
  if (dtype->is_bool()) return dtype;
  if (dtype->is_int()) {
    if (v >= 0) {
      for (int b : {8, 16, 32}) {
        if (v <= std::ldexp(1.0, b) - 1) return types::integer(b, false);
      }
      return types::integer(64, false);
    }
    for (int b : {8, 16, 32}) {
      if (v >= -std::ldexp(1.0, b - 1)) return types::integer(b, true);
    }
    return types::int64();
  }
  if (dtype->is_float()) {
    if (std::isfinite(v) && std::fabs(v) <= 65504.0) return types::float16();
    if (!std::isfinite(v) || std::fabs(v) <= 3.4028234663852886e38) return types::float32();
    return types::float64();
  }
  return dtype;
}

std::string type_list(const std::vector<TypeRef>& ts) {
  std::string s;
  for (size_t i = 0; i < ts.size(); ++i) s += (i ? ", " : "") + ts[i]->str();
  return s;
}

std::optional<double> known_scalar(const ir::Expr& e) {
  if (e.kind != ir::ExprKind::Const) return std::nullopt;
  const auto& c = static_cast<const ir::Const&>(e);
  if (c.type->is_float()) return c.f;
  if (c.type->is_bool()) return c.b ? 1.0 : 0.0;
  if (c.type->is_int()) return c.type->is_signed() ? double(int64_t(c.bits)) : double(c.bits);
  return std::nullopt;
}

}  // namespace

ir::Ufunc* ModuleBuilder::ufunc_of(const FunctionEntry& f) {
  auto it = ufunc_index_.find(&f);
  if (it != ufunc_index_.end()) return &module_->ufuncs[it->second];
  ir::Ufunc u;
  u.name = f.name;
  u.cpp_name = cpp_identifier(f.name);
  u.gufunc = f.ufunc.gufunc;
  u.cuda = f.ufunc.target == "cuda";
  u.parallel = f.ufunc.target == "parallel";
  u.layout = f.ufunc.layout;
  u.in_dims = f.ufunc.in_dims;
  u.out_dims = f.ufunc.out_dims;
  u.def_span = f.def->span;
  ufunc_index_[&f] = module_->ufuncs.size();
  module_->ufuncs.push_back(std::move(u));
  return &module_->ufuncs.back();
}

// A loop of `f` for these core parameter types: the scalar function as a device
// function (cuda) or a host function (cpu), built once.
const ir::UfuncLoop* ModuleBuilder::ufunc_loop(const FunctionEntry& f, const std::vector<TypeRef>& params, TypeRef ret,
                                                const std::string& text, Span site) {
  ir::Ufunc* u = ufunc_of(f);
  const size_t nin = u->gufunc ? u->in_dims.size() : params.size();
  for (const auto& l : u->loops) {
    std::vector<TypeRef> all = l.inputs;
    if (u->gufunc) all.insert(all.end(), l.outputs.begin(), l.outputs.end());
    if (all == params) return &l;
  }
  const ir::Function* core = nullptr;
  if (u->cuda) {
    core = instantiate(f, params, u->gufunc ? types::none() : ret, false, site);
    if (!core) return nullptr;
    // The host entry point takes the ufunc's name; the scalar function another.
    for (auto& fn : module_->functions) {
      if (fn.get() == core) fn->cpp_name = cpp_identifier(f.name + (u->gufunc ? "_core" : "_scalar"));
    }
  } else {
    core = instantiate_host(f, params, site, diags_);
    if (!core) return nullptr;
    if (!u->gufunc && !ret) ret = core->return_type;
    if (!u->gufunc && !ret->is_number()) {
      diags_.error(site, "ufunc '" + f.name + "' must return a number, not " + ret->str());
      return nullptr;
    }
  }
  ir::UfuncLoop loop;
  loop.inputs.assign(params.begin(), params.begin() + static_cast<std::ptrdiff_t>(nin));
  if (u->gufunc) {
    loop.outputs.assign(params.begin() + static_cast<std::ptrdiff_t>(nin), params.end());
  } else {
    loop.outputs.push_back(ret);
  }
  loop.core = core;
  loop.signature_text = text.empty() ? (u->gufunc ? "void" : ret->str()) + "(" + type_list(params) + ")" : text;
  // CUDA loops overload one name (their operand types differ exactly); CPU loops,
  // whose arrays cast to the loop's types, get one name each.
  loop.cpp_name = u->cuda || u->loops.empty() ? u->cpp_name : u->cpp_name + "_" + std::to_string(u->loops.size() + 1);
  // Re-find: the ufunc vector may not move (pointers into it are kept by callers only
  // during one call).
  u = ufunc_of(f);
  u->loops.push_back(std::move(loop));
  return &u->loops.back();
}

// From run(): a CUDA ufunc's signatures are all compiled, as numba-cuda compiles them
// when the decorator runs. CPU ufuncs get their loops from the calls in host code; in
// a file without host code (a library for C++ callers, --header) every signature's.
void ModuleBuilder::build_ufunc(const FunctionEntry& f) {
  ufunc_of(f);
  if (f.ufunc.target != "cuda" && info_.host.has_host_code) return;
  for (const auto& sig : f.signatures) ufunc_loop(f, sig.params, sig.return_type, sig.text, sig.span);
}

// `u(a, b)`, `u(a, b, out=d)`, `g(x, out)` in host code.
ir::ExprPtr FunctionBuilder::ufunc_call(const ast::Call& c, const FunctionEntry& f) {
  const sema::UfuncInfo& info = f.ufunc;
  const bool cuda = info.target == "cuda";
  const size_t nparams = f.def->params.size();
  const size_t nin = info.gufunc ? info.in_dims.size() : nparams;
  const size_t nout = info.gufunc ? info.out_dims.size() : 1;
  const ast::Expr* out_kw = nullptr;
  for (const auto& kw : c.keywords) {
    if (kw.name == "out") out_kw = kw.value.get();
    else if (kw.name == "stream" && cuda) continue;  // launches are synchronous here
    else return fail(kw.span, "ufunc '" + f.name + "' got an unexpected keyword argument '" + kw.name + "'");
  }
  if (c.has_star_args) return fail(c.span, "*args in a ufunc call are not supported by py2cuda");
  // The outputs given: trailing positional arguments (a gufunc takes all of them or
  // none, as numba-cuda's GUFuncCallSteps does) or out=, an array or a tuple of them.
  std::vector<const ast::Expr*> out_args;
  if (info.gufunc && c.args.size() == nin + nout) {
    if (out_kw) {
      return numba_rejects(out_kw->span, "gufunc '" + f.name + "' got its outputs both as positional arguments and as out= "
                                "(Numba: 'cannot specify argument 'out' as both positional and keyword')");
    }
    for (size_t k = 0; k < nout; ++k) out_args.push_back(c.args[nin + k].get());
  } else if (c.args.size() != nin) {
    if (info.gufunc) {
      auto positional = [](size_t n) { return std::to_string(n) + " positional argument" + (n == 1 ? "" : "s"); };
      return numba_rejects(c.span, "gufunc '" + f.name + "' accepts " + positional(nin) + " (when providing input only) or " +
                              positional(nin + nout) + " (when providing input and output); got " +
                              std::to_string(c.args.size()));
    }
    return numba_rejects(c.span, "ufunc '" + f.name + "' takes " + std::to_string(nin) + " argument" + (nin == 1 ? "" : "s") +
                            " but " + std::to_string(c.args.size()) + (c.args.size() == 1 ? " was" : " were") + " given");
  } else if (out_kw && out_kw->kind == ast::ExprKind::Tuple) {
    const auto& elts = ast::as<ast::TupleExpr>(*out_kw).elts;
    if (elts.size() != nout) {
      return numba_rejects(out_kw->span, "out= of ufunc '" + f.name + "' must have exactly one entry per output (" +
                                    std::to_string(nout) + "), not " + std::to_string(elts.size()) +
                                    " (NumPy: 'The 'out' tuple must have exactly one entry per ufunc output')");
    }
    if (cuda && nout > 1) {
      return numba_rejects(out_kw->span, "numba-cuda takes the outputs of gufunc '" + f.name + "' as trailing positional "
                                "arguments, not as an out= tuple: " + f.name + "(inputs..., " +
                                "outputs...)");
    }
    for (const auto& e : elts) out_args.push_back(e.get());
  } else if (out_kw) {
    if (nout != 1) {
      return numba_rejects(out_kw->span, "out= of gufunc '" + f.name + "', which has " + std::to_string(nout) +
                                    " outputs, must be a tuple of " + std::to_string(nout) + " arrays" +
                                    (cuda ? std::string(" (numba-cuda: give them as trailing positional arguments)") : ""));
    }
    out_args.push_back(out_kw);
  }
  std::vector<ir::ExprPtr> args;
  std::vector<TypeRef> dtypes;
  bool any_device = false, any_array = false;
  std::vector<const ast::Expr*> noncontiguous_host_operands;
  int max_nd = 0;
  int loop_nd = 0;
  std::vector<int> array_nd;
  for (size_t i = 0; i < nin; ++i) {
    auto v = expr(*c.args[i]);
    if (!v) return nullptr;
    if (v->type->is_list() || (v->type->is_tuple() && v->type->is_list_display())) {
      // `wavg([1.0, 2.0], (5.0, 6.0))`: NumPy makes a list or tuple of numbers an array first.
      v = listed_array(std::move(v), c.args[i]->span);
      if (!v) return nullptr;
    }
    TypeRef t = v->type;
    if (t->is_array()) {
      any_array = true;
      any_device = any_device || t->is_device_array();
      if (!cuda && t->is_device_array()) {
        return fail(c.args[i]->span, "the CPU ufunc '" + f.name + "' cannot take a device array; copy it to the host first");
      }
      if (cuda && !t->is_device_array() && noncontiguous_view(*c.args[i], t->ndim())) {
        noncontiguous_host_operands.push_back(c.args[i].get());
      }
      max_nd = std::max(max_nd, t->ndim());
      if (info.gufunc) {
        const int core = static_cast<int>(info.in_dims[i].size());
        if (t->ndim() < core) {
          return fail(c.args[i]->span, "argument " + std::to_string(i + 1) + " of gufunc '" + f.name + "' has " +
                                           std::to_string(t->ndim()) + " dimension(s), fewer than its " +
                                           std::to_string(core) + " core dimension(s) in '" + info.layout + "'");
        }
        loop_nd = std::max(loop_nd, t->ndim() - core);
      }
      dtypes.push_back(t->dtype());
    } else if (t->is_number()) {
      if (info.gufunc && !info.in_dims[i].empty()) {
        return fail(c.args[i]->span, "argument " + std::to_string(i + 1) + " of gufunc '" + f.name + "' needs an array");
      }
      dtypes.push_back(t);
    } else {
      return fail(c.args[i]->span, "a ufunc argument must be an array or a number, not " + t->str());
    }
    args.push_back(std::move(v));
  }
  // numba-cuda's elementwise call ravels (copies) every operand when the broadcast has more
  // than one dimension, so only a 1-D call, or a gufunc's, sends a view as it is.
  if (info.gufunc || max_nd == 1) {
    for (const ast::Expr* operand : noncontiguous_host_operands) {
      not_portable(operand->span, "cannot copy a non-contiguous host array to the device for a CUDA ufunc (ValueError)",
                   "Pass `np.ascontiguousarray(" + std::string(D().file().span_text(operand->span)) + ")`");
    }
  }
  std::vector<ir::ExprPtr> outs;
  for (const ast::Expr* a : out_args) {
    auto o = expr(*a);
    if (!o) return nullptr;
    if (!o->type->is_array()) return fail(a->span, "out= must be an array, not " + o->type->str());
    if (!cuda && o->type->is_device_array()) return fail(a->span, "out= of a CPU ufunc must be a host array");
    outs.push_back(std::move(o));
  }
  // Choose the loop.
  std::vector<TypeRef> loop_params;  // the core function's parameter types
  TypeRef loop_ret = nullptr;
  std::string loop_text;
  auto sig_inputs = [&](const sema::Signature& s) {
    std::vector<TypeRef> in;
    for (size_t i = 0; i < nin; ++i) in.push_back(s.params[i]->is_array() ? s.params[i]->dtype() : s.params[i]);
    return in;
  };
  const std::string given = [&] {
    std::string s;
    for (size_t i = 0; i < nin; ++i) s += (i ? ", " : "") + args[i]->type->str();
    return s;
  }();
  auto signature_note = [&](Diagnostic& d) {
    std::string list;
    for (const auto& s : f.signatures) list += (list.empty() ? "" : ", ") + s.text;
    Diagnostics::note(d, f.decorator_span, "'" + f.name + "' has the signature(s) " + list);
  };
  const sema::Signature* chosen = nullptr;
  bool no_matching_signature = false;  // a CUDA gufunc's call raises TypeError when it runs
  if (!f.signatures.empty()) {
    if (cuda && info.gufunc) {
      // numba-cuda's GUFunc._schedule: the signature of exactly the inputs' dtypes (a scalar's
      // np.asarray dtype), else the first whose dtypes cast safely TO the inputs' (sic,
      // _search_matching_signature), the host inputs then converted to it; else TypeError.
      for (const auto& s : f.signatures) {
        if (sig_inputs(s) == dtypes) {
          chosen = &s;
          break;
        }
      }
      for (size_t k = 0; !chosen && k < f.signatures.size(); ++k) {
        auto in = sig_inputs(f.signatures[k]);
        bool ok = true;
        for (size_t i = 0; i < nin; ++i) ok = ok && can_cast_safe(in[i], dtypes[i]);
        if (ok) chosen = &f.signatures[k];
      }
      if (chosen) {
        auto in = sig_inputs(*chosen);
        for (size_t i = 0; i < nin; ++i) {
          if (!args[i]->type->is_array() || in[i] == dtypes[i]) continue;
          if (args[i]->type->is_device_array()) {
            return fail(c.args[i]->span, "a device array of " + dtypes[i]->str() + " for gufunc '" + f.name + "', whose " +
                                             "signature " + chosen->text + " takes " + in[i]->str() + ": numba-cuda " +
                                             "converts host inputs only; convert it first (copy_to_host().astype())");
          }
          // adjust_input_types: the host input as a copy of the signature's dtype.
          TypeRef converted = types::array(in[i], args[i]->type->ndim(), Layout::C);
          args[i] = call_node(converted, "py2cuda::np::astype<{t0}>({0})", c.args[i]->span, args_of(std::move(args[i])),
                              {in[i]});
          dtypes[i] = in[i];
        }
      } else {
        chosen = &f.signatures.front();  // types the call; it raises before any loop runs
        no_matching_signature = true;
      }
    } else if (cuda) {
      std::vector<const sema::Signature*> matches;
      bool scalars = false;
      for (size_t i = 0; i < nin; ++i) scalars = scalars || !args[i]->type->is_array();
      if (scalars) {
        for (const auto& s : f.signatures) {
          if (sig_inputs(s) == dtypes) matches.push_back(&s);
        }
      }
      if (matches.empty()) {
        for (const auto& s : f.signatures) {
          auto in = sig_inputs(s);
          bool ok = true;
          for (size_t i = 0; i < nin; ++i) ok = ok && (!args[i]->type->is_array() || in[i] == dtypes[i]);
          if (ok) matches.push_back(&s);
        }
      }
      if (matches.empty()) {
        auto& d = D().error(c.span, "no signature of CUDA ufunc '" + f.name + "' accepts (" + given +
                                        "): numba-cuda needs array arguments of exactly a signature's types "
                                        "(casting='no', 'No matching version')");
        d.numba_rejects = true;
        signature_note(d);
        return nullptr;
      }
      if (matches.size() > 1) {
        return numba_rejects(c.span, "the call of CUDA ufunc '" + f.name + "' matches several signatures through its scalar "
                            "arguments (numba-cuda: 'ambiguous signature, too many untyped scalars'); give the scalars "
                            "a NumPy type, e.g. np.float32(x)");
      }
      chosen = matches.front();
    } else {
      // NumPy 1.x: scalars count by value when their kind is no higher than the arrays'.
      int array_kind = -1;
      for (size_t i = 0; i < nin; ++i) {
        if (args[i]->type->is_array()) array_kind = std::max(array_kind, kind_rank(dtypes[i]));
      }
      std::vector<TypeRef> effective = dtypes;
      for (size_t i = 0; i < nin; ++i) {
        if (args[i]->type->is_array() || array_kind < kind_rank(dtypes[i])) continue;
        if (auto v = known_scalar(*args[i])) effective[i] = min_scalar_type(dtypes[i], *v);
      }
      for (const auto& s : f.signatures) {
        auto in = sig_inputs(s);
        bool ok = true;
        for (size_t i = 0; i < nin; ++i) ok = ok && can_cast_safe(effective[i], in[i]);
        if (ok) {
          chosen = &s;
          break;
        }
      }
      if (!chosen) {
        auto& d = D().error(c.span, "no signature of ufunc '" + f.name + "' accepts (" + given +
                                        "): NumPy finds no loop the inputs cast to safely (casting='safe')");
        d.numba_rejects = true;
        signature_note(d);
        return nullptr;
      }
    }
    loop_params = chosen->params;
    loop_ret = chosen->return_type;
    loop_text = chosen->text;
  } else {
    // A CPU ufunc without signatures (Numba's DUFunc): compiled for these types.
    if (info.gufunc) return fail(c.span, "gufunc '" + f.name + "' has no signatures");
    loop_params = dtypes;
  }
  // The results: their dtypes and ranks, on the device when an operand is (numba-cuda).
  std::vector<TypeRef> out_dtypes(nout);
  std::vector<int> out_nds(nout);
  for (size_t k = 0; k < nout; ++k) {
    if (info.gufunc) {
      TypeRef op = loop_params[nin + k];
      out_dtypes[k] = op->is_array() ? op->dtype() : op;
      out_nds[k] = loop_nd + static_cast<int>(info.out_dims[k].size());
    } else {
      out_dtypes[k] = loop_ret;
      out_nds[k] = std::max(1, max_nd);
    }
  }
  std::vector<ir::ExprPtr> call_args;
  for (size_t i = 0; i < nin; ++i) {
    TypeRef want = loop_params[i]->is_array() ? loop_params[i]->dtype() : loop_params[i];
    if (!args[i]->type->is_array()) args[i] = convert(std::move(args[i]), want);
    call_args.push_back(std::move(args[i]));
  }
  const ir::UfuncLoop* loop = nullptr;
  if (final_) {
    loop = mb_.ufunc_loop(f, loop_params, loop_ret, loop_text, c.span);
    if (!loop) return nullptr;
  } else if (!info.gufunc && !out_dtypes[0]) {
    out_dtypes[0] = mb_.probe_host_return_type(f, loop_params);
    if (!out_dtypes[0]) return nullptr;
  }
  if (loop && !info.gufunc) out_dtypes[0] = loop->outputs[0];
  // A ufunc named as a function of the runtime's NumPy (`sum`, `mean`, `cumsum`): called by its
  // namespace, else argument-dependent lookup would find the runtime's for an array argument.
  const std::string callee = loop ? loop->cpp_name : cpp_identifier(f.name);
  static const std::set<std::string> runtime_names = [] {
    std::set<std::string> names;
    for (const auto& row : builtins::host_rows()) {
      const std::string_view rt = row.runtime;
      const size_t colons = rt.rfind("::");
      if (colons != std::string_view::npos) names.insert(std::string(rt.substr(colons + 2)));
    }
    return names;
  }();
  std::string pattern = (runtime_names.count(callee) ? mb_.module_namespace() + "::" : "") + callee + "(";
  for (size_t i = 0; i < nin; ++i) pattern += (i ? ", {" : "{") + std::to_string(i) + "}";
  std::vector<TypeRef> results(nout);
  bool any_scalar = false;
  for (size_t k = 0; k < nout; ++k) {
    const std::string which = nout == 1 ? "out=" : "output " + std::to_string(k) + " (" + f.def->params[nin + k].name + ")";
    if (!outs.empty()) {
      const ir::Expr& o = *outs[k];
      const Span span = out_args[k]->span;
      if (o.type->dtype() != out_dtypes[k] && (cuda || info.gufunc)) {
        return fail(span, which + " of ufunc '" + f.name + "' must have dtype " + out_dtypes[k]->str() + " (the signature " +
                              (loop ? loop->signature_text : loop_text) + "), not " + o.type->dtype()->str());
      }
      if (o.type->ndim() != out_nds[k] && !(out_nds[k] <= 1 && o.type->ndim() == 1)) {
        return fail(span, which + " of ufunc '" + f.name + "' must have " + std::to_string(out_nds[k]) +
                              " dimension(s), not " + std::to_string(o.type->ndim()));
      }
      results[k] = o.type;
      pattern += ", py2cuda::host::ufunc_out({" + std::to_string(nin + k) + "})";
      continue;
    }
    if (out_nds[k] == 0 && cuda && any_device) {
      return fail(c.span, "the result of gufunc '" + f.name + "' here would be a 0-dimensional device array, which "
                          "py2cuda does not support; pass an output array");
    }
    // A gufunc whose operands have no loop dimensions and whose output has no core
    // dimensions returns a NumPy scalar, as NumPy does for a 0-d result: the one
    // element of the entry point's (1,)-shaped result.
    any_scalar = any_scalar || out_nds[k] == 0;
    results[k] = out_nds[k] == 0       ? out_dtypes[k]
                 : cuda && any_device ? types::device_array(out_dtypes[k], out_nds[k], Layout::C)
                                      : types::array(out_dtypes[k], out_nds[k], Layout::C);
  }
  for (auto& o : outs) call_args.push_back(std::move(o));
  (void)any_array;
  pattern += ")";
  if (any_scalar && nout == 1) {
    pattern = "(" + pattern + ").flat(0)";
  } else if (any_scalar) {
    std::string which;
    for (size_t k = 0; k < nout; ++k) which += std::string(k ? ", " : "") + (out_nds[k] == 0 ? "true" : "false");
    pattern = "py2cuda::host::gufunc_scalar_results<" + which + ">(" + pattern + ")";
  }
  TypeRef result = nout == 1 ? results[0] : types::tuple(results);
  if (no_matching_signature) {
    // Python raises when the call runs (a program may catch it); its arguments were evaluated.
    std::vector<ir::ExprPtr> evaluated;
    for (auto& a : call_args) evaluated.push_back(with_effects(std::move(a)));
    std::string ignored;
    for (size_t i = 0; i < evaluated.size(); ++i) ignored += "(void)({" + std::to_string(i) + "}), ";
    return with_effects(call_node(result, "(" + ignored + "[]() -> {t0} { throw py2cuda::host::TypeError(\"no matching signature\"); }())",
                                  c.span, std::move(evaluated), {result}));
  }
  auto node = std::make_unique<ir::BuiltinCall>(result, pattern, c.span);
  node->args = std::move(call_args);
  if (cuda && loop) node->ufunc_core = loop->core;
  return node;
}

// `u.reduce(x)` of a binary CUDA ufunc: numba-cuda's DeviceVectorize.reduce, which takes a 1-D
// array (host or device) of a signature's dtype, halves it on the device, combining the halves
// with the ufunc until one element is left, and returns that element as a NumPy scalar of the
// array's dtype: TypeError for an empty array.
ir::ExprPtr FunctionBuilder::ufunc_reduce(const ast::Call& c, const FunctionEntry& f) {
  const sema::UfuncInfo& info = f.ufunc;
  if (info.target != "cuda" || info.gufunc) {
    return fail(c.func->span, "'" + f.name + ".reduce' is supported by py2cuda for binary CUDA ufuncs "
                              "(@vectorize(..., target='cuda')), as numba-cuda runs it; not for this " +
                              std::string(info.gufunc ? "gufunc" : "CPU ufunc"));
  }
  if (f.def->params.size() != 2) return numba_rejects(c.span, "'" + f.name + ".reduce' needs a binary ufunc (numba-cuda: 'must be a binary ufunc')");
  for (const auto& kw : c.keywords) {
    if (kw.name != "stream") return fail(kw.span, "'" + f.name + ".reduce' got an unexpected keyword argument '" + kw.name + "'");
  }
  if (c.args.size() != 1) return fail(c.span, "'" + f.name + ".reduce' takes one array");
  auto arr = expr(*c.args[0]);
  if (!arr) return nullptr;
  if (arr->type->is_list()) arr = listed_array(std::move(arr), c.args[0]->span);
  if (!arr) return nullptr;
  if (!arr->type->is_array() || arr->type->ndim() != 1) {
    return numba_rejects(c.args[0]->span, "'" + f.name + ".reduce' takes a 1-D array (numba-cuda: 'must use 1d array'), not " +
                                               arr->type->str());
  }
  for (const auto& kw : c.keywords) {
    if (!expr(*kw.value)) return nullptr;  // the stream: launches here are synchronous
  }
  TypeRef dt = arr->type->dtype();
  const sema::Signature* chosen = nullptr;
  for (const auto& s : f.signatures) {
    if (s.params.size() == 2 && s.params[0] == dt && s.params[1] == dt && s.return_type == dt) chosen = chosen ? chosen : &s;
  }
  if (!chosen) {
    return numba_rejects(c.span, "no signature of CUDA ufunc '" + f.name + "' is " + dt->str() + "(" + dt->str() + ", " +
                                     dt->str() + "), which '" + f.name + ".reduce' of a " + dt->str() + " array runs "
                                     "(numba-cuda combines the halves in place: exact dtypes)");
  }
  if (final_) {
    const ir::UfuncLoop* loop = mb_.ufunc_loop(f, chosen->params, chosen->return_type, chosen->text, c.span);
    if (!loop) return nullptr;
    ir::Ufunc* u = mb_.ufunc_of(f);
    for (size_t k = 0; k < u->loops.size(); ++k) {
      if (&u->loops[k] == loop) u->reduced_loops.insert(k);
    }
  }
  const std::string device = arr->type->is_device_array() ? "{0}" : "py2cuda::host::to_device({0})";
  auto call = call_node(dt, cpp_identifier(f.name) + "_reduce(" + device + ")", c.span, args_of(std::move(arr)));
  return with_effects(std::move(call));
}

}  // namespace py2cuda::infer
