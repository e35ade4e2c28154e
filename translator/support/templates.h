// The fixed text of emitted files: every file of templates/, embedded into the
// binary at build time (cmake/EmbedTemplates.cmake), so an installed py2cuda
// needs no data files beside it.
#pragma once

#include <string_view>
#include <vector>

namespace py2cuda {

// The text of the template called `name`: its path under templates/, e.g.
// "prologue.cu.in". The view refers to static storage and never dangles.
// Throws std::out_of_range, naming the template, when there is none such:
// that is a bug in py2cuda, not in the user's input.
std::string_view template_text(std::string_view name);

// The names of all embedded templates, in ascending (byte) order.
std::vector<std::string_view> template_names();

}  // namespace py2cuda
