# py2cuda_add_library(<name> <file.py>... [EMULATE] [ARCHITECTURES <sm>...])
#
# A library target <name> whose sources are translated from the .py files at build time:
# for each FILE.py, py2cuda writes <build>/py2cuda/<name>/FILE.cu and FILE.h (the header
# declaring namespace FILE { launch_<kernel>(...) }), and the library compiles the .cu.
# Consumers link <name> and `#include "FILE.h"`; they get the runtime's headers and its
# link requirements with it.
#
#   EMULATE        compile the .cu as C++ with the host compiler against the runtime's CPU
#                  emulation backend (Boost.Context fibers on threads), as `py2cuda --emulate`
#                  does: a project with no GPU and no nvcc builds and tests its kernels.
#   ARCHITECTURES  the CUDA_ARCHITECTURES of the library (default: the project's
#                  CMAKE_CUDA_ARCHITECTURES). Ignored with EMULATE.
#
# Without EMULATE the project must have enabled CUDA (project(... LANGUAGES CXX CUDA)).
# A translation runs again when a .py, a file it depends on (-MD depfile: the link files
# of cuda.declare_device) or the py2cuda executable changes.
#
# Each .py is translated with --kernels-only: a whole program's host code (its main())
# stays out, its kernels and their launch functions are in the library.

# Policies of this file, recorded into the function below: CMP0116 lets CMake rewrite the
# depfile's paths for Ninja, CMP0119 makes LANGUAGE CXX compile a .cu as C++ (-x c++).
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.25)

function(py2cuda_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "EMULATE" "" "ARCHITECTURES")
  set(sources ${arg_UNPARSED_ARGUMENTS})
  if(NOT sources)
    message(FATAL_ERROR "py2cuda_add_library(${name}): no .py files given")
  endif()
  if(NOT arg_EMULATE)
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    if(NOT "CUDA" IN_LIST languages)
      message(FATAL_ERROR "py2cuda_add_library(${name}): the kernels are built with nvcc, so CUDA must be "
                          "enabled first (project(... LANGUAGES CXX CUDA) or enable_language(CUDA)); "
                          "or add EMULATE to build them for the CPU emulation backend")
    endif()
  endif()

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/py2cuda/${name}")
  # Ninja makes an output's folder, Make does not.
  file(MAKE_DIRECTORY "${out_dir}")
  set(generated "")
  set(modules "")
  foreach(source IN LISTS sources)
    get_filename_component(py "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(module "${py}" NAME_WLE)
    # The module's name is its header's name and its C++ namespace: two files of one name
    # would overwrite each other's outputs.
    if(module IN_LIST modules)
      message(FATAL_ERROR "py2cuda_add_library(${name}): two files named ${module}.py; "
                          "put them in libraries of their own")
    endif()
    list(APPEND modules "${module}")
    set(cu "${out_dir}/${module}.cu")
    set(header "${out_dir}/${module}.h")
    set(depfile "${out_dir}/${module}.d")
    file(RELATIVE_PATH shown "${CMAKE_SOURCE_DIR}" "${py}")
    add_custom_command(
      OUTPUT "${cu}" "${header}"
      COMMAND py2cuda::py2cuda "${py}" -o "${cu}" --header "${header}" --kernels-only -MD -MF "${depfile}"
      DEPENDS "${py}" py2cuda::py2cuda
      DEPFILE "${depfile}"
      COMMENT "py2cuda: translating ${shown}"
      VERBATIM)
    list(APPEND generated "${cu}" "${header}")
    if(arg_EMULATE)
      set_source_files_properties("${cu}" PROPERTIES LANGUAGE CXX)
    endif()
  endforeach()

  add_library(${name} ${generated})
  target_include_directories(${name} PUBLIC "$<BUILD_INTERFACE:${out_dir}>")
  target_link_libraries(${name} PUBLIC py2cuda::runtime)
  # The runtime is C++20 on both sides: the generated .cu and the consumer including its header.
  target_compile_features(${name} PUBLIC cxx_std_20)
  # Signed integer arithmetic wraps in the generated code, as in py2cuda's own builds
  # (-fwrapv; docs/emulation.md, "Integer overflow"): emulated kernels and the host side.
  if(arg_EMULATE)
    target_compile_options(${name} PRIVATE "$<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-fwrapv>")
  elseif(NOT MSVC)
    target_compile_options(${name} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-fwrapv>")
  endif()
  if(arg_EMULATE)
    # Only emulated libraries need Boost.Context, only CUDA ones the toolkit: each is looked
    # for here, so a consumer never needs the other.
    find_package(Boost REQUIRED COMPONENTS context)
    find_package(Threads REQUIRED)
    target_link_libraries(${name} PUBLIC Boost::context Threads::Threads)
  else()
    find_package(CUDAToolkit REQUIRED)
    if("cuda_std_20" IN_LIST CMAKE_CUDA_COMPILE_FEATURES)
      target_compile_features(${name} PUBLIC cuda_std_20)
    else()
      # CMake before 3.26 does not know that nvcc 12 and later compile C++20.
      target_compile_options(${name} PUBLIC "$<$<COMPILE_LANGUAGE:CUDA>:-std=c++20>")
    endif()
    # The CUDA runtime, named for consumers that link with the C++ linker: the one CMake
    # links CUDA targets with (CMAKE_CUDA_RUNTIME_LIBRARY, static by default), so that a
    # program never holds two.
    string(TOLOWER "${CMAKE_CUDA_RUNTIME_LIBRARY}" cudart)
    if(cudart STREQUAL "shared")
      target_link_libraries(${name} PUBLIC CUDA::cudart)
    elseif(NOT cudart STREQUAL "none")
      target_link_libraries(${name} PUBLIC CUDA::cudart_static)
    endif()
    if(arg_ARCHITECTURES)
      set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${arg_ARCHITECTURES}")
    endif()
  endif()
endfunction()

cmake_policy(POP)
