// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that an elementwise op becomes a parallel generic sized from its operand.
// CHECK-LABEL: func @sub
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}} ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[E]] : tensor<?xf32>)
// CHECK: arith.subf
func.func @sub(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ndarray.sub %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Tests that integer division guards division by zero and INT_MIN / -1.
// CHECK-LABEL: func @div_int
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: arith.divsi
// CHECK: arith.select
func.func @div_int(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %0 = ndarray.div %x, %y : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Tests NaN-propagating float max/min with NumPy's tie (the second operand of
// an equal pair: +0.0 and -0.0), and signed integer max.
// CHECK-LABEL: func @max_min
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[PICK:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK-NEXT: arith.select %[[PICK]], %[[X]], %[[Y]] : f32
// CHECK: arith.cmpf olt
// CHECK: arith.maxsi
func.func @max_min(%x: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = ndarray.max %x, %x : tensor<4xf32>
  %1 = ndarray.min %0, %x : tensor<4xf32>
  %2 = ndarray.max %i, %i : tensor<4xi64>
  return %1, %2 : tensor<4xf32>, tensor<4xi64>
}

// -----

// Tests comparisons: ordered for floats except ne, signed for integers.
// CHECK-LABEL: func @compare
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf une
// CHECK: arith.cmpi sge
func.func @compare(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = ndarray.compare lt, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = ndarray.compare ne, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = ndarray.compare ge, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Tests unary math and integer power by squaring.
// CHECK-LABEL: func @unary
// CHECK: math.sqrt
// CHECK: math.tanh
// CHECK: scf.for
// CHECK: arith.muli
func.func @unary(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = ndarray.sqrt %x : tensor<4xf32>
  %1 = ndarray.tanh %0 : tensor<4xf32>
  %2 = ndarray.pow %i, %i : tensor<4xi32>
  return %1, %2 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Tests casts: int to float, float to bool (nonzero, NaN is true), widening.
// CHECK-LABEL: func @cast
// CHECK: arith.sitofp
// CHECK: arith.cmpf une
// CHECK: arith.extf
func.func @cast(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xf64>) {
  %0 = ndarray.cast %i : tensor<4xi32> to tensor<4xf32>
  %1 = ndarray.cast %x : tensor<4xf32> to tensor<4xi1>
  %2 = ndarray.cast %x : tensor<4xf32> to tensor<4xf64>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi1>, tensor<4xf64>
}

// -----

// Tests that a stretched size-1 dimension reads index 0 and new dims are absent.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func @broadcast
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) : tensor<3x?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]]
func.func @broadcast(%r: tensor<1x?xf32>, %m: index, %n: index) -> tensor<3x?x?xf32> {
  %b = ndarray.broadcast_in_dim %r [1, 2] (%m, %n) : tensor<1x?xf32> -> tensor<3x?x?xf32>
  return %b : tensor<3x?x?xf32>
}

// -----

// Tests a reduction: fill with the identity (-inf for max), then linalg.reduce.
// CHECK-LABEL: func @reduce_max
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[NEGINF]] : f32)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<?x?xf32>) outs(%[[F]] : tensor<?xf32>) dimensions = [1]
// CHECK: arith.maximumf
func.func @reduce_max(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = ndarray.reduce max %x [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Tests keepdims: the reduced result is expanded with unit dims.
// CHECK-LABEL: func @reduce_keepdims
// CHECK: linalg.reduce
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [%{{.*}}, 1] : tensor<?xi64> into tensor<?x1xi64>
func.func @reduce_keepdims(%x: tensor<?x?xi64>) -> tensor<?x1xi64> {
  %0 = ndarray.reduce sum %x [1] keepdims : tensor<?x?xi64> -> tensor<?x1xi64>
  return %0 : tensor<?x1xi64>
}

// -----

// Tests that host ops are left for convert-ndarray-to-runtime.
// CHECK-LABEL: func @host
// CHECK: ndarray.load
// CHECK: ndarray.save
func.func @host() {
  %x = ndarray.load "x.npy" : tensor<?xf32>
  ndarray.save "y.npy", %x : tensor<?xf32>
  return
}

// -----

// Tests that an f32 sum accumulates in f64 (widened on the way in, narrowed
// on the way out) so long sums keep NumPy's accuracy.
// CHECK-LABEL: func @sum_f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: linalg.reduce ins(%{{.*}} : tensor<?xf64>)
// CHECK: arith.addf %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @sum_f32(%x: tensor<?xf32>) -> tensor<f32> {
  %0 = ndarray.reduce sum %x [0] : tensor<?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Tests that max over a dynamic axis checks at run time that it is not empty.
// CHECK-LABEL: func @max_dynamic
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[N]], %{{.*}}
// CHECK: ndarray.assert %[[OK]], "{{.*}}zero-size array to reduction operation maximum which has no identity"
func.func @max_dynamic(%x: tensor<?xf32>) -> tensor<f32> {
  %0 = ndarray.reduce max %x [0] : tensor<?xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
