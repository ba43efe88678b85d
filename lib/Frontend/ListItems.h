//===- ListItems.h - the items of a list built by unrolled appends --------===//
//
// A Python list of arrays is an array whose leading axis runs over the items
// (GenList.cpp). Where the appends were unrolled (a comprehension over a
// tuple display, a list display of arrays), the stack is a chain of
// concatenations of the items, each reshaped to a leading unit axis; the
// items themselves can then be used one by one (`sum(xs)`,
// `np.add.reduce(xs)`: one fused elementwise chain instead of a stack built
// by copies and reduced).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_FRONTEND_LISTITEMS_H
#define ARRAYC_FRONTEND_LISTITEMS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace arrayc::frontend::gen {

/// The items of `stack` in order, each of the stack's element type and shape
/// less its leading axis; false (items unspecified) when `stack` is made
/// another way (a loop's appends) or holds fewer than two items.
bool stackedListItems(mlir::Value stack, llvm::SmallVectorImpl<mlir::Value> &items);

} // namespace arrayc::frontend::gen

#endif // ARRAYC_FRONTEND_LISTITEMS_H
