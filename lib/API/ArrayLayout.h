//===- ArrayLayout.h - libarrayc: array descriptors in memory ---*- C++ -*-===//
//
// What the C API needs to know about an `arrayc_array` as the caller laid
// it out: element sizes, whether it is valid and contiguous, copies between
// strided host memory and C order, and whether two arrays may share memory
// (the overlap check of written arguments).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_API_ARRAYLAYOUT_H
#define ARRAYC_API_ARRAYLAYOUT_H

#include "arrayc/arrayc.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayc::api {

/// The size in bytes of a dtype's element (0: not a dtype).
size_t dtypeSize(int32_t dtype);
/// NumPy's name of a dtype ("?" for none).
const char *dtypeName(int32_t dtype);

/// `f32[3, 4]`.
std::string describe(const arrayc_array &a);
/// Why `a` cannot be read as an array ("" when it can): every field of the
/// descriptor, as a caller may fill it by hand.
std::string invalidArray(const arrayc_array &a);

bool isContiguous(const arrayc_array &a);
/// Copies a strided host array into C order at `dst`.
void gatherHost(const arrayc_array &a, char *dst);
/// Copies C-order data at `src` into a strided host array (gatherHost's
/// inverse): a written argument's copy back into the caller's memory.
void scatterHost(const char *src, const arrayc_array &a);

/// Whether two non-empty arrays of one address space may share a byte
/// (exact for arrays of up to 4M elements, conservative past that).
bool mayShareMemory(const arrayc_array &a, const arrayc_array &b);

} // namespace arrayc::api

#endif
