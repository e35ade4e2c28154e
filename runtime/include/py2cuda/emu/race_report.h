// py2cuda runtime, CPU emulation: the words of a --racecheck report.
//
//   k.py:12:23: error: data race on shared array 'buf' element 33 (block (0,0,0)): thread (1,0,0) reads
//   it here while thread (33,0,0) writes it at k.py:8:5 with no cuda.syncthreads() between
//               buf[t] += buf[t + s]
//                         ^
//   k.py:8:5: note: thread (33,0,0) writes it here
//       buf[t] = x[cuda.grid(1)]
//       ^
//
// The emulator knows an access's Python line and column (--exe/--run builds: the translator
// passes each subscript's own, see PythonIndex in array.h; else the statement's line from
// its #line directive) and the array's address; the rest is read back from the Python file
// when a race is reported: the array's name (the identifier at the subscript's column, or a
// kernel parameter by its position in the `def` line, or a shared array by the subscripts
// on the line) and, without the translator's column, the subscript's column (the target of
// the assignment for a write, the value side for a read). Where the file cannot be read,
// the report names the line alone.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../launch_config.h"
#include "context.h"
#include "messages.h"
#include "source_location.h"

namespace py2cuda::emu::race {

enum class Space : uint8_t { none, shared, global };
enum class Kind : uint8_t { read, write, atomic };
// How two unordered accesses relate: what would have ordered them.
enum class Order : uint8_t { ordered, same_warp, same_block, other_block };

// An array argument's memory: [low, high) bytes.
struct Argument {
  uintptr_t low = 0, high = 0;
  int position = 0;
  unsigned element_size = 1;
};

// The view an access went through, to name the element by its index.
struct ElementView {
  const unsigned char* data = nullptr;
  unsigned element_size = 1;
  int ndim = 0;
  int64_t shape[4] = {};
  int64_t strides[4] = {};
};

struct RaceAccess {
  Kind kind = Kind::read;
  SourceLocation where{};
  uint64_t thread = 0;  // in the grid
  bool exact = false;   // where.line and where.column are the subscript's own (see PythonIndex)
};

// The folder of the Python file, set by the code `py2cuda --run/--exe --racecheck` appends to
// the translation: the #line names are the file's base name, and the program may run anywhere.
inline std::string& python_source_dir() {
  static std::string dir;
  return dir;
}
inline bool set_python_source_dir(const char* dir) {
  python_source_dir() = dir;
  return true;
}

// The Python file's lines, read once: from the current folder, else from the file's own.
inline const std::vector<std::string>* source_lines(const char* file) {
  static std::map<std::string, std::vector<std::string>> files;
  if (!file) return nullptr;
  auto [it, added] = files.try_emplace(file);
  if (added) {
    std::ifstream in(file);
    if (!in && file[0] != '/' && !python_source_dir().empty()) in.open(python_source_dir() + "/" + file);
    std::string line;
    while (std::getline(in, line)) it->second.push_back(line);
  }
  return it->second.empty() ? nullptr : &it->second;
}

inline std::string source_line(const SourceLocation& where) {
  const auto* lines = source_lines(where.file);
  if (!lines || where.line == 0 || where.line > lines->size()) return {};
  return (*lines)[where.line - 1];
}

inline bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The parameter names of the kernel defined at `location` ("k.py:12").
inline std::vector<std::string> kernel_parameters(const char* location) {
  std::vector<std::string> names;
  if (!location) return names;
  const std::string text(location);
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) return names;
  const std::string file = text.substr(0, colon);
  const unsigned line = static_cast<unsigned>(std::strtoul(text.c_str() + colon + 1, nullptr, 10));
  const auto* lines = source_lines(file.c_str());
  if (!lines || line == 0) return names;
  std::string head;
  int depth = 0;
  bool open = false;
  for (std::size_t l = line - 1; l < lines->size(); ++l) {
    for (char c : (*lines)[l]) {
      if (c == '(' || c == '[') {
        if (c == '(' && !open && depth == 0) {
          open = true;
          ++depth;
          continue;
        }
        ++depth;
      } else if (c == ')' || c == ']') {
        if (--depth == 0 && open) goto done;
      }
      if (open) head += (depth == 1 && c == ',') ? '\n' : c;
    }
    if (open) head += ' ';
  }
done:
  std::size_t start = 0;
  while (start <= head.size()) {
    std::size_t end = head.find('\n', start);
    if (end == std::string::npos) end = head.size();
    std::string p = head.substr(start, end - start);
    std::size_t b = 0;
    while (b < p.size() && (std::isspace(static_cast<unsigned char>(p[b])) || p[b] == '*')) ++b;
    std::size_t e = b;
    while (e < p.size() && identifier_char(p[e])) ++e;
    if (e > b) names.push_back(p.substr(b, e - b));
    start = end + 1;
  }
  return names;
}

// Where `name[` (or `name` alone, for cuda.atomic.*) is subscripted on `line`: 0-based.
inline std::vector<std::size_t> subscripts_of(const std::string& line, const std::string& name) {
  std::vector<std::size_t> at, bare;
  for (std::size_t i = line.find(name); i != std::string::npos; i = line.find(name, i + 1)) {
    if (i > 0 && (identifier_char(line[i - 1]) || line[i - 1] == '.')) continue;
    std::size_t j = i + name.size();
    if (j < line.size() && identifier_char(line[j])) continue;
    bare.push_back(i);
    while (j < line.size() && line[j] == ' ') ++j;
    if (j < line.size() && line[j] == '[') at.push_back(i);
  }
  return at.empty() ? bare : at;
}

// The identifier that starts at 1-based `column` of `line`, or "".
inline std::string identifier_at(const std::string& line, unsigned column) {
  if (column == 0 || column > line.size()) return {};
  std::size_t e = column - 1;
  while (e < line.size() && identifier_char(line[e])) ++e;
  return line.substr(column - 1, e - (column - 1));
}

// The identifiers subscripted on `line`.
inline std::vector<std::string> subscripted_names(const std::string& line) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '[' || i == 0) continue;
    std::size_t e = i;
    while (e > 0 && line[e - 1] == ' ') --e;
    std::size_t b = e;
    while (b > 0 && identifier_char(line[b - 1])) --b;
    if (b == e || std::isdigit(static_cast<unsigned char>(line[b]))) continue;
    if (b > 0 && line[b - 1] == '.') continue;
    std::string n = line.substr(b, e - b);
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  return names;
}

// The position of the statement's assignment operator (=, +=, //=, ...), or npos.
inline std::size_t assignment_at(const std::string& line) {
  int depth = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == '#') break;
    if (c != '=' || depth != 0) continue;
    if (i + 1 < line.size() && line[i + 1] == '=') {
      ++i;
      continue;
    }
    if (i > 0 && (line[i - 1] == '!' || line[i - 1] == '=')) continue;
    if (i > 0 && (line[i - 1] == '<' || line[i - 1] == '>') && !(i > 1 && line[i - 2] == line[i - 1])) continue;
    return i;
  }
  return std::string::npos;
}

// The 1-based column of the access to `name` on `line`: the assignment's target for a
// write, the first use on the value side for a read.
inline unsigned access_column(const std::string& line, const std::string& name, Kind kind) {
  std::size_t first = line.find_first_not_of(' ');
  if (first == std::string::npos) return 1;
  if (name.empty()) return static_cast<unsigned>(first + 1);
  const std::vector<std::size_t> uses = subscripts_of(line, name);
  if (uses.empty()) return static_cast<unsigned>(first + 1);
  const std::size_t assign = assignment_at(line);
  if (assign != std::string::npos) {
    for (std::size_t u : uses) {
      if (kind == Kind::read ? u > assign : u < assign) return static_cast<unsigned>(u + 1);
    }
  }
  return static_cast<unsigned>(uses.front() + 1);
}

struct RaceReport {
  Space space = Space::none;
  int argument = -1;
  ElementView view{};
  const unsigned char* element = nullptr;
  RaceAccess here{}, other{};
  Order order = Order::same_block;
  bool benign = false;  // two plain writes of the same value: a warning
  uint64_t threads_per_block = 1;
  Dim3 grid{}, block{};
  const KernelInfo* kernel = nullptr;

  std::string key() const {
    auto at = [](const RaceAccess& a) { return a.where.text() + (a.exact ? ":" + std::to_string(a.where.column) : ""); };
    // A benign race is one warning per pair of locations, whichever blocks the threads are in.
    return at(here) + "|" + at(other) + "|" + std::to_string(static_cast<int>(here.kind)) +
           std::to_string(static_cast<int>(other.kind)) + (benign ? "benign" : std::to_string(static_cast<int>(order)));
  }

  std::string array_name() const {
    const std::vector<std::string> params = kernel_parameters(kernel ? kernel->location : nullptr);
    if (space == Space::global) {
      // The name this access used: arguments that overlap (one array passed twice) are one memory.
      const std::string used = here.exact ? identifier_at(source_line(here.where), here.where.column) : std::string();
      if (std::find(params.begin(), params.end(), used) != params.end()) return used;
      return argument >= 0 && static_cast<std::size_t>(argument) < params.size() ? params[argument] : std::string();
    }
    for (const RaceAccess* a : {&here, &other}) {
      if (!a->exact) continue;
      std::string name = identifier_at(source_line(a->where), a->where.column);
      if (!name.empty()) return name;
    }
    for (const SourceLocation* where : {&here.where, &other.where}) {
      std::vector<std::string> names = subscripted_names(source_line(*where));
      names.erase(std::remove_if(names.begin(), names.end(),
                                 [&](const std::string& n) {
                                   return std::find(params.begin(), params.end(), n) != params.end();
                                 }),
                  names.end());
      if (names.size() == 1) return names.front();
    }
    return {};
  }

  std::string element_text() const {
    if (!view.data || view.element_size == 0) return "?";
    int64_t offset = (element - view.data) / static_cast<int64_t>(view.element_size);
    if (view.ndim <= 1) {
      return std::to_string(view.ndim == 1 && view.strides[0] != 0 ? offset / view.strides[0] : offset);
    }
    // Dimensions by decreasing stride (an insertion sort: std::sort on four ints trips g++ 12's
    // -Warray-bounds).
    int order_[4] = {0, 1, 2, 3};
    for (int i = 1; i < view.ndim; ++i) {
      for (int j = i; j > 0 && std::llabs(view.strides[order_[j]]) > std::llabs(view.strides[order_[j - 1]]); --j) {
        std::swap(order_[j], order_[j - 1]);
      }
    }
    int64_t index[4] = {};
    for (int k = 0; k < view.ndim; ++k) {
      const int d = order_[k];
      if (view.strides[d] == 0) continue;
      index[d] = offset / view.strides[d];
      offset -= index[d] * view.strides[d];
    }
    std::string text = "(";
    for (int d = 0; d < view.ndim; ++d) text += (d ? ", " : "") + std::to_string(index[d]);
    return text + ")";
  }

  std::string thread_text(uint64_t thread, bool with_block) const {
    const Uint3 block_dim{block.x, block.y, block.z}, grid_dim{grid.x, grid.y, grid.z};
    std::string text = "thread " + detail::index_text(unflatten(thread % threads_per_block, block_dim));
    if (with_block) text += " of block " + detail::index_text(unflatten(thread / threads_per_block, grid_dim));
    return text;
  }

  static const char* verb(Kind kind) {
    switch (kind) {
      case Kind::read: return "reads";
      case Kind::write: return "writes";
      default: return "updates";
    }
  }

  static std::string verb_phrase(Kind kind) {
    return std::string(verb(kind)) + (kind == Kind::atomic ? " it atomically" : " it");
  }

  // "k.py:12:5": the subscript's own column, or else the one found on the Python line.
  std::string position(const RaceAccess& a, const std::string& name, unsigned* column) const {
    const std::string line = source_line(a.where);
    *column = line.empty() ? 0 : a.exact ? a.where.column : access_column(line, name, a.kind);
    return a.where.text() + (*column ? ":" + std::to_string(*column) : std::string());
  }

  static std::string quoted_line(const RaceAccess& a, unsigned column) {
    const std::string line = source_line(a.where);
    if (line.empty()) return {};
    return line + "\n" + std::string(column ? column - 1 : 0, ' ') + "^\n";
  }

  std::string text() const {
    const std::string name = array_name();
    const bool blocks_differ = order == Order::other_block;
    unsigned here_column = 0, other_column = 0;
    const std::string here_at = position(here, name, &here_column);
    const std::string other_at = position(other, name, &other_column);
    std::string what = space == Space::shared ? "shared array" : "array";
    what += name.empty() ? "" : " '" + name + "'";
    std::string message = here_at + (benign ? ": warning: benign data race on " : ": error: data race on ") + what +
                          " element " + element_text();
    if (!blocks_differ) {
      const Uint3 grid_dim{grid.x, grid.y, grid.z};
      message += " (block " + detail::index_text(unflatten(here.thread / threads_per_block, grid_dim)) + ")";
    }
    message += ": " + thread_text(here.thread, blocks_differ) + " " + verb_phrase(here.kind) + " here while " +
               thread_text(other.thread, blocks_differ) + " " + verb_phrase(other.kind) + " at " + other_at;
    switch (order) {
      case Order::other_block:
        message += " with no grid.sync() between (blocks of a launch are ordered only by grid.sync())";
        break;
      case Order::same_warp:
        if (!kernel || !kernel->uses_warp_ops) {
          message += " with no cuda.syncthreads() between";
          break;
        }
        message += " with no cuda.syncthreads() between, nor a cuda.syncwarp() or warp shuffle or vote whose mask "
                   "covers both lanes (CUDA's memory model orders the lanes of a warp only by such a call, not "
                   "by their running in lock step)";
        break;
      default:
        message += " with no cuda.syncthreads() between";
        break;
    }
    if (here.kind == Kind::atomic || other.kind == Kind::atomic) {
      message += "; an atomic and a plain access of one element race too";
    }
    if (benign) {
      message += "; both store the same value, so the result does not depend on their order, but CUDA's memory "
                 "model still calls it a race (let one thread store it, or order the stores)";
    }
    message += "\n" + quoted_line(here, here_column);
    message += other_at + ": note: " + thread_text(other.thread, blocks_differ) + " " + verb_phrase(other.kind) +
               " here\n" + quoted_line(other, other_column);
    return message;
  }
};

}  // namespace py2cuda::emu::race
