# Install rules, exported CMake targets and Debian packages (CPack) of arrayc.
# Included at the end of the top-level CMakeLists.txt, after every target exists.
#
#   cmake --install build --prefix PREFIX      # the whole tree, relocatable
#   cmake --build build --target package       # build/arrayc*.deb (docs/install.md)
#
# Components (one Debian package each):
#   compiler -> arrayc             bin/arrayc, bin/arrayc-opt, arrayc-reduce,
#                                  arrayc-lsp-server, lib/libarrayc.so.0 (the
#                                  compiler as a library: embedding API, Python package)
#                                  and the static runtime that AOT executables link
#   runtime  -> libarrayc-runtime  lib/libarrayc_runtime.so: what the JIT loads
#   cuda     -> libarrayc-runtime-cuda  lib/libarrayc_runtime_cuda.so (with the cuda
#                                  target): what the JIT loads for the cuda target
#   dev      -> arrayc-dev         include/arrayc, include/arrayc_rt, lib/libarrayc.so,
#                                  lib/cmake/arrayc (find_package(arrayc),
#                                  arrayc_add_library)
# One version number: project(arrayc VERSION ...) in the top-level CMakeLists.txt
# is the one of `arrayc --version`, libarrayc.so, the packages, the CMake package
# and the Python package (python-frontend/setup.py reads it there).

include(CMakePackageConfigHelpers)
set(ARRAYC_CMAKE_INSTALL_DIR lib/cmake/arrayc)

# Relocatable: the installed tools and libarrayc find each other and the runtime
# relative to themselves ($ORIGIN); MLIR/LLVM stay where the system has them.
# lib/Compiler/Toolchain.cpp finds the runtime at ../lib of bin/arrayc and beside
# libarrayc.so, so a moved prefix keeps working.
# The tools: the compiler, and the thin mains over MLIR's for compiler engineers.
set(ARRAYC_INSTALL_TOOLS arrayc arrayc-opt)
foreach(tool arrayc-reduce arrayc-lsp-server)
  if(TARGET ${tool})
    list(APPEND ARRAYC_INSTALL_TOOLS ${tool})
  endif()
endforeach()
set_target_properties(${ARRAYC_INSTALL_TOOLS} PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")
set_target_properties(libarrayc PROPERTIES INSTALL_RPATH "\$ORIGIN;${LLVM_LIBRARY_DIR}")
set_target_properties(arrayc PROPERTIES EXPORT_NAME compiler)

install(TARGETS ${ARRAYC_INSTALL_TOOLS} EXPORT arraycTargets
  RUNTIME DESTINATION bin COMPONENT compiler)
install(TARGETS libarrayc EXPORT arraycTargets
  LIBRARY DESTINATION lib COMPONENT compiler NAMELINK_COMPONENT dev)
install(DIRECTORY include/arrayc DESTINATION include COMPONENT dev)

# The runtime's targets (runtime/CMakeLists.txt installs them into these export
# sets): arrayc::runtime, arrayc::runtime_static, arrayc::rt_main; with CUDA,
# arrayc::runtime_cuda and arrayc::runtime_cuda_static in their own file, loaded
# only where find_package(CUDAToolkit) succeeds.
install(EXPORT arraycTargets NAMESPACE arrayc:: DESTINATION ${ARRAYC_CMAKE_INSTALL_DIR}
  COMPONENT dev)
if(ARRAYC_ENABLE_CUDA)
  install(EXPORT arraycCudaTargets NAMESPACE arrayc:: DESTINATION ${ARRAYC_CMAKE_INSTALL_DIR}
    COMPONENT dev)
endif()
set(ARRAYC_PACKAGE_HAS_CUDA ${ARRAYC_ENABLE_CUDA})
if(NOT ARRAYC_PACKAGE_HAS_CUDA)
  set(ARRAYC_PACKAGE_HAS_CUDA OFF)
endif()
configure_package_config_file(cmake/arraycConfig.cmake.in
  ${PROJECT_BINARY_DIR}/arraycConfig.cmake INSTALL_DESTINATION ${ARRAYC_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/arraycConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/arraycConfig.cmake
  ${PROJECT_BINARY_DIR}/arraycConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/arraycAddLibrary.cmake
  DESTINATION ${ARRAYC_CMAKE_INSTALL_DIR} COMPONENT dev)

# ---------------------------------------------------------------------------
# Debian packages.
set(CPACK_PACKAGE_NAME arrayc)
set(CPACK_PACKAGE_VENDOR "arrayc")
set(CPACK_PACKAGE_CONTACT "arrayc maintainers <arrayc@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "MLIR-based compiler of NumPy-style array programs for NVIDIA GPUs and CPUs")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL compiler runtime dev)
if(ARRAYC_ENABLE_CUDA)
  list(APPEND CPACK_COMPONENTS_ALL cuda)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)

set(CPACK_DEBIAN_COMPILER_PACKAGE_NAME arrayc)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME libarrayc-runtime)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME arrayc-dev)
set(CPACK_DEBIAN_CUDA_PACKAGE_NAME libarrayc-runtime-cuda)
set(CPACK_DEBIAN_CUDA_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_COMPILER_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_COMPILER_DESCRIPTION
  "arrayc compiler: the arrayc and arrayc-opt tools, libarrayc (the embedding API the\n"
  "Python package loads) and the static runtime that compiled executables link.")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
  "arrayc runtime: the shared libraries compiled arrayc programs and libraries load.")
set(CPACK_COMPONENT_CUDA_DESCRIPTION
  "arrayc CUDA runtime: the shared library the JIT loads for the cuda target\n"
  "(needs the NVIDIA driver's libcuda.so.1).")
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "arrayc development files: C/C++ headers of the embedding API and the runtime, and\n"
  "the CMake package (find_package(arrayc), arrayc_add_library).")

# Shared-library dependencies from dpkg-shlibdeps (libllvm, libmlir, OpenBLAS,
# FFTW, libomp, libstdc++, libc ...); ldconfig triggers for the libraries.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${LLVM_LIBRARY_DIR})
set(CPACK_DEBIAN_COMPILER_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_GENERATE_SHLIBS ON)
# libarrayc_runtime_cuda.so needs the driver's libcuda.so.1, which a build machine
# need not have (dpkg-shlibdeps fails without it) and which NVIDIA's .run
# installer leaves unknown to dpkg: its other libraries (libstdc++, libc, libgcc)
# are the runtime package's, so it depends on that and recommends the driver.
set(CPACK_DEBIAN_CUDA_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_CUDA_PACKAGE_GENERATE_SHLIBS ON)

# What dpkg-shlibdeps cannot see: the compiler links executables with the static
# runtime and the libraries it calls (the -dev packages of LAPACKE, OpenBLAS,
# FFTW, libomp: their .so links) through a C++ compiler driver. Each library's
# package is asked of dpkg at configure time.
set(ARRAYC_DEB_LINK_DEPENDS)
get_property(_arrayc_link_libs GLOBAL PROPERTY ARRAYC_RT_LINK_LIBRARIES)
find_program(ARRAYC_DPKG_QUERY dpkg-query)
# A link through alternatives (libopenblas.so -> /etc/alternatives/...) is
# followed one link at a time to the first file a package owns.
foreach(_lib IN LISTS _arrayc_link_libs)
  if(NOT ARRAYC_DPKG_QUERY OR NOT IS_ABSOLUTE "${_lib}")
    continue()
  endif()
  set(_path "${_lib}")
  set(_pkg "")
  foreach(_step RANGE 4)
    execute_process(COMMAND ${ARRAYC_DPKG_QUERY} -S "${_path}"
      OUTPUT_VARIABLE _owner ERROR_QUIET RESULT_VARIABLE _rc OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_rc EQUAL 0 AND _owner MATCHES "^([^:, ]+)")
      set(_pkg ${CMAKE_MATCH_1})
      break()
    endif()
    if(NOT IS_SYMLINK "${_path}")
      break()
    endif()
    file(READ_SYMLINK "${_path}" _next)
    if(NOT IS_ABSOLUTE "${_next}")
      get_filename_component(_dir "${_path}" DIRECTORY)
      set(_next "${_dir}/${_next}")
    endif()
    set(_path "${_next}")
  endforeach()
  if(_pkg)
    list(APPEND ARRAYC_DEB_LINK_DEPENDS ${_pkg})
  else()
    message(STATUS "arrayc packaging: no Debian package owns ${_lib}; not declared")
  endif()
endforeach()
# MLIR/LLVM's shared libraries sit in LLVM's own folder, which dpkg-shlibdeps
# takes for this package's private one: each is declared by the package that
# owns the file behind the link (libllvm22 owns /usr/lib/<triple>/libLLVM.so.22.1).
file(GLOB _arrayc_llvm_libs ${LLVM_LIBRARY_DIR}/libLLVM.so.* ${LLVM_LIBRARY_DIR}/libMLIR.so.*)
foreach(_lib IN LISTS _arrayc_llvm_libs)
  get_filename_component(_real "${_lib}" REALPATH)
  if(ARRAYC_DPKG_QUERY)
    execute_process(COMMAND ${ARRAYC_DPKG_QUERY} -S "${_real}"
      OUTPUT_VARIABLE _owner ERROR_QUIET RESULT_VARIABLE _rc OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_rc EQUAL 0 AND _owner MATCHES "^([^:, ]+)")
      set(_pkg ${CMAKE_MATCH_1})
      execute_process(COMMAND ${ARRAYC_DPKG_QUERY} -W "-f=\${Version}" ${_pkg}
        OUTPUT_VARIABLE _ver ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
      if(_ver)
        list(APPEND ARRAYC_DEB_LINK_DEPENDS "${_pkg} (>= ${_ver})")
      else()
        list(APPEND ARRAYC_DEB_LINK_DEPENDS ${_pkg})
      endif()
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES ARRAYC_DEB_LINK_DEPENDS)
set(_arrayc_version_dep "(= ${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE})")
list(PREPEND ARRAYC_DEB_LINK_DEPENDS "libarrayc-runtime ${_arrayc_version_dep}"
  "g++ | c++-compiler")
list(JOIN ARRAYC_DEB_LINK_DEPENDS ", " CPACK_DEBIAN_COMPILER_PACKAGE_DEPENDS)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "arrayc ${_arrayc_version_dep}, libarrayc-runtime ${_arrayc_version_dep}")
set(CPACK_DEBIAN_CUDA_PACKAGE_DEPENDS
  "libarrayc-runtime ${_arrayc_version_dep}, libc6, libstdc++6, libgcc-s1")
set(CPACK_DEBIAN_CUDA_PACKAGE_RECOMMENDS "libcuda1")
set(CPACK_DEBIAN_COMPILER_PACKAGE_SUGGESTS "arrayc-dev, python3-numpy")
if(ARRAYC_ENABLE_CUDA)
  # libarrayc and `arrayc run` load it for the cuda target.
  set(CPACK_DEBIAN_COMPILER_PACKAGE_RECOMMENDS "libarrayc-runtime-cuda ${_arrayc_version_dep}")
endif()
message(STATUS "arrayc packaging: ${PROJECT_VERSION}; arrayc Depends (besides shlibdeps): "
  "${CPACK_DEBIAN_COMPILER_PACKAGE_DEPENDS}")
include(CPack)
