#include "frontend/ast_dump.h"

#include <cstdio>
#include <string_view>

namespace py2cuda::ast {

namespace {

class Dumper {
 public:
  explicit Dumper(bool spans) : spans_(spans) {}

  std::string out;

  void expr(const Expr* e) {
    if (!e) {
      out += '_';
      return;
    }
    switch (e->kind) {
      case ExprKind::Name: out += as<Name>(*e).id; break;
      case ExprKind::IntLit: {
        const auto& i = as<IntLit>(*e);
        out += i.overflow ? "overflow:" + i.text : std::to_string(i.value);
        break;
      }
      case ExprKind::FloatLit: {
        const auto& f = as<FloatLit>(*e);
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", f.value);
        out += buf;
        if (std::string_view(buf).find_first_of(".en") == std::string_view::npos) out += ".0";  // 1 -> 1.0
        if (f.imaginary) out += 'j';
        break;
      }
      case ExprKind::BoolLit: out += as<BoolLit>(*e).value ? "True" : "False"; break;
      case ExprKind::NoneLit: out += "None"; break;
      case ExprKind::StrLit: {
        const auto& s = as<StrLit>(*e);
        if (s.is_fstring) out += 'f';
        if (s.is_bytes) out += 'b';
        quoted(s.value);
        break;
      }
      case ExprKind::Comprehension: {
        const auto& c = as<ComprehensionExpr>(*e);
        open(c.nested_clause ? "for-clause" : c.is_dict ? "dictcomp" : c.is_list ? "listcomp" : "genexp");
        item(c.elt.get());
        item(c.target.get());
        item(c.iter.get());
        for (const auto& cond : c.conditions) item(cond.get());
        out += ')';
        break;
      }
      case ExprKind::Lambda: {
        const auto& l = as<LambdaExpr>(*e);
        open("lambda");
        for (const Param& p : l.params) out += " " + p.name;
        item(l.body.get());
        out += ')';
        break;
      }
      case ExprKind::FString: {
        open("fstr");
        for (const FStringPart& part : as<FStringExpr>(*e).parts) {
          if (!part.value) {
            out += ' ';
            quoted(part.text);
            continue;
          }
          out += ' ';
          open("field");
          item(part.value.get());
          if (part.conversion) out += std::string(" !") + part.conversion;
          if (!part.spec.empty()) {
            out += " :";
            quoted(part.spec);
          }
          out += ')';
        }
        out += ')';
        break;
      }
      case ExprKind::Attribute: {
        const auto& a = as<Attribute>(*e);
        open(".");
        item(a.value.get());
        out += ' ' + a.attr + ')';
        break;
      }
      case ExprKind::Subscript: {
        const auto& s = as<Subscript>(*e);
        open("sub");
        item(s.value.get());
        item(s.index.get());
        out += ')';
        break;
      }
      case ExprKind::Slice: {
        const auto& s = as<Slice>(*e);
        open("slice");
        for (const Expr* p : {s.lower.get(), s.upper.get(), s.step.get()}) item(p);
        out += ')';
        break;
      }
      case ExprKind::Call: {
        const auto& c = as<Call>(*e);
        open("call");
        item(c.func.get());
        items(c.args);
        for (const auto& k : c.keywords) {
          out += ' ' + (k.name.empty() ? std::string("**") : k.name + "=");
          expr(k.value.get());
        }
        if (c.has_star_args) out += " *";
        out += ')';
        break;
      }
      case ExprKind::Binary: {
        const auto& b = as<Binary>(*e);
        open(std::string(python_spelling(b.op)));
        item(b.left.get());
        item(b.right.get());
        out += ')';
        break;
      }
      case ExprKind::Unary: {
        const auto& u = as<Unary>(*e);
        open(u.op == UnaryOp::Neg ? "neg" : u.op == UnaryOp::Pos ? "pos" : u.op == UnaryOp::Invert ? "~" : "not");
        item(u.operand.get());
        out += ')';
        break;
      }
      case ExprKind::BoolOp: {
        const auto& b = as<BoolOpExpr>(*e);
        open(b.is_and ? "and" : "or");
        items(b.values);
        out += ')';
        break;
      }
      case ExprKind::Compare: {
        const auto& c = as<Compare>(*e);
        open("cmp");
        item(c.left.get());
        for (size_t i = 0; i < c.ops.size(); ++i) {
          out += ' ' + std::string(python_spelling(c.ops[i])) + ' ';
          expr(i < c.comparators.size() ? c.comparators[i].get() : nullptr);
        }
        out += ')';
        break;
      }
      case ExprKind::IfExp: {
        const auto& i = as<IfExp>(*e);
        open("ifexp");
        item(i.test.get());
        item(i.body.get());
        item(i.orelse.get());
        out += ')';
        break;
      }
      case ExprKind::Tuple:
        open("tuple");
        items(as<TupleExpr>(*e).elts);
        out += ')';
        break;
      case ExprKind::List:
        open("list");
        items(as<ListExpr>(*e).elts);
        out += ')';
        break;
      case ExprKind::Dict:
        open("dict");  // key, value, key, value...
        for (size_t i = 0; i < as<DictExpr>(*e).keys.size(); ++i) {
          item(as<DictExpr>(*e).keys[i].get());
          item(as<DictExpr>(*e).values[i].get());
        }
        out += ')';
        break;
      case ExprKind::Starred:
        open("starred");
        item(as<Starred>(*e).value.get());
        out += ')';
        break;
      case ExprKind::Unsupported:
        open("unsupported ");
        quoted(as<UnsupportedExpr>(*e).what);
        out += ')';
        break;
    }
    span(e->span);
  }

  void stmt(const Stmt& s, int indent) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    switch (s.kind) {
      case StmtKind::Expr:
        open("expr");
        item(as<ExprStmt>(s).value.get());
        break;
      case StmtKind::Assign: {
        const auto& a = as<Assign>(s);
        open("assign");
        items(a.targets);
        item(a.value.get());
        break;
      }
      case StmtKind::AugAssign: {
        const auto& a = as<AugAssign>(s);
        open("augassign");
        item(a.target.get());
        out += ' ' + std::string(python_spelling(a.op)) + '=';
        item(a.value.get());
        break;
      }
      case StmtKind::AnnAssign: {
        const auto& a = as<AnnAssign>(s);
        open("annassign");
        item(a.target.get());
        item(a.annotation.get());
        item(a.value.get());
        break;
      }
      case StmtKind::If: {
        const auto& i = as<If>(s);
        open(i.orelse_is_elif ? "if-elif" : "if");
        item(i.test.get());
        block(i.body, indent);
        if (!i.orelse.empty()) block(i.orelse, indent, "else");
        break;
      }
      case StmtKind::For: {
        const auto& f = as<For>(s);
        open("for");
        item(f.target.get());
        item(f.iter.get());
        block(f.body, indent);
        if (!f.orelse.empty()) block(f.orelse, indent, "else");
        break;
      }
      case StmtKind::While: {
        const auto& w = as<While>(s);
        open("while");
        item(w.test.get());
        block(w.body, indent);
        if (!w.orelse.empty()) block(w.orelse, indent, "else");
        break;
      }
      case StmtKind::Break: out += "(break"; break;
      case StmtKind::Continue: out += "(continue"; break;
      case StmtKind::Pass: out += "(pass"; break;
      case StmtKind::Return:
        open("return");
        item(as<Return>(s).value.get());
        break;
      case StmtKind::FunctionDef: function(as<FunctionDef>(s), indent); break;
      case StmtKind::Import: {
        open("import");
        aliases(as<Import>(s).names);
        break;
      }
      case StmtKind::ImportFrom: {
        const auto& i = as<ImportFrom>(s);
        open("from ");
        out += std::string(static_cast<size_t>(i.level), '.') + i.module;
        if (i.star) out += " *";
        aliases(i.names);
        break;
      }
      case StmtKind::Global: {
        open("global");
        for (const auto& n : as<Global>(s).names) out += ' ' + n;
        break;
      }
      case StmtKind::Assert: {
        const auto& a = as<Assert>(s);
        open("assert");
        item(a.test.get());
        item(a.msg.get());
        break;
      }
      case StmtKind::Raise:
        open("raise");
        item(as<Raise>(s).exc.get());
        break;
      case StmtKind::With: {
        const auto& w = as<With>(s);
        open("with");
        for (const WithItem& i : w.items) {
          item(i.context.get());
          if (i.target) out += " as", item(i.target.get());
        }
        block(w.body, indent);
        break;
      }
      case StmtKind::Try: {
        const auto& t = as<Try>(s);
        open("try");
        block(t.body, indent);
        for (const ExceptHandler& h : t.handlers) {
          out += '\n';
          out.append(static_cast<size_t>(indent + 1) * 2, ' ');
          out += "except";
          if (h.type) item(h.type.get());
          if (h.name) out += " as", item(h.name.get());
          out += ':';
          block(h.body, indent + 1);
        }
        if (!t.orelse.empty()) block(t.orelse, indent, "else");
        if (!t.finalbody.empty()) block(t.finalbody, indent, "finally");
        break;
      }
      case StmtKind::Delete:
        open("del");
        for (const auto& t : as<Delete>(s).targets) item(t.get());
        break;
      case StmtKind::Unsupported: {
        const auto& u = as<UnsupportedStmt>(s);
        open("unsupported ");
        quoted(u.what);
        if (!u.body.empty()) block(u.body, indent);
        break;
      }
    }
    out += ')';
    span(s.span);
  }

 private:
  void open(const std::string& head) { out += '(' + head; }
  // An operand: a space, then the expression.
  void item(const Expr* e) {
    out += ' ';
    expr(e);
  }

  void span(const Span& s) {
    if (!spans_) return;
    out += '@' + std::to_string(s.line) + ':' + std::to_string(s.col) + '-' + std::to_string(s.end_line) + ':' +
           std::to_string(s.end_col);
  }

  void quoted(const std::string& s) {
    out += '\'';
    for (unsigned char c : s) {
      if (c == '\\' || c == '\'') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c < 0x20 || c == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
    out += '\'';
  }

  void items(const std::vector<ExprPtr>& xs) {
    for (const auto& x : xs) item(x.get());
  }

  void block(const Block& b, int indent, const char* label = nullptr) {
    if (label) {
      out += '\n';
      out.append(static_cast<size_t>(indent + 1) * 2, ' ');
      out += label;
      out += ':';
    }
    for (const auto& s : b) {
      out += '\n';
      stmt(*s, indent + 1 + (label ? 1 : 0));
    }
  }

  void aliases(const std::vector<ImportAlias>& names) {
    for (const auto& a : names) {
      out += ' ' + a.name;
      if (!a.asname.empty()) out += " as " + a.asname;
    }
  }

  void function(const FunctionDef& f, int indent) {
    open(f.is_async ? "async-def " : "def ");
    out += f.name + " (";
    bool first = true;
    for (const Param& p : f.params) {
      if (!first) out += ", ";
      first = false;
      if (p.kind == Param::Kind::VarArgs) out += '*';
      if (p.kind == Param::Kind::KwArgs) out += "**";
      if (p.kind == Param::Kind::KeywordOnly) out += "kw:";
      out += p.name;
      if (p.annotation) {
        out += ": ";
        expr(p.annotation.get());
      }
      if (p.default_value) {
        out += " = ";
        expr(p.default_value.get());
      }
    }
    out += ')';
    if (f.returns) {
      out += " -> ";
      expr(f.returns.get());
    }
    for (const auto& d : f.decorators) {
      out += " @";
      expr(d.get());
    }
    block(f.body, indent);
  }

  bool spans_;
};

}  // namespace

std::string dump(const Expr& e, bool spans) {
  Dumper d(spans);
  d.expr(&e);
  return d.out;
}

std::string dump(const Stmt& s, bool spans) {
  Dumper d(spans);
  d.stmt(s, 0);
  return d.out;
}

std::string dump(const Module& m, bool spans) {
  Dumper d(spans);
  for (const auto& s : m.body) {
    d.stmt(*s, 0);
    d.out += '\n';
  }
  return d.out;
}

}  // namespace py2cuda::ast
