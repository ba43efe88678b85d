# arrayc_add_library(<name> SOURCES <file.arr> [TARGET cpu|cuda] [GPU_ARCH sm_XX]
#                    [OPTIONS <arrayc options>...])
#
# Compiles <file.arr> at build time with the installed arrayc (`arrayc --shared`)
# into lib<name>.so and its C header <name>.h, and gives the target <name>:
# link it (target_link_libraries(app PRIVATE <name>)) and #include "<name>.h".
# The library carries the static runtime; it needs nothing of arrayc at run time
# (the cuda target: the NVIDIA driver). TARGET defaults to cpu, so a build does
# not depend on the GPU of the machine it runs on. One .arr file per library:
# its exported functions are the library's.
#
# A misuse is a configure error (SEND_ERROR: every one is reported) naming what
# is wrong.
#
# Loaded by find_package(arrayc) (arraycConfig.cmake), which sets arrayc_COMPILER.
include_guard(GLOBAL)

function(arrayc_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "TARGET;GPU_ARCH" "SOURCES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(SEND_ERROR "arrayc_add_library(${name}): unknown arguments: "
      "${ARG_UNPARSED_ARGUMENTS} (expected SOURCES file.arr [TARGET cpu|cuda] "
      "[GPU_ARCH sm_XX] [OPTIONS ...])")
    return()
  endif()
  list(LENGTH ARG_SOURCES nsources)
  if(NOT nsources EQUAL 1)
    message(SEND_ERROR "arrayc_add_library(${name}): SOURCES takes exactly one .arr file "
      "(got ${nsources}: '${ARG_SOURCES}'); make one library per file")
    return()
  endif()
  if(NOT ARG_TARGET)
    set(ARG_TARGET cpu)
  endif()
  if(NOT ARG_TARGET MATCHES "^(cpu|cuda)$")
    message(SEND_ERROR "arrayc_add_library(${name}): TARGET is cpu or cuda, not '${ARG_TARGET}'")
    return()
  endif()
  if(ARG_TARGET STREQUAL "cuda" AND NOT arrayc_HAS_CUDA)
    message(SEND_ERROR "arrayc_add_library(${name}): TARGET cuda, but this arrayc was built "
      "without the cuda target")
    return()
  endif()
  if(TARGET arrayc::compiler)
    set(compiler arrayc::compiler)
    set(compiler_dep arrayc::compiler)
  elseif(arrayc_COMPILER)
    set(compiler "${arrayc_COMPILER}")
    set(compiler_dep "${arrayc_COMPILER}")
  else()
    message(SEND_ERROR "arrayc_add_library(${name}): no arrayc compiler; call "
      "find_package(arrayc) first")
    return()
  endif()

  get_filename_component(source "${ARG_SOURCES}" ABSOLUTE)
  if(NOT EXISTS "${source}")
    message(SEND_ERROR "arrayc_add_library(${name}): no such file: ${source}")
    return()
  endif()
  set(outdir "${CMAKE_CURRENT_BINARY_DIR}/arrayc/${name}")
  set(library "${outdir}/lib${name}.so")
  set(header "${outdir}/${name}.h")
  set(args --shared --target=${ARG_TARGET})
  if(ARG_GPU_ARCH)
    list(APPEND args --gpu-arch=${ARG_GPU_ARCH})
  endif()
  list(APPEND args ${ARG_OPTIONS})
  file(MAKE_DIRECTORY "${outdir}")
  add_custom_command(OUTPUT "${library}" "${header}"
    COMMAND ${compiler} ${args} -o "${library}" "--header=${header}" "${source}"
    DEPENDS "${source}" ${compiler_dep}
    COMMENT "arrayc: compiling ${ARG_SOURCES} (${ARG_TARGET}) into lib${name}.so"
    VERBATIM)
  add_custom_target(${name}_arrayc DEPENDS "${library}" "${header}")

  # The generated library has no SONAME: consumers link it by name (-l), so
  # they record lib<name>.so, not this build's path, and find it through their
  # RPATH (CMake's build RPATH includes ${outdir}).
  add_library(${name} SHARED IMPORTED GLOBAL)
  set_target_properties(${name} PROPERTIES
    IMPORTED_LOCATION "${library}"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${outdir}")
  add_dependencies(${name} ${name}_arrayc)
endfunction()
