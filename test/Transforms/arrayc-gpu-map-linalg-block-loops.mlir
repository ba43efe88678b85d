// RUN: arrayc-opt %s -arrayc-gpu-map-linalg -split-input-file | FileCheck %s

// Forward substitution as the frontend emits it, bufferized:
// `x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]`: a copy of x[:i] (bufferization's),
// the dot's fill and reduction into a 0-d buffer, the 0-d step that stores
// x[i]. Nothing writes x between the copy and the dot, so the dot reads x in
// place; the loop then runs on one block of 1024 threads when x (the input
// the dot reads point for point) has at most 65536 elements, else on the host.
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @forward_substitution
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<?xf64>)
// CHECK: memref.dim %[[X]]
// CHECK: arith.cmpi ule, %{{.*}}, %c65536
// CHECK: %[[FITS:.*]] = arith.andi
// CHECK: scf.if %[[FITS]] {
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c1024{{.*}}) workgroup(%[[SMEM:.*]] : memref<1024xf64, #gpu.address_space<workgroup>>)
// CHECK: %[[DOT:.*]] = memref.alloca() : memref<f64>
// CHECK: scf.for
// CHECK: %[[XS:.*]] = memref.subview %[[X]][0] [%{{.*}}] [1]
// CHECK: memref.store %{{.*}}, %[[DOT]][]
// CHECK: scf.for
// CHECK: memref.load %[[XS]]
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK: memref.load %[[SMEM]]
// CHECK: memref.store %{{.*}}, %[[DOT]][]
// CHECK: arith.divf
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[] : memref<f64, strided<[], offset: ?>>
// CHECK: gpu.barrier
// CHECK: gpu.terminator
// CHECK: } else {
// CHECK-NOT: memref.alloc(%
// CHECK: scf.for
// CHECK-NOT: memref.alloc(%
// CHECK: gpu.launch
// CHECK: return
func.func @forward_substitution(%L: memref<?x?xf64>, %b: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %b, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %copy = memref.alloc(%i) : memref<?xf64>
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%copy : memref<?xf64>) {
    ^bb0(%o: f64):
      %k = linalg.index 0 : index
      %v = memref.load %x[%k] : memref<?xf64>
      linalg.yield %v : f64
    }
    %dot = memref.alloc() : memref<f64>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%dot : memref<f64>) {
    ^bb0(%o: f64):
      linalg.yield %zero : f64
    }
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%copy : memref<?xf64>) outs(%dot : memref<f64>) {
    ^bb0(%in: f64, %o: f64):
      %k = linalg.index 0 : index
      %l = memref.load %L[%i, %k] : memref<?x?xf64>
      %p = arith.mulf %in, %l : f64
      %s = arith.addf %p, %o : f64
      linalg.yield %s : f64
    }
    %xi = memref.subview %x[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%dot : memref<f64>) outs(%xi : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%d: f64, %o: f64):
      %lii = memref.load %L[%i, %i] : memref<?x?xf64>
      %bi = memref.load %b[%i] : memref<?xf64>
      %r = arith.subf %bi, %d : f64
      %q = arith.divf %r, %lii : f64
      linalg.yield %q : f64
    }
    memref.dealloc %copy : memref<?xf64>
    memref.dealloc %dot : memref<f64>
  }
  return
}

// -----

// The copy's source is written before the dot reads the copy: the copy
// stays, and the loop (a buffer of run-time size each step) on the host.
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @source_written
// CHECK-NOT: %c1024
// CHECK: scf.for
// CHECK: memref.alloc(
// CHECK-NOT: %c1024
// CHECK: return
func.func @source_written(%x: memref<?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %copy = memref.alloc(%n) : memref<?xf64>
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%copy : memref<?xf64>) {
    ^bb0(%o: f64):
      %k = linalg.index 0 : index
      %v = memref.load %x[%k] : memref<?xf64>
      linalg.yield %v : f64
    }
    memref.store %zero, %x[%i] : memref<?xf64>
    %s = memref.alloc() : memref<f64>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%s : memref<f64>) {
    ^bb0(%o: f64):
      linalg.yield %zero : f64
    }
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%copy : memref<?xf64>) outs(%s : memref<f64>) {
    ^bb0(%in: f64, %o: f64):
      %a = arith.addf %in, %o : f64
      linalg.yield %a : f64
    }
    %oi = memref.subview %out[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%s : memref<f64>) outs(%oi : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%d: f64, %o: f64):
      linalg.yield %d : f64
    }
    memref.dealloc %copy : memref<?xf64>
    memref.dealloc %s : memref<f64>
  }
  return
}

// -----

// A reduction whose inputs are each broadcast along one of its loops (an
// outer product's sum: its points are not bounded by an input's size): the
// loop stays on the host.
#bcast = affine_map<(d0, d1) -> (d0)>
#bcast1 = affine_map<(d0, d1) -> (d1)>
#red2 = affine_map<(d0, d1) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @unbounded
// CHECK-NOT: %c1024
// CHECK: scf.for
// CHECK-NOT: %c1024
// CHECK: return
func.func @unbounded(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = memref.alloc() : memref<f32>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%s : memref<f32>) {
    ^bb0(%o: f32):
      linalg.yield %zero : f32
    }
    %xs = memref.subview %x[0] [%i] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    linalg.generic {indexing_maps = [#bcast, #bcast1, #red2], iterator_types = ["reduction", "reduction"]}
        ins(%xs, %y : memref<?xf32, strided<[1]>>, memref<?xf32>) outs(%s : memref<f32>) {
    ^bb0(%in: f32, %yj: f32, %o: f32):
      %v = arith.mulf %in, %yj : f32
      %a = arith.addf %v, %o : f32
      linalg.yield %a : f32
    }
    %oi = memref.subview %out[%i] [1] [1] : memref<?xf32> to memref<f32, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%s : memref<f32>) outs(%oi : memref<f32, strided<[], offset: ?>>) {
    ^bb0(%d: f32, %o: f32):
      linalg.yield %d : f32
    }
    memref.dealloc %s : memref<f32>
  }
  return
}

// -----

// A running mean of suffixes in f64 over f32 data (`np.sum(a[i:]) / n`):
// bufferization's buffer of `a[i:]` widened to f64 is computed at the sum's
// points (a view of a from i, widened there), so the loop runs on one block.
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @suffix_means
// CHECK: scf.if
// CHECK: gpu.launch {{.*}} in ({{.*}} = %c1024{{.*}}) workgroup({{.*}} : memref<1024xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[I:.*]] = 
// CHECK: %[[TAIL:.*]] = memref.subview %{{.*}}[%[[I]]] [%{{.*}}] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: scf.for
// CHECK: memref.load %[[TAIL]]
// CHECK: arith.extf
// CHECK: gpu.barrier
// CHECK: gpu.terminator
// CHECK: } else {
func.func @suffix_means(%a: memref<?xf32>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %len = arith.subi %n, %i : index
    %wide = memref.alloc(%len) : memref<?xf64>
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%wide : memref<?xf64>) {
    ^bb0(%o: f64):
      %k = linalg.index 0 : index
      %at = arith.addi %i, %k : index
      %v = memref.load %a[%at] : memref<?xf32>
      %w = arith.extf %v : f32 to f64
      linalg.yield %w : f64
    }
    %s = memref.alloc() : memref<f64>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%s : memref<f64>) {
    ^bb0(%o: f64):
      linalg.yield %zero : f64
    }
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%wide : memref<?xf64>) outs(%s : memref<f64>) {
    ^bb0(%in: f64, %o: f64):
      %r = arith.addf %in, %o : f64
      linalg.yield %r : f64
    }
    %oi = memref.subview %out[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%s : memref<f64>) outs(%oi : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%d: f64, %o: f64):
      %lenf = arith.index_cast %len : index to i64
      %lf = arith.sitofp %lenf : i64 to f64
      %q = arith.divf %d, %lf : f64
      linalg.yield %q : f64
    }
    memref.dealloc %wide : memref<?xf64>
    memref.dealloc %s : memref<f64>
  }
  return
}

// -----

// A loop on one block whose host copy (reductions above the bound) holds a
// loop of scalar steps: that inner loop still runs on one thread there.
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
// CHECK-LABEL: func @nested_scalar_loop
// CHECK: scf.if
// CHECK: gpu.launch {{.*}} in ({{.*}} = %c1024{{.*}})
// CHECK: } else {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}}, {{.*}} = %c1{{(_[0-9]+)?}})
// CHECK-NEXT: scf.for
// CHECK: memref.store
func.func @nested_scalar_loop(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = memref.alloc() : memref<f32>
    memref.store %zero, %s[] : memref<f32>
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%x : memref<?xf32>) outs(%s : memref<f32>) {
    ^bb0(%in: f32, %o: f32):
      %a = arith.addf %in, %o : f32
      linalg.yield %a : f32
    }
    %t = memref.load %s[] : memref<f32>
    scf.for %j = %c1 to %n step %c1 {
      %jm = arith.subi %j, %c1 : index
      %p = memref.load %out[%jm] : memref<?xf32>
      %q = arith.addf %p, %t : f32
      memref.store %q, %out[%j] : memref<?xf32>
    }
    memref.dealloc %s : memref<f32>
  }
  return
}

// -----

// A producer that loads through a view it makes in its own body: no view of
// it can stand for its output outside, so it stays (and the loop, with a
// buffer of run-time size each step, on the host).
// CHECK-LABEL: func @inner_view
// CHECK-NOT: %c1024
// CHECK: scf.for
// CHECK: memref.alloc(%
// CHECK-NOT: %c1024
// CHECK: return
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
func.func @inner_view(%x: memref<?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %len = arith.subi %n, %i : index
    %copy = memref.alloc(%len) : memref<?xf64>
    linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
        outs(%copy : memref<?xf64>) {
    ^bb0(%o: f64):
      %k = linalg.index 0 : index
      %sv = memref.subview %x[%i] [%len] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
      %v = memref.load %sv[%k] : memref<?xf64, strided<[1], offset: ?>>
      linalg.yield %v : f64
    }
    %s = memref.alloc() : memref<f64>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%s : memref<f64>) {
    ^bb0(%o: f64):
      linalg.yield %zero : f64
    }
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%copy : memref<?xf64>) outs(%s : memref<f64>) {
    ^bb0(%in: f64, %o: f64):
      %a = arith.addf %in, %o : f64
      linalg.yield %a : f64
    }
    %oi = memref.subview %out[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%s : memref<f64>) outs(%oi : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%d: f64, %o: f64):
      linalg.yield %d : f64
    }
    memref.dealloc %copy : memref<?xf64>
    memref.dealloc %s : memref<f64>
  }
  return
}

// -----

// The same loop as fusion now leaves it (arrayc-fuse-elementwise computes the
// copy of x[:i] at the dot's points): the dot loads x[k] itself and reads a
// buffer nothing writes, kept for its loop's size. That buffer becomes a view
// of x (the kernel cannot allocate; x bounds the dot's points), and the loop
// runs on one block as before.
#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func @forward_substitution_fused
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<?xf64>)
// CHECK: memref.dim %[[X]]
// CHECK: arith.cmpi ule, %{{.*}}, %c65536
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: memref.alloc(%
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c1024{{.*}})
// CHECK: scf.for
// CHECK: memref.subview %[[X]][0] [%{{.*}}] [1]
// CHECK: gpu.shuffle xor
// CHECK: gpu.terminator
// CHECK: } else {
func.func @forward_substitution_fused(%L: memref<?x?xf64>, %b: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %b, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %shape = memref.alloc(%i) : memref<?xf64>
    %dot = memref.alloc() : memref<f64>
    linalg.generic {indexing_maps = [#scalar], iterator_types = []} outs(%dot : memref<f64>) {
    ^bb0(%o: f64):
      linalg.yield %zero : f64
    }
    linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
        ins(%shape : memref<?xf64>) outs(%dot : memref<f64>) {
    ^bb0(%in: f64, %o: f64):
      %k = linalg.index 0 : index
      %xk = memref.load %x[%k] : memref<?xf64>
      %l = memref.load %L[%i, %k] : memref<?x?xf64>
      %p = arith.mulf %xk, %l : f64
      %s = arith.addf %p, %o : f64
      linalg.yield %s : f64
    }
    %xi = memref.subview %x[%i] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: ?>>
    linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
        ins(%dot : memref<f64>) outs(%xi : memref<f64, strided<[], offset: ?>>) {
    ^bb0(%d: f64, %o: f64):
      %lii = memref.load %L[%i, %i] : memref<?x?xf64>
      %bi = memref.load %b[%i] : memref<?xf64>
      %r = arith.subf %bi, %d : f64
      %q = arith.divf %r, %lii : f64
      linalg.yield %q : f64
    }
    memref.dealloc %shape : memref<?xf64>
    memref.dealloc %dot : memref<f64>
  }
  return
}
