// RUN: arrayc-opt %s -arrayc-hoist-stack-slots -split-input-file | FileCheck %s

// Tests that fixed-size stack slots inside a loop (here: the descriptor of
// an unranked memref handed to a runtime call each iteration, as
// finalize-memref-to-llvm emits it) move to the entry block, each with its
// own size constant, so that the loop reuses one slot instead of growing
// the stack every iteration.

// CHECK-LABEL: llvm.func @loop
// CHECK-NEXT:    %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:    %[[D:.*]] = llvm.alloca %[[C1]] x !llvm.struct<(ptr, ptr, i64)> : (i64) -> !llvm.ptr
// CHECK-NEXT:    %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT:    %[[P:.*]] = llvm.alloca %[[C4]] x i64 : (i32) -> !llvm.ptr
// CHECK:       ^bb1(
// CHECK-NOT:     llvm.alloca
// CHECK:         llvm.store %{{.*}}, %[[D]]
// CHECK:         llvm.call @use(%[[D]], %[[P]])
// CHECK:       ^bb2:
// CHECK-NOT:     llvm.alloca
// CHECK:         llvm.return
llvm.func @use(!llvm.ptr, !llvm.ptr)
llvm.func @loop(%n: i64, %desc: !llvm.struct<(ptr, ptr, i64)>) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %one = llvm.mlir.constant(1 : index) : i64
  %slot = llvm.alloca %one x !llvm.struct<(ptr, ptr, i64)> : (i64) -> !llvm.ptr
  llvm.store %desc, %slot : !llvm.struct<(ptr, ptr, i64)>, !llvm.ptr
  %four = llvm.mlir.constant(4 : i32) : i32
  %plan = llvm.alloca %four x i64 : (i32) -> !llvm.ptr
  llvm.call @use(%slot, %plan) : (!llvm.ptr, !llvm.ptr) -> ()
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %next = llvm.add %i, %c1 : i64
  %done = llvm.icmp "sge" %next, %n : i64
  llvm.cond_br %done, ^bb2, ^bb1(%next : i64)
^bb2:
  llvm.return
}

// -----

// Tests that slots already in the entry block, and functions without
// bodies, are left as they are.

// CHECK-LABEL: llvm.func @entry_only
// CHECK-NEXT:    llvm.mlir.constant(2 : i64)
// CHECK-NEXT:    llvm.alloca
// CHECK-NEXT:    llvm.call @use
llvm.func @use(!llvm.ptr)
llvm.func @entry_only() {
  %two = llvm.mlir.constant(2 : i64) : i64
  %p = llvm.alloca %two x f64 : (i64) -> !llvm.ptr
  llvm.call @use(%p) : (!llvm.ptr) -> ()
  llvm.return
}
