# Configure-time fetching of the third-party C sources pinned in third_party.lock.
#
# Each entry is a PyPI source distribution, obtained by package name with pip
# (the registry is pip's own default, so no host is written here), checked
# against its pinned sha256 and extracted under PY2CUDA_DEPS_DIR:
#
#   <deps>/archives/<archive>       the verified archive; its presence skips the download
#   <deps>/src/<archive stem>/      the extracted tree, with a stamp naming the archive's hash
#
# Doing this during configure (not as a build step) lets add_library() see real
# source files, and means a fresh clone needs no manual step: `cmake -S . -B build`
# is enough. Re-running configure costs two hash checks.

set(PY2CUDA_DEPS_DIR "${CMAKE_BINARY_DIR}/_deps" CACHE PATH
    "Where third-party archives are downloaded and extracted")

find_program(PY2CUDA_PYTHON3 NAMES python3 REQUIRED
             DOC "Python 3 used to fetch sources (pip) and to run script tests")

# Reads third_party.lock into PY2CUDA_LOCK_<package>_{VERSION,ARCHIVE,SHA256}.
function(py2cuda_read_lock lock_file)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${lock_file}")
  file(STRINGS "${lock_file}" lines REGEX "^[^#]")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*$")
      continue()
    endif()
    if(NOT line MATCHES "^([A-Za-z0-9_.-]+)[ \t]+([^ \t]+)[ \t]+([^ \t]+)[ \t]+([0-9a-f]+)[ \t]*$")
      message(FATAL_ERROR "${lock_file}: cannot parse line: '${line}'")
    endif()
    set(PY2CUDA_LOCK_${CMAKE_MATCH_1}_VERSION "${CMAKE_MATCH_2}" PARENT_SCOPE)
    set(PY2CUDA_LOCK_${CMAKE_MATCH_1}_ARCHIVE "${CMAKE_MATCH_3}" PARENT_SCOPE)
    set(PY2CUDA_LOCK_${CMAKE_MATCH_1}_SHA256 "${CMAKE_MATCH_4}" PARENT_SCOPE)
  endforeach()
endfunction()

# True in <out_var> when <file> exists and hashes to <sha256>.
function(_py2cuda_archive_ok file sha256 out_var)
  set(ok FALSE)
  if(EXISTS "${file}")
    file(SHA256 "${file}" actual)
    if(actual STREQUAL sha256)
      set(ok TRUE)
    endif()
  endif()
  set(${out_var} ${ok} PARENT_SCOPE)
endfunction()

# Downloads <package>==<version> into <archive_path> unless it is already there
# and verified. Fails the configure on any error or checksum mismatch.
function(_py2cuda_download_sdist package version sha256 archive_path)
  _py2cuda_archive_ok("${archive_path}" "${sha256}" ok)
  if(ok)
    return()
  endif()
  if(EXISTS "${archive_path}")
    message(WARNING "${archive_path} does not match its pinned sha256; downloading it again")
    file(REMOVE "${archive_path}")
  endif()

  get_filename_component(archive_name "${archive_path}" NAME)
  get_filename_component(archive_dir "${archive_path}" DIRECTORY)
  # pip writes into a scratch folder; only a verified archive is moved into
  # place, so an interrupted or bad download never looks like a cached one.
  set(scratch "${PY2CUDA_DEPS_DIR}/download.tmp")
  file(REMOVE_RECURSE "${scratch}")
  file(MAKE_DIRECTORY "${scratch}" "${archive_dir}")

  message(STATUS "Fetching ${package} ${version} (source distribution)")
  execute_process(
    COMMAND "${PY2CUDA_PYTHON3}" -m pip download
            --no-deps --no-binary :all: --disable-pip-version-check --quiet
            "${package}==${version}" -d "${scratch}"
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR
      "pip could not download ${package}==${version} (exit ${rc}).\n"
      "It needs network access to the Python package index and `${PY2CUDA_PYTHON3} -m pip`\n"
      "(Debian: apt-get install python3-pip). pip said:\n${out}")
  endif()
  if(NOT EXISTS "${scratch}/${archive_name}")
    file(GLOB got RELATIVE "${scratch}" "${scratch}/*")
    message(FATAL_ERROR
      "pip download of ${package}==${version} did not produce ${archive_name} (got: ${got})")
  endif()

  file(SHA256 "${scratch}/${archive_name}" actual)
  if(NOT actual STREQUAL sha256)
    file(REMOVE_RECURSE "${scratch}")
    message(FATAL_ERROR
      "CHECKSUM MISMATCH for ${archive_name}\n"
      "  expected (third_party.lock): ${sha256}\n"
      "  downloaded:                  ${actual}\n"
      "The archive was discarded. Do not update the pin without finding out why it changed.")
  endif()
  file(RENAME "${scratch}/${archive_name}" "${archive_path}")
  file(REMOVE_RECURSE "${scratch}")
endfunction()

# Makes the pinned sources of <package> (a name from third_party.lock)
# available and sets <out_var> to the root of the extracted tree.
function(py2cuda_fetch_sdist package out_var)
  set(version "${PY2CUDA_LOCK_${package}_VERSION}")
  set(archive "${PY2CUDA_LOCK_${package}_ARCHIVE}")
  set(sha256 "${PY2CUDA_LOCK_${package}_SHA256}")
  if(NOT version)
    message(FATAL_ERROR "${package} is not pinned in third_party.lock")
  endif()

  set(archive_path "${PY2CUDA_DEPS_DIR}/archives/${archive}")
  _py2cuda_download_sdist("${package}" "${version}" "${sha256}" "${archive_path}")

  # An sdist unpacks to one folder named like the archive without its suffix.
  string(REGEX REPLACE "\\.(tar\\.gz|tgz|zip)$" "" stem "${archive}")
  set(src_dir "${PY2CUDA_DEPS_DIR}/src/${stem}")
  set(stamp "${src_dir}/.py2cuda-archive-sha256")
  set(extracted_from "")
  if(EXISTS "${stamp}")
    file(READ "${stamp}" extracted_from)
  endif()
  if(NOT extracted_from STREQUAL sha256)
    set(scratch "${PY2CUDA_DEPS_DIR}/extract.tmp")
    file(REMOVE_RECURSE "${scratch}" "${src_dir}")
    file(MAKE_DIRECTORY "${scratch}" "${PY2CUDA_DEPS_DIR}/src")
    file(ARCHIVE_EXTRACT INPUT "${archive_path}" DESTINATION "${scratch}")
    if(NOT IS_DIRECTORY "${scratch}/${stem}")
      message(FATAL_ERROR "${archive} did not unpack to a folder named ${stem}")
    endif()
    file(RENAME "${scratch}/${stem}" "${src_dir}")
    file(REMOVE_RECURSE "${scratch}")
    file(WRITE "${stamp}" "${sha256}")
  endif()
  set(${out_var} "${src_dir}" PARENT_SCOPE)
endfunction()
