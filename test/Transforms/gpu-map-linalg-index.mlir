// RUN: arrayc-opt %s -pass-pipeline='builtin.module(func.func(arrayc-gpu-map-linalg))' | FileCheck %s

#id = affine_map<(d0) -> (d0)>
// Tests that linalg.index in a generic's body reads the kernel's loop point
// (iota, random numbers, scans and argmax rely on it).
// CHECK-LABEL: func @iota
// CHECK: gpu.launch
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK: %[[V:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: memref.store %[[V]], %{{.*}}[%[[I]]]
// CHECK-NOT: linalg.index
func.func @iota(%o: memref<?xi64>) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%o : memref<?xi64>) {
  ^bb0(%c: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  }
  return
}
