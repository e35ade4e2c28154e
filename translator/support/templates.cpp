#include "support/templates.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace py2cuda {
namespace {

struct EmbeddedTemplate {
  std::string_view name;
  std::string_view text;
};

// Generated at build time from templates/: defines kTemplates, sorted by name.
#include "embedded_templates.inc"

constexpr bool by_name(const EmbeddedTemplate& a, const EmbeddedTemplate& b) {
  return a.name < b.name;
}
static_assert(std::is_sorted(kTemplates.begin(), kTemplates.end(), by_name),
              "EmbedTemplates.cmake must emit templates sorted by name");

}  // namespace

std::string_view template_text(std::string_view name) {
  const auto it = std::lower_bound(
      kTemplates.begin(), kTemplates.end(), name,
      [](const EmbeddedTemplate& t, std::string_view wanted) { return t.name < wanted; });
  if (it == kTemplates.end() || it->name != name) {
    throw std::out_of_range("py2cuda: no embedded template named '" + std::string(name) + "'");
  }
  return it->text;
}

std::vector<std::string_view> template_names() {
  std::vector<std::string_view> names;
  names.reserve(kTemplates.size());
  for (const EmbeddedTemplate& t : kTemplates) names.push_back(t.name);
  return names;
}

}  // namespace py2cuda
