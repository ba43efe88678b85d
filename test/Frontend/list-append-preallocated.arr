# RUN: arrayc --emit=ndarray %s | FileCheck %s
# Lists that a range loop appends to once per iteration are allocated once,
# before the loop, with their final length (the length before the loop plus
# the trip count); each iteration writes its item into its slot
# (GenControlFlow.cpp). Other appends concatenate (GenList.cpp).
import numpy as np

# Tests that a comprehension over a run-time range is one tensor.empty of
# the final size (its item sizes read before the loop, or the placeholder's
# when the loop runs zero times; nothing copied into it: the list came in as
# `[]`), and in the loop one
# insert of the item (not of its unit-axis reshape) at the slot, with no
# concatenation; the items' sizes are the argument's (same names), so
# nothing is checked and the slot's sizes are those read before the loop.
# CHECK-LABEL: func.func @features(
# CHECK: %[[K:.*]] = tensor.dim %[[START:.*]], %{{.*}} : tensor<?x?x?xf64>
# CHECK: %[[TOTAL:.*]] = arith.addi %[[K]], %[[TRIPS:.*]] : index
# CHECK: %[[N0:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf64>
# CHECK: %[[N1:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x?xf64>
# CHECK: %[[NONE:.*]] = arith.cmpi eq, %[[TRIPS]], %{{.*}} : index
# CHECK: %[[S0:.*]] = arith.select %[[NONE]], %{{.*}}, %[[N0]] : index
# CHECK: %[[S1:.*]] = arith.select %[[NONE]], %{{.*}}, %[[N1]] : index
# CHECK-NEXT: %[[INIT:.*]] = tensor.empty(%[[TOTAL]], %[[S0]], %[[S1]]) : tensor<?x?x?xf64>
# CHECK-NOT: scf.if
# CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[TRIPS]] step %{{.*}} iter_args(%[[L:.*]] = %[[INIT]]) -> (tensor<?x?x?xf64>) {
# CHECK-NEXT: %[[AT:.*]] = arith.addi %[[K]], %[[J]] : index
# CHECK-NOT: ndarray.concatenate
# CHECK-NOT: tensor.empty
# CHECK-NOT: must match exactly
# CHECK: %[[PUT:.*]] = tensor.insert_slice %{{.*}} into %[[L]][%[[AT]], 0, 0] [1, %[[N0]], %[[N1]]] [1, 1, 1] : tensor<?x?xf64> into tensor<?x?x?xf64>
# CHECK-NEXT: scf.yield %[[PUT]] : tensor<?x?x?xf64>
def features(X: f64[n, d]) -> f64[n, n]:
    sq = [np.subtract.outer(X[:, j], X[:, j]) ** 2 for j in range(X.shape[1])]
    return np.add.reduce(sq)

# Tests that an explicit append loop on a list that has items before it
# puts those items in front of the room for the loop's items, and that items
# of static size need no check.
# CHECK-LABEL: func.func @grown(
# CHECK: %[[ROOM:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf64>
# CHECK: %[[START:.*]] = tensor.insert_slice %{{.*}} into %[[ROOM]][0, 0] [%{{.*}}, 3] [1, 1]
# CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[START]])
# CHECK-NOT: ndarray.assert
# CHECK-NOT: ndarray.concatenate
# CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [1, 3] [1, 1] : tensor<3xf64> into tensor<?x3xf64>
# CHECK-NEXT: scf.yield
def grown(x: f64[3], k: i64) -> f64[m, 3]:
    out = [x, x * 2.0]
    for i in range(k):
        out.append(x * i)
    return np.array(out)

# Tests that items whose sizes the frontend cannot prove equal to the
# list's (`y` shrinks in the loop) are checked against the sizes read before
# the loop, then inserted with their own sizes.
# CHECK-LABEL: func.func @shrinking(
# CHECK: %[[W:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf64>
# CHECK: scf.for {{.*}} iter_args(%[[L:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?x?xf64>, tensor<?xf64>) {
# CHECK: %[[GOT:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<1x?xf64>
# CHECK: %[[WANT64:.*]] = arith.index_cast %[[W]] : index to i64
# CHECK: %[[GOT64:.*]] = arith.index_cast %[[GOT]] : index to i64
# CHECK: %[[OK:.*]] = arith.cmpi eq, %[[WANT64]], %[[GOT64]] : i64
# CHECK: ndarray.assert %[[OK]], "{{.*}}:[[@LINE+8]]:9: all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size {0} and the array at index 1 has size {1}"(%[[WANT64]], %[[GOT64]])
# CHECK-NOT: ndarray.concatenate
# CHECK: tensor.insert_slice %{{.*}} into %[[L]][%{{.*}}, 0] [1, %[[GOT]]] [1, 1] : tensor<?xf64> into tensor<?x?xf64>
# CHECK: ndarray.slice
def shrinking(v: f64[k]) -> f64[m, k]:
    y = v.copy()
    xs = []
    for j in range(3):
        xs.append(y * 2.0)
        y = y[1:]
    return np.stack(xs)

# Tests that a conditional append keeps the append: the list's length
# checked for 0, then a concatenation.
# CHECK-LABEL: func.func @positive(
# CHECK: scf.for
# CHECK-NOT: tensor.insert_slice
# CHECK: ndarray.concatenate
def positive(x: f64[n], k: i64) -> f64[m]:
    out = []
    for i in range(k):
        if x[i] > 0.0:
            out.append(x[i])
    return np.array(out)

# Tests that a loop that reads the list it appends to keeps the append.
# CHECK-LABEL: func.func @counted(
# CHECK: scf.for
# CHECK-NOT: tensor.insert_slice
# CHECK: ndarray.concatenate
def counted(k: i64) -> i64[m]:
    out = []
    for i in range(k):
        out.append(len(out) * i)
    return np.array(out)

def main():
    X: f64[n, d] = np.load("X.npy")
    print(features(X), grown(X[0, :3], 3), shrinking(X[0]), positive(X[0], 2),
          counted(4))
