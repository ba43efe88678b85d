// RUN: arrayc-opt %s --arrayc-scalarize-host-scalars --split-input-file | FileCheck %s

// `i + 1` on a host scalar: scalar arith, the extract folded away.
// CHECK-LABEL: func @index_plus_one
// CHECK-NOT: linalg.generic
// CHECK: %[[R:.*]] = arith.addi %arg0, %{{.*}} : i64
// CHECK: return %[[R]]
#map = affine_map<() -> ()>
func.func @index_plus_one(%i: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %t = tensor.from_elements %i : tensor<i64>
  %e = tensor.empty() : tensor<i64>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = []}
      ins(%t : tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.addi %in, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %x = tensor.extract %r[] : tensor<i64>
  return %x : i64
}

// -----

// A chain with a splat constant input; the 0-d result stays a tensor where
// it is used as one.
// CHECK-LABEL: func @chain
// CHECK-NOT: linalg.generic
// CHECK: %[[A:.*]] = arith.subi %arg0, %{{.*}} : i64
// CHECK: %[[M:.*]] = arith.muli %[[A]], %{{.*}} : i64
// CHECK: %[[T:.*]] = tensor.from_elements %[[M]] : tensor<i64>
// CHECK: return %[[T]]
#map1 = affine_map<() -> ()>
func.func @chain(%n: i64) -> tensor<i64> {
  %c1 = arith.constant 1 : i64
  %three = arith.constant dense<3> : tensor<i64>
  %t = tensor.from_elements %n : tensor<i64>
  %e = tensor.empty() : tensor<i64>
  %a = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = []}
      ins(%t : tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%in: i64, %out: i64):
    %s = arith.subi %in, %c1 : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %m = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = []}
      ins(%a, %three : tensor<i64>, tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%x: i64, %y: i64, %out: i64):
    %p = arith.muli %x, %y : i64
    linalg.yield %p : i64
  } -> tensor<i64>
  return %m : tensor<i64>
}

// -----

// Left alone: an input read from an array (not a host scalar), and a body
// with a math op (libm on the host, libdevice on the GPU).
// CHECK-LABEL: func @not_host
// CHECK-COUNT-2: linalg.generic
#map2 = affine_map<() -> ()>
func.func @not_host(%a: tensor<f64>, %x: f64) -> (tensor<f64>, tensor<f64>) {
  %e = tensor.empty() : tensor<f64>
  %r = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []}
      ins(%a : tensor<f64>) outs(%e : tensor<f64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %in : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %t = tensor.from_elements %x : tensor<f64>
  %q = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []}
      ins(%t : tensor<f64>) outs(%e : tensor<f64>) {
  ^bb0(%in: f64, %out: f64):
    %s = math.sqrt %in : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %r, %q : tensor<f64>, tensor<f64>
}

// -----

// A fill (no inputs: a reduction's init) stays a generic, which the GPU
// mapping folds into the reduction's kernel.
// CHECK-LABEL: func @fill_stays
// CHECK: linalg.generic
// CHECK-NOT: tensor.from_elements
#map3 = affine_map<() -> ()>
func.func @fill_stays() -> tensor<f64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %f = linalg.generic {indexing_maps = [#map3], iterator_types = []} outs(%e : tensor<f64>) {
  ^bb0(%out: f64):
    linalg.yield %z : f64
  } -> tensor<f64>
  return %f : tensor<f64>
}

// -----

// A host value put in a 0-d array by a generic without inputs (`KH` of
// `F, C, KH, KW = w.shape`) and only read (`KH // 2`, extracted as a slice
// bound) is the value itself: the floor division runs on the host and the
// extract folds (before: two one-thread kernels and a read back on cuda).
// CHECK-LABEL: func @shape_value_read
// CHECK-NOT: linalg.generic
// CHECK: %[[D:.*]] = arith.divsi %arg0, %{{.*}} : i64
// CHECK-NOT: tensor.extract
// CHECK: return
#map5 = affine_map<() -> ()>
func.func @shape_value_read(%kh: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %e = tensor.empty() : tensor<i64>
  %v = linalg.generic {indexing_maps = [#map5], iterator_types = []} outs(%e : tensor<i64>) {
  ^bb0(%out: i64):
    linalg.yield %kh : i64
  } -> tensor<i64>
  %h = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []}
      ins(%v : tensor<i64>) outs(%e : tensor<i64>) {
  ^bb0(%in: i64, %out: i64):
    %d = arith.divsi %in, %c2 : i64
    linalg.yield %d : i64
  } -> tensor<i64>
  %x = tensor.extract %h[] : tensor<i64>
  return %x : i64
}

// -----

// The same fill as the destination a reduction writes stays a generic.
// CHECK-LABEL: func @fill_as_init_stays
// CHECK: linalg.generic {{.*}} outs(
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<?xf64>) outs(
#map6 = affine_map<() -> ()>
#vec = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
func.func @fill_as_init_stays(%x: tensor<?xf64>, %z: f64) -> tensor<f64> {
  %e = tensor.empty() : tensor<f64>
  %f = linalg.generic {indexing_maps = [#map6], iterator_types = []} outs(%e : tensor<f64>) {
  ^bb0(%out: f64):
    linalg.yield %z : f64
  } -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#vec, #red], iterator_types = ["reduction"]}
      ins(%x : tensor<?xf64>) outs(%f : tensor<f64>) {
  ^bb0(%in: f64, %acc: f64):
    %a = arith.addf %in, %acc : f64
    linalg.yield %a : f64
  } -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// A host scalar read by a generic of higher rank (`x * alpha + 2`) is used by
// the body directly and its 0-d input erased (on cuda each such input was a
// one-thread kernel storing the scalar to device memory); the splat constant
// too. The array input stays.
// CHECK-LABEL: func @scalar_into_array_op
// CHECK-SAME: (%[[X:.*]]: tensor<?xf64>, %[[A:.*]]: f64)
// CHECK-NOT: tensor.from_elements
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[X]] : tensor<?xf64>)
// CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: f64):
// CHECK: %[[M:.*]] = arith.mulf %[[IN]], %[[A]] : f64
// CHECK: arith.addf %[[M]], %{{.*}} : f64
#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
func.func @scalar_into_array_op(%x: tensor<?xf64>, %a: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %two = arith.constant dense<2.0> : tensor<f64>
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %t = tensor.from_elements %a : tensor<f64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %r = linalg.generic {indexing_maps = [#id, #sc, #sc, #id], iterator_types = ["parallel"]}
      ins(%x, %t, %two : tensor<?xf64>, tensor<f64>, tensor<f64>) outs(%e : tensor<?xf64>) {
  ^bb0(%in: f64, %s: f64, %c: f64, %out: f64):
    %m = arith.mulf %in, %s : f64
    %p = arith.addf %m, %c : f64
    linalg.yield %p : f64
  } -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

// A `break` flag carried by a while loop (the frontend's form of
// `for i in range(n): ... if c: break`): set by a select between constants,
// negated by a 0-d generic, read by the condition. It becomes an i1 the
// while carries; no 0-d tensor, generic or tensor.extract of it is left, and
// the device value `x` stays a tensor.
// CHECK-LABEL: func @break_flag
// CHECK: scf.while (%[[X:.*]] = %{{.*}}, %[[F:.*]] = %false, %[[K:.*]] = %{{.*}}) : (tensor<f64>, i1, i64)
// CHECK-NOT: linalg.generic {{.*}}ins(%{{.*}} : tensor<i1>)
// CHECK: arith.xori %[[F]], %true : i1
// CHECK: scf.condition
// CHECK: } do {
// CHECK: %[[S:.*]] = arith.cmpf olt
// CHECK: scf.yield %{{.*}}, %[[S]], %{{.*}} : tensor<f64>, i1, i64
#map0 = affine_map<() -> ()>
func.func @break_flag(%x0: tensor<f64>, %n: i64, %tol: f64) -> tensor<f64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %false = arith.constant false
  %cf = arith.constant dense<false> : tensor<i1>
  %ct = arith.constant dense<true> : tensor<i1>
  %r:3 = scf.while (%x = %x0, %f = %cf, %k = %c0) : (tensor<f64>, tensor<i1>, i64) -> (tensor<f64>, tensor<i1>, i64) {
    %lt = arith.cmpi slt, %k, %n : i64
    %e = tensor.empty() : tensor<i1>
    %nf = linalg.generic {indexing_maps = [#map0, #map0], iterator_types = []}
        ins(%f : tensor<i1>) outs(%e : tensor<i1>) {
    ^bb0(%in: i1, %out: i1):
      %v = arith.xori %in, %true : i1
      linalg.yield %v : i1
    } -> tensor<i1>
    %go = tensor.extract %nf[] : tensor<i1>
    %c = arith.select %go, %lt, %false : i1
    scf.condition(%c) %x, %f, %k : tensor<f64>, tensor<i1>, i64
  } do {
  ^bb0(%x: tensor<f64>, %f: tensor<i1>, %k: i64):
    %xv = tensor.extract %x[] : tensor<f64>
    %small = arith.cmpf olt, %xv, %tol : f64
    %f2 = arith.select %small, %ct, %cf : tensor<i1>
    %k2 = arith.addi %k, %c1 : i64
    scf.yield %x, %f2, %k2 : tensor<f64>, tensor<i1>, i64
  }
  return %r#0 : tensor<f64>
}

// -----

// A Python int counted in a for loop and an scf.if choosing between host
// scalars become scalars; a value a kernel computes (the extract of the
// device tensor `x`) is not touched.
// CHECK-LABEL: func @for_counter
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[C:.*]] = %{{.*}}) -> (i64)
// CHECK: scf.if %{{.*}} -> (i64)
// CHECK: arith.addi %[[C]], %{{.*}} : i64
// CHECK: tensor.from_elements %[[R]] : tensor<i64>
func.func @for_counter(%x: tensor<?xf64>, %lb: index, %ub: index) -> tensor<i64> {
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0> : tensor<i64>
  %one = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%cnt = %z) -> (tensor<i64>) {
    %v = tensor.extract %x[%i] : tensor<?xf64>
    %pos = arith.cmpf ogt, %v, %zero : f64
    %next = scf.if %pos -> (tensor<i64>) {
      %c = tensor.extract %cnt[] : tensor<i64>
      %a = arith.addi %c, %one : i64
      %t = tensor.from_elements %a : tensor<i64>
      scf.yield %t : tensor<i64>
    } else {
      scf.yield %cnt : tensor<i64>
    }
    scf.yield %next : tensor<i64>
  }
  return %r : tensor<i64>
}

// -----

// A carried value a kernel computes stays a tensor: no read per iteration.
// CHECK-LABEL: func @device_carried
// CHECK: scf.for {{.*}} -> (tensor<f64>)
// CHECK-NOT: tensor.extract
func.func @device_carried(%x: tensor<?xf64>, %s0: tensor<f64>, %ub: index) -> tensor<f64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %s0) -> (tensor<f64>) {
    %e = tensor.empty() : tensor<f64>
    %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
        ins(%x : tensor<?xf64>) outs(%s : tensor<f64>) {
    ^bb0(%in: f64, %out: f64):
      %a = arith.addf %in, %out : f64
      linalg.yield %a : f64
    } -> tensor<f64>
    scf.yield %t : tensor<f64>
  }
  return %r : tensor<f64>
}

// -----

// A read of a 0-d argument in a while loop's condition, under the branch of
// its `break` flag (`while it < maxiter`), and one in a for loop nested in it:
// both move before the outer loop (read once, not every iteration). A read
// of a 0-d value the loop computes stays in it.
// CHECK-LABEL: func @invariant_reads
// CHECK-SAME: (%[[N:.*]]: tensor<i64>, %[[S:.*]]: tensor<f64>
// CHECK-DAG: %[[MAX:.*]] = tensor.extract %[[N]][]
// CHECK-DAG: %[[SC:.*]] = tensor.extract %[[S]][]
// CHECK: scf.while
// CHECK: scf.if
// CHECK: arith.cmpi slt, %{{.*}}, %[[MAX]]
// CHECK: scf.for
// CHECK: arith.addf %{{.*}}, %[[SC]]
// CHECK: tensor.extract %{{.*}}[] : tensor<f64>
func.func private @made(f64) -> tensor<f64>
func.func @invariant_reads(%maxiter: tensor<i64>, %s: tensor<f64>, %flag: i1) -> (i64, f64) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %f0 = arith.constant 0.0 : f64
  %r:2 = scf.while (%it = %z, %acc = %f0) : (i64, f64) -> (i64, f64) {
    %go = scf.if %flag -> (i1) {
      %false = arith.constant false
      scf.yield %false : i1
    } else {
      %m = tensor.extract %maxiter[] : tensor<i64>
      %lt = arith.cmpi slt, %it, %m : i64
      scf.yield %lt : i1
    }
    scf.condition(%go) %it, %acc : i64, f64
  } do {
  ^bb0(%it: i64, %acc: f64):
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (f64) {
      %v = tensor.extract %s[] : tensor<f64>
      %b = arith.addf %a, %v : f64
      scf.yield %b : f64
    }
    %u = func.call @made(%sum) : (f64) -> tensor<f64>
    %x = tensor.extract %u[] : tensor<f64>
    %next = arith.addi %it, %one : i64
    scf.yield %next, %x : i64, f64
  }
  return %r#0, %r#1 : i64, f64
}

// -----

// `while it < maxiter` with maxiter a 0-d argument (in device memory on
// cuda): the comparison, a 0-d generic on it, reads it once before the loop
// as a host scalar and becomes host arithmetic; a 0-d generic on a value the
// loop computes stays a generic.
#s = affine_map<() -> ()>
// CHECK-LABEL: func @invariant_zero_rank_input
// CHECK-SAME: (%[[N:.*]]: tensor<i64>
// CHECK: %[[MAX:.*]] = tensor.extract %[[N]][]
// CHECK: scf.while
// CHECK-NOT: linalg.generic
// CHECK: arith.cmpi slt, %{{.*}}, %[[MAX]]
// CHECK: scf.condition
// CHECK: linalg.generic
func.func private @made_i64(i64) -> tensor<i64>
func.func @invariant_zero_rank_input(%maxiter: tensor<i64>) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = scf.while (%it = %z) : (i64) -> i64 {
    %e = tensor.empty() : tensor<i1>
    %lt = linalg.generic {indexing_maps = [#s, #s], iterator_types = []}
        ins(%maxiter : tensor<i64>) outs(%e : tensor<i1>) {
    ^bb0(%m: i64, %o: i1):
      %c = arith.cmpi slt, %it, %m : i64
      linalg.yield %c : i1
    } -> tensor<i1>
    %go = tensor.extract %lt[] : tensor<i1>
    scf.condition(%go) %it : i64
  } do {
  ^bb0(%it: i64):
    %t = func.call @made_i64(%it) : (i64) -> tensor<i64>
    %e = tensor.empty() : tensor<i64>
    %inc = linalg.generic {indexing_maps = [#s, #s], iterator_types = []}
        ins(%t : tensor<i64>) outs(%e : tensor<i64>) {
    ^bb0(%v: i64, %o: i64):
      %a = arith.addi %v, %one : i64
      linalg.yield %a : i64
    } -> tensor<i64>
    %next = tensor.extract %inc[] : tensor<i64>
    scf.yield %next : i64
  }
  return %r : i64
}
