// RUN: arrayc-opt %s --arrayc-linalg-pipeline | FileCheck %s --check-prefix=LINALG
// RUN: arrayc-opt %s --arrayc-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: arrayc-opt %s --arrayc-cpu-pipeline="fusion=false" | FileCheck %s --check-prefix=NOFUSE
// RUN: arrayc-opt %s --arrayc-cpu-pipeline="threads=false" | FileCheck %s --check-prefix=SERIAL

// Tests the stage boundaries of the cpu pipeline on sqdiff: after the linalg
// stage the chain is one fused generic; the whole pipeline leaves only the
// LLVM dialect; without fusion there are two loop nests.
// LINALG-LABEL: func @arrayc_fn_sqdiff
// LINALG: linalg.generic
// LINALG: arith.subf
// LINALG: arith.mulf
// LINALG-NOT: linalg.generic
// LINALG: return

// LLVM-LABEL: llvm.func @arrayc_fn_sqdiff
// LLVM-NOT: linalg.
// LLVM-NOT: memref.
// LLVM: llvm.call @arrayc_rt_num_threads()
// LLVM: omp.parallel if(%{{.*}}) num_threads(%{{.*}} : i32)
// LLVM: omp.loop_nest
// LLVM: llvm.fsub
// LLVM: llvm.fmul
// LLVM: omp.yield

// NOFUSE-LABEL: llvm.func @arrayc_fn_sqdiff
// NOFUSE: llvm.fsub
// NOFUSE: omp.yield
// NOFUSE: omp.parallel
// NOFUSE: llvm.fmul
// NOFUSE: omp.yield

// SERIAL-LABEL: llvm.func @arrayc_fn_sqdiff
// SERIAL-NOT: omp.
// SERIAL: llvm.fsub
// SERIAL: llvm.fmul
// SERIAL-NOT: omp.
func.func @sqdiff(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %d = ndarray.sub %x, %y : tensor<?xf32>
  %r = ndarray.mul %d, %d : tensor<?xf32>
  return %r : tensor<?xf32>
}
