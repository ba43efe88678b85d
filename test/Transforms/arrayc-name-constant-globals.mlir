// RUN: arrayc-opt %s -arrayc-name-constant-globals | FileCheck %s

// Bufferization's constants renamed and placed by first use (k counts per
// type); other globals and symbols keep their names.
// CHECK: memref.global "private" constant @__constant_xi64_0 : memref<i64> = dense<-1>
// CHECK-NEXT: memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT: memref.global "private" constant @__constant_xi64_1 : memref<i64> = dense<0>
// CHECK-NEXT: memref.global "private" constant @__constant_xi1_0 : memref<i1> = dense<true>
// CHECK: memref.global "private" @other : memref<i64>
// CHECK-LABEL: func @first
// CHECK: memref.get_global @__constant_xi64_0
// CHECK: memref.get_global @__constant_2xf32_0
// CHECK: memref.get_global @other
// CHECK-LABEL: func @second
// CHECK: memref.get_global @__constant_xi64_1
// CHECK: memref.get_global @__constant_xi64_0
// CHECK: memref.get_global @__constant_xi1_0
memref.global "private" constant @__constant_xi1 : memref<i1> = dense<true>
memref.global "private" constant @__constant_xi64 : memref<i64> = dense<0>
memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[1.0, 2.0]>
memref.global "private" constant @__constant_xi64_1 : memref<i64> = dense<-1>
memref.global "private" @other : memref<i64>
func.func @first() {
  %a = memref.get_global @__constant_xi64_1 : memref<i64>
  %b = memref.get_global @__constant_2xf32 : memref<2xf32>
  %c = memref.get_global @other : memref<i64>
  return
}
func.func @second() {
  %a = memref.get_global @__constant_xi64 : memref<i64>
  %b = memref.get_global @__constant_xi64_1 : memref<i64>
  %c = memref.get_global @__constant_xi1 : memref<i1>
  return
}
