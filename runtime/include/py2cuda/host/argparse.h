// py2cuda host runtime: Python's argparse, the part scripts use to read their sizes from the
// command line (ArgumentParser, add_argument, parse_args, the Namespace's attributes).
//
// The parsing, the errors and the help text are CPython 3.11's argparse step for step:
// arguments are classified as options ('O'), positionals ('A') and '--' ('-'), the
// positionals are matched by the same regular expressions over that pattern string (so the
// quirks follow: a `nargs="*"` positional matched empty before an option), and the help is
// HelpFormatter's layout (width: $COLUMNS or the terminal's, else 80, minus 2; the help
// column at most 24; textwrap's filling). The translator checks the arguments' types and
// types each attribute (infer/host_argparse.cpp); what reaches here is well-formed.
#pragma once

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../optional.h"
#include "conversions.h"
#include "exceptions.h"
#include "iterate.h"
#include "list.h"
#include "print.h"
#include "program.h"
#include "scalar_repr.h"
#include "sys.h"

namespace py2cuda::host {

// A value argparse stores: None, a bool, an int, a float, a str or a list of them.
struct ArgValue {
  enum class Kind { None, Bool, Int, Float, Str, List };
  Kind kind = Kind::None;
  bool b = false;
  int64_t i = 0;
  double f = 0.0;
  std::string s;
  std::vector<ArgValue> items;

  bool operator==(const ArgValue& o) const {
    if (kind == Kind::List || o.kind == Kind::List) return kind == o.kind && items == o.items;
    if (kind == Kind::Str || o.kind == Kind::Str) return kind == o.kind && s == o.s;
    if (kind == Kind::None || o.kind == Kind::None) return kind == o.kind;
    return number() == o.number();  // 1 == 1.0 == True, as `in choices` compares
  }
  double number() const { return kind == Kind::Float ? f : kind == Kind::Int ? static_cast<double>(i) : (b ? 1.0 : 0.0); }
};

inline ArgValue arg_none() { return {}; }
inline ArgValue arg_bool(bool v) { ArgValue a; a.kind = ArgValue::Kind::Bool; a.b = v; return a; }
inline ArgValue arg_int(int64_t v) { ArgValue a; a.kind = ArgValue::Kind::Int; a.i = v; return a; }
inline ArgValue arg_float(double v) { ArgValue a; a.kind = ArgValue::Kind::Float; a.f = v; return a; }
inline ArgValue arg_str(std::string v) { ArgValue a; a.kind = ArgValue::Kind::Str; a.s = std::move(v); return a; }
inline ArgValue arg_list(std::vector<ArgValue> v) { ArgValue a; a.kind = ArgValue::Kind::List; a.items = std::move(v); return a; }

inline std::string repr(const ArgValue& v) {
  switch (v.kind) {
    case ArgValue::Kind::None: return "None";
    case ArgValue::Kind::Bool: return v.b ? "True" : "False";
    case ArgValue::Kind::Int: return std::to_string(v.i);
    case ArgValue::Kind::Float: return repr(v.f);
    case ArgValue::Kind::Str: return repr(v.s);
    case ArgValue::Kind::List: {
      std::string out = "[";
      for (size_t k = 0; k < v.items.size(); ++k) out += (k ? ", " : "") + repr(v.items[k]);
      return out + "]";
    }
  }
  return "None";
}
inline std::string str(const ArgValue& v) { return v.kind == ArgValue::Kind::Str ? v.s : repr(v); }

enum class ArgAction { Store, StoreTrue, StoreFalse, StoreConst, Count, Help };
enum class ArgType { Str, Int, Float };
// nargs: None (one value), '?', '*', '+', or an int N (Exactly, with `count`).
enum class ArgNargs { One, Optional, ZeroOrMore, OneOrMore, Exactly };

// add_argument's keywords, as the translator spells them with designated initializers.
struct ArgumentSpec {
  std::vector<std::string> names;  // option strings ("-b", "--block") or the positional's name
  ArgAction action = ArgAction::Store;
  ArgNargs nargs = ArgNargs::One;
  int64_t count = 1;  // nargs=N
  ArgType type = ArgType::Str;
  bool has_default = false;
  ArgValue default_value;
  ArgValue const_value;
  bool has_choices = false;
  std::vector<ArgValue> choices;
  bool required = false;
  bool has_help = false;
  std::string help;
  bool has_metavar = false;
  std::string metavar;
  std::string dest;  // empty: derived from the names as argparse does
};

struct ParserSpec {
  bool has_prog = false;
  std::string prog;
  bool has_description = false;
  std::string description;
  bool has_epilog = false;
  std::string epilog;
};

// argparse's Namespace: the attributes in the order they were set.
class Namespace {
 public:
  void set(const std::string& dest, ArgValue v) {
    for (auto& [name, value] : attributes_) {
      if (name == dest) {
        value = std::move(v);
        return;
      }
    }
    attributes_.emplace_back(dest, std::move(v));
  }
  bool has(const std::string& dest) const {
    for (const auto& a : attributes_) if (a.first == dest) return true;
    return false;
  }
  const ArgValue& at(std::string_view dest) const {
    for (const auto& a : attributes_) if (a.first == dest) return a.second;
    throw PyException("AttributeError", "'Namespace' object has no attribute '" + std::string(dest) + "'");
  }
  // args.NAME, in the type the translator gave it.
  template <class T>
  T get(std::string_view dest) const { return convert<T>(at(dest)); }
  const std::vector<std::pair<std::string, ArgValue>>& attributes() const { return attributes_; }

 private:
  template <class T> struct tag {};
  template <class T>
  static T convert(const ArgValue& v) { return convert(v, tag<T>{}); }
  static bool convert(const ArgValue& v, tag<bool>) { return v.kind == ArgValue::Kind::Bool ? v.b : v.i != 0; }
  static int64_t convert(const ArgValue& v, tag<int64_t>) { return v.kind == ArgValue::Kind::Bool ? v.b : v.i; }
  static double convert(const ArgValue& v, tag<double>) { return v.number(); }
  static std::string convert(const ArgValue& v, tag<std::string>) { return v.s; }
  template <class T>
  static List<T> convert(const ArgValue& v, tag<List<T>>) {
    std::vector<T> out;
    for (const ArgValue& x : v.items) out.push_back(convert<T>(x));
    return List<T>(std::move(out));
  }
  template <class T>
  static py2cuda::Optional<T> convert(const ArgValue& v, tag<py2cuda::Optional<T>>) {
    if (v.kind == ArgValue::Kind::None) return py2cuda::Optional<T>();
    return py2cuda::Optional<T>(convert<T>(v));
  }

  std::vector<std::pair<std::string, ArgValue>> attributes_;
};

// One namespace type per parser of the program, so that each has its own attributes' types.
template <int Parser>
class argparse_namespace : public Namespace {
 public:
  argparse_namespace() = default;
  explicit argparse_namespace(Namespace n) : Namespace(std::move(n)) {}
};

// Namespace(a=1, b='x'): names that are not identifiers go into a **{...} at the end.
inline std::string repr(const Namespace& ns) {
  std::string out = "Namespace(";
  std::string star;
  bool first = true;
  for (const auto& [name, value] : ns.attributes()) {
    bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    if (identifier) {
      out += (first ? "" : ", ") + name + "=" + repr(value);
      first = false;
    } else {
      star += (star.empty() ? "" : ", ") + repr(name) + ": " + repr(value);
    }
  }
  if (!star.empty()) out += (first ? "" : ", ") + std::string("**{") + star + "}";
  return out + ")";
}
inline std::string str(const Namespace& ns) { return repr(ns); }
inline std::string format(const Namespace& ns, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to Namespace.__format__");
  return repr(ns);
}

namespace argparse_detail {

// ArgumentError's text: "argument -b/--block: invalid int value: 'x'".
struct ArgumentError {
  std::string message;
};

// shutil.get_terminal_size().columns: $COLUMNS when a positive int, else stdout's terminal, else 80.
inline int terminal_columns() {
  if (const char* env = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && v > 0) return static_cast<int>(v);
  }
  winsize w{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 80;
}

// re.sub(r'\s+', ' ', text).strip()
inline std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = true;
    } else {
      if (space && !out.empty()) out += ' ';
      space = false;
      out += c;
    }
  }
  return out;
}

// textwrap's letters: [^\d\W], word characters that are not digits.
inline bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

// textwrap's chunks of a whitespace-collapsed text: words split after the hyphens of hyphenated
// words (`floating-` `point`), with the single spaces between them as chunks of their own.
inline std::vector<std::string> wrap_chunks(const std::string& text) {
  std::vector<std::string> chunks;
  size_t k = 0;
  while (k < text.size()) {
    if (text[k] == ' ') {
      chunks.emplace_back(" ");
      ++k;
      continue;
    }
    size_t end = text.find(' ', k);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(k, end - k);
    size_t start = 0;
    for (size_t h = 0; h < word.size(); ++h) {
      if (word[h] != '-') continue;
      // -(?: (?<=lt{2}-) | (?<=lt-lt-)) (?= lt -? lt)
      const bool before = (h >= 2 && is_letter(word[h - 1]) && is_letter(word[h - 2])) ||
                          (h >= 3 && is_letter(word[h - 1]) && word[h - 2] == '-' && is_letter(word[h - 3]));
      const bool after = h + 2 < word.size() && is_letter(word[h + 1]) &&
                         (is_letter(word[h + 2]) || (h + 3 < word.size() && word[h + 2] == '-' && is_letter(word[h + 3])));
      if (before && after && h + 1 - start > 1) {
        chunks.push_back(word.substr(start, h + 1 - start));
        start = h + 1;
      }
    }
    chunks.push_back(word.substr(start));
    k = end;
  }
  return chunks;
}

// textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) of a collapsed text.
inline std::vector<std::string> wrap(const std::string& text, int width, const std::string& indent = "") {
  std::vector<std::string> chunks = wrap_chunks(text);
  std::reverse(chunks.begin(), chunks.end());
  std::vector<std::string> lines;
  while (!chunks.empty()) {
    std::vector<std::string> line;
    int cur = 0;
    const int room = width - static_cast<int>(indent.size());
    if (chunks.back() == " " && !lines.empty()) chunks.pop_back();
    while (!chunks.empty()) {
      const int l = static_cast<int>(chunks.back().size());
      if (cur + l <= room) {
        line.push_back(chunks.back());
        chunks.pop_back();
        cur += l;
      } else {
        break;
      }
    }
    if (!chunks.empty() && static_cast<int>(chunks.back().size()) > room) {
      // _handle_long_word: break it, after a hyphen when one fits
      const int space_left = room < 1 ? 1 : room - cur;
      std::string& chunk = chunks.back();
      size_t end = static_cast<size_t>(space_left);
      if (chunk.size() > end) {
        const size_t hyphen = std::string_view(chunk).substr(0, end).rfind('-');
        if (hyphen != std::string::npos && hyphen > 0 && chunk.find_first_not_of('-') < hyphen) end = hyphen + 1;
      }
      line.push_back(chunk.substr(0, end));
      chunk = chunk.substr(end);
      if (chunk.empty()) chunks.pop_back();
    }
    if (!line.empty() && line.back() == " ") line.pop_back();
    if (!line.empty()) {
      std::string joined = indent;
      for (const std::string& c : line) joined += c;
      lines.push_back(joined);
    }
  }
  return lines;
}

}  // namespace argparse_detail

class ArgumentParser {
 public:
  // `script`: sys.argv[0] as the program sees it, whose base name is the default prog.
  ArgumentParser(ParserSpec spec, const std::string& script) : spec_(std::move(spec)) {
    if (spec_.has_prog) {
      prog_ = spec_.prog;
    } else {
      const size_t slash = script.rfind('/');
      prog_ = slash == std::string::npos ? script : script.substr(slash + 1);
    }
    ArgumentSpec help;
    help.names = {"-h", "--help"};
    help.action = ArgAction::Help;
    help.has_help = true;
    help.help = "show this help message and exit";
    help.dest = "help";
    add_argument(std::move(help));
  }

  void add_argument(ArgumentSpec a) {
    const bool optional = !a.names.empty() && !a.names[0].empty() && a.names[0][0] == '-';
    if (a.dest.empty()) {
      if (!optional) {
        a.dest = a.names[0];
      } else {
        std::string chosen = a.names[0];
        for (const std::string& n : a.names) {
          if (n.size() > 1 && n[1] == '-') {
            chosen = n;
            break;
          }
        }
        size_t k = 0;
        while (k < chosen.size() && chosen[k] == '-') ++k;
        a.dest = chosen.substr(k);
        std::replace(a.dest.begin(), a.dest.end(), '-', '_');
      }
    }
    if (!optional) {
      a.names = {};
      positional_name_.push_back(true);
      if (a.nargs != ArgNargs::Optional && a.nargs != ArgNargs::ZeroOrMore) a.required = true;
      if (a.nargs == ArgNargs::ZeroOrMore && !a.has_default) a.required = true;
    } else {
      positional_name_.push_back(false);
    }
    switch (a.action) {
      case ArgAction::StoreTrue:
        if (!a.has_default) a.default_value = arg_bool(false);
        a.const_value = arg_bool(true);
        a.nargs = ArgNargs::Exactly;
        a.count = 0;
        break;
      case ArgAction::StoreFalse:
        if (!a.has_default) a.default_value = arg_bool(true);
        a.const_value = arg_bool(false);
        a.nargs = ArgNargs::Exactly;
        a.count = 0;
        break;
      case ArgAction::StoreConst:
      case ArgAction::Count:
      case ArgAction::Help:
        a.nargs = ArgNargs::Exactly;
        a.count = 0;
        break;
      case ArgAction::Store: break;
    }
    static const std::regex negative_number(R"(^-\d+$|^-\d*\.\d+$)");
    for (const std::string& n : a.names)
      if (std::regex_search(n, negative_number)) has_negative_number_optionals_ = true;
    actions_.push_back(std::move(a));
  }

  Namespace parse_args(const str_list& argv) const {
    std::vector<std::string> arguments(argv.items().begin() + (argv.items().empty() ? 0 : 1), argv.items().end());
    return parse_args(arguments);
  }
  // parse_args(["--n", "8"]): a list given in the program.
  template <class Items>
    requires(!std::is_same_v<Items, str_list>)
  Namespace parse_args(const Items& items) const {
    std::vector<std::string> arguments;
    for_each_item(items, [&](const auto& v) { arguments.push_back(std::string(v)); });
    return parse_args(arguments);
  }
  Namespace parse_args(const std::vector<std::string>& arguments) const {
    Namespace ns;
    for (const ArgumentSpec& a : actions_) {
      if (a.action == ArgAction::Help) continue;  // default=SUPPRESS
      if (!ns.has(a.dest)) ns.set(a.dest, a.default_value);
    }
    std::vector<std::string> extras;
    try {
      extras = parse_known(arguments, ns);
    } catch (const argparse_detail::ArgumentError& e) {
      error(e.message);
    }
    if (!extras.empty()) {
      std::string joined;
      for (const std::string& x : extras) joined += (joined.empty() ? "" : " ") + x;
      error("unrecognized arguments: " + joined);
    }
    return ns;
  }

  std::string format_usage() const { return finish_help("usage: " + usage_text() + "\n\n"); }
  std::string format_help() const;
  void print_help() const { detail::write_stdout(format_help()); }
  void print_usage() const { detail::write_stdout(format_usage()); }

  // parser.error(message): the usage and "prog: error: message" on stderr, exit status 2.
  [[noreturn]] void error(const std::string& message) const {
    std::string usage = format_usage();
    std::fflush(stdout);
    std::fprintf(stderr, "%s%s: error: %s\n", usage.c_str(), prog_.c_str(), message.c_str());
    throw SystemExit(int64_t{2});
  }

 private:
  struct OptionMatch {
    int action = -1;  // -1: an unknown option (an extra)
    std::string option_string;
    bool has_explicit = false;
    std::string explicit_arg;
  };

  bool is_optional(const ArgumentSpec& a) const { return !a.names.empty(); }

  int find_option(const std::string& s) const {
    for (size_t k = 0; k < actions_.size(); ++k)
      for (const std::string& n : actions_[k].names)
        if (n == s) return static_cast<int>(k);
    return -1;
  }
  // Every option string, in the order they were added (the dict _option_string_actions).
  std::vector<std::pair<std::string, int>> option_strings() const {
    std::vector<std::pair<std::string, int>> out;
    for (size_t k = 0; k < actions_.size(); ++k)
      for (const std::string& n : actions_[k].names) out.emplace_back(n, static_cast<int>(k));
    return out;
  }

  std::string action_name(const ArgumentSpec& a) const {
    if (!a.names.empty()) {
      std::string out;
      for (const std::string& n : a.names) out += (out.empty() ? "" : "/") + n;
      return out;
    }
    if (a.has_metavar) return a.metavar;
    return a.dest;
  }
  [[noreturn]] void argument_error(const ArgumentSpec& a, const std::string& message) const {
    throw argparse_detail::ArgumentError{"argument " + action_name(a) + ": " + message};
  }

  // _parse_optional: nullopt-like `false` for a positional.
  bool parse_optional(const std::string& arg, OptionMatch& out) const {
    if (arg.empty() || arg[0] != '-') return false;
    if (int k = find_option(arg); k >= 0) {
      out = {k, arg, false, ""};
      return true;
    }
    if (arg.size() == 1) return false;
    if (const size_t eq = arg.find('='); eq != std::string::npos) {
      const std::string opt = arg.substr(0, eq);
      if (int k = find_option(opt); k >= 0) {
        out = {k, opt, true, arg.substr(eq + 1)};
        return true;
      }
    }
    std::vector<OptionMatch> tuples;
    if (arg[1] == '-') {
      std::string prefix = arg;
      bool has_explicit = false;
      std::string explicit_arg;
      if (const size_t eq = arg.find('='); eq != std::string::npos) {
        prefix = arg.substr(0, eq);
        explicit_arg = arg.substr(eq + 1);
        has_explicit = true;
      }
      for (const auto& [name, k] : option_strings())
        if (name.starts_with(prefix)) tuples.push_back({k, name, has_explicit, explicit_arg});
    } else {
      const std::string short_prefix = arg.substr(0, 2);
      for (const auto& [name, k] : option_strings()) {
        if (name == short_prefix) tuples.push_back({k, name, true, arg.substr(2)});
        else if (name.starts_with(arg)) tuples.push_back({k, name, false, ""});
      }
    }
    if (tuples.size() > 1) {
      std::string options;
      for (const OptionMatch& t : tuples) options += (options.empty() ? "" : ", ") + t.option_string;
      error("ambiguous option: " + arg + " could match " + options);
    }
    if (tuples.size() == 1) {
      out = tuples[0];
      return true;
    }
    static const std::regex negative_number(R"(^-\d+$|^-\d*\.\d+$)");
    if (std::regex_search(arg, negative_number) && !has_negative_number_optionals_) return false;
    if (arg.find(' ') != std::string::npos) return false;
    out = {-1, arg, false, ""};
    return true;
  }

  std::string nargs_pattern(const ArgumentSpec& a) const {
    std::string p;
    switch (a.nargs) {
      case ArgNargs::One: p = "(-*A-*)"; break;
      case ArgNargs::Optional: p = "(-*A?-*)"; break;
      case ArgNargs::ZeroOrMore: p = "(-*[A-]*)"; break;
      case ArgNargs::OneOrMore: p = "(-*A[A-]*)"; break;
      case ArgNargs::Exactly: {
        p = "(-*";
        for (int64_t k = 0; k < a.count; ++k) p += k ? "-*A" : "A";
        p += "-*)";
        break;
      }
    }
    if (is_optional(a)) {
      std::string q;
      for (size_t k = 0; k < p.size(); ++k) {
        if (p[k] == '-' && k + 1 < p.size() && p[k + 1] == '*') {
          ++k;
          continue;
        }
        if (p[k] == '-') continue;
        q += p[k];
      }
      p = q;
    }
    return p;
  }

  int64_t match_argument(const ArgumentSpec& a, const std::string& pattern) const {
    std::smatch m;
    if (!std::regex_search(pattern, m, std::regex(nargs_pattern(a)), std::regex_constants::match_continuous)) {
      switch (a.nargs) {
        case ArgNargs::One: argument_error(a, "expected one argument");
        case ArgNargs::Optional: argument_error(a, "expected at most one argument");
        case ArgNargs::OneOrMore: argument_error(a, "expected at least one argument");
        default:
          argument_error(a, "expected " + std::to_string(a.count) + (a.count == 1 ? " argument" : " arguments"));
      }
    }
    return m.length(1);
  }

  ArgValue get_value(const ArgumentSpec& a, const std::string& text) const {
    try {
      switch (a.type) {
        case ArgType::Str: return arg_str(text);
        case ArgType::Int: return arg_int(to_int(text));
        case ArgType::Float: return arg_float(to_float(text));
      }
    } catch (const PyException& e) {
      if (e.type_name() != "ValueError") throw;
    }
    argument_error(a, std::string("invalid ") + (a.type == ArgType::Int ? "int" : "float") + " value: " + repr(text));
  }
  void check_value(const ArgumentSpec& a, const ArgValue& v) const {
    if (!a.has_choices) return;
    for (const ArgValue& c : a.choices)
      if (c == v) return;
    std::string choices;
    for (const ArgValue& c : a.choices) choices += (choices.empty() ? "" : ", ") + repr(c);
    argument_error(a, "invalid choice: " + repr(v) + " (choose from " + choices + ")");
  }

  ArgValue get_values(const ArgumentSpec& a, std::vector<std::string> strings) const {
    if (auto dash = std::find(strings.begin(), strings.end(), "--"); dash != strings.end()) strings.erase(dash);
    if (strings.empty() && a.nargs == ArgNargs::Optional) {
      ArgValue v = is_optional(a) ? a.const_value : a.default_value;
      if (v.kind == ArgValue::Kind::Str) {
        v = get_value(a, v.s);
        check_value(a, v);
      }
      return v;
    }
    if (strings.empty() && a.nargs == ArgNargs::ZeroOrMore && !is_optional(a)) {
      ArgValue v = a.default_value.kind != ArgValue::Kind::None ? a.default_value : arg_list({});
      check_value(a, v);
      return v;
    }
    if (strings.size() == 1 && (a.nargs == ArgNargs::One || a.nargs == ArgNargs::Optional)) {
      ArgValue v = get_value(a, strings[0]);
      check_value(a, v);
      return v;
    }
    std::vector<ArgValue> values;
    for (const std::string& s : strings) values.push_back(get_value(a, s));
    for (const ArgValue& v : values) check_value(a, v);
    return arg_list(std::move(values));
  }

  void take_action(int index, const std::vector<std::string>& strings, std::vector<bool>& seen, Namespace& ns) const {
    const ArgumentSpec& a = actions_[static_cast<size_t>(index)];
    seen[static_cast<size_t>(index)] = true;
    ArgValue v = get_values(a, strings);
    switch (a.action) {
      case ArgAction::Store: ns.set(a.dest, std::move(v)); break;
      case ArgAction::StoreTrue:
      case ArgAction::StoreFalse:
      case ArgAction::StoreConst: ns.set(a.dest, a.const_value); break;
      case ArgAction::Count: {
        const ArgValue& now = ns.at(a.dest);
        ns.set(a.dest, arg_int(now.kind == ArgValue::Kind::None ? 1 : (now.kind == ArgValue::Kind::Bool ? now.b : now.i) + 1));
        break;
      }
      case ArgAction::Help:
        print_help();
        throw SystemExit(int64_t{0});
    }
  }

  std::vector<std::string> parse_known(const std::vector<std::string>& args, Namespace& ns) const;

  std::string metavar(const ArgumentSpec& a, const std::string& fallback) const {
    if (a.has_metavar) return a.metavar;
    if (a.has_choices) {
      std::string out = "{";
      for (size_t k = 0; k < a.choices.size(); ++k) out += (k ? "," : "") + str(a.choices[k]);
      return out + "}";
    }
    return fallback;
  }
  std::string default_metavar(const ArgumentSpec& a) const {
    if (!is_optional(a)) return a.dest;
    std::string up = a.dest;
    for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return up;
  }
  // HelpFormatter._format_args
  std::string format_args(const ArgumentSpec& a) const {
    const std::string m = metavar(a, default_metavar(a));
    switch (a.nargs) {
      case ArgNargs::One: return m;
      case ArgNargs::Optional: return "[" + m + "]";
      case ArgNargs::ZeroOrMore: return "[" + m + " ...]";
      case ArgNargs::OneOrMore: return m + " [" + m + " ...]";
      case ArgNargs::Exactly: {
        std::string out;
        for (int64_t k = 0; k < a.count; ++k) out += (k ? " " : "") + m;
        return out;
      }
    }
    return m;
  }
  std::string actions_usage(bool optionals) const {
    std::string text;
    for (const ArgumentSpec& a : actions_) {
      if (is_optional(a) != optionals) continue;
      std::string part;
      if (!is_optional(a)) {
        part = format_args(a);
      } else {
        part = a.nargs == ArgNargs::Exactly && a.count == 0 ? a.names[0] : a.names[0] + " " + format_args(a);
        if (!a.required) part = "[" + part + "]";
      }
      text += (text.empty() ? "" : " ") + part;
    }
    text = std::regex_replace(text, std::regex(R"(([\[(]) )"), "$1");
    text = std::regex_replace(text, std::regex(R"( ([\])]))"), "$1");
    text = std::regex_replace(text, std::regex(R"([\[(] *[\])])"), "");
    const size_t b = text.find_first_not_of(" \t\n");
    const size_t e = text.find_last_not_of(" \t\n");
    return b == std::string::npos ? std::string() : text.substr(b, e - b + 1);
  }
  int width() const { return argparse_detail::terminal_columns() - 2; }
  std::string usage_text() const;
  std::string invocation(const ArgumentSpec& a) const {
    if (!is_optional(a)) return metavar(a, default_metavar(a));
    std::string out;
    const bool no_values = a.nargs == ArgNargs::Exactly && a.count == 0;
    for (const std::string& n : a.names) out += (out.empty() ? "" : ", ") + (no_values ? n : n + " " + format_args(a));
    return out;
  }
  std::string expand_help(const ArgumentSpec& a) const;
  std::string format_action(const ArgumentSpec& a, int max_length) const;
  static std::string finish_help(std::string help) {
    help = std::regex_replace(help, std::regex("\n\n\n+"), "\n\n");
    const size_t b = help.find_first_not_of('\n');
    if (b == std::string::npos) return "\n";
    const size_t e = help.find_last_not_of('\n');
    return help.substr(b, e - b + 1) + "\n";
  }
  std::string format_text(const std::string& text, int indent) const {
    std::string t = text;
    if (t.find("%(prog)") != std::string::npos) {  // text % dict(prog=...)
      t = std::regex_replace(t, std::regex("%\\(prog\\)s"), prog_);
      t = std::regex_replace(t, std::regex("%%"), "%");
    }
    const int text_width = std::max(width() - indent, 11);
    std::string out;
    for (const std::string& line : argparse_detail::wrap(argparse_detail::collapse_whitespace(t), text_width,
                                                         std::string(static_cast<size_t>(indent), ' ')))
      out += line + "\n";
    return out + "\n";
  }

  ParserSpec spec_;
  std::string prog_;
  std::vector<ArgumentSpec> actions_;
  std::vector<bool> positional_name_;
  bool has_negative_number_optionals_ = false;
};

// One parser type per ArgumentParser(...) of the program (the translator's index).
template <int Parser>
class argparse_parser : public ArgumentParser {
 public:
  using ArgumentParser::ArgumentParser;
};

inline std::vector<std::string> ArgumentParser::parse_known(const std::vector<std::string>& args, Namespace& ns) const {
  std::map<size_t, OptionMatch> option_indices;
  std::string pattern;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {
      pattern += '-';
      for (++i; i < args.size(); ++i) pattern += 'A';
      break;
    }
    OptionMatch m;
    if (parse_optional(args[i], m)) {
      option_indices[i] = m;
      pattern += 'O';
    } else {
      pattern += 'A';
    }
  }
  std::vector<bool> seen(actions_.size(), false);
  std::vector<int> positionals;
  for (size_t k = 0; k < actions_.size(); ++k)
    if (!is_optional(actions_[k])) positionals.push_back(static_cast<int>(k));
  std::vector<std::string> extras;

  auto consume_optional = [&](size_t start_index) -> size_t {
    OptionMatch m = option_indices.at(start_index);
    int action = m.action;
    std::string option_string = m.option_string;
    bool has_explicit = m.has_explicit;
    std::string explicit_arg = m.explicit_arg;
    std::vector<std::pair<int, std::vector<std::string>>> todo;
    size_t stop = start_index + 1;
    while (true) {
      if (action < 0) {
        extras.push_back(args[start_index]);
        return start_index + 1;
      }
      const ArgumentSpec& a = actions_[static_cast<size_t>(action)];
      if (has_explicit) {
        const int64_t count = match_argument(a, "A");
        if (count == 0 && option_string[1] != '-' && !explicit_arg.empty()) {
          todo.push_back({action, {}});
          option_string = std::string(1, option_string[0]) + explicit_arg[0];
          const std::string rest = explicit_arg.substr(1);
          const int next = find_option(option_string);
          if (next < 0) argument_error(a, "ignored explicit argument " + repr(explicit_arg));
          action = next;
          has_explicit = !rest.empty();
          explicit_arg = rest;
        } else if (count == 1) {
          stop = start_index + 1;
          todo.push_back({action, {explicit_arg}});
          break;
        } else {
          argument_error(a, "ignored explicit argument " + repr(explicit_arg));
        }
      } else {
        const size_t start = start_index + 1;
        const int64_t count = match_argument(a, pattern.substr(start));
        stop = start + static_cast<size_t>(count);
        todo.push_back({action, std::vector<std::string>(args.begin() + static_cast<std::ptrdiff_t>(start),
                                                         args.begin() + static_cast<std::ptrdiff_t>(stop))});
        break;
      }
    }
    for (const auto& [k, strings] : todo) take_action(k, strings, seen, ns);
    return stop;
  };

  auto consume_positionals = [&](size_t start_index) -> size_t {
    const std::string selected = pattern.substr(start_index);
    std::vector<int64_t> counts;
    for (size_t n = positionals.size(); n > 0; --n) {
      std::string re;
      for (size_t k = 0; k < n; ++k) re += nargs_pattern(actions_[static_cast<size_t>(positionals[k])]);
      std::smatch m;
      if (std::regex_search(selected, m, std::regex(re), std::regex_constants::match_continuous)) {
        for (size_t g = 1; g < m.size(); ++g) counts.push_back(m.length(static_cast<int>(g)));
        break;
      }
    }
    for (size_t k = 0; k < counts.size(); ++k) {
      std::vector<std::string> strings(args.begin() + static_cast<std::ptrdiff_t>(start_index),
                                       args.begin() + static_cast<std::ptrdiff_t>(start_index + static_cast<size_t>(counts[k])));
      start_index += static_cast<size_t>(counts[k]);
      take_action(positionals[k], strings, seen, ns);
    }
    positionals.erase(positionals.begin(), positionals.begin() + static_cast<std::ptrdiff_t>(counts.size()));
    return start_index;
  };

  size_t start_index = 0;
  const long max_option_index = option_indices.empty() ? -1 : static_cast<long>(option_indices.rbegin()->first);
  while (static_cast<long>(start_index) <= max_option_index) {
    const size_t next_option = option_indices.lower_bound(start_index)->first;
    if (start_index != next_option) {
      const size_t end = consume_positionals(start_index);
      if (end > start_index) {
        start_index = end;
        continue;
      }
      start_index = end;
    }
    if (!option_indices.count(start_index)) {
      for (size_t k = start_index; k < next_option; ++k) extras.push_back(args[k]);
      start_index = next_option;
    }
    start_index = consume_optional(start_index);
  }
  const size_t stop_index = consume_positionals(start_index);
  for (size_t k = stop_index; k < args.size(); ++k) extras.push_back(args[k]);

  std::string required;
  for (size_t k = 0; k < actions_.size(); ++k) {
    const ArgumentSpec& a = actions_[k];
    if (seen[k]) continue;
    if (a.required) {
      required += (required.empty() ? "" : ", ") + action_name(a);
    } else if (a.default_value.kind == ArgValue::Kind::Str && ns.has(a.dest) && ns.at(a.dest).kind == ArgValue::Kind::Str &&
               ns.at(a.dest).s == a.default_value.s) {
      ns.set(a.dest, get_value(a, a.default_value.s));
    }
  }
  if (!required.empty()) error("the following arguments are required: " + required);
  return extras;
}

inline std::string ArgumentParser::usage_text() const {
  const std::string prefix = "usage: ";
  const std::string opt_usage = actions_usage(true);
  const std::string pos_usage = actions_usage(false);
  std::string all = opt_usage;
  if (!pos_usage.empty()) all += (all.empty() ? "" : " ") + pos_usage;
  // with no arguments at all (add_help=False) argparse's usage is the prog alone
  std::string usage = prog_ + (all.empty() ? "" : " " + all);
  const int text_width = width();
  if (static_cast<int>(prefix.size() + usage.size()) <= text_width) return usage;
  static const std::regex part_re(R"(\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+)");
  auto parts_of = [&](const std::string& text) {
    std::vector<std::string> parts;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), part_re); it != std::sregex_iterator(); ++it)
      parts.push_back(it->str());
    return parts;
  };
  const std::vector<std::string> opt_parts = parts_of(opt_usage);
  const std::vector<std::string> pos_parts = parts_of(pos_usage);
  auto get_lines = [&](const std::vector<std::string>& parts, const std::string& indent, const std::string* pfx) {
    std::vector<std::string> lines;
    std::vector<std::string> line;
    const int indent_length = static_cast<int>(indent.size());
    int line_len = pfx ? static_cast<int>(pfx->size()) - 1 : indent_length - 1;
    auto flush = [&] {
      std::string joined = indent;
      for (size_t k = 0; k < line.size(); ++k) joined += (k ? " " : "") + line[k];
      lines.push_back(joined);
    };
    for (const std::string& part : parts) {
      if (line_len + 1 + static_cast<int>(part.size()) > text_width && !line.empty()) {
        flush();
        line.clear();
        line_len = indent_length - 1;
      }
      line.push_back(part);
      line_len += static_cast<int>(part.size()) + 1;
    }
    if (!line.empty()) flush();
    if (pfx && !lines.empty()) lines[0] = lines[0].substr(indent.size());
    return lines;
  };
  std::vector<std::string> lines;
  if (static_cast<double>(prefix.size() + prog_.size()) <= 0.75 * text_width) {
    const std::string indent(prefix.size() + prog_.size() + 1, ' ');
    if (!opt_parts.empty()) {
      std::vector<std::string> first = {prog_};
      first.insert(first.end(), opt_parts.begin(), opt_parts.end());
      lines = get_lines(first, indent, &prefix);
      for (std::string& l : get_lines(pos_parts, indent, nullptr)) lines.push_back(std::move(l));
    } else if (!pos_parts.empty()) {
      std::vector<std::string> first = {prog_};
      first.insert(first.end(), pos_parts.begin(), pos_parts.end());
      lines = get_lines(first, indent, &prefix);
    } else {
      lines = {prog_};
    }
  } else {
    const std::string indent(prefix.size(), ' ');
    std::vector<std::string> parts = opt_parts;
    parts.insert(parts.end(), pos_parts.begin(), pos_parts.end());
    lines = get_lines(parts, indent, nullptr);
    if (lines.size() > 1) {
      lines = get_lines(opt_parts, indent, nullptr);
      for (std::string& l : get_lines(pos_parts, indent, nullptr)) lines.push_back(std::move(l));
    }
    lines.insert(lines.begin(), prog_);
  }
  std::string out;
  for (size_t k = 0; k < lines.size(); ++k) out += (k ? "\n" : "") + lines[k];
  return out;
}

// help % params: %(default)s, %(prog)s, %(choices)s, %(type)s, %(dest)s, %(metavar)s, %(required)s
// and %%; the translator lets no other % through.
inline std::string ArgumentParser::expand_help(const ArgumentSpec& a) const {
  auto param = [&](const std::string& name) -> std::string {
    if (name == "default") return a.action == ArgAction::Help ? "==SUPPRESS==" : str(a.default_value);
    if (name == "prog") return prog_;
    if (name == "dest") return a.dest;
    if (name == "required") return a.required ? "True" : "False";
    if (name == "metavar") return a.has_metavar ? a.metavar : "None";
    if (name == "const") return str(a.const_value);
    if (name == "type") return a.type == ArgType::Int ? "int" : a.type == ArgType::Float ? "float" : "None";
    if (name == "help") return a.help;
    if (name == "choices") {
      if (!a.has_choices) return "None";
      std::string out;
      for (const ArgValue& c : a.choices) out += (out.empty() ? "" : ", ") + str(c);
      return out;
    }
    throw KeyError(repr(name));
  };
  std::string out;
  const std::string& h = a.help;
  for (size_t k = 0; k < h.size(); ++k) {
    if (h[k] != '%') {
      out += h[k];
      continue;
    }
    if (k + 1 < h.size() && h[k + 1] == '%') {
      out += '%';
      ++k;
      continue;
    }
    const size_t close = h.find(')', k);
    if (k + 1 < h.size() && h[k + 1] == '(' && close != std::string::npos && close + 1 < h.size()) {
      const std::string name = h.substr(k + 2, close - k - 2);
      const char conv = h[close + 1];
      out += conv == 'r' ? (name == "default" ? repr(a.default_value) : repr(param(name))) : param(name);
      k = close + 1;
      continue;
    }
    out += h[k];
  }
  return out;
}

inline std::string ArgumentParser::format_action(const ArgumentSpec& a, int max_length) const {
  const int current_indent = 2;
  const int max_help_position = std::min(24, std::max(width() - 20, 4));
  const int help_position = std::min(max_length + 2, max_help_position);
  const int help_width = std::max(width() - help_position, 11);
  const int action_width = help_position - current_indent - 2;
  const std::string header = invocation(a);
  const std::string pad(static_cast<size_t>(current_indent), ' ');
  std::string out;
  int indent_first = 0;
  const bool has_help = a.has_help && !a.help.empty();
  if (!has_help) {
    out = pad + header + "\n";
  } else if (static_cast<int>(header.size()) <= action_width) {
    out = pad + header + std::string(static_cast<size_t>(action_width) - header.size(), ' ') + "  ";
  } else {
    out = pad + header + "\n";
    indent_first = help_position;
  }
  if (has_help && !argparse_detail::collapse_whitespace(a.help).empty()) {
    const std::string text = expand_help(a);
    if (!text.empty()) {
      const std::vector<std::string> lines = argparse_detail::wrap(argparse_detail::collapse_whitespace(text), help_width);
      for (size_t k = 0; k < lines.size(); ++k)
        out += std::string(static_cast<size_t>(k ? help_position : indent_first), ' ') + lines[k] + "\n";
    }
  } else if (out.back() != '\n') {
    out += "\n";
  }
  return out;
}

inline std::string ArgumentParser::format_help() const {
  std::string help = "usage: " + usage_text() + "\n\n";
  if (spec_.has_description && !spec_.description.empty()) help += format_text(spec_.description, 0);
  int max_length = 0;
  for (const ArgumentSpec& a : actions_) max_length = std::max(max_length, static_cast<int>(invocation(a).size()) + 2);
  for (const bool optionals : {false, true}) {
    std::string items;
    for (const ArgumentSpec& a : actions_)
      if (is_optional(a) == optionals) items += format_action(a, max_length);
    if (items.empty()) continue;
    help += std::string("\n") + (optionals ? "options" : "positional arguments") + ":\n" + items + "\n";
  }
  if (spec_.has_epilog && !spec_.epilog.empty()) help += format_text(spec_.epilog, 0);
  return finish_help(help);
}

}  // namespace py2cuda::host
