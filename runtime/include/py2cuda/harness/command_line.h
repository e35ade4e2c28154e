// py2cuda runtime: the command line of a kernel harness (see harness.h).
//
//   BIN KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...
//   BIN --list
//   BIN --help
//
// Options may come before, between or after the positional words, as `--grid 4`
// or `--grid=4`; after `--` every word is positional. Only `--` words and `-h` are
// options, so negative scalars (`-1`, `-inf`) need no quoting. This file only
// reads the words; what they must contain for a run (a kernel, --grid, --block)
// is the driver's business, since --list and --help need none of it.
//
// Parsed by hand: an emitted program must build with the runtime headers alone.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "../error.h"
#include "../launch_config.h"

namespace py2cuda::harness {

// A mistake in how the program was called: its words, or the files they name.
// The driver reports it with exit status 2, any other Error with 1.
class UsageError : public Error {
 public:
  using Error::Error;
};

struct CommandLine {
  bool help = false;                  // --help or -h
  bool list = false;                  // --list
  std::optional<std::string> kernel;  // the first positional word
  std::optional<Dim3> grid;           // --grid
  std::optional<Dim3> block;          // --block
  std::size_t shared_bytes = 0;       // --shared
  std::string out_dir;                // --out-dir; empty when not given
  std::vector<std::string> args;      // the other positional words: one per kernel parameter
};

// A decimal integer in [0, max], digits only: "256". `what` names it in messages.
inline uint64_t parse_count(std::string_view text, std::string_view what, uint64_t max) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) {
    throw UsageError(std::string(what) + " '" + std::string(text) + "' is not a non-negative integer");
  }
  uint64_t value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (result.ec == std::errc::result_out_of_range || value > max) {
    throw UsageError(std::string(what) + " '" + std::string(text) + "' is too large (at most " + std::to_string(max) +
                     ")");
  }
  return value;
}

// A launch shape: "N", "X,Y" or "X,Y,Z", each a positive integer of 32 bits.
// (Whether CUDA can launch it is validate_launch's question, asked by the driver.)
inline Dim3 parse_dim3(std::string_view text, std::string_view option) {
  uint32_t parts[3] = {1, 1, 1};
  std::size_t count = 0, start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (count == 3 || part.empty() || part.find_first_not_of("0123456789") != std::string_view::npos) {
      throw UsageError(std::string(option) + " '" + std::string(text) +
                       "' is not N, X,Y or X,Y,Z (positive integers, no spaces)");
    }
    parts[count++] = static_cast<uint32_t>(parse_count(part, option, std::numeric_limits<uint32_t>::max()));
    if (parts[count - 1] == 0) {
      throw UsageError(std::string(option) + " '" + std::string(text) + "' has a zero dimension");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return Dim3(parts[0], parts[1], parts[2]);
}

namespace detail {

// Stores the value of option `name` into `slot`; a second value is an error.
template <class V>
void set_once(std::optional<V>& slot, V value, std::string_view name) {
  if (slot) throw UsageError(std::string(name) + " is given twice");
  slot = std::move(value);
}

}  // namespace detail

// Reads the words after the program's name. Throws UsageError for an unknown
// option, an option without its value, a value given twice or a malformed value.
inline CommandLine parse_command_line(const std::vector<std::string>& words) {
  CommandLine cl;
  std::optional<uint64_t> shared;
  std::optional<std::string> out_dir;
  bool options_done = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    const bool is_option = !options_done && (word.rfind("--", 0) == 0 || word == "-h");
    if (!is_option) {
      if (!cl.kernel) {
        cl.kernel = word;
      } else {
        cl.args.push_back(word);
      }
      continue;
    }
    if (word == "--") {
      options_done = true;
      continue;
    }
    if (word == "--help" || word == "-h") {
      cl.help = true;
      continue;
    }
    if (word == "--list") {
      cl.list = true;
      continue;
    }
    // --name VALUE or --name=VALUE
    const std::size_t equals = word.find('=');
    const std::string name = word.substr(0, equals);
    if (name != "--grid" && name != "--block" && name != "--shared" && name != "--out-dir") {
      throw UsageError("unknown option '" + name + "' (see --help)");
    }
    std::string value;
    if (equals != std::string::npos) {
      value = word.substr(equals + 1);
    } else if (i + 1 < words.size()) {
      value = words[++i];
    } else {
      throw UsageError(name + " needs a value");
    }
    if (name == "--grid") {
      detail::set_once(cl.grid, parse_dim3(value, name), name);
    } else if (name == "--block") {
      detail::set_once(cl.block, parse_dim3(value, name), name);
    } else if (name == "--shared") {
      // CUDA takes the dynamic shared memory size as an unsigned int.
      detail::set_once(shared, parse_count(value, name, std::numeric_limits<uint32_t>::max()), name);
    } else {
      if (value.empty()) throw UsageError("--out-dir needs a folder");
      detail::set_once(out_dir, value, name);
    }
  }
  cl.shared_bytes = static_cast<std::size_t>(shared.value_or(0));
  cl.out_dir = out_dir.value_or("");
  return cl;
}

}  // namespace py2cuda::harness
