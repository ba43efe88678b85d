// RUN: arrayc-opt %s -convert-ndarray-to-runtime -split-input-file | FileCheck %s

// Tests that load asks the runtime for the shape (-1 for dynamic dims), then
// allocates and fills a buffer that becomes the tensor.
// CHECK-LABEL: func @load
// CHECK: %[[SHAPE:.*]] = memref.alloca() : memref<2xi64>
// CHECK: memref.store %{{.*}}, %[[SHAPE]]
// CHECK: call @arrayc_rt_load_shape(
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?x3xf32>
// CHECK: call @arrayc_rt_load_f32(
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable
func.func @load() -> tensor<?x3xf32> {
  %x = ndarray.load "x.npy" : tensor<?x3xf32>
  return %x : tensor<?x3xf32>
}

// -----

// Tests that save passes the path, the array (unranked), the dtype code and
// the source location.
// CHECK: memref.global "private" constant @{{.*}} : memref<5xi8> = dense<[121, 46, 110, 112, 121]>
// CHECK-LABEL: func @save
// CHECK: %[[M:.*]] = bufferization.to_buffer %{{.*}} read_only
// CHECK: %[[U:.*]] = memref.cast %[[M]] : {{.*}} to memref<*xi32>
// CHECK: %[[CODE:.*]] = arith.constant 3 : i32
// CHECK: call @arrayc_rt_save_i32(%{{.*}}, %[[U]], %[[CODE]], %{{.*}})
func.func @save(%x: tensor<4xi32>) {
  ndarray.save "y.npy", %x : tensor<4xi32>
  return
}

// -----

// Tests that print pieces become one runtime call each, in order.
// CHECK-LABEL: func @print
// CHECK: call @arrayc_rt_print_str(
// CHECK: call @arrayc_rt_print_f64(
// CHECK: call @arrayc_rt_print_str(
func.func @print(%x: tensor<f64>) {
  ndarray.print %x ["x:", 0, "\0A"] : tensor<f64>
  return
}

// -----

// Tests that assert becomes a checked runtime call with its message.
// CHECK-LABEL: func @assert
// CHECK-SAME: (%[[C:.*]]: i1)
// CHECK: call @arrayc_rt_assert(%[[C]], %{{.*}})
func.func @assert(%c: i1) {
  ndarray.assert %c, "f.arr:2:3: dims differ"
  return
}

// Tests that an assert with values calls the runtime with both (the second
// padded with 0 when absent).
// CHECK-LABEL: func @assert_values
// CHECK-SAME: (%[[C:.*]]: i1, %[[I:.*]]: i64)
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: call @arrayc_rt_assert_values(%[[C]], %{{.*}}, %[[I]], %[[Z]])
func.func @assert_values(%c: i1, %i: i64) {
  ndarray.assert %c, "f.arr:2:3: index {0} is out of bounds"(%i)
  return
}

// -----

// Tests that a program's main ends by waiting for its device work.
// CHECK-LABEL: func @arrayc_main
// CHECK: call @arrayc_rt_sync() : () -> ()
// CHECK-NEXT: return
func.func @arrayc_main() {
  return
}

// -----

// Tests that an unsigned array crosses the ABI as signless storage (the
// `_i8` entry point) with the unsigned dtype code (ARRAYC_RT_U8 = 5), for
// load, print and save.
// CHECK-LABEL: func @unsigned_host
// CHECK: %[[CODE:.*]] = arith.constant 5 : i32
// CHECK: call @arrayc_rt_load_shape(%{{.*}}, %[[CODE]],
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4xi8>
// CHECK: call @arrayc_rt_load_i8(%{{.*}}, %{{.*}}, %[[CODE]], %{{.*}})
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<4xi8> to tensor<4xi8>
// CHECK: %[[U:.*]] = builtin.unrealized_conversion_cast %[[T]] : tensor<4xi8> to tensor<4xui8>
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[U]] : tensor<4xui8> to tensor<4xi8>
// CHECK: bufferization.to_buffer %[[S]] read_only
// CHECK: %[[PCODE:.*]] = arith.constant 5 : i32
// CHECK: call @arrayc_rt_print_i8(%{{.*}}, %[[PCODE]]) : (memref<*xi8>, i32) -> ()
// CHECK: arith.constant 8 : i32
// CHECK: call @arrayc_rt_save_i64(
func.func @unsigned_host(%d: tensor<2xui64>) {
  %x = ndarray.load "x.npy" : tensor<4xui8>
  ndarray.print %x [0] : tensor<4xui8>
  ndarray.save "d.npy", %d : tensor<2xui64>
  return
}
