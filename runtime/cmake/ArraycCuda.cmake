# Decides whether the cuda target is built (ARRAYC_ENABLE_CUDA) and enables
# CMake's CUDA language for the runtime's CUB translation units
# (src/cub_*.cu): the toolkit must be found, with nvcc, and ARRAYC_DISABLE_CUDA
# unset. Included at file scope by the top-level CMakeLists.txt and by
# runtime/CMakeLists.txt when the runtime is configured on its own.
# Device code: sm_90 cubins and compute_90 PTX (CMAKE_CUDA_ARCHITECTURES=90
# unless given).
find_package(CUDAToolkit QUIET)
set(ARRAYC_ENABLE_CUDA OFF)
if(CUDAToolkit_FOUND AND NOT ARRAYC_DISABLE_CUDA)
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND CUDAToolkit_NVCC_EXECUTABLE)
    set(CMAKE_CUDA_COMPILER ${CUDAToolkit_NVCC_EXECUTABLE} CACHE FILEPATH "nvcc")
  endif()
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90 CACHE STRING "CUDA architectures of the runtime's CUB code")
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    set(ARRAYC_ENABLE_CUDA ON)
  else()
    message(STATUS "arrayc: CUDA ${CUDAToolkit_VERSION} found without a working nvcc: "
      "building the cpu target only")
  endif()
endif()
