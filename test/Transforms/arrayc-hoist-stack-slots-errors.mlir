// RUN: arrayc-opt %s -arrayc-hoist-stack-slots -verify-diagnostics

// Tests that a stack allocation of run-time size outside the entry block
// (it cannot be hoisted, and would grow the stack in a loop) is an error.

llvm.func @use(!llvm.ptr)
llvm.func @dynamic(%n: i64) {
  llvm.br ^bb1
^bb1:
  // expected-error @below {{a stack allocation of run-time size outside the entry block}}
  %p = llvm.alloca %n x f64 : (i64) -> !llvm.ptr
  llvm.call @use(%p) : (!llvm.ptr) -> ()
  llvm.return
}
