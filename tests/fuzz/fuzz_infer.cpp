// libFuzzer target for type inference and emission: programs that parse, through
// the whole translator, as `py2cuda f.py --run` (harness), as a whole program (its
// own main()) and with `--dump ir`.
//
// Byte-level mutation of a Python file mostly breaks its syntax, so the translator
// stops at the parser (fuzz_translate.cpp covers that). Here a structure-aware
// mutator (LLVMFuzzerCustomMutator) edits the programs of the seed corpus as a
// person would: a name, number or operator swapped for another of its kind, an
// expression wrapped in a cast or call, a line duplicated, deleted, moved or taken
// from another program at the right indentation. Inputs that do not parse are
// rejected (return -1: not kept in the corpus), so the corpus stays programs the
// type checker and the emitters see. The invariants are translate_invariants.h's.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "frontend/parser.h"
#include "translate_invariants.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

// ---------------------------------------------------------------- tokens

enum class Kind { Name, Number, String, Operator, Space, Newline, Comment };

struct Token {
  Kind kind;
  std::string text;
};

bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Python's operators, longest first so that the lexer takes `**=` before `**`.
constexpr std::string_view kOperators[] = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=",
    "%=",  "&=",  "|=",  "^=",  "->",  ":=", "+",  "-",  "*",  "/",  "%",  "&",  "|",  "^",  "~",  "<",  ">",
    "(",   ")",   "[",   "]",   "{",   "}",  ",",  ":",  ".",  ";",  "=",  "@",
};

// A rough Python lexer: enough to tell names, numbers, strings and operators
// apart; anything else is a one-character operator token. Joining the tokens
// gives back the text exactly.
std::vector<Token> lex(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    size_t j = i + 1;
    Kind kind = Kind::Operator;
    if (c == '\n') {
      kind = Kind::Newline;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\\') {
      kind = Kind::Space;
      while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) ++j;
    } else if (c == '#') {
      kind = Kind::Comment;
      while (j < text.size() && text[j] != '\n') ++j;
    } else if (c == '"' || c == '\'') {
      kind = Kind::String;
      const bool triple = text.substr(i, 3) == std::string(3, c);
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      j = i + close.size();
      while (j < text.size() && text.compare(j, close.size(), close) != 0 && (triple || text[j] != '\n')) {
        j += text[j] == '\\' ? 2 : 1;
      }
      j = std::min(text.size(), j + close.size());
    } else if (digit(c) || (c == '.' && i + 1 < text.size() && digit(text[i + 1]))) {
      kind = Kind::Number;
      while (j < text.size() &&
             (name_char(text[j]) || text[j] == '.' ||
              ((text[j] == '+' || text[j] == '-') && (text[j - 1] == 'e' || text[j - 1] == 'E')))) {
        ++j;
      }
    } else if (name_start(c)) {
      kind = Kind::Name;
      while (j < text.size() && name_char(text[j])) ++j;
    } else {
      for (std::string_view op : kOperators) {
        if (text.substr(i, op.size()) == op) {
          j = i + op.size();
          break;
        }
      }
    }
    tokens.push_back({kind, std::string(text.substr(i, j - i))});
    i = j;
  }
  return tokens;
}

std::string join(const std::vector<Token>& tokens) {
  std::string text;
  for (const Token& t : tokens) text += t.text;
  return text;
}

// ---------------------------------------------------------------- vocabulary

// Names of the Numba dialect that a program may use in place of one of its own.
constexpr const char* kNames[] = {
    "cuda", "np", "math", "numba", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "bool_", "True", "False", "None", "range", "len",
    "abs", "min", "max", "round", "int", "float", "bool", "complex", "sqrt", "exp", "log", "floor", "ceil", "pow",
    "sin", "cos", "tanh", "isnan", "isinf", "copysign", "fabs", "hypot", "atan2", "grid", "gridsize", "threadIdx",
    "blockIdx", "blockDim", "gridDim", "syncthreads", "shared", "local", "const", "array", "array_like", "atomic",
    "add", "sub", "max", "min", "and_", "or_", "xor", "exch", "inc", "dec", "compare_and_swap", "cas", "x", "y",
    "z", "shape", "size", "ndim", "dtype", "T", "real", "imag", "conjugate", "zeros", "ones", "empty", "arange",
    "full", "sum", "prod", "mean", "argmax", "where", "device_array", "to_device", "copy_to_host", "jit",
    "vectorize", "device", "inline", "fastmath", "random", "xoroshiro128p_uniform_float32", "laneid",
    "warpsize", "shfl_sync", "ballot_sync", "all_sync", "selp", "fma", "brev", "popc", "clz", "ffs", "print",
};

constexpr const char* kNumbers[] = {
    "0",    "1",    "2",     "3",          "7",          "8",          "31",          "32",
    "63",   "64",   "127",   "128",        "255",        "256",        "65535",       "2147483647",
    "2147483648",   "4294967295",          "9223372036854775807",      "9223372036854775808",
    "18446744073709551615", "0x7f",        "0b101",      "0o17",       "1_000",       "0.0",
    "0.5",  "1.0",  "-1.0",  "1e-300",     "1e308",      "1e400",      "3.14159",     "1j",
    "2.5j", "00",   "1.",    ".5",         "1e3",
};

// Operators that can stand for each other, by group.
constexpr std::string_view kOperatorGroups[][13] = {
    {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "@"},
    {"<", "<=", ">", ">=", "==", "!=", "<", "<=", ">", ">=", "==", "!=", "<"},
    {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|=", "^=", "="},
};

// Ways to wrap an expression: each has one '$' for it.
constexpr const char* kWrappers[] = {
    "np.int8($)", "np.uint8($)", "np.int16($)", "np.int32($)", "np.uint32($)", "np.int64($)", "np.uint64($)",
    "np.float16($)", "np.float32($)", "np.float64($)", "np.complex64($)", "int($)", "float($)", "bool($)",
    "abs($)", "-$", "~$", "not $", "($)", "$[0]", "$[1:]", "$[::-1]", "$.shape", "$.shape[0]", "len($)",
    "math.sqrt($)", "math.floor($)", "min($, 1)", "max($, 0)", "round($)", "round($, 2)", "$ ** 2", "$ // 3",
    "$ % -2", "$ << 40", "$ >> 1", "($, $)", "$ if $ else 0", "$ < 1 < 2", "cuda.grid(1) + $", "$.T",
    "$ * 1.5", "$ + 1j", "$ is None",
};

// ---------------------------------------------------------------- mutations

using Rng = std::minstd_rand;

size_t pick(Rng& rng, size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); }

// Indices of the tokens of a kind.
std::vector<size_t> tokens_of(const std::vector<Token>& tokens, Kind kind) {
  std::vector<size_t> found;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == kind) found.push_back(i);
  }
  return found;
}

bool replace_name(std::vector<Token>& tokens, Rng& rng) {
  const std::vector<size_t> names = tokens_of(tokens, Kind::Name);
  if (names.empty()) return false;
  Token& target = tokens[names[pick(rng, names.size())]];
  // Half the time another name of the program (its variables, functions, params).
  target.text = pick(rng, 2) ? tokens[names[pick(rng, names.size())]].text : kNames[pick(rng, std::size(kNames))];
  return true;
}

bool replace_number(std::vector<Token>& tokens, Rng& rng) {
  const std::vector<size_t> numbers = tokens_of(tokens, Kind::Number);
  if (numbers.empty()) return false;
  tokens[numbers[pick(rng, numbers.size())]].text = kNumbers[pick(rng, std::size(kNumbers))];
  return true;
}

bool replace_operator(std::vector<Token>& tokens, Rng& rng) {
  std::vector<size_t> candidates;
  for (size_t i = 0; i < tokens.size(); ++i) {
    for (const auto& group : kOperatorGroups) {
      for (std::string_view op : group) {
        if (tokens[i].kind == Kind::Operator && tokens[i].text == op) {
          candidates.push_back(i);
          goto next;
        }
      }
    }
  next:;
  }
  if (candidates.empty()) return false;
  Token& target = tokens[candidates[pick(rng, candidates.size())]];
  for (const auto& group : kOperatorGroups) {
    for (std::string_view op : group) {
      if (target.text == op) {
        target.text = std::string(group[pick(rng, std::size(group))]);
        return true;
      }
    }
  }
  return false;
}

bool wrap_operand(std::vector<Token>& tokens, Rng& rng) {
  std::vector<size_t> operands = tokens_of(tokens, Kind::Name);
  const std::vector<size_t> numbers = tokens_of(tokens, Kind::Number);
  operands.insert(operands.end(), numbers.begin(), numbers.end());
  if (operands.empty()) return false;
  Token& target = tokens[operands[pick(rng, operands.size())]];
  std::string wrapped = kWrappers[pick(rng, std::size(kWrappers))];
  for (size_t at; (at = wrapped.find('$')) != std::string::npos;) wrapped.replace(at, 1, target.text);
  target.text = wrapped;
  return true;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

std::string indentation(const std::string& line) { return line.substr(0, line.find_first_not_of(" \t")); }

// `line` with its indentation replaced by `indent`.
std::string reindented(const std::string& line, const std::string& indent) {
  const size_t body = line.find_first_not_of(" \t");
  return indent + (body == std::string::npos ? std::string("\n") : line.substr(body));
}

std::string with_newline(std::string line) {
  if (line.empty() || line.back() != '\n') line += '\n';
  return line;
}

// Duplicates, deletes or moves a line, keeping the indentation of the place it goes to.
bool edit_lines(std::string& text, Rng& rng) {
  std::vector<std::string> lines = lines_of(text);
  if (lines.size() < 2) return false;
  const size_t from = pick(rng, lines.size());
  const size_t to = pick(rng, lines.size());
  switch (pick(rng, 3)) {
    case 0:
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(to),
                   with_newline(reindented(lines[from], indentation(lines[to]))));
      break;
    case 1:
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(from));
      break;
    default: {
      const std::string moved = with_newline(reindented(lines[from], indentation(lines[to])));
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(from));
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(std::min(to, lines.size())), moved);
    }
  }
  text.clear();
  for (const std::string& line : lines) text += line;
  return true;
}

std::string mutate(std::string text, Rng& rng) {
  for (int tries = 0; tries < 8; ++tries) {
    std::vector<Token> tokens = lex(text);
    bool changed = false;
    switch (pick(rng, 10)) {
      case 0:
      case 1:
        changed = replace_name(tokens, rng);
        break;
      case 2:
      case 3:
        changed = replace_number(tokens, rng);
        break;
      case 4:
      case 5:
        changed = replace_operator(tokens, rng);
        break;
      case 6:
      case 7:
        changed = wrap_operand(tokens, rng);
        break;
      default:
        changed = edit_lines(text, rng);
        if (changed) return text;
    }
    if (changed) return join(tokens);
  }
  return text;
}

bool parses(const std::string& text) {
  const py2cuda::SourceFile file(std::string(py2cuda::fuzz::kPath), text);
  py2cuda::Diagnostics diags(file);
  (void)py2cuda::frontend::parse_module(file, diags);
  return !diags.has_errors();
}

size_t store(const std::string& text, uint8_t* data, size_t max_size) {
  const size_t size = std::min(text.size(), max_size);
  std::memcpy(data, text.data(), size);
  return size;
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  Rng rng(seed);
  // Now and then a byte-level mutation, for what the token edits cannot make
  // (a program of the corpus that does not parse is rejected below anyway).
  if (pick(rng, 20) == 0) return LLVMFuzzerMutate(data, size, max_size);
  std::string text(reinterpret_cast<const char*>(data), size);
  const int edits = 1 + static_cast<int>(pick(rng, 3));
  for (int i = 0; i < edits; ++i) text = mutate(std::move(text), rng);
  return store(text, data, max_size);
}

// Splices a run of lines of the second program into the first, at the indentation
// of the line where they go.
extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size, unsigned int seed) {
  Rng rng(seed);
  std::vector<std::string> into = lines_of(std::string(reinterpret_cast<const char*>(data1), size1));
  const std::vector<std::string> from = lines_of(std::string(reinterpret_cast<const char*>(data2), size2));
  if (from.empty()) return store(std::string(reinterpret_cast<const char*>(data1), size1), out, max_out_size);
  const size_t first = pick(rng, from.size());
  const size_t count = 1 + pick(rng, std::min<size_t>(4, from.size() - first));
  const size_t at = into.empty() ? 0 : pick(rng, into.size());
  const std::string indent = into.empty() ? std::string() : indentation(into[at]);
  const size_t base = indentation(from[first]).size();
  std::vector<std::string> spliced;
  for (size_t i = first; i < first + count; ++i) {
    // Lines keep their indentation relative to the first one.
    const std::string own = indentation(from[i]);
    const std::string extra = own.size() > base ? own.substr(base) : std::string();
    spliced.push_back(with_newline(reindented(from[i], indent + extra)));
  }
  into.insert(into.begin() + static_cast<std::ptrdiff_t>(at), spliced.begin(), spliced.end());
  std::string text;
  for (const std::string& line : into) text += line;
  return store(text, out, max_out_size);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!parses(text)) return -1;

  py2cuda::TranslateOptions run;  // `py2cuda f.py --run`: the harness, #line directives, the header
  run.harness = true;
  run.line_directives = true;
  run.want_header = true;
  run.output_name = "fuzz.cu";
  run.header_include = "fuzz.cuh";
  (void)py2cuda::fuzz::translate_checked("fuzz_infer", text, run);

  py2cuda::TranslateOptions program;  // `py2cuda f.py -o f.cu --dump ir`: a whole program's own main()
  program.dump = py2cuda::TranslateOptions::Dump::Ir;
  (void)py2cuda::fuzz::translate_checked("fuzz_infer", text, program);
  return 0;
}
