// RUN: arrayc-opt %s -split-input-file --arrayc-gpu-merge-modules="modules=1" | FileCheck %s --check-prefix=ONE
// RUN: arrayc-opt %s -split-input-file --arrayc-gpu-merge-modules="modules=2" | FileCheck %s --check-prefix=TWO
// RUN: arrayc-opt %s -split-input-file --mlir-disable-threading --arrayc-gpu-merge-modules | FileCheck %s --check-prefix=ONE

// One module per kernel (what outlining makes) merged into one module: the
// kernels in program order; a constant both modules define identically kept
// once; a different constant of the same name renamed with its uses; every
// launch refers to the merged module.

// ONE-LABEL: module attributes {gpu.container_module}
// ONE: gpu.module @arrayc_kernels {
// ONE-NEXT: memref.global "private" constant @cst : memref<4xf32> = dense<1.000000e+00>
// ONE-NEXT: gpu.func @first(
// ONE: memref.get_global @cst
// ONE: gpu.func @second(
// ONE: memref.get_global @cst
// ONE: memref.global "private" constant @[[CST2:cst_[0-9]+]] : memref<4xf32> = dense<2.000000e+00>
// ONE: gpu.func @third(
// ONE: memref.get_global @[[CST2]]
// ONE-NOT: gpu.module
// ONE: func.func @launch
// ONE: gpu.launch_func @arrayc_kernels::@first
// ONE: gpu.launch_func @arrayc_kernels::@second
// ONE: gpu.launch_func @arrayc_kernels::@third

// Two modules: the largest kernel (first) alone, the two smaller together;
// each module's kernels in program order.
// TWO-LABEL: module attributes {gpu.container_module}
// TWO: gpu.module @arrayc_kernels {
// TWO-NOT: gpu.func @second
// TWO: gpu.func @first(
// TWO-NOT: gpu.func
// TWO: gpu.module @[[M2:arrayc_kernels_[0-9]+]] {
// TWO: gpu.func @second(
// TWO: gpu.func @third(
// TWO: gpu.launch_func @arrayc_kernels::@first
// TWO: gpu.launch_func @[[M2]]::@second
// TWO: gpu.launch_func @[[M2]]::@third
module attributes {gpu.container_module} {
  gpu.module @first {
    memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
    gpu.func @first(%m: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %g = memref.get_global @cst : memref<4xf32>
      %x = memref.load %g[%c0] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      %z = arith.mulf %y, %y : f32
      %w = arith.subf %z, %x : f32
      memref.store %w, %m[%c0] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @second {
    memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
    gpu.func @second(%m: memref<4xf32>) kernel {
      %c1 = arith.constant 1 : index
      %g = memref.get_global @cst : memref<4xf32>
      %x = memref.load %g[%c1] : memref<4xf32>
      memref.store %x, %m[%c1] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @third {
    memref.global "private" constant @cst : memref<4xf32> = dense<2.0>
    gpu.func @third(%m: memref<4xf32>) kernel {
      %c2 = arith.constant 2 : index
      %g = memref.get_global @cst : memref<4xf32>
      %x = memref.load %g[%c2] : memref<4xf32>
      memref.store %x, %m[%c2] : memref<4xf32>
      gpu.return
    }
  }
  func.func @launch(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @first::@first blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @second::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @third::@third blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}

// -----

// Modules of different targets are not merged together.
// ONE-LABEL: module attributes {gpu.container_module}
// ONE: gpu.module @arrayc_kernels [#nvvm.target<chip = "sm_90">] {
// ONE: gpu.func @a(
// ONE: gpu.func @c(
// ONE: gpu.module @[[OTHER:arrayc_kernels_[0-9]+]] [#nvvm.target<chip = "sm_80">] {
// ONE: gpu.func @b(
// ONE: gpu.launch_func @arrayc_kernels::@a
// ONE: gpu.launch_func @[[OTHER]]::@b
// ONE: gpu.launch_func @arrayc_kernels::@c
module attributes {gpu.container_module} {
  gpu.module @a [#nvvm.target<chip = "sm_90">] {
    gpu.func @a() kernel { gpu.return }
  }
  gpu.module @b [#nvvm.target<chip = "sm_80">] {
    gpu.func @b() kernel { gpu.return }
  }
  gpu.module @c [#nvvm.target<chip = "sm_90">] {
    gpu.func @c() kernel { gpu.return }
  }
  func.func @launch() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @a::@a blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @b::@b blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @c::@c blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
