// RUN: arrayc-opt %s -arrayc-numpy-reduction-ties | FileCheck %s

// Tests that a float max/min reduction's combiner becomes NumPy's
// maximum(acc, x) (the later element on a tie of +0.0 and -0.0, NaN first),
// whichever operand the accumulator is, and that maximumf outside a reduction
// (a parallel generic) is left alone.

// CHECK-LABEL: func @reduce_max
// CHECK: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[ACC]], %[[X]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT: %[[PICK:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT: %[[R:.*]] = arith.select %[[PICK]], %[[ACC]], %[[X]] : f32
// CHECK-NEXT: linalg.yield %[[R]]
func.func @reduce_max(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  }
  return
}

// CHECK-LABEL: func @reduce_min_acc_first
// CHECK: ^bb0(%[[X:.*]]: f64, %[[ACC:.*]]: f64):
// CHECK-NEXT: arith.cmpf olt, %[[ACC]], %[[X]] : f64
// CHECK: arith.select %{{.*}}, %[[ACC]], %[[X]] : f64
func.func @reduce_min_acc_first(%x: memref<?xf64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%x : memref<?xf64>) outs(%out : memref<f64>) {
  ^bb0(%in: f64, %acc: f64):
    %m = arith.minimumf %acc, %in : f64
    linalg.yield %m : f64
  }
  return
}

// CHECK-LABEL: func @elementwise_untouched
// CHECK: arith.maximumf
func.func @elementwise_untouched(%x: memref<?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %o : f32
    linalg.yield %m : f32
  }
  return
}
