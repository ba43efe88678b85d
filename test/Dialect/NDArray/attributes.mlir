// RUN: arrayc-opt %s | arrayc-opt | FileCheck %s

// Tests that the marks of a scan's loop and an arg-reduction's index select
// verify and round-trip.
// CHECK-LABEL: func.func @marks
func.func @marks(%n: index, %c: i1, %a: i64, %b: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  // CHECK: } {ndarray.scan}
  scf.for %i = %c0 to %n step %c1 {
  } {ndarray.scan}
  // CHECK: arith.select {{.*}} {ndarray.arg_reduce = #ndarray<arg_reduce umin>} : i64
  %0 = arith.select %c, %a, %b {ndarray.arg_reduce = #ndarray<arg_reduce umin>} : i64
  return %0 : i64
}
