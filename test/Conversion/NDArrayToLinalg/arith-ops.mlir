// RUN: arrayc-opt %s -convert-ndarray-to-linalg -split-input-file | FileCheck %s

// Tests that integer floor division never divides by 0 or -1 (UB): the
// divisor is replaced by 1 there and the result selected (0, or -x).
// CHECK-LABEL: func @floordiv_int
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[Z:.*]] = arith.cmpi eq, %[[B]], %c0_i32
// CHECK-DAG: %[[M:.*]] = arith.cmpi eq, %[[B]], %c-1_i32
// CHECK: %[[U:.*]] = arith.ori %[[Z]], %[[M]]
// CHECK: %[[S:.*]] = arith.select %[[U]], %c1_i32, %[[B]]
// CHECK: arith.divsi %[[A]], %[[S]]
// CHECK: arith.remsi %[[A]], %[[S]]
// CHECK: linalg.yield
func.func @floordiv_int(%x: tensor<?xi32>, %y: tensor<?xi32>) -> tensor<?xi32> {
  %0 = ndarray.floordiv %x, %y : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Tests that integer modulo uses the same guarded divisor and adds the
// divisor when the remainder's sign differs from it.
// CHECK-LABEL: func @mod_int
// CHECK: %[[S:.*]] = arith.select
// CHECK: arith.remsi %{{.*}}, %[[S]] : i64
// CHECK: arith.xori
// CHECK: arith.addi
// CHECK: linalg.yield
func.func @mod_int(%x: tensor<4xi64>, %y: tensor<4xi64>) -> tensor<4xi64> {
  %0 = ndarray.mod %x, %y : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Tests that float modulo is fmod (arith.remf) fixed up to the divisor's sign.
// CHECK-LABEL: func @mod_float
// CHECK: arith.remf
// CHECK: arith.addf
// CHECK: arith.bitcast
// CHECK: linalg.yield
func.func @mod_float(%x: tensor<?xf64>, %y: tensor<?xf64>) -> tensor<?xf64> {
  %0 = ndarray.mod %x, %y : tensor<?xf64>
  return %0 : tensor<?xf64>
}

// -----

// Tests that f16 floor division computes in f32 and truncates back.
// CHECK-LABEL: func @floordiv_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.remf {{.*}} : f32
// CHECK: math.floor
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @floordiv_f16(%x: tensor<8xf16>, %y: tensor<8xf16>) -> tensor<8xf16> {
  %0 = ndarray.floordiv %x, %y : tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// Tests bitwise ops on bool and integers.
// CHECK-LABEL: func @bitwise
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: arith.ori %{{.*}}, %{{.*}} : i8
// CHECK: arith.xori %{{.*}}, %{{.*}} : i8
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: arith.xori %{{.*}}, %[[T]] : i1
func.func @bitwise(%m: tensor<4xi1>, %a: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>) {
  %0 = ndarray.bitand %m, %m : tensor<4xi1>
  %1 = ndarray.bitor %a, %a : tensor<4xi8>
  %2 = ndarray.bitxor %a, %a : tensor<4xi8>
  %3 = ndarray.bitnot %m : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>
}

// -----

// Tests that shifts check the amount against the bit width (unsigned, so a
// negative amount is out of range too) and select NumPy's value outside it.
// CHECK-LABEL: func @shifts
// CHECK: %[[R:.*]] = arith.cmpi ult, %{{.*}}, %c8_i8
// CHECK: %[[S:.*]] = arith.select %[[R]], %{{.*}}, %c0_i8
// CHECK: arith.shli %{{.*}}, %[[S]] : i8
// CHECK: arith.cmpi ult
// CHECK: arith.shrsi
// CHECK: arith.cmpi slt
func.func @shifts(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %0 = ndarray.shl %a, %b : tensor<4xi8>
  %1 = ndarray.shr %a, %b : tensor<4xi8>
  return %0, %1 : tensor<4xi8>, tensor<4xi8>
}
