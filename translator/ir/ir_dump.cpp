#include "ir/ir_dump.h"

#include <charconv>

namespace py2cuda::ir {

namespace {

std::string type_text(TypeRef t) { return t ? t->str() : "?"; }

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string number(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".enia") == std::string::npos) s += ".0";
  return s;
}

std::string constant(const Const& c) {
  TypeRef t = c.type;
  std::string v;
  if (!t) return "?";
  if (t->is_bool()) v = c.b ? "True" : "False";
  else if (t->is_float()) v = number(c.f);
  else if (t->is_complex()) v = "(" + number(c.f) + "+" + number(c.im) + "j)";
  else if (t->is_string()) v = quoted(c.str);
  else if (t->is_int()) {
    if (t->is_signed()) {
      int64_t x = static_cast<int64_t>(c.bits);
      if (t->bits() < 64) {
        const int shift = 64 - t->bits();
        x = static_cast<int64_t>(static_cast<uint64_t>(x) << shift) >> shift;
      }
      v = std::to_string(x);
    } else {
      v = std::to_string(c.bits);
    }
  } else {
    v = "None";
  }
  return v + ":" + type_text(t);
}

std::string node(const std::string& head, TypeRef t, const std::vector<std::string>& parts) {
  std::string s = "(" + head;
  if (t) s += ":" + type_text(t);
  for (const std::string& p : parts) s += " " + p;
  return s + ")";
}

std::vector<std::string> all(const std::vector<ExprPtr>& es) {
  std::vector<std::string> out;
  for (const auto& e : es) out.push_back(e ? dump(*e) : "_");
  return out;
}

// The Python line in a column of its own ("    12  "), blank for none.
std::string line_prefix(uint32_t py_line) {
  std::string number = py_line ? std::to_string(py_line) : "";
  return std::string(number.size() < 6 ? 6 - number.size() : 0, ' ') + number + "  ";
}

class FunctionDumper {
 public:
  std::string out;

  void block(const Block& b, int depth) {
    for (const auto& s : b) stmt(*s, depth);
  }

 private:
  void line(uint32_t py_line, int depth, const std::string& text) {
    out += line_prefix(py_line) + std::string(static_cast<size_t>(depth) * 2, ' ') + text + "\n";
  }

  void stmt(const Stmt& s, int depth) {
    switch (s.kind) {
      case StmtKind::Expr: line(s.span.line, depth, dump(*static_cast<const ExprStmt&>(s).value)); return;
      case StmtKind::Assign: {
        const auto& a = static_cast<const Assign&>(s);
        std::string op = a.has_compound_op ? std::string(python_spelling(a.compound_op)) + "=" : "=";
        std::string target = dump(*a.target);
        if (a.declare) target = "declare " + target + ":" + type_text(a.target->type);
        line(s.span.line, depth, target + " " + op + " " + dump(*a.value));
        return;
      }
      case StmtKind::If: {
        const auto* i = &static_cast<const If&>(s);
        line(s.span.line, depth, "if " + dump(*i->cond));
        for (;;) {
          block(i->then_body, depth + 1);
          if (i->else_is_elif) {
            i = &static_cast<const If&>(*i->else_body[0]);
            line(i->span.line, depth, "elif " + dump(*i->cond));
            continue;
          }
          if (!i->else_body.empty()) {
            line(0, depth, "else");
            block(i->else_body, depth + 1);
          }
          return;
        }
      }
      case StmtKind::ForRange: {
        const auto& f = static_cast<const ForRange&>(s);
        std::string head = "for " + f.counter->name + ":" + type_text(f.counter->type);
        if (f.target != f.counter) head += " (as " + f.target->name + ":" + type_text(f.target->type) + ")";
        head += " in range(" + dump(*f.start) + ", " + dump(*f.stop) + ", " + dump(*f.step) + ")";
        head += f.step_sign > 0 ? " ascending" : f.step_sign < 0 ? " descending" : " step-sign-at-run-time";
        line(s.span.line, depth, head);
        block(f.body, depth + 1);
        return;
      }
      case StmtKind::While: {
        const auto& w = static_cast<const While&>(s);
        line(s.span.line, depth, "while " + dump(*w.cond));
        block(w.body, depth + 1);
        return;
      }
      case StmtKind::Break: line(s.span.line, depth, "break"); return;
      case StmtKind::Continue: line(s.span.line, depth, "continue"); return;
      case StmtKind::Return: {
        const auto& r = static_cast<const Return&>(s);
        line(s.span.line, depth, r.value ? "return " + dump(*r.value) : "return");
        return;
      }
      case StmtKind::Try: {
        const auto& t = static_cast<const Try&>(s);
        line(s.span.line, depth, "try");
        block(t.body, depth + 1);
        if (t.caught) {
          line(0, depth, "catch " + t.caught->name + ":" + type_text(t.caught->type));
          block(t.handlers, depth + 1);
        }
        if (!t.else_body.empty()) {
          line(t.else_span.line, depth, t.completed ? "else" : "else (no handler ends normally)");
          block(t.else_body, depth + 1);
        }
        if (!t.finally_body.empty()) {
          line(t.finally_span.line, depth, "finally");
          block(t.finally_body, depth + 1);
        }
        return;
      }
    }
  }
};

}  // namespace

std::string dump(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Const: return constant(static_cast<const Const&>(e));
    // A variable's type is its function's (the header lists them): the name alone.
    case ExprKind::Var: return static_cast<const VarRef&>(e).var->name;
    case ExprKind::Global: return node("global", e.type, {static_cast<const GlobalRef&>(e).cpp_name});
    case ExprKind::Cast: return node("cast", e.type, {dump(*static_cast<const Cast&>(e).operand)});
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      return node(std::string(python_spelling(b.op)), e.type, {dump(*b.left), dump(*b.right)});
    }
    case ExprKind::Unary: {
      const auto& u = static_cast<const Unary&>(e);
      return node(std::string(python_spelling(u.op)), e.type, {dump(*u.operand)});
    }
    case ExprKind::Compare: {
      const auto& c = static_cast<const Compare&>(e);
      return node(std::string(python_spelling(c.op)), nullptr, {dump(*c.left), dump(*c.right)});
    }
    case ExprKind::Logical: {
      const auto& l = static_cast<const Logical&>(e);
      return node(l.is_and ? "and" : "or", e.type, {dump(*l.left), dump(*l.right)});
    }
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      return node("if-else", e.type, {dump(*s.cond), dump(*s.then_value), dump(*s.else_value)});
    }
    case ExprKind::Builtin: {
      const auto& c = static_cast<const BuiltinCall&>(e);
      std::vector<std::string> parts{quoted(c.pattern)};
      for (TypeRef t : c.type_args) parts.push_back("type=" + type_text(t));
      for (std::string& a : all(c.args)) parts.push_back(std::move(a));
      return node("builtin", e.type, parts);
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const Call&>(e);
      std::vector<std::string> parts{c.callee->cpp_name};
      for (std::string& a : all(c.args)) parts.push_back(std::move(a));
      return node("call", e.type, parts);
    }
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      std::vector<std::string> parts{dump(*ix.array)};
      for (std::string& a : all(ix.indices)) parts.push_back(std::move(a));
      return node(ix.wrap ? "index.wrap" : "index", e.type, parts);
    }
    case ExprKind::Shape: {
      const auto& sh = static_cast<const Shape&>(e);
      return node("shape", e.type, {dump(*sh.array), std::to_string(sh.dim)});
    }
    case ExprKind::Size: return node("size", e.type, {dump(*static_cast<const Size&>(e).array)});
    case ExprKind::TupleMake: return node("tuple", e.type, all(static_cast<const TupleMake&>(e).elements));
    case ExprKind::TupleGet: {
      const auto& g = static_cast<const TupleGet&>(e);
      return node("get", e.type, {dump(*g.tuple), std::to_string(g.index)});
    }
    case ExprKind::LocalArray: {
      const auto& a = static_cast<const LocalArray&>(e);
      std::string shape;
      for (int64_t d : a.shape) shape += (shape.empty() ? "" : "x") + std::to_string(d);
      return node(a.shared ? "shared.array" : "local.array", e.type, {a.storage, shape.empty() ? "dynamic" : shape});
    }
    case ExprKind::Let: {
      const auto& l = static_cast<const Let&>(e);
      return node("let", e.type, {l.var->name + ":" + type_text(l.var->type), dump(*l.init), l.body ? dump(*l.body) : "_"});
    }
    case ExprKind::Launch: {
      const auto& l = static_cast<const Launch&>(e);
      // A forall launch has its task count instead of a launch shape (the runtime picks one).
      std::vector<std::string> parts{l.kernel->cpp_name};
      if (l.forall_tasks) parts.push_back("forall=" + dump(*l.forall_tasks));
      if (l.grid) parts.push_back("grid=" + dump(*l.grid));
      if (l.block) parts.push_back("block=" + dump(*l.block));
      if (l.stream) parts.push_back("stream=" + dump(*l.stream));
      if (l.shared_bytes) parts.push_back("shared=" + dump(*l.shared_bytes));
      for (std::string& a : all(l.args)) parts.push_back(std::move(a));
      return node("launch", nullptr, parts);
    }
  }
  return "(?)";
}

std::string dump(const Function& f) {
  FunctionDumper d;
  std::string what = f.is_kernel ? "kernel" : f.is_host ? "host function" : "device function";
  std::string params;
  for (const Variable* p : f.params) {
    params += (params.empty() ? "" : ", ") + p->name + ":" + type_text(p->param_type);
    if (p->type != p->param_type) params += " (rebound as " + type_text(p->type) + ")";
  }
  std::string head = what + " " + f.cpp_name + "(" + params + ")";
  if (!f.is_kernel) head += " -> " + type_text(f.return_type);
  d.out += line_prefix(f.def_span.line) + head + "\n";
  std::string locals;
  for (const auto& v : f.variables) {
    if (v->is_param || !v->type) continue;
    locals += (locals.empty() ? "" : ", ") + v->name + ":" + type_text(v->type);
    if (v->hoisted) locals += " (hoisted)";
  }
  if (!locals.empty()) d.out += line_prefix(0) + "  locals " + locals + "\n";
  std::string flags;
  if (f.uses_barrier) flags += " barrier";
  if (f.uses_warp_ops) flags += " warp-collectives";
  if (f.cooperative) flags += " cooperative";
  if (f.recursive) flags += " recursive";
  if (f.options.debug) flags += " debug";
  if (f.options.fastmath) flags += " fastmath";
  if (!flags.empty()) d.out += line_prefix(0) + "  uses" + flags + "\n";
  d.block(f.body, 0);
  return d.out;
}

std::string dump(const Module& m) {
  std::string out = "module " + m.name + "\n";
  for (const Constant& c : m.constants) {
    out += "\n" + line_prefix(c.span.line) + "constant " + c.cpp_name + ":" + type_text(c.type);
    if (c.value) out += " = " + dump(*c.value);
    else {
      std::string shape;
      for (int64_t d : c.shape) shape += (shape.empty() ? "" : "x") + std::to_string(d);
      out += " = a frozen array of shape " + shape;
    }
    out += "\n";
  }
  for (const External& e : m.externals) {
    std::string params;
    for (TypeRef p : e.params) params += (params.empty() ? "" : ", ") + type_text(p);
    out += "\n" + line_prefix(e.span.line) + "external " + e.symbol + "(" + params + ") -> " + type_text(e.return_type) + "\n";
  }
  for (const auto& f : m.functions) out += "\n" + dump(*f);
  for (const auto& u : m.ufuncs) {
    out += "\n" + line_prefix(u.def_span.line) + (u.gufunc ? "guvectorize " : "vectorize ") + u.name;
    for (const UfuncLoop& loop : u.loops) {
      out += "\n" + line_prefix(0) + "  loop " + loop.signature_text + " -> " + (loop.core ? loop.core->cpp_name : "?");
    }
    out += "\n";
  }
  for (const auto& f : m.host_functions) out += "\n" + dump(*f);
  return out;
}

}  // namespace py2cuda::ir
