# tree-sitter (core C library) and tree-sitter-python (the grammar), built from
# the source distributions pinned in third_party.lock as two static C libraries:
#
#   tree_sitter          lib/src/lib.c; public include <tree_sitter/api.h>
#   tree_sitter_python   parser.c + scanner.c; public include
#                        <tree_sitter/tree-sitter-python.h>, which declares
#                        `const TSLanguage *tree_sitter_python(void)`
#
# Nothing here is committed: sources live under PY2CUDA_DEPS_DIR in the build tree.

include(FetchThirdParty)

py2cuda_read_lock("${PROJECT_SOURCE_DIR}/third_party.lock")
py2cuda_fetch_sdist(tree-sitter _ts_core_sdist)
py2cuda_fetch_sdist(tree-sitter-python _ts_python_sdist)

set(_ts_core "${_ts_core_sdist}/tree_sitter/core/lib")
set(_ts_grammar "${_ts_python_sdist}/src")
foreach(required IN ITEMS "${_ts_core}/src/lib.c" "${_ts_core}/include/tree_sitter/api.h"
                          "${_ts_grammar}/parser.c" "${_ts_grammar}/scanner.c")
  if(NOT EXISTS "${required}")
    message(FATAL_ERROR "Expected ${required} in the fetched tree-sitter sources; "
                        "has the layout of the pinned sdist changed?")
  endif()
endforeach()

# Third-party C: its own dialect (C11 with POSIX, as its Makefile builds it),
# and no warnings, which are not ours to fix.
function(_py2cuda_third_party_c target)
  set_target_properties(${target} PROPERTIES
    C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON)
  target_compile_definitions(${target} PRIVATE _POSIX_C_SOURCE=200112L _DEFAULT_SOURCE)
  target_compile_options(${target} PRIVATE -w)
endfunction()

# Replaces in the variable <text_var> the one occurrence of <from> by <to>;
# stops the configure if <from> occurs other than exactly once in <file>.
function(_py2cuda_replace_once text_var file from to)
  string(FIND "${${text_var}}" "${from}" first)
  string(FIND "${${text_var}}" "${from}" last REVERSE)
  if(first EQUAL -1 OR NOT first EQUAL last)
    message(FATAL_ERROR "Expected exactly one `${from}` in ${file}: "
                        "the ABI 14 shim in cmake/TreeSitter.cmake needs revisiting")
  endif()
  string(REPLACE "${from}" "${to}" result "${${text_var}}")
  set(${text_var} "${result}" PARENT_SCOPE)
endfunction()

# ---- core ------------------------------------------------------------------
# lib.c is the library's own unity file: it #includes every other .c file.
add_library(tree_sitter STATIC "${_ts_core}/src/lib.c")
target_include_directories(tree_sitter
  SYSTEM PUBLIC "${_ts_core}/include"
  PRIVATE "${_ts_core}/src")
_py2cuda_third_party_c(tree_sitter)

# ---- grammar ---------------------------------------------------------------
# The grammar's parser.c includes "tree_sitter/parser.h" (and scanner.c
# "tree_sitter/array.h"), headers that the tree-sitter CLI copies out of the
# core's lib/src when it generates a grammar. The tree-sitter-python sdists on
# the index leave them out, so the same headers are taken from the pinned core.
set(_ts_grammar_private "${PY2CUDA_DEPS_DIR}/tree-sitter-python/private-include")
set(_ts_grammar_public "${PY2CUDA_DEPS_DIR}/tree-sitter-python/include")
set(_ts_parser_c "${_ts_grammar}/parser.c")

if(NOT EXISTS "${_ts_grammar}/tree_sitter/parser.h")
  foreach(header IN ITEMS parser.h alloc.h array.h ts_assert.h)
    configure_file("${_ts_core}/src/${header}" "${_ts_grammar_private}/tree_sitter/${header}"
                   COPYONLY)
  endforeach()

  # Those headers are the core's current ones (ABI 15), while parser.c 0.23.6
  # was generated for ABI 14, which the 0.25 core still loads: ABI 15 kept the
  # layout of TSLanguage and appended fields, but renamed things that parser.c
  # spells out. The build tree gets a copy of parser.c with three spellings
  # updated (each must occur exactly once, or configure stops); the fetched
  # original is left as it was.
  #   .version         -> .abi_version   the first field, in the same place
  #   TSFieldMapSlice  -> TSMapSlice     the same two uint16_t fields
  #   .lex_modes       cast to the new pointer type only: the array keeps its
  #                    ABI 14 elements (TSLexMode), which is what the core
  #                    reads them as when abi_version < 15
  set(_patched "${PY2CUDA_DEPS_DIR}/tree-sitter-python/patched/parser.c")
  if("${_ts_parser_c}" IS_NEWER_THAN "${_patched}" OR
     "${CMAKE_CURRENT_LIST_FILE}" IS_NEWER_THAN "${_patched}")
    file(READ "${_ts_parser_c}" _text)
    _py2cuda_replace_once(_text "${_ts_parser_c}"
      ".version = LANGUAGE_VERSION," ".abi_version = LANGUAGE_VERSION,")
    _py2cuda_replace_once(_text "${_ts_parser_c}"
      "static const TSFieldMapSlice ts_field_map_slices" "static const TSMapSlice ts_field_map_slices")
    _py2cuda_replace_once(_text "${_ts_parser_c}"
      ".lex_modes = ts_lex_modes," ".lex_modes = (const TSLexerMode *)ts_lex_modes,")
    file(WRITE "${_patched}.tmp" "${_text}")
    file(RENAME "${_patched}.tmp" "${_patched}")
    unset(_text)
  endif()
  set(_ts_parser_c "${_patched}")
endif()

# The grammar ships no C header of its own (upstream keeps one under
# bindings/c, not in the sdist); this declares its single entry point.
file(CONFIGURE OUTPUT "${_ts_grammar_public}/tree_sitter/tree-sitter-python.h" CONTENT
[[// Generated by cmake/TreeSitter.cmake: entry point of the tree-sitter-python grammar.
#pragma once

#include <tree_sitter/api.h>

#ifdef __cplusplus
extern "C" {
#endif

const TSLanguage *tree_sitter_python(void);

#ifdef __cplusplus
}
#endif
]])

add_library(tree_sitter_python STATIC "${_ts_parser_c}" "${_ts_grammar}/scanner.c")
target_include_directories(tree_sitter_python
  SYSTEM PUBLIC "${_ts_grammar_public}"
  PRIVATE "${_ts_grammar_private}")
# With the core's alloc.h the scanner allocates through the core's allocator
# (ts_current_malloc and friends), so the grammar links against the core.
target_link_libraries(tree_sitter_python PUBLIC tree_sitter)
_py2cuda_third_party_c(tree_sitter_python)
