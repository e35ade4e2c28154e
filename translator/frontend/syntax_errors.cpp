#include "frontend/syntax_errors.h"

#include <cstdint>

#include "frontend/cst.h"
#include "frontend/literals.h"

namespace py2cuda::frontend {

namespace {

std::string_view token_type(TSNode n) { return ts_node_type(n); }

bool is_opener(std::string_view t) { return t == "(" || t == "[" || t == "{"; }
bool is_closer(std::string_view t) { return t == ")" || t == "]" || t == "}"; }
char opener_of(std::string_view closer) { return closer == ")" ? '(' : closer == "]" ? '[' : '{'; }

bool is_compound_keyword(std::string_view t) {
  static const char* const kKeywords[] = {"if",  "elif",  "else", "for",     "while", "def",
                                          "class", "with", "try", "except", "finally"};
  for (const char* k : kKeywords)
    if (t == k) return true;
  return false;
}

SyntaxError at_node(TSNode n, std::string message) {
  return {ts_node_start_point(n), ts_node_end_point(n), std::move(message)};
}

// The ERROR leaves under `n`: byte sequences the lexer could not tokenise
// at all ("$", "?", invalid UTF-8). tree-sitter often wraps several lines of
// them in one ERROR node; each is a mistake of its own.
std::vector<TSNode> bad_tokens(TSNode n) {
  std::vector<TSNode> found;
  TSTreeCursor c = ts_tree_cursor_new(n);
  for (;;) {
    TSNode cur = ts_tree_cursor_current_node(&c);
    if (ts_node_is_error(cur) && ts_node_child_count(cur) == 0 && ts_node_end_byte(cur) > ts_node_start_byte(cur))
      found.push_back(cur);
    if (ts_tree_cursor_goto_first_child(&c)) continue;
    if (ts_tree_cursor_goto_next_sibling(&c)) continue;
    bool up = false;
    while (ts_tree_cursor_goto_parent(&c)) {
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        up = true;
        break;
      }
    }
    if (!up) break;
  }
  ts_tree_cursor_delete(&c);
  return found;
}

std::string missing_message(TSNode n) {
  std::string_view type = token_type(n);
  if (!ts_node_is_named(n)) return "invalid syntax: expected '" + std::string(type) + "'";
  if (type == "identifier") return "invalid syntax: expected a name";
  if (type == "string_end") return "unterminated string literal";
  std::string words(type);
  for (char& ch : words)
    if (ch == '_') ch = ' ';
  return "invalid syntax: expected " + words;
}

// The message for an ERROR node that holds no bad token: an unterminated
// string, an unbalanced bracket, a compound header without its colon, or
// else the text that could not be parsed.
SyntaxError error_message(TSNode err, std::string_view text, cst::ChildWalker& walker) {
  std::vector<cst::Child> kids = walker.children(err);

  for (const cst::Child& k : kids) {
    if (cst::kind(k.node) != cst::Kind::StringStart) continue;
    std::string_view q = cst::text_of(k.node, text);
    bool triple = q.size() >= 3 && q[q.size() - 1] == q[q.size() - 2] && q[q.size() - 2] == q[q.size() - 3];
    return at_node(k.node, triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
  }

  std::vector<TSNode> open;
  for (const cst::Child& k : kids) {
    if (ts_node_is_named(k.node)) continue;
    std::string_view t = token_type(k.node);
    if (is_opener(t)) {
      open.push_back(k.node);
    } else if (is_closer(t)) {
      if (open.empty()) return at_node(k.node, "unmatched '" + std::string(t) + "'");
      std::string_view o = token_type(open.back());
      if (o[0] != opener_of(t)) {
        return at_node(k.node, "closing parenthesis '" + std::string(t) + "' does not match opening parenthesis '" +
                                   std::string(o) + "'");
      }
      open.pop_back();
    }
  }
  if (!open.empty()) return at_node(open.back(), "'" + std::string(token_type(open.back())) + "' was never closed");

  if (!kids.empty() && !ts_node_is_named(kids.front().node) && is_compound_keyword(token_type(kids.front().node))) {
    bool has_colon = false;
    for (const cst::Child& k : kids) has_colon |= !ts_node_is_named(k.node) && token_type(k.node) == ":";
    if (!has_colon) {
      uint32_t row = ts_node_start_point(err).row;
      TSPoint end = ts_node_end_point(kids.front().node);
      for (const cst::Child& k : kids)
        if (ts_node_start_point(k.node).row == row) end = ts_node_end_point(k.node);
      return {end, end, "invalid syntax: expected ':'"};
    }
  }

  std::string_view snippet = cst::text_of(err, text);
  snippet = snippet.substr(0, snippet.find_first_of("\r\n"));
  while (!snippet.empty() && (snippet.back() == ' ' || snippet.back() == '\t')) snippet.remove_suffix(1);
  SyntaxError e = at_node(err, snippet.empty() ? "invalid syntax" : "invalid syntax near '" + printable(snippet) + "'");
  if (e.end.row != e.start.row) e.end = {e.start.row, e.start.column + static_cast<uint32_t>(snippet.size())};
  return e;
}

}  // namespace

std::vector<SyntaxError> find_syntax_errors(TSNode root, std::string_view text, size_t limit) {
  std::vector<SyntaxError> out;
  if (ts_node_is_null(root) || !ts_node_has_error(root)) return out;
  cst::ChildWalker walker;
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (;;) {
    TSNode cur = ts_tree_cursor_current_node(&c);
    bool descend = false;
    if (ts_node_is_missing(cur)) {
      out.push_back(at_node(cur, missing_message(cur)));
    } else if (ts_node_is_error(cur)) {
      // Nested ERRORs are part of this one; bad tokens are reported one per
      // line, anything else once.
      std::vector<TSNode> bad = bad_tokens(cur);
      uint32_t last_row = UINT32_MAX;
      for (TSNode b : bad) {
        if (ts_node_start_point(b).row == last_row) continue;
        last_row = ts_node_start_point(b).row;
        out.push_back(at_node(b, "invalid syntax near '" + printable(cst::text_of(b, text)) + "'"));
      }
      if (bad.empty()) out.push_back(error_message(cur, text, walker));
    } else {
      descend = ts_node_has_error(cur);
    }
    if (out.size() >= limit) break;
    if (descend && ts_tree_cursor_goto_first_child(&c)) continue;
    if (ts_tree_cursor_goto_next_sibling(&c)) continue;
    bool more = false;
    while (ts_tree_cursor_goto_parent(&c)) {
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        more = true;
        break;
      }
    }
    if (!more) break;
  }
  ts_tree_cursor_delete(&c);
  return out;
}

}  // namespace py2cuda::frontend
