// REQUIRES: cuda
// RUN: arrayc-opt %s -split-input-file --convert-gpu-to-nvvm --arrayc-serialize-gpu-modules="format=isa" -verify-diagnostics | FileCheck %s
// RUN: arrayc-opt %s -split-input-file --convert-gpu-to-nvvm --arrayc-serialize-gpu-modules="format=isa" --mlir-disable-threading -verify-diagnostics | FileCheck %s
// RUN: not arrayc-opt %s -split-input-file --arrayc-serialize-gpu-modules="format=ptx" 2>&1 | FileCheck %s --check-prefix=FORMAT

// FORMAT: error: unknown GPU binary format 'ptx' (isa, bin, fatbin or llvm)

// Modules serialized on several threads become binaries in the modules'
// order, each with its own kernel's PTX: the same output as one thread.

// CHECK: gpu.binary @first
// CHECK-SAME: .entry first
// CHECK-NOT: .entry second
// CHECK: gpu.binary @second
// CHECK-SAME: .entry second
// CHECK: gpu.binary @third
// CHECK-SAME: .entry third
// CHECK: func.func @launch
module attributes {gpu.container_module} {
  gpu.module @first [#nvvm.target<chip = "sm_90">] {
    gpu.func @first(%m: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %m[%c0] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @second [#nvvm.target<chip = "sm_90">] {
    gpu.func @second(%m: memref<4xf32>) kernel {
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c1] : memref<4xf32>
      %y = arith.mulf %x, %x : f32
      memref.store %y, %m[%c1] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @third [#nvvm.target<chip = "sm_90">] {
    gpu.func @third(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @launch(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @second::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}

// -----

// A module without a target cannot be serialized.
module attributes {gpu.container_module} {
  // expected-error @+1 {{the module has no target attributes}}
  gpu.module @untargeted {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
