// Driver of the host-format test: reads cases.txt (written by
// host_format_cases.py), prints one result line per case with the
// py2cuda/host printers, in the encoding of expected.txt ('\' and newlines
// escaped, exceptions as "!Type: message"). run_host_format.py diffs them.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "py2cuda/host/pyformat.h"

namespace h = py2cuda::host;

namespace {

std::string hex_text(const std::string& hex) {
  if (hex == "-") return {};
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

double to_double(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

h::FormatArg decode_arg(const std::string& tok) {
  const auto colon = tok.find(':');
  const std::string kind = tok.substr(0, colon), v = tok.substr(colon + 1);
  if (kind == "b") return h::FormatArg(v == "1");
  if (kind == "i") return h::FormatArg(static_cast<int64_t>(std::stoll(v)));
  if (kind == "f") return h::FormatArg(to_double(v));
  if (kind == "F32") return h::FormatArg(h::np_float32{static_cast<float>(to_double(v))});
  return h::FormatArg(hex_text(v));
}

// Calls f with the NumPy integer type named `name` and value `v`.
template <class F>
std::string with_int_type(const std::string& name, const std::string& v, F f) {
  const int64_t s = name == "uint64" ? 0 : std::stoll(v);
  const uint64_t u = name == "uint64" ? std::stoull(v) : 0;
  if (name == "int8") return f(static_cast<int8_t>(s));
  if (name == "int16") return f(static_cast<int16_t>(s));
  if (name == "int32") return f(static_cast<int32_t>(s));
  if (name == "int64") return f(static_cast<int64_t>(s));
  if (name == "uint8") return f(static_cast<uint8_t>(s));
  if (name == "uint16") return f(static_cast<uint16_t>(s));
  if (name == "uint32") return f(static_cast<uint32_t>(s));
  return f(u);
}

template <class T>
std::string array_case(const std::string& kind, const std::vector<std::string>& f) {
  const int ndim = std::stoi(f[2]);
  std::vector<int64_t> shape(static_cast<size_t>(ndim)), strides(static_cast<size_t>(ndim));
  for (int i = 0; i < ndim; ++i) shape[static_cast<size_t>(i)] = std::stoll(f[3 + static_cast<size_t>(i)]);
  const size_t first = 3 + static_cast<size_t>(ndim);
  std::unique_ptr<T[]> data(new T[f.size() - first + 1]);
  for (size_t i = first; i < f.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) data[i - first] = static_cast<T>(to_double(f[i]));
    else if constexpr (std::is_same_v<T, bool>) data[i - first] = f[i] == "1";
    else if constexpr (std::is_same_v<T, uint64_t>) data[i - first] = std::stoull(f[i]);
    else data[i - first] = static_cast<T>(std::stoll(f[i]));
  }
  int64_t stride = 1;
  for (int i = ndim - 1; i >= 0; --i) {
    strides[static_cast<size_t>(i)] = stride;
    stride *= shape[static_cast<size_t>(i)];
  }
  if (kind.size() > 2 && kind.substr(kind.size() - 2) == "_T") {  // transposed view
    std::reverse(shape.begin(), shape.end());
    std::reverse(strides.begin(), strides.end());
  }
  const T* base = data.get();
  if (kind.size() > 2 && kind.substr(kind.size() - 2) == "_R") {  // arr[::-1]
    base += (shape[0] - 1) * strides[0];
    strides[0] = -strides[0];
  }
  h::ArrayRef<T> a{base, ndim, shape.data(), strides.data()};
  return kind.rfind("array_str", 0) == 0 ? h::str(a) : h::repr(a);
}

std::string run_case(const std::vector<std::string>& f) {
  const std::string& k = f[0];
  if (k == "repr_float") return h::repr(to_double(f[1]));
  if (k == "str_np64") return h::str(h::np_float64{to_double(f[1])});
  if (k == "str_np32") return h::str(h::np_float32{static_cast<float>(to_double(f[1]))});
  if (k == "str_npint")
    return with_int_type(f[1], f[2], [](auto v) { return h::str(h::NpScalar<decltype(v)>{v}); });
  if (k == "repr_bool") return h::repr(f[1] == "1");
  if (k == "str_npbool") return h::str(h::np_bool{f[1] == "1"});
  if (k == "repr_str") return h::repr(hex_text(f[1]));
  if (k == "format_float") return h::format(to_double(f[1]), hex_text(f[2]));
  if (k == "format_int") {
    if (f[1][0] != '-' && f[1].size() >= 19 && std::stoull(f[1]) > INT64_MAX)
      return h::format(static_cast<uint64_t>(std::stoull(f[1])), hex_text(f[2]));
    return h::format(static_cast<int64_t>(std::stoll(f[1])), hex_text(f[2]));
  }
  if (k == "format_npint") {
    const std::string spec = hex_text(f[3]);
    return with_int_type(f[1], f[2], [&](auto v) { return h::format(h::NpScalar<decltype(v)>{v}, spec); });
  }
  if (k == "format_bool") return h::format(f[1] == "1", hex_text(f[2]));
  if (k == "format_npbool") return h::format(h::np_bool{f[1] == "1"}, hex_text(f[2]));
  if (k == "format_str") return h::format(hex_text(f[1]), hex_text(f[2]));
  if (k == "format_np32") return h::format(h::np_float32{static_cast<float>(to_double(f[1]))}, hex_text(f[2]));
  if (k == "format_np64") return h::format(h::np_float64{to_double(f[1])}, hex_text(f[2]));
  if (k == "percent" || k == "strformat") {
    std::vector<h::FormatArg> args;
    for (size_t i = 2; i < f.size(); ++i) args.push_back(decode_arg(f[i]));
    const std::string fmt = hex_text(f[1]);
    return k == "percent" ? h::percent_format_args(fmt, args) : h::format_string_args(fmt, args);
  }
  if (k == "list" || k == "tuple") {
    std::vector<h::FormatArg> items;
    for (size_t i = 1; i < f.size(); ++i) items.push_back(decode_arg(f[i]));
    if (k == "list") return h::repr(items);
    // std::tuple is compile-time; cover the arities host code meets.
    switch (items.size()) {
      case 0: return h::repr(std::tuple<>{});
      case 1: return h::repr(std::make_tuple(items[0]));
      case 2: return h::repr(std::make_tuple(items[0], items[1]));
      default: return h::repr(std::make_tuple(items[0], items[1], items[2]));
    }
  }
  if (k.rfind("array_", 0) == 0) {
    const std::string& t = f[1];
    if (t == "float64") return array_case<double>(k, f);
    if (t == "float32") return array_case<float>(k, f);
    if (t == "bool") return array_case<bool>(k, f);
    if (t == "int8") return array_case<int8_t>(k, f);
    if (t == "int16") return array_case<int16_t>(k, f);
    if (t == "int32") return array_case<int32_t>(k, f);
    if (t == "int64") return array_case<int64_t>(k, f);
    if (t == "uint8") return array_case<uint8_t>(k, f);
    if (t == "uint16") return array_case<uint16_t>(k, f);
    if (t == "uint32") return array_case<uint32_t>(k, f);
    if (t == "uint64") return array_case<uint64_t>(k, f);
  }
  return "?unknown case kind " + k;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: format_cases CASES.txt\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string line;
  std::string out;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string field;
    while (std::getline(ss, field, '\t')) fields.push_back(field);
    std::string result;
    try {
      result = run_case(fields);
    } catch (const h::PyException& e) {
      result = "!" + e.python_line();
    } catch (const std::exception& e) {
      result = std::string("?C++ exception: ") + e.what();
    }
    out += escape(result);
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
