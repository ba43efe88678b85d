// RUN: arrayc-opt %s -arrayc-check-device-arguments | FileCheck %s

// Tests that a public function checks each array argument's device at entry
// (pointer, argument index, function name), and that arrayc_main and
// private functions do not.
// CHECK: func.func private @arrayc_rt_check_device(i64, i64, memref<*xi8>)
// CHECK: memref.global "private" constant @[[NAME:__arrayc_str_[0-9a-f]+]] : memref<6xi8> = dense<[115, 113, 100, 105, 102, 102]>
// CHECK-LABEL: func.func @sqdiff
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[Y:.*]]: memref<?xf32>)
// CHECK: %[[S:.*]] = memref.get_global @[[NAME]]
// CHECK: %[[SU:.*]] = memref.cast %[[S]]
// CHECK: %[[PX:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: %[[PX64:.*]] = arith.index_cast %[[PX]] : index to i64
// CHECK: %[[I0:.*]] = arith.constant 0 : i64
// CHECK: call @arrayc_rt_check_device(%[[PX64]], %[[I0]], %[[SU]])
// CHECK: %[[PY:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: %[[PY64:.*]] = arith.index_cast %[[PY]] : index to i64
// CHECK: %[[I2:.*]] = arith.constant 2 : i64
// CHECK: call @arrayc_rt_check_device(%[[PY64]], %[[I2]], %[[SU]])
// CHECK: return
func.func @sqdiff(%x: memref<?xf32>, %n: index, %y: memref<?xf32>) {
  return
}

// CHECK-LABEL: func.func @arrayc_main
// CHECK-NOT: arrayc_rt_check_device
// CHECK: return
func.func @arrayc_main(%a: memref<4xf32>) {
  return
}

// CHECK-LABEL: func.func private @helper
// CHECK-NOT: arrayc_rt_check_device
// CHECK: return
func.func private @helper(%a: memref<4xf32>) {
  return
}
