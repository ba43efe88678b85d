// RUN: arrayc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(arrayc-branch-checks))' | FileCheck %s

// A scalar loop's index check: called only when its condition fails, with
// the same arguments (the runtime ends the call with the message); the
// message is made in the failure branch only, each check its own.
// CHECK-LABEL: func.func @index_check
// CHECK: scf.for
// CHECK: %[[OK:.*]] = arith.andi
// CHECK-NOT: memref.get_global
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true
// CHECK-NEXT: scf.if %[[BAD]] {
// CHECK-NEXT: %[[G:.*]] = memref.get_global @msg
// CHECK-NEXT: %[[S:.*]] = memref.cast %[[G]]
// CHECK-NEXT: call @arrayc_rt_assert_values(%[[OK]], %[[S]], %{{.*}}, %{{.*}})
// CHECK-NEXT: }
// CHECK: scf.if
// CHECK-NEXT: memref.get_global @msg
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @arrayc_rt_assert_values
// CHECK-NOT: memref.get_global
// CHECK: memref.load
func.func private @arrayc_rt_assert_values(i1, memref<*xi8>, i64, i64)
func.func private @arrayc_rt_assert(i1, memref<*xi8>)
memref.global "private" constant @msg : memref<2xi8> = dense<[111, 107]>
func.func @index_check(%a: memref<?xf64>, %n: index, %m: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %lo = arith.cmpi sge, %k, %z : i64
    %hi = arith.cmpi slt, %k, %m : i64
    %ok = arith.andi %lo, %hi : i1
    %g = memref.get_global @msg : memref<2xi8>
    %s = memref.cast %g : memref<2xi8> to memref<*xi8>
    func.call @arrayc_rt_assert_values(%ok, %s, %k, %m) : (i1, memref<*xi8>, i64, i64) -> ()
    func.call @arrayc_rt_assert_values(%lo, %s, %k, %m) : (i1, memref<*xi8>, i64, i64) -> ()
    %x = memref.load %a[%i] : memref<?xf64>
    memref.store %x, %a[%c0] : memref<?xf64>
  }
  return
}

// -----

// A check that always holds goes; one that always fails stays as it is;
// other calls are left alone.
// CHECK-LABEL: func.func @constants
// CHECK-NOT: scf.if
// CHECK: call @arrayc_rt_assert(%false
// CHECK-NEXT: call @other
// CHECK-NOT: arrayc_rt_assert(
// CHECK: return
func.func private @arrayc_rt_assert(i1, memref<*xi8>)
func.func private @other(i1)
memref.global "private" constant @msg : memref<2xi8> = dense<[111, 107]>
func.func @constants() {
  %true = arith.constant true
  %false = arith.constant false
  %g = memref.get_global @msg : memref<2xi8>
  %s = memref.cast %g : memref<2xi8> to memref<*xi8>
  func.call @arrayc_rt_assert(%true, %s) : (i1, memref<*xi8>) -> ()
  func.call @arrayc_rt_assert(%false, %s) : (i1, memref<*xi8>) -> ()
  func.call @other(%true) : (i1) -> ()
  return
}
