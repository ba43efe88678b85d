//===- Passes.td - arrayc transformation passes ------------*- tablegen -*-===//
#ifndef ARRAYC_TRANSFORMS_PASSES
#define ARRAYC_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def CopiesToLinalg : Pass<"arrayc-copies-to-linalg", "mlir::func::FuncOp"> {
  let summary = "Rewrite memref.copy into linalg.copy";
  let description = [{
    After bufferization. With `strided-only` (the CPU pipeline) only copies
    with a non-identity layout on either side are rewritten: they would
    otherwise lower to a call of `memrefCopy` (MLIR's C runner utils), while
    contiguous copies stay `memref.copy` and become `memcpy`. Without it (the
    GPU pipeline, before `arrayc-gpu-map-linalg`) every copy is rewritten, so
    each becomes a kernel.
  }];
  let options = [
    Option<"stridedOnly", "strided-only", "bool", "false",
           "rewrite only copies between buffers that are not both contiguous">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def ExpandShapesToCasts : Pass<"arrayc-expand-shapes-to-casts", "mlir::ModuleOp"> {
  let summary = "memref.expand_shape of a contiguous buffer with several dynamic sizes in one group as memref.reinterpret_cast";
  let description = [{
    Before `expand-strided-metadata`, which in MLIR 22 crashes on an
    `expand_shape` that splits one dimension into two or more dynamic ones
    (`memref<?xi64> into memref<?x?xi64>`: the index checks of gathers produce
    them). Such an expand_shape of a buffer with the identity layout is the
    same buffer with the output sizes and their row-major strides: a
    `reinterpret_cast` at the source's offset (0). Other expand_shapes are left
    alone. Runs on the whole module (kernels included).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::memref::MemRefDialect"];
}

def GPUMapLinalg : Pass<"arrayc-gpu-map-linalg", "mlir::ModuleOp"> {
  let summary = "Map buffer-level linalg.generic ops to gpu.launch kernels";
  let description = [{
    Runs after bufferization and `linalg-generalize-named-ops`. Each
    `linalg.generic` on memrefs becomes one `gpu.launch`:

    - all-parallel ops: 256 threads a block, a grid-stride loop over the
      linearized iteration space (innermost dimension fastest, so neighbouring
      threads touch neighbouring elements: coalesced), grid capped at
      `max-blocks` blocks. When every buffer is read and written whole and in
      order (identity maps and layouts) each thread moves 16 bytes per access
      (`vector.load`/`vector.store` with 16-byte alignment: `ld.global.v4.f32`),
      guarded by a run-time check that all buffers are 16-byte aligned (the
      scalar kernel runs otherwise), with a scalar tail for the last elements;
    - all-parallel ops that read an input with its last two dimensions
      swapped against the loops (`a.T`), every other buffer in order:
      32x32 tiles of the last two loops, block-stride over tiles; the
      transposed inputs' tile is read along their rows into shared memory
      (32x33), then the output tile written along its rows from the shared
      tile's columns, so both sides are coalesced;
    - reductions with one output and a recognized combiner (add, mul, and, or,
      xor, max/min in their float and integer forms): one kernel of P*S
      blocks: block (p, s) accumulates slice s of output p's reduction
      domain privately per thread, then through warp shuffles and shared
      memory (S > 1 when outputs are few, so a full reduction still fills
      the GPU). With S = 1 the block stores the output. Otherwise it writes a
      partial, fences, and counts itself in a per-stream zeroed counter of p
      (`arrayc_rt.gpu_counters`, declared by this pass); the last of p's
      blocks to arrive combines the S partials in order, stores the output
      and zeroes the counter again. Only the count is atomic: any combiner
      and type, NaN-propagating max/min included, and the same result every
      run. P*S is about one wave of resident
      blocks, read from the device at run time (a call of the runtime's
      `arrayc_rt_gpu_resident_blocks`, declared by this pass, which is why
      it runs on the module). When every input is read whole and in order
      with the parallel loops outermost, stage 1 reads 16 bytes per load
      (behind a run-time check of alignment and row length; the scalar
      stage 1 otherwise), then the remainder one element at a time.
      A reduction along an outer axis (an
      input's last dimension is parallel, e.g. `sum(a, axis=0)`) instead runs
      one thread per output, consecutive threads on consecutive outputs, so
      every step reads a coalesced row;
    - any other generic: one thread per output point with sequential loops
      over the reduction dimensions (correct, not fast).

    Row groups come first: consecutive generics (only allocations and ops
    without memory effects between them) that each run row by row over loop
    0, at least one a single-output reduction of the row (its other loops
    reductions or static unit dims), and that touch every buffer any of them
    writes only in the current row (maps with result 0 = d0 and no other use
    of d0, through reshapes that keep dim 0), become one kernel: one block
    per row (block-stride over rows), each member in turn over the row's
    inner points with the block's threads striding them, a reduction
    combined per thread (4 accumulators), then through shared memory, with
    thread 0 storing the row's result, and a barrier between members. So
    softmax and layernorm read each row from DRAM once; later passes over
    the row hit the caches. A run-time check takes that kernel when the
    members' row counts agree and there are at least 512 rows; otherwise
    the members run as their own kernels as above. When every member's rows
    have at most 1024 points, a warp takes each row instead (8 rows a block
    of 256 threads, lanes striding the row, reductions by xor shuffles
    alone, lane 0 storing, a warp barrier between members, no staging).
    Inside it, when every
    member's operands are streamed (identity maps and layouts), read along
    the row the same for every row (a layernorm's scale) or row results,
    a second check (16-byte alignment, row lengths a multiple of the
    width) takes a kernel that moves 16 bytes per access, loading row
    results once per row; else the scalar row kernel.

    Launches are guarded so that an empty iteration space launches nothing.

    Loops of elementwise steps come first: a host `scf.for` (no results)
    whose body holds only identity-mapped all-parallel generics of one rank,
    allocations (hoisted) and views/pure ops, where every buffer is used
    whole or through subviews that drop one and the same dim at offset 0
    elsewhere (so each point of the steps' space owns its elements in every
    step) -- a scan's loop -- becomes one kernel: a thread per point, the
    loop inside (behind a run-time check that the steps' sizes agree).

    Loops of scalar steps next: an outermost host `scf.for`/`scf.while`
    whose body holds only 0-d generics, loads and stores of device
    buffers, the runtime's checks, fixed-size temporaries of at most 64
    elements, pure ops and nested loops and branches of the same (scalar
    results allowed) runs as one kernel of one thread. A failed check
    records its site and values in a 3-element device buffer and ends the
    thread (`nvvm.exit`); the host reads the record once after the kernel
    and makes the check's own call with it.

    Block reductions combine within each warp by xor shuffles (any integer
    or float width), then the warp results through shared memory.

    Index width is chosen per kernel: where a kernel splits a linear index
    into coordinates (more than one loop), the divisions are 32-bit when the
    iteration space has at most 2^31 - 1 points and 64-bit otherwise; static
    sizes decide at compile time, dynamic ones emit both kernels behind a
    run-time check of the point count.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256", "threads per block (a power of two)">,
    Option<"maxBlocks", "max-blocks", "int64_t", "65536", "largest grid of an elementwise kernel">,
    Option<"fuse", "fuse", "bool", "true",
           "row groups, loops of elementwise or scalar steps, and a reduction's fill and 0-d "
           "epilogue folded into its kernel; false: one kernel per generic (arrayc "
           "--no-fusion)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::NVVM::NVVMDialect", "mlir::func::FuncDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect", "mlir::arith::ArithDialect",
                           "mlir::affine::AffineDialect", "mlir::linalg::LinalgDialect",
                           "mlir::vector::VectorDialect", "mlir::func::FuncDialect"];
}

def GPUDeviceBuffers : Pass<"arrayc-gpu-device-buffers", "mlir::ModuleOp"> {
  let summary = "Place host-code buffers in device memory";
  let description = [{
    After `arrayc-gpu-map-linalg`, every heap buffer of host code is touched by
    kernels, so `memref.alloc`/`memref.dealloc` become `gpu.alloc`/`gpu.dealloc`
    and constant globals that kernels read are copied to device memory once
    per use site. Stack buffers (`memref.alloca`, used for small host-side
    records such as the shape a `.npy` header gives) and globals only runtime
    calls read (strings) stay on the host, and so do heap buffers that only
    host loads/stores, deallocation and the deallocation lowering's
    `dealloc_helper` touch (its index and flag arrays; the helper itself
    runs on the host). The runtime's print/save/load entry points recognize
    device pointers and stage through the host.

    Host code that reads one element of a device buffer (a scalar condition of
    `if`/`while`, a loop bound) gets it through a one-thread kernel into a
    device scratch element copied to a host stack slot; one that writes an
    element (a scalar computed on the host) does it with a one-thread kernel.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::memref::MemRefDialect"];
}

def MangleFunctionNames : Pass<"arrayc-mangle-function-names", "mlir::ModuleOp"> {
  let summary = "Move user functions into their own namespace of symbols";
  let description = [{
    Renames every function the program defines, other than `arrayc_main`, from
    `f` to `arrayc_fn_f` (Transforms/Symbols.h), with all its uses. Runs before
    any pass declares a library or runtime function, so a `def sin` or
    `def cblas_dgemm` can never be the callee of the generated code's call to
    libm's `sin` or OpenBLAS's `cblas_dgemm`. Exported functions keep their
    names at the C boundary: `_mlir_ciface_f` and `_arrayc_packed_f`.
  }];
}

def ExportCInterface : Pass<"arrayc-export-c-interface", "mlir::ModuleOp"> {
  let summary = "Give every exported function a C-callable wrapper";
  let description = [{
    Marks each public function of the program (every `def` but `main`) with
    `llvm.emit_c_interface`, so func-to-llvm also emits
    `_mlir_ciface_<name>(results*, args*...)` taking pointers to memref
    descriptors (`StridedMemRefType` in C++). Host programs, the benchmark and
    the C API call these; the expanded-argument form stays for calls within
    the program.
  }];
}

def DropWrittenResults : Pass<"arrayc-drop-written-results", "mlir::ModuleOp"> {
  let summary = "Written arguments: updated in place, no longer returned";
  let description = [{
    After one-shot bufferization, a function result marked
    `ndarray.written_arg = i` holds the final contents of argument i, which
    the function writes (NumPy's reference semantics: the caller sees it).
    The frontend starts such a function by writing the argument onto itself
    (`bufferization.materialize_in_destination`), so bufferization treats
    the argument's buffer as written (callers keep copies of what they
    still need) and normally returns that very buffer. This pass drops such
    results from the function and its return ops (copying into the argument
    first where the returned buffer is another one, e.g. a loop that
    bufferized out of place), and replaces each call's result with the
    buffer the caller passed. The exported signature keeps only the declared results.
    It also erases copies of a buffer onto itself.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def NameConstantGlobals : Pass<"arrayc-name-constant-globals", "mlir::ModuleOp"> {
  let summary = "Name and order bufferization's constant globals deterministically";
  let description = [{
    One-shot bufferization turns tensor constants into private constant
    `memref.global`s named `__constant_<type>[_N]` in the order it visits the
    functions, which upstream takes from a map keyed by pointers: two runs of
    the same compiler on the same program could name (and place) them
    differently. This pass renames them `__constant_<type>_<k>`, k counting
    per type in the order of their first `memref.get_global` in a walk of the
    module, and moves them to the module's start in that order, so the output
    is the same byte for byte on every run.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def NameKernels : Pass<"arrayc-name-kernels", "mlir::ModuleOp"> {
  let summary = "Name each outlined kernel as its gpu.module";
  let description = [{
    Kernel outlining names every kernel of a function `<function>_kernel` and
    makes only the enclosing `gpu.module`'s name unique (`<function>_kernel_7`).
    Profilers (Nsight Systems and Compute, CUPTI, torch.profiler) show the
    kernel's own name, so all kernels of a program looked alike. This pass
    renames the single kernel of each `gpu.module` to the module's name and
    updates every `gpu.launch_func` that refers to it; the PTX entry points
    are then `<function>_kernel`, `<function>_kernel_0`, ... in launch order.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def GPUMergeModules : Pass<"arrayc-gpu-merge-modules", "mlir::ModuleOp"> {
  let summary = "The kernels of the gpu.modules in as many gpu.modules as the "
                "compile has threads";
  let description = [{
    Kernel outlining makes a `gpu.module` per kernel (k-means: 109). Each is
    then lowered, translated to LLVM IR, linked with libdevice, optimized
    and code-generated on its own, and at run time loaded (for PTX: compiled
    by the driver's JIT) by its own `cuModuleLoadDataEx` in a global
    constructor: a cost per module, paid once per kernel at load. This pass
    moves the kernels of the modules of the same targets (the same
    attributes but the name) into as many modules as the compile has
    threads (`modules=N`; 1 without threads), `arrayc_kernels`,
    `arrayc_kernels_0`, ...: the largest kernels (by operation count) first,
    each to the module with the fewest operations so far, so that
    `arrayc-serialize-gpu-modules` still keeps every thread busy. The
    kernels' code is unchanged (kernels do not call each other; libdevice's
    functions are always inlined).

    A symbol other than a kernel that two modules both define (a constant's
    `memref.global`) is kept once when the two ops are identical, else the
    later one is renamed with its module's uses. `gpu.launch_func` and every
    other `@module::@symbol` reference follow.

    ```mlir
    gpu.module @f_kernel { gpu.func @f_kernel(...) kernel { ... } }
    gpu.module @f_kernel_0 { gpu.func @f_kernel_0(...) kernel { ... } }
    // modules=1:
    gpu.module @arrayc_kernels {
      gpu.func @f_kernel(...) kernel { ... }
      gpu.func @f_kernel_0(...) kernel { ... }
    }
    ```
  }];
  let options = [
    Option<"modules", "modules", "unsigned", "0",
           "how many gpu.modules to make of those of the same targets (0: one per "
           "thread of the context, 1 without threads)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def GPULineInfo : Pass<"arrayc-gpu-line-info", "mlir::gpu::GPUModuleOp"> {
  let summary = "Line tables (PTX .loc/.file) for the kernels of a gpu.module";
  let description = [{
    What `nvcc -lineinfo` gives a kernel: its instructions mapped to source
    lines (PTX `.file`/`.loc`, ptxas's line table in the cubin), which
    Nsight Compute and compute-sanitizer show, with no change to the code
    (no `-G`).

    The kernels' ops keep the frontend's locations (the `.arr` file or the
    Python source, line:column). This pass gives each defined `llvm.func` of
    a `gpu.module` a `DISubprogram` (at its own location, else its first
    op's with a file) in a compile unit of emission kind
    `DebugDirectivesOnly`: the LLVM translation needs it to turn those
    locations into DILocations, and NVPTX then emits `.loc` and `.file`
    directives but no DWARF sections. Upstream's
    `ensure-debug-info-scope-on-llvm-func` does the same on a
    `builtin.module` (every function, host code included); this one runs on
    a `gpu.module` alone, so the host code is compiled as before.

    ```mlir
    llvm.func @k() { ... } loc("f.arr":5:3)
    // becomes
    llvm.func @k() { ... } loc(fused<#llvm.di_subprogram<... name = "k", file = <"f.arr" in "...">, line = 5 ...>>["f.arr":5:3])
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def SerializeGPUModules : Pass<"arrayc-serialize-gpu-modules", "mlir::ModuleOp"> {
  let summary = "Serialize the gpu.modules to gpu.binary ops, several at once";
  let description = [{
    What upstream's `gpu-module-to-binary` does (each `gpu.module` with
    target attributes becomes a `gpu.binary` of the same name holding one
    object per target), with the modules serialized on the context's
    threads: each serialization is independent (its own LLVMContext:
    translation, libdevice, O3, NVPTX code generation and, for bin/fatbin,
    ptxas), and a program has one module per kernel. The binaries are made
    in the modules' order, so the output does not depend on the threads.
    `--mlir-disable-threading` makes it sequential.
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", "\"\"", "CUDA toolkit root (ptxas, libdevice)">,
    Option<"compilationTarget", "format", "std::string", "\"fatbin\"",
           "isa (PTX), bin (cubin), fatbin (cubin + PTX) or llvm (offloading IR)">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def GPULegalizeMath : Pass<"arrayc-gpu-legalize-math", "mlir::gpu::GPUModuleOp"> {
  let summary = "Rewrite math ops that NVVM lowering leaves as libm calls";
  let description = [{
    `convert-gpu-to-nvvm` maps most `math` ops to libdevice (`__nv_*`), but
    leaves some as calls of host libm names (`truncf`) that ptxas cannot
    resolve. This pass rewrites them with ops that do lower:
    `trunc(x) = x < 0 ? ceil(x) : floor(x)` (NaN and -0.0 preserved).
  }];
  let dependentDialects = ["mlir::math::MathDialect", "mlir::arith::ArithDialect"];
}

def NumPyReductionTies : Pass<"arrayc-numpy-reduction-ties", "mlir::func::FuncOp"> {
  let summary = "cpu: float max/min reductions keep the tied zero NumPy keeps";
  let description = [{
    A float max (min) reduction combines with `arith.maximumf` (`minimumf`),
    which prefers +0.0 (-0.0) when +0.0 and -0.0 tie; NumPy's reduction is
    `acc = maximum(acc, x)` with its elementwise maximum, which keeps the later
    element: the last of the tied zeros. On the cpu target, whose reductions
    run in order, this pass rewrites such a combiner of a `linalg.generic`
    into NumPy's (select on a strict comparison, NaN first). The cuda target
    keeps the single-op combiners its GPU mapping recognizes (parallel
    reductions have no "last" element).
  }];
}

def PreciseMath : Pass<"arrayc-precise-math", "mlir::ModuleOp"> {
  let summary = "math.log1p and math.expm1 to libm calls (host code)";
  let description = [{
    `convert-math-to-llvm` lowers `math.log1p(x)` to `log(1 + x)` and
    `math.expm1(x)` to `exp(x) - 1`, which lose every digit of a small `x`
    (f32: `log1p(1e-9)` = 0, `expm1(1e-7)` = 1.19e-7; f64 keeps 7 digits).
    This pass calls libm's `log1pf`/`log1p`/`expm1f`/`expm1` for f32 and
    f64 scalars instead, as NumPy does; other math ops are left to
    `convert-math-to-llvm` (intrinsics). Run it after
    `convert-complex-to-standard` (whose log1p/expm1 use the math ops).
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def MixedPrecision : Pass<"arrayc-mixed-precision", "mlir::func::FuncOp"> {
  let summary = "f32 contractions on f16/bf16 operands, f32 intermediates stored in f16/bf16";
  let description = [{
    `arrayc --fp16` (`type=f16`) and `--bf16` (`type=bf16`), after fusion on
    linalg on tensors, on f32 only (f64 is what the program asked for):

    - contractions (a reduction whose body yields acc + x * y): f32 operands
      are rounded to the half type first (an elementwise generic, fused with
      its producer by the fusion that runs again after this pass), the body
      widens them (`extf`) and accumulates in f32: on the GPU cuBLAS GemmEx
      on the tensor cores. Relative error of a product of length k about
      2^-11 * sqrt(k) for f16 (2^-8 * sqrt(k) for bf16).
    - elementwise ops: an f32 result that only other kernels read (not a
      function result, not read by a runtime call) is stored in the half
      type, rounded once at the store; its readers widen it. The arithmetic
      stays in f32 registers: these kernels are bound by memory, so f16
      arithmetic would save no time and add one rounding per op. With f16,
      results of exp, exp2, expm1, pow and division stay f32 (they may leave
      f16's range, max 65504); bf16 has f32's range.
    - reductions (sums, max, `var`, norms) keep f32 accumulators and results.
    - function arguments and results keep their declared types.

    Each generic looked at carries `arrayc.precision`, a string saying what
    was decided and why.
  }];
  let options = [
    Option<"type", "type", "std::string", "\"f16\"", "f16 or bf16">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect"];
}

def ScalarizeHostScalars : Pass<"arrayc-scalarize-host-scalars"> {
  let summary = "0-d array arithmetic on host scalars becomes scalar code";
  let description = [{
    The frontend keeps Python scalars that come from the host (loop indices,
    sizes, `n - 1`, `i + 1`) as 0-d tensors built by `tensor.from_elements`,
    and NumPy arithmetic on them as 0-d `linalg.generic`s. On the cuda target
    each such generic became a one-thread kernel whose result the host copied
    back (a launch and a synchronization per `i + 1` in a loop). This pass
    rewrites a 0-d generic whose inputs are all `tensor.from_elements` or
    splat constants and whose body is `arith` ops only (IEEE-exact on host and
    device alike) into those ops on the scalars, wrapped in
    `tensor.from_elements`; `tensor.extract` of it then folds away.
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect", "mlir::arith::ArithDialect"];
}

def FuseElementwise : Pass<"arrayc-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg ops into their consumers, without recomputation";
  let description = [{
    Upstream's `linalg-fuse-elementwise-ops` pattern set (producer fusion,
    reshape folding by expansion, constant folding; a producer with one use)
    with one more rule: an elementwise producer is not fused into a consumer
    that has reduction loops when the consumer's map for it leaves a loop
    unused, since the fused op would recompute it for each value of that
    loop. `(2 * a) @ b` stays two ops (the product remains a plain matrix
    product, which the CPU target hands to BLAS); `sum(x * x)` fuses.

    With `recompute`, an elementwise op with several uses, a body of at most
    8 ops and users that would each fuse it (elementwise ops, reductions that
    read it at every point, reshapes) is cloned once per use, so that each
    consumer computes it: `e = exp(x - m); e / sum(e)` reads x twice instead
    of writing e and reading it back twice. The CUDA pipeline turns it on
    (memory traffic, not arithmetic, bounds those kernels).

    On both targets a gather (no inputs; loads at index arithmetic, such as
    the copy of a slice `L[j, :j]`, or a cheap function of them for a reader
    that reads each element once) is computed at the points of a reduction
    that reads it; the reduction reads an empty tensor of its shape instead,
    for its loop sizes (docs/passes.md).
  }];
  let options = [
    Option<"recompute", "recompute", "bool", /*default=*/"false",
           "Clone cheap multi-use elementwise producers into each consumer">
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::affine::AffineDialect"];
}

def MergeSiblings : Pass<"arrayc-merge-siblings"> {
  let summary = "Merge elementwise generics that read one array into one multi-result generic";
  let description = [{
    After fusion, on tensors. Two elementwise generics of one block that
    read one array at every point (the identity map in both: their loops are
    that array's shape) and do not depend on each other become one generic
    with the results of both, at the first one's place; CSE then computes
    once what both bodies compute. A Black-Scholes' call, put and delta
    (three consumers of `d1`, each fused with its own copy of it) were three
    kernels reading S, K and T three times and computing the logarithm
    three times; merged, one kernel reads them once.

    Stencil updates merge too: Gray-Scott's `U += dt * dU` and `V += dt *
    dV` (each result inserted into its array) become one kernel; a result
    that `arrayc-updates-in-place` can compute in its destination still is.
    Each output keeps its own tensor (a `tensor.empty` both ops share is
    made again for the second).

    Left alone (each stays the op other passes match): generics with a
    reduction loop, a transposed read (the transpose kernels), an operand
    produced by a reduction or contraction (row groups, GEMM epilogues),
    effects in the body, or inside `ndarray.scan` loops; merges across an op
    with effects (a size check the second op's reads wait for); and merges
    whose operands would pass a kernel's parameter space.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def CollapseDims : Pass<"arrayc-collapse-dims", "mlir::func::FuncOp"> {
  let summary = "Collapse the loops of reductions and broadcasts that every operand keeps together";
  let description = [{
    After fusion, on tensors. A generic that reduces or broadcasts gets its
    maximal runs of consecutive loops of one kind (parallel or reduction)
    that every indexing map keeps together and in order collapsed into one
    loop (`linalg::collapseOpIterationDims`): its operands are viewed through
    `tensor.collapse_shape`, its results expanded back. A softmax over the
    last axis of a 4-D array becomes the 2-D row softmax (rows = the product
    of the leading sizes), which the GPU mapping runs as one row-group
    kernel; a reduction over a middle axis of any rank becomes (outer, axis,
    inner), which takes the block or thread-per-output reduction. Then
    reshapes between generics fold into their neighbours by collapsing them
    too (`populateFoldReshapeOpsByCollapsingPatterns`: the fills of the
    reductions' outputs, elementwise producers and consumers), and
    expand/collapse pairs cancel, so a chain of row operations collapses with
    one reassociation and its intermediates are allocated collapsed.

    Left alone: contractions and convolutions (library calls match their
    loops), generics with `linalg.index` (scans, arg-reductions), maps that
    are not projected permutations, ops inside `ndarray.scan` loops, ops
    with an operand that is a slice (bufferization would copy a collapsed
    view of a strided buffer) or a result inserted into a slice (the update
    would no longer compute in its destination). Plain elementwise ops
    (identity maps only) are collapsed only to match a neighbour: they run
    as flat streams already.

    ```mlir
    // (d0, d1, d2, d3) reducing d3, output (d0, d1, d2):
    %c = tensor.collapse_shape %x [[0, 1, 2], [3]]
        : tensor<?x?x?x?xf32> into tensor<?x?xf32>
    %r = linalg.generic {iterator_types = ["parallel", "reduction"]} ...
    %e = tensor.expand_shape %r [[0, 1, 2]] ... : tensor<?xf32> into tensor<?x?x?xf32>
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect",
                           "mlir::arith::ArithDialect", "mlir::affine::AffineDialect"];
}

def LinalgToBlas : Pass<"arrayc-linalg-to-blas", "mlir::ModuleOp"> {
  let summary = "Call OpenBLAS (CPU) or cuBLAS (cuda) GEMM for buffer-level matrix products";
  let description = [{
    After bufferization, on the CPU target only. Each `linalg.generic` that
    is a (batched) matrix product -- two inputs and one output of one element
    type among f32, f64, complex<f32>, complex<f64>; a body of exactly a
    multiply and an add; one contracted loop; at most one loop indexed only
    by A and C (m) and one only by B and C (n), the others batch loops that C
    indexes; indices that are loops or constants -- becomes a call of
    `arrayc_rt_blas_gemm_<T>` (f32, f64, c64, c128), which loops over the
    batch in the runtime and calls `cblas_?gemm`. matvec, vecmat and dot are
    GEMMs with m and/or n of 1. A `+0` fill of the output right before the
    product becomes beta = 0 (and is erased); otherwise the call accumulates
    into the output (beta = 1), as the generic does.

    Left on loops: fused prologues or epilogues (any other op in the body,
    casts included), more than one contracted dimension, diagonals (`ii`),
    strided indices, other element types (bool, integers, f16/bf16, which
    accumulate in f32), and operands whose static strides give no row-major
    or transposed matrix. Dynamic strides are checked by the runtime, which
    copies such a matrix into a packed one rather than compute wrongly.

    ```mlir
    linalg.generic {indexing_maps = [(m, n, k) -> (m, k), (m, n, k) -> (k, n),
                                     (m, n, k) -> (m, n)], ...}
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    // becomes
    memref.alloca_scope {
      call @arrayc_rt_blas_gemm_f32(%plan, %a, %b, %c, %beta)
          : (memref<*xi64>, memref<*xf32>, memref<*xf32>, memref<*xf32>, i32) -> ()
    }
    ```

    With `cuda` (the cuda target, before `arrayc-gpu-map-linalg`) the call is
    `arrayc_rt_cublas_gemm_<T>` on device buffers (runtime/src/cublas.cpp,
    cuBLAS loaded at run time), and only products cuBLAS can take as they
    are become calls: every operand with an identity layout (contiguous
    row-major) and a zero fill of the result to fold into beta = 0. The rest
    stay generics and become kernels. With `tf32` as well, f32 products call
    `arrayc_rt_cublas_gemm_tf32` (f32 storage, TF32 inputs to the tensor
    cores, f32 accumulation: `--tf32`).
  }];
  let options = [
    Option<"cuda", "cuda", "bool", /*default=*/"false",
           "Call cuBLAS (arrayc_rt_cublas_gemm_*) on device buffers">,
    Option<"tf32", "tf32", "bool", /*default=*/"false",
           "With cuda: f32 products on the TF32 tensor cores (arrayc_rt_cublas_gemm_tf32)">
  ];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

def CheckDeviceArguments : Pass<"arrayc-check-device-arguments", "mlir::ModuleOp"> {
  let summary = "cuda: check that exported functions get arrays of the program's device";
  let description = [{
    On buffers (after bufferization), for the cuda target: at the entry of
    each public function other than `arrayc_main`, one call
    `arrayc_rt_check_device(aligned pointer as i64, argument index, function
    name)` per memref argument. The runtime accepts the pool's blocks at once
    and otherwise asks the driver which device holds the pointer: host memory
    or another GPU's array is reported with CuPy's words ("argument 1 of 'f':
    the device where the array resides (1) is different from the current
    device (0)") and the program exits, as CuPy refuses an array of another
    device, instead of faulting in a kernel.
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

def CudaGraphCalls : Pass<"arrayc-cuda-graph-calls", "mlir::ModuleOp"> {
  let summary = "cuda: bracket exported functions so the runtime replays their kernels as a CUDA graph";
  let description = [{
    For the cuda target, after kernel outlining: each public function other
    than `arrayc_main` that may launch two or more kernels in one call calls
    `arrayc_rt_graph_begin()` after its argument checks and
    `arrayc_rt_graph_end()` before each return.

    ```mlir
    func.func @f(%x: memref<?xf32>) -> memref<?xf32> {
      call @arrayc_rt_check_device(...)
      call @arrayc_rt_graph_begin() : () -> ()
      gpu.launch_func @k1::@k1 ...
      gpu.launch_func @k2::@k2 ...
      call @arrayc_rt_graph_end() : () -> ()
      return %y : memref<?xf32>
    }
    ```

    The runtime (runtime/src/graphs.h) records the kernel launches in between
    and replays a sequence of two or more kernels that it has seen before as
    one CUDA graph launch, updating only the nodes whose arguments changed.
    Counting launches (lib/Analysis/KernelCount.h, the count `arrayc --stats` prints):
    the branches of an `scf.if` are alternatives; a call of another compiled
    function adds the kernels of its body; a launch inside a loop or
    unstructured control flow counts as "two or more". Why a function of at most one
    launch is left alone: a graph of one kernel saves nothing, and recording
    costs the call. Why the runtime decides the rest: whether a body repeats
    its launches depends on run-time sizes and branches, and any other device
    work it meets (a copy to the host, a library call) simply queues what was
    recorded first, so nothing has to be proven about the body here. Why
    `arrayc_main` is left out: it runs once.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def NVTXRanges : Pass<"arrayc-nvtx-ranges", "mlir::ModuleOp"> {
  let summary = "cuda: an NVTX range around each call of an exported function and main";
  let description = [{
    For the cuda target: each public function, and `arrayc_main`, calls
    `arrayc_rt_range_push(name)` on entry and `arrayc_rt_range_pop()` before
    each return, `name` the function's name in the source (a NUL-terminated
    string constant). The runtime pushes and pops an NVTX range
    (runtime/src/graphs.cpp): Nsight Systems shows each compiled call on the
    CPU timeline with the kernels it launched, whether the program is an
    executable, a `--shared` library, `arrayc run` or a libarrayc call;
    without a profiler attached NVTX's calls return at once.

    ```mlir
    func.func @sqdiff(%x: memref<?xf32>) -> memref<?xf32> {
      call @arrayc_rt_range_push(%name) : (memref<*xi8>) -> ()
      ...
      call @arrayc_rt_range_pop() : () -> ()
      return %y : memref<?xf32>
    }
    ```
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect"];
}

#endif // ARRAYC_TRANSFORMS_PASSES

def ReassociateSums : Pass<"arrayc-reassociate-sums", "mlir::func::FuncOp"> {
  let summary = "cpu: float sum reductions may add in any order";
  let description = [{
    Marks the combiner of a float sum -- a `linalg.generic` with reduction
    loops that yields `arith.addf(acc, x)` for an output whose block argument
    `acc` has no other use -- with `fastmath<reassoc>`, so that LLVM's loop
    vectorizer keeps several partial sums (SIMD lanes, interleaved
    registers) instead of one chain of dependent adds. NumPy does not sum in
    order either: its sums are pairwise; partial sums are as accurate.
    Loops the program writes itself (`for i in range(n): s += a[i]`) are not
    linalg ops and keep their order.
  }];
}

def RegisterAccumulators : Pass<"arrayc-register-accumulators", "mlir::func::FuncOp"> {
  let summary = "A loop's load-update-store of one element as a loop-carried value";
  let description = [{
    After linalg ops become loops, a reduction accumulates through memory:
    each iteration of `scf.for` loads `m[idx]`, combines and stores it back
    (LLVM cannot keep it in a register: it cannot prove that the other
    buffers the loop reads are not `m`). When `m` and `idx` come from outside
    the loop, `m` is a view of a buffer the function allocates
    (`memref.alloc`/`alloca`), the loop uses `m` only for that load (before
    the store, in the loop's block) and that store, no other buffer the loop
    uses is a view of the same allocation, and the loop calls nothing, the
    element becomes an `iter_args` value: loaded before the loop, stored
    after it. Inner loops first, so a nest of reduction loops carries it in
    every level.
  }];
}

def CPUThreads : Pass<"arrayc-cpu-threads", "mlir::ModuleOp"> {
  let summary = "Outermost parallel loops of the cpu target on OpenMP threads";
  let description = [{
    Runs on the `scf.parallel` nests of `convert-linalg-to-parallel-loops`.
    Each outermost nest whose body may run on another thread -- no calls (a
    failing runtime call unwinds its own thread only), no allocation or
    free, no op of unknown effects -- becomes an `omp.parallel` with an
    `omp.wsloop` over its first dimension; its other dimensions become
    `scf.for` loops inside, so the innermost loop stays a plain loop for
    LLVM's vectorizer. The region runs on `arrayc_rt_num_threads()` threads
    (the runtime's `ARRAYC_NUM_THREADS`, by default every core) only when the
    nest's iterations (its dimensions times the sequential loops inside with
    bounds from outside: a linalg op's reduction dimensions) reach
    `min-iterations`, and on the calling thread otherwise (OpenMP's `if`
    clause). Every other `scf.parallel` becomes `scf.for` loops.

    A sequential reduction loop outside the nests -- an `scf.for` of one
    accumulator combined with each element by an associative step of known
    identity (LoopCombiner.h: integer add/mul/and/or/xor/max/min, float
    max/min, float add/mul marked `reassoc`, NumPy's float max/min), its body
    reading memory only -- splits, when its iterations reach
    `min-iterations`, into 64 chunks on the threads, each folded from the
    identity, whose partial results combine in order from the loop's initial
    value; below the minimum it runs as it was. The chunk count does not
    depend on the thread count, nor the result. A 1-D scan (`ndarray.scan`:
    the running value also stored at each index; float add and mul
    reassociated, as on the GPU) on more than one thread runs in three
    steps: each chunk's fold on the threads, the chunks' starting values in
    order, each chunk's scan from its start on the threads. With
    `min-iterations=0` every loop is sequential.
  }];
  let options = [
    Option<"minIterations", "min-iterations", "int64_t", "32768",
           "iterations below which a nest runs on the calling thread (0: never threaded)">,
  ];
  let dependentDialects = ["mlir::omp::OpenMPDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::func::FuncDialect"];
}

def FrameBuffers : Pass<"arrayc-frame-buffers", "mlir::func::FuncOp"> {
  let summary = "Small temporaries of host code in the function's frame";
  let description = [{
    A `memref.alloc` of static shape and at most `max-bytes` bytes that a
    `memref.dealloc` of its own block frees becomes a `memref.alloca` at the
    start of the function, and the dealloc goes: the one-element copies of a
    scalar loop (`B[i] = 0.5 * (A[i - 1] + A[i + 1])`) then allocate nothing
    per iteration, and LLVM keeps them in registers. Each iteration of a loop
    reuses the slot, which its buffer's lifetime (one block) allows. Buffers
    inside an OpenMP region stay (its threads would share the slot): runs
    after arrayc-cpu-threads, on the cpu target.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", "256",
           "largest buffer moved to the frame, in bytes">,
  ];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def BranchChecks : Pass<"arrayc-branch-checks", "mlir::func::FuncOp"> {
  let summary = "Runtime checks of host code called only when they fail";
  let description = [{
    Each call of a runtime check (`arrayc_rt_assert`,
    `arrayc_rt_assert_values`: Symbols.h), which ends the call when its
    condition is false and does nothing otherwise, moves into an `scf.if` on
    the negated condition: the index checks of a scalar loop
    (`B[i] = A[i - 1] + A[i + 1]`) cost a compare and a branch instead of a
    call each, and LLVM keeps the loop's values in registers across them. A
    check whose condition is the constant true goes. Runs on the cpu target
    after arrayc-cpu-threads (a nest with a check stays on one thread either
    way).
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def LocateAllocations : Pass<"arrayc-locate-allocations", "mlir::ModuleOp"> {
  let summary = "Heap and device allocations name their source location";
  let description = [{
    On the LLVM dialect, replaces each call of an allocation function of
    the lowering -- `_mlir_memref_to_llvm_alloc(size)`,
    `_mlir_memref_to_llvm_aligned_alloc(align, size)` (the cpu target's
    heap buffers) and `mgpuMemAlloc(size, stream, shared)` (device buffers)
    -- whose location names a source line with the runtime's located
    variant, `arrayc_rt_host_alloc_at`, `arrayc_rt_host_aligned_alloc_at`
    or `arrayc_rt_device_alloc_at`, given one more argument: the
    `file:line:col` string of the allocation. An allocation that fails then
    stops the program (or the libarrayc/Python call) with
    `file:line:col: out of host memory allocating N bytes` instead of an
    error without a place. Allocations without a source location keep
    their plain call.
  }];
}

def UpdatesInPlace : Pass<"arrayc-updates-in-place", "mlir::ModuleOp"> {
  let summary = "Updates that read the element they write compute in the destination";
  let description = [{
    `ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])` reaches bufferization as a
    fused `linalg.generic` filling a `tensor.empty` that is inserted into `ey`
    at offset (1, 0), and that reads `ey` itself through the map
    `(d0 + 1, d1)` (or a `tensor.extract` at `linalg.index + offset` in its
    body). Bufferization sees a read of the array it writes and computes into
    a temporary, copied in afterwards: a second kernel and two more passes
    over memory. Where every read of the destination is at the element the
    generic produces, this pass makes the generic compute into
    `extract_slice` of the destination at the insertion's offsets and read
    those elements as its output's (so the update happens in place). A read
    of any other element (a stencil on its own destination) is left alone.
    Runs before `eliminate-empty-tensors`, which handles updates that do not
    read their destination. First, each of the runtime's checks
    (`arrayc_rt_assert*` calls) moves above the side-effect-free ops before
    it: computing an update in its window moves the window's index
    arithmetic up, and the write would otherwise come before the check of
    that index.
  }];
  let dependentDialects = ["mlir::tensor::TensorDialect", "mlir::linalg::LinalgDialect"];
}

def ExpandLargeConstants : Pass<"arrayc-expand-large-constants", "mlir::ModuleOp"> {
  let summary = "Large splat tensor constants become fills computed at run time";
  let description = [{
    `np.ones(2**27)` reaches bufferization as one splat `arith.constant` of
    2^27 elements, which would become a 512 MiB global in the object file
    (and minutes of compilation). Before bufferization, this pass rewrites
    every splat tensor constant larger than `max-bytes` into `tensor.empty`
    + a fill (a `linalg.generic` yielding the element, as the named ops are
    by now): a buffer filled at run time, as any other temporary.
    Small constants stay globals (read-only data costs nothing to create).
    Non-splat constants come only from literal data in the source
    (`np.array([...])`) and are left as they are.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"65536",
           "Largest splat constant kept as a global, in bytes">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}
