// RUN: arrayc-opt %s --pass-pipeline='builtin.module(gpu.module(arrayc-gpu-line-info))' --mlir-print-debuginfo | FileCheck %s

// Tests that each defined llvm.func of a gpu.module gets a DISubprogram (at
// its own location, else its first op's with a file) in one compile unit
// that emits line directives only; a declaration, a function with no file
// location and the host code are left alone.

// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.func @own(
// CHECK: } loc(#[[OWNLOC:loc[0-9]+]])
// CHECK: llvm.func @first_op(
// CHECK: } loc(#[[FIRSTLOC:loc[0-9]+]])
// CHECK: llvm.func @nowhere(
// CHECK: } loc(#[[NOWHERE:loc[0-9]*]])
// CHECK: llvm.func @declared(f32) -> f32 loc(#[[DECLARED:loc[0-9]*]])
// CHECK: func.func @host() {
// CHECK: } loc(#[[HOST:loc[0-9]+]])
// CHECK-DAG: #[[FILE:.*]] = #llvm.di_file<"k.arr" in "{{.*}}src">
// CHECK-DAG: #[[CU:.*]] = #llvm.di_compile_unit<id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_C, file = #[[FILE]], producer = "arrayc", isOptimized = true, emissionKind = DebugDirectivesOnly>
// CHECK-DAG: #[[OWN:.*]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[CU]], scope = #[[FILE]], name = "own", linkageName = "own", file = #[[FILE]], line = 5, scopeLine = 5, subprogramFlags = "Definition|Optimized",
// CHECK-DAG: #[[FIRST:.*]] = #llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = #[[CU]], scope = #[[FILE]], name = "first_op", linkageName = "first_op", file = #[[FILE]], line = 9, scopeLine = 9,
// CHECK-DAG: #[[OWNLOC]] = loc(fused<#[[OWN]]>[#[[OWNFILE:loc[0-9]+]]])
// CHECK-DAG: #[[OWNFILE]] = loc("src/k.arr":5:3)
// CHECK-DAG: #[[FIRSTLOC]] = loc(fused<#[[FIRST]]>[
// CHECK-DAG: #[[NOWHERE]] = loc(unknown)
// CHECK-DAG: #[[DECLARED]] = loc("src/k.arr":1:1)
// CHECK-DAG: #[[HOST]] = loc("src/k.arr":2:1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @own(%x: f32) -> f32 {
      %0 = llvm.fadd %x, %x : f32 loc("src/k.arr":6:7)
      llvm.return %0 : f32
    } loc("src/k.arr":5:3)
    llvm.func @first_op(%x: f32) -> f32 {
      %0 = llvm.fmul %x, %x : f32 loc(callsite("src/k.arr":9:5 at "src/k.arr":20:1))
      llvm.return %0 : f32
    } loc(unknown)
    llvm.func @nowhere(%x: f32) -> f32 {
      llvm.return %x : f32 loc(unknown)
    } loc(unknown)
    llvm.func @declared(f32) -> f32 loc("src/k.arr":1:1)
  }
  func.func @host() {
    return
  } loc("src/k.arr":2:1)
}
