//===- Pipelines.cpp - arrayc's pass pipelines ----------------------------===//
#include "Pipelines/Pipelines.h"

#include "Conversion/Passes.h"
#include "Transforms/Passes.h"
#include "Transforms/Shard.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The canonicalizer every pipeline runs, less one upstream pattern:
/// scf.for's ForOpTensorCastFolder moves a `tensor.cast` of an iteration
/// argument into the loop on the assumption that every iteration keeps the
/// operand's static shape. A loop that grows an array from a static start
/// (`a = np.zeros(1)`, then `a = np.concatenate((a, v))` per iteration)
/// widens it to `?` on purpose; the folded loop casts the grown array back to
/// the old size (a verifier error, or silently the last iteration's array).
static std::unique_ptr<Pass> createCanonicalizer() {
  static const std::string disabled[] = {
      "(anonymous namespace)::ForOpTensorCastFolder", // the name clang gives it
      "{anonymous}::ForOpTensorCastFolder",           // and GCC
  };
  GreedyRewriteConfig config; // the pass's defaults: top-down, regions simplified
  config.setUseTopDownTraversal(true);
  return createCanonicalizerPass(config, disabled);
}

llvm::StringRef arrayc::defaultCudaToolkit() {
#ifdef ARRAYC_CUDA_TOOLKIT
  return ARRAYC_CUDA_TOOLKIT;
#else
  return "";
#endif
}

void arrayc::buildLinalgPipeline(OpPassManager &pm, const PipelineOptions &options) {
  pm.addPass(createCanonicalizer());
  pm.addPass(createConvertNDArrayToLinalg());
  pm.addPass(createLinalgGeneralizeNamedOpsPass());
  // Sharded functions (--mesh/--shard): partitioned on the tensor program,
  // before their calls are inlined; off (and the IR unchanged) without a mesh.
  if (!options.mesh.empty())
    pm.addPass(createShardFunctions(ShardFunctionsOptions{
        options.mesh, std::vector<std::string>(options.shard.begin(), options.shard.end()),
        options.shardVerbose}));
  // The user's helper functions inlined (dead private ones erased), so that
  // fusion and the GPU mapping see through calls: `norm_cdf(d1)` called four
  // times in a Black-Scholes was four functions of kernels of their own. No
  // simplification inside the inliner (upstream's canonicalizer would bring
  // back the folder createCanonicalizer leaves out); the next pass is ours.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  // Canonicalize first: it merges repeated operands (x*x reads one producer
  // once), and upstream fusion only fuses a producer with a single use.
  pm.addPass(createCanonicalizer());
  // `i + 1` on host scalars stays scalar code on the host (no kernel on cuda).
  pm.addPass(createScalarizeHostScalars());
  if (options.fusion)
    pm.addPass(createFuseElementwise(FuseElementwiseOptions{options.recompute}));
  if (!options.precision.empty()) {
    // After fusion (it demotes what goes through memory), then fusion again:
    // the roundings of contraction operands join their producers.
    pm.addNestedPass<func::FuncOp>(
        createMixedPrecision(MixedPrecisionOptions{options.precision}));
    if (options.fusion)
      pm.addPass(createFuseElementwise(FuseElementwiseOptions{options.recompute}));
  }
  // After every fusion (its reshape folding by expansion undoes collapses):
  // row and single-axis operations of any rank as the 2-D/3-D nests the
  // GPU mapping's one-pass kernels take.
  if (options.fusion)
    pm.addNestedPass<func::FuncOp>(createCollapseDims());
  pm.addPass(createCanonicalizer());
  pm.addPass(createCSEPass());
  // After CSE (siblings reading one slice read one value) and the collapses
  // (which take single-result generics): one kernel per group of siblings.
  if (options.fusion)
    pm.addPass(createMergeSiblings());
  // Host ops become runtime calls last: each call reads its arrays through a
  // bufferization.to_buffer right before it, and CSE must not merge two such
  // reads of one tensor into the first, past writes bufferization then makes
  // into that tensor's buffer (the later call would read them).
  pm.addPass(createCheckArraySizes()); // after the folds of tensor.dim: at function entry
  // Before the first library or runtime declaration: `def sin` is not libm's.
  pm.addPass(createMangleFunctionNames());
  pm.addPass(createConvertNDArrayToRuntime(ConvertNDArrayToRuntimeOptions{options.gpuLibraries}));
  // The collectives of sharded functions: runtime calls, before bufferization.
  if (!options.mesh.empty())
    pm.addPass(createShardToRuntime(/*gemm=*/options.blas && !options.tf32));
  // Folds the unsigned<->signless cast pairs around the calls.
  pm.addPass(createCanonicalizer());
}

void arrayc::buildBufferizePipeline(OpPassManager &pm, const PipelineOptions &options) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Loops (scf.for/scf.while from `for`/`while`) may yield a fresh tensor
  // each iteration, or forward their arguments in another order.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Large splats are filled at run time, not stored in the binary.
  pm.addPass(arrayc::createExpandLargeConstants());
  // `B[1:-1] = f(A)`: f's loop nest writes into B's window (its tensor.empty
  // becomes a slice of B) instead of a temporary copied in afterwards.
  pm.addPass(createUpdatesInPlace()); // `ey[1:] -= f(ey[1:], ...)` too
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createNameConstantGlobals()); // the same output on every run
  pm.addPass(createCanonicalizer());
  pm.addPass(createCSEPass());
  // Written arguments (reference semantics): updated in their buffers.
  pm.addPass(createDropWrittenResults());
  // Free every buffer when its last user is done (ownership-based
  // deallocation): temporaries of a call, and of each loop iteration, go
  // back to the allocator instead of living until the program exits. A
  // function returning its argument returns a copy (the caller owns every
  // result): bufferization.clone becomes alloc + copy. On the cuda target the
  // lowering's host helper (dealloc_helper) and its index arrays stay on the
  // host (arrayc-gpu-device-buffers).
  if (options.dealloc) {
    bufferization::buildBufferDeallocationPipeline(pm, {});
    pm.addPass(createConvertBufferizationToMemRefPass());
  }
  pm.addPass(createExportCInterface());
}

/// complex (its arithmetic expanded on the parts, as the `improved` range
/// does: Smith's division, scaled abs), math (through libm), memref, arith,
/// index, cf and func to the LLVM dialect. complex.create/re/im become LLVM
/// structs {re, im}: the layout of C's complex and of NumPy's c64/c128.
/// `runtimeAlloc`: heap buffers through the runtime's
/// `_mlir_memref_to_llvm_alloc/free` (plain malloc/free that a failing call
/// from libarrayc frees: runtime.h, "recoverable regions") -- the cpu
/// target's buffers; the cuda host code's heap buffers are only small index
/// arrays.
static void addStandardToLLVM(OpPassManager &pm, bool runtimeAlloc) {
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(arrayc::createPreciseMath()); // log1p, expm1: libm, not log(1 + x)
  // LLVM intrinsics first (llvm.sin etc. become the same libm calls on the
  // CPU): complex-to-standard emits math.copysign, which math-to-libm marks
  // illegal but cannot convert (MLIR 22).
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = runtimeAlloc;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
}

/// Host-side lowering to the LLVM dialect of the cpu target.
static void addHostToLLVM(OpPassManager &pm) {
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(arrayc::createExpandShapesToCasts()); // an MLIR 22 crash otherwise
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  addStandardToLLVM(pm, /*runtimeAlloc=*/true);
  pm.addPass(createConvertOpenMPToLLVMPass()); // arrayc-cpu-threads' regions
  pm.addPass(arrayc::createLocateAllocations()); // out of memory names its line
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizer());
}

void arrayc::buildCPULoweringPipeline(OpPassManager &pm, const PipelineOptions &options) {
  if (options.blas)
    pm.addPass(createLinalgToBlas());
  pm.addNestedPass<func::FuncOp>(createCopiesToLinalg(CopiesToLinalgOptions{/*stridedOnly=*/true}));
  pm.addNestedPass<func::FuncOp>(createNumPyReductionTies()); // reductions run in order here
  pm.addNestedPass<func::FuncOp>(createReassociateSums());    // but sums in SIMD partial sums
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addNestedPass<func::FuncOp>(createRegisterAccumulators());
  CPUThreadsOptions threads;
  if (!options.threads)
    threads.minIterations = 0;
  pm.addPass(createCPUThreads(threads)); // the rest become scf.for
  pm.addNestedPass<func::FuncOp>(createFrameBuffers()); // after: no frame slot shared by threads
  pm.addNestedPass<func::FuncOp>(createBranchChecks());
  addHostToLLVM(pm);
}

void arrayc::buildGPUKernelPipeline(OpPassManager &pm, const PipelineOptions &options) {
  pm.addPass(createCheckDeviceArguments()); // before the pointers' uses are rewritten
  if (options.blas)
    pm.addPass(createLinalgToBlas(LinalgToBlasOptions{/*cuda=*/true, options.tf32}));
  pm.addNestedPass<func::FuncOp>(createCopiesToLinalg());
  GPUMapLinalgOptions mapOptions;
  mapOptions.fuse = options.fusion;
  pm.addPass(createGPUMapLinalg(mapOptions));
  pm.addPass(createGPUDeviceBuffers());
  pm.addPass(createCanonicalizer());
  // Constants (hoisted out of the launches by the canonicalizer) back into
  // them, so kernels see them as constants rather than parameters: a
  // division by 32 stays a shift.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(arrayc::createNameKernels()); // profilers tell the kernels apart
  pm.addPass(createCSEPass());
  if (options.graphs)
    pm.addPass(createCudaGraphCalls()); // sees the launches each function makes
  pm.addPass(arrayc::createNVTXRanges()); // each call on the profiler's timeline
}

void arrayc::buildCUDALoweringPipeline(OpPassManager &pm, const PipelineOptions &options) {
  // Mirrors upstream's gpu-lower-to-nvvm-pipeline, with the toolkit (ptxas,
  // libdevice) passed explicitly and libm for host-side math.
  // The kernels in as many gpu.modules as the compile has threads (not one
  // per kernel): arrayc-serialize-gpu-modules still keeps every thread busy,
  // and a run loads (for PTX: JIT-compiles) a few modules instead of ~100.
  pm.addPass(arrayc::createGPUMergeModules());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(arrayc::createExpandShapesToCasts()); // an MLIR 22 crash otherwise
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.gpuArch;
  target.features = options.gpuFeatures;
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizer());
  pm.addPass(createCSEPass());

  // Complex arithmetic in kernels: expanded to arith/math on the parts
  // before the math ops are legalized and mapped to libdevice.
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertComplexToStandardPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createGPULegalizeMath());
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps());
  pm.addNestedPass<gpu::GPUModuleOp>(LLVM::createNVVMOptimizeForTargetPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizer());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
  // Line tables (PTX .loc/.file, as nvcc -lineinfo) from the ops' source
  // locations, for Nsight Compute's source view; ptxas keeps them (-lineinfo,
  // SerializeGPUModules). The instructions are the same as without.
  pm.addNestedPass<gpu::GPUModuleOp>(arrayc::createGPULineInfo());
  // The kernels (all LLVM dialect by now) to binaries before the host
  // code's lowering: its dozen conversions then walk the host code alone,
  // not the kernels too (kmeans: three quarters of the IR).
  SerializeGPUModulesOptions binary;
  binary.compilationTarget = options.gpuFormat;
  binary.toolkitPath = options.cudaToolkit.empty() ? defaultCudaToolkit().str()
                                                   : options.cudaToolkit.getValue();
  pm.addPass(arrayc::createSerializeGPUModules(binary)); // modules on several threads

  addStandardToLLVM(pm, /*runtimeAlloc=*/false);
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(arrayc::createLocateAllocations()); // out of memory names its line
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizer());
  pm.addPass(createCSEPass());
}

void arrayc::buildCPUPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildLinalgPipeline(pm, options);
  buildBufferizePipeline(pm, options);
  buildCPULoweringPipeline(pm, options);
}

void arrayc::buildCUDAPipeline(OpPassManager &pm, const PipelineOptions &options) {
  // As arrayc does for the cuda target: recompute cheap shared producers.
  PipelineOptions linalgOptions;
  linalgOptions.copyOptionValuesFrom(options);
  linalgOptions.recompute = true;
  linalgOptions.gpuLibraries = true;
  buildLinalgPipeline(pm, linalgOptions);
  buildBufferizePipeline(pm, linalgOptions);
  buildGPUKernelPipeline(pm, options);
  buildCUDALoweringPipeline(pm, options);
}

void arrayc::registerPipelines() {
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-linalg-pipeline", "ndarray to fused linalg on tensors (--emit=linalg)",
      buildLinalgPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-bufferize-pipeline", "tensors to buffers across functions",
      buildBufferizePipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-gpu-kernel-pipeline", "buffer-level linalg to outlined gpu kernels",
      buildGPUKernelPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-cuda-lowering-pipeline", "outlined kernels to gpu.binary, host to LLVM",
      buildCUDALoweringPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-cpu-lowering-pipeline", "buffer-level linalg to GEMM calls and loops to LLVM",
      buildCPULoweringPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-cpu-pipeline", "ndarray to the LLVM dialect for the CPU", buildCPUPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "arrayc-cuda-pipeline", "ndarray to the LLVM dialect with CUDA kernels",
      buildCUDAPipeline);
}
