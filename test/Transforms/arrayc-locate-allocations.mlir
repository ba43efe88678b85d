// RUN: arrayc-opt %s -arrayc-locate-allocations | FileCheck %s

// Tests that the lowering's allocation calls with a source location become
// the runtime's located variants, given the `file:line:col` string (one
// global per distinct position), and that a call without a source
// location keeps its plain callee.

// CHECK-DAG: llvm.func @arrayc_rt_host_alloc_at(i64, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @arrayc_rt_host_aligned_alloc_at(i64, i64, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.func @arrayc_rt_device_alloc_at(i64, !llvm.ptr, i1, !llvm.ptr) -> !llvm.ptr

// CHECK-LABEL: llvm.func @allocs
// CHECK: %[[S0:.*]] = llvm.mlir.addressof @__arrayc_alloc_site_0
// CHECK: llvm.call @arrayc_rt_host_alloc_at(%{{.*}}, %[[S0]])
// CHECK: %[[S0B:.*]] = llvm.mlir.addressof @__arrayc_alloc_site_0
// CHECK: llvm.call @arrayc_rt_host_aligned_alloc_at(%{{.*}}, %{{.*}}, %[[S0B]])
// CHECK: %[[S1:.*]] = llvm.mlir.addressof @__arrayc_alloc_site_1
// CHECK: llvm.call @arrayc_rt_device_alloc_at(%{{.*}}, %{{.*}}, %{{.*}}, %[[S1]])
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK-DAG: llvm.mlir.global private constant @__arrayc_alloc_site_0("prog.arr:7:9\00") {addr_space = 0 : i32}
// CHECK-DAG: llvm.mlir.global private constant @__arrayc_alloc_site_1("prog.arr:12:3\00") {addr_space = 0 : i32}
llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
llvm.func @mgpuMemAlloc(i64, !llvm.ptr, i1) -> !llvm.ptr
llvm.func @allocs(%n: i64, %s: !llvm.ptr) {
  %a = llvm.call @_mlir_memref_to_llvm_alloc(%n) : (i64) -> !llvm.ptr loc(fused["bufferize", "prog.arr":7:9])
  %c64 = llvm.mlir.constant(64 : i64) : i64
  %b = llvm.call @_mlir_memref_to_llvm_aligned_alloc(%c64, %n) : (i64, i64) -> !llvm.ptr loc("prog.arr":7:9)
  %f = llvm.mlir.constant(false) : i1
  %d = llvm.call @mgpuMemAlloc(%n, %s, %f) : (i64, !llvm.ptr, i1) -> !llvm.ptr loc("prog.arr":12:3)
  %e = llvm.call @_mlir_memref_to_llvm_alloc(%n) : (i64) -> !llvm.ptr loc(unknown)
  llvm.return
}
