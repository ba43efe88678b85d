// RUN: arrayc-opt %s --arrayc-name-kernels | FileCheck %s

// Each module's one kernel takes the module's (unique) name; the launches
// follow. A module with two kernels keeps their names.

// CHECK-LABEL: func.func @f
// CHECK: gpu.launch_func @f_kernel::@f_kernel
// CHECK: gpu.launch_func @f_kernel_0::@f_kernel_0
// CHECK: gpu.launch_func @two::@a
// CHECK: gpu.launch_func @two::@b
// CHECK: gpu.module @f_kernel
// CHECK-NEXT: gpu.func @f_kernel(
// CHECK: gpu.module @f_kernel_0
// CHECK-NEXT: gpu.func @f_kernel_0(
// CHECK: gpu.module @two
// CHECK-NEXT: gpu.func @a(
// CHECK: gpu.func @b(
module attributes {gpu.container_module} {
  func.func @f(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @two::@a blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    gpu.launch_func @two::@b blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
  gpu.module @f_kernel {
    gpu.func @f_kernel(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @two {
    gpu.func @a(%m: memref<4xf32>) kernel {
      gpu.return
    }
    gpu.func @b(%m: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
