// RUN: arrayc-opt %s --pass-pipeline="builtin.module(func.func(arrayc-reassociate-sums))" | FileCheck %s

#id = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// A float sum's combiner may reassociate.
// CHECK-LABEL: func.func @sum
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
func.func @sum(%x: memref<?xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Elementwise adds, products and a sum whose accumulator is used twice
// (acc + x * acc) keep their order.
// CHECK-LABEL: func.func @others
// CHECK-NOT: reassoc
// CHECK: return
func.func @others(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %p = arith.mulf %a, %acc : f32
    linalg.yield %p : f32
  }
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%out : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %p = arith.mulf %a, %acc : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  }
  return
}
