#include "driver/depfile.h"

#include <filesystem>

namespace py2cuda::depfile {

bool extract_options(std::vector<std::string>& args, Request& request, std::string& error) {
  std::vector<std::string> kept;
  bool after_dashes = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (after_dashes || a == "--") {
      after_dashes = true;
      kept.push_back(a);
    } else if (a == "-MD") {
      request.wanted = true;
    } else if (a == "-MF") {
      if (i + 1 == args.size() || args[i + 1].empty() || args[i + 1] == "--") {
        error = "-MF needs a file name (-MD -MF FILE.d)";
        return false;
      }
      request.path = args[++i];
    } else if (a.rfind("-MF", 0) == 0) {
      request.path = a.substr(3);
    } else {
      kept.push_back(a);
    }
  }
  args = std::move(kept);
  return true;
}

std::string default_path(const std::string& output) {
  return std::filesystem::path(output).replace_extension(".d").string();
}

namespace {

// A path as Make reads it in a rule: GNU Make splits on spaces and starts a comment at '#',
// and expands '$'; backslash-escaping the first two and doubling the last is what gcc does.
std::string escape(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::string render(const std::string& target, const std::vector<std::string>& dependencies) {
  std::string text = escape(target) + ":";
  for (const std::string& d : dependencies) text += " \\\n  " + escape(d);
  text += "\n";
  // The first dependency is the input itself, which gcc's -MP leaves out too.
  for (size_t i = 1; i < dependencies.size(); ++i) text += "\n" + escape(dependencies[i]) + ":\n";
  return text;
}

}  // namespace py2cuda::depfile
