// RUN: arrayc-opt %s --arrayc-cpu-threads --verify-diagnostics

// convert-linalg-to-parallel-loops keeps reductions in scf.for loops; a
// parallel loop with reductions is not something the cpu pipeline makes.
func.func @reduces(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-error @below {{'scf.parallel' op with reductions is not expected on the cpu target}}
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %x = memref.load %a[%i] : memref<?xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %s : f32
}
