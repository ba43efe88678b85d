//===- arrayc.hpp - the embedding C++ API ---------------------*- C++ -*-===//
//
// A header-only layer over the C API (arrayc.h): RAII handles, and errors as
// values. LLVM and arrayc are built without exceptions, so nothing here
// throws: every operation that can fail returns `Result<T>` (or `Status`),
// which holds either the value or an `Error` with the status code and the
// full diagnostic text.
//
//   auto ctx = arrayc::Context::create().value();        // value(): aborts on error
//   auto mod = ctx.compile(source);
//   if (!mod) { std::cerr << mod.error().message; return 1; }
//   auto sqdiff = mod->function<arrayc::Array(arrayc::Array, arrayc::Array)>("sqdiff");
//   arrayc::Result<arrayc::Array> d = (*sqdiff)(x, y);  // x, y: arrayc::Array views
//
// Threads: as the C API, everything may be used from many threads at once.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_ARRAYC_HPP
#define ARRAYC_ARRAYC_HPP

#include "arrayc/arrayc.h"

#include <complex>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace arrayc {

enum class Target { Auto = ARRAYC_TARGET_AUTO, CPU = ARRAYC_TARGET_CPU, CUDA = ARRAYC_TARGET_CUDA };

enum class DType : int32_t {
  Bool = ARRAYC_BOOL, I8 = ARRAYC_I8, I16 = ARRAYC_I16, I32 = ARRAYC_I32, I64 = ARRAYC_I64,
  U8 = ARRAYC_U8, U16 = ARRAYC_U16, U32 = ARRAYC_U32, U64 = ARRAYC_U64, F16 = ARRAYC_F16,
  BF16 = ARRAYC_BF16, F32 = ARRAYC_F32, F64 = ARRAYC_F64, C64 = ARRAYC_C64, C128 = ARRAYC_C128
};

/// The dtype of a C++ element type (bool, integers, float, double, complex).
template <typename T> constexpr DType dtypeOf() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, int8_t>) return DType::I8;
  else if constexpr (std::is_same_v<T, int16_t>) return DType::I16;
  else if constexpr (std::is_same_v<T, int32_t>) return DType::I32;
  else if constexpr (std::is_same_v<T, int64_t>) return DType::I64;
  else if constexpr (std::is_same_v<T, uint8_t>) return DType::U8;
  else if constexpr (std::is_same_v<T, uint16_t>) return DType::U16;
  else if constexpr (std::is_same_v<T, uint32_t>) return DType::U32;
  else if constexpr (std::is_same_v<T, uint64_t>) return DType::U64;
  else if constexpr (std::is_same_v<T, float>) return DType::F32;
  else if constexpr (std::is_same_v<T, double>) return DType::F64;
  else if constexpr (std::is_same_v<T, std::complex<float>>) return DType::C64;
  else if constexpr (std::is_same_v<T, std::complex<double>>) return DType::C128;
  else static_assert(sizeof(T) == 0, "no arrayc dtype for this type");
}

struct Error {
  arrayc_status code = ARRAYC_OK;
  std::string message;
  static Error last(arrayc_status code) { return Error{code, arrayc_last_error()}; }
};

/// A value or an Error. Check with `if (r)` / `r.ok()`; `value()` aborts
/// with the message when there is none (for code that cannot go on).
template <typename T> class [[nodiscard]] Result {
public:
  Result(T value) : value_(std::move(value)), ok_(true) {}
  Result(Error error) : error_(std::move(error)), ok_(false) {}
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error &error() const { return error_; }
  T &operator*() { return value_; }
  const T &operator*() const { return value_; }
  T *operator->() { return &value_; }
  const T *operator->() const { return &value_; }
  T &value() & { check(); return value_; }
  T &&value() && { check(); return std::move(value_); }

private:
  void check() const {
    if (!ok_) {
      std::fprintf(stderr, "arrayc: error: %s\n", error_.message.c_str());
      std::abort();
    }
  }
  T value_{};
  Error error_;
  bool ok_;
};

struct Unit {};
using Status = Result<Unit>;
inline Status check(arrayc_status s) {
  if (s == ARRAYC_OK)
    return Unit{};
  return Error::last(s);
}

/// An array: a view of memory the caller owns (`Array::view`), or a result
/// arrayc allocated (freed when the last copy of the Array goes).
class Array {
public:
  Array() = default;
  static Array view(void *data, DType dtype, std::vector<int64_t> shape,
                    std::vector<int64_t> strides = {}, int device = -1) {
    Array a;
    a.a_ = std::make_shared<arrayc_array>();
    arrayc_array_init(a.a_.get(), data, static_cast<int32_t>(dtype),
                      static_cast<int32_t>(shape.size()), shape.data(),
                      strides.empty() ? nullptr : strides.data(), device);
    return a;
  }
  template <typename T>
  static Array view(T *data, std::vector<int64_t> shape, std::vector<int64_t> strides = {},
                    int device = -1) {
    return view(static_cast<void *>(data), dtypeOf<T>(), std::move(shape), std::move(strides),
                device);
  }
  template <typename T> static Array view(std::vector<T> &v) {
    return view(v.data(), {static_cast<int64_t>(v.size())});
  }
  /// A 0-d array of one host value (scalar parameters are 0-d arrays).
  template <typename T> static Array scalar(T value) {
    auto storage = std::make_shared<T>(value);
    Array a = view(storage.get(), {});
    a.keep_ = storage;
    return a;
  }
  /// Takes ownership of a C-API array (a result).
  static Array adopt(arrayc_array raw) {
    Array a;
    a.a_ = std::shared_ptr<arrayc_array>(new arrayc_array(raw), [](arrayc_array *p) {
      arrayc_array_release(p);
      delete p;
    });
    return a;
  }

  explicit operator bool() const { return a_ != nullptr; }
  const arrayc_array &raw() const { return *a_; }
  void *data() const { return a_->data; }
  template <typename T> T *data() const { return static_cast<T *>(a_->data); }
  DType dtype() const { return static_cast<DType>(a_->dtype); }
  int rank() const { return a_->rank; }
  int64_t shape(int i) const { return a_->shape[i]; }
  std::vector<int64_t> shape() const { return {a_->shape, a_->shape + a_->rank}; }
  int64_t size() const { return arrayc_array_size(a_.get()); }
  int device() const { return a_->device; }
  bool onDevice() const { return a_->device >= 0; }

private:
  std::shared_ptr<arrayc_array> a_;
  std::shared_ptr<void> keep_;
};

class Context;

/// An exported function: `call` on any arrays; `Function::typed` (through
/// Module::function<Sig>) checks the arity once at lookup.
class Function {
public:
  Function() = default;
  Function(std::shared_ptr<arrayc_module_t> module, arrayc_function fn)
      : module_(std::move(module)), fn_(fn) {}
  std::string name() const { return arrayc_function_name(fn_); }
  int numParams() const { return arrayc_function_num_params(fn_); }
  int numResults() const { return arrayc_function_num_results(fn_); }
  arrayc_value_info param(int i) const {
    arrayc_value_info info{};
    (void)arrayc_function_param(fn_, i, &info);
    return info;
  }
  arrayc_value_info result(int i) const {
    arrayc_value_info info{};
    (void)arrayc_function_result(fn_, i, &info);
    return info;
  }
  /// Whether the function writes parameter i: the caller's array is
  /// updated in place (param(i).written).
  bool writes(int i) const { return param(i).written != 0; }
  Result<std::vector<Array>> call(const std::vector<Array> &args) const {
    std::vector<arrayc_array> raw;
    for (const Array &a : args)
      raw.push_back(a.raw());
    std::vector<arrayc_array> out(numResults());
    arrayc_status s = arrayc_call(fn_, raw.data(), static_cast<int32_t>(raw.size()),
                                  out.data(), static_cast<int32_t>(out.size()));
    if (s != ARRAYC_OK)
      return Error::last(s);
    std::vector<Array> results;
    for (arrayc_array &r : out)
      results.push_back(Array::adopt(r));
    return results;
  }
  arrayc_function raw() const { return fn_; }

private:
  std::shared_ptr<arrayc_module_t> module_;
  arrayc_function fn_ = nullptr;
};

template <typename Sig> class TypedFunction;
/// R is Array (one result), void (none) or std::tuple<Array...>.
template <typename R, typename... Args> class TypedFunction<R(Args...)> {
  static_assert((std::is_same_v<std::decay_t<Args>, Array> && ...),
                "parameters are arrayc::Array");

public:
  TypedFunction() = default;
  explicit TypedFunction(Function fn) : fn_(std::move(fn)) {}
  Result<std::conditional_t<std::is_void_v<R>, Unit, R>> operator()(const Args &...args) const {
    auto r = fn_.call({args...});
    if (!r)
      return r.error();
    if constexpr (std::is_void_v<R>) {
      return Unit{};
    } else if constexpr (std::is_same_v<R, Array>) {
      return (*r)[0];
    } else {
      return toTuple<R>(*r, std::make_index_sequence<std::tuple_size_v<R>>{});
    }
  }
  const Function &function() const { return fn_; }
  static constexpr int numResults() {
    if constexpr (std::is_void_v<R>) return 0;
    else if constexpr (std::is_same_v<R, Array>) return 1;
    else return static_cast<int>(std::tuple_size_v<R>);
  }

private:
  template <typename T, size_t... I>
  static T toTuple(std::vector<Array> &v, std::index_sequence<I...>) {
    return T{v[I]...};
  }
  Function fn_;
};

class Module {
public:
  Module() = default;
  explicit Module(arrayc_module m) : m_(m, arrayc_module_release) {}
  Result<Function> function(const std::string &name) const {
    arrayc_function fn;
    if (arrayc_status s = arrayc_module_lookup(m_.get(), name.c_str(), &fn))
      return Error::last(s);
    return Function(m_, fn);
  }
  /// Typed lookup: the parameter and result counts are checked here.
  template <typename Sig> Result<TypedFunction<Sig>> function(const std::string &name) const {
    auto fn = function(name);
    if (!fn)
      return fn.error();
    using T = TypedFunction<Sig>;
    int params = 0;
    countParams(static_cast<Sig *>(nullptr), params);
    if (fn->numParams() != params || fn->numResults() != T::numResults())
      return Error{ARRAYC_ERR_ARGUMENT,
                   name + " takes " + std::to_string(fn->numParams()) + " arguments and gives " +
                       std::to_string(fn->numResults()) + " results, not " +
                       std::to_string(params) + " and " + std::to_string(T::numResults())};
    return T(*fn);
  }
  std::vector<Function> functions() const {
    std::vector<Function> out;
    for (int i = 0; i < arrayc_module_num_functions(m_.get()); ++i)
      out.emplace_back(m_, arrayc_module_function(m_.get(), i));
    return out;
  }

private:
  template <typename R, typename... A> static void countParams(R (*)(A...), int &n) {
    n = sizeof...(A);
  }
  std::shared_ptr<arrayc_module_t> m_;
};

struct ContextOptions {
  Target target = Target::Auto;
  int device = 0;          ///< cuda: the device of the context's calls and arrays
  void *stream = nullptr; ///< an arrayc_rt_stream; null: the default stream
  int cache = -1;         ///< 1 on, 0 off, -1 the environment's (on)
  std::string cacheDir;   ///< "": ARRAYC_CACHE_DIR / XDG_CACHE_HOME / ~/.cache
  int verbose = -1;
  bool ownStream = false;  ///< cuda: a stream of the context's own
  uint64_t poolLimit = 0;  ///< cuda: the device's pool cap in bytes (per device); 0: leave it
};

struct CompileOptions {
  std::string name = "<source>";
  std::string gpuArch;
  int optLevel = 2;
  bool fusion = true, blas = true, tf32 = false, graphs = true;
  std::string precision; ///< "", "f16", "bf16"
  std::string gpuFormat; ///< "", "isa", "bin", "fatbin" (arrayc_compile_options)
  std::string mesh;      ///< "", "4", "2x2": the exported functions run over a mesh
  std::vector<std::string> shard; ///< "FUNC:ARG=DIM[/AXIS]" each (arrayc --shard)
};

/// The number of CUDA devices (0 without CUDA, a driver or a GPU); a context
/// on each is `Context::create({.target = Target::CUDA, .device = n})`.
inline int cudaDeviceCount() { return arrayc_cuda_device_count(); }

class Context {
public:
  static Result<Context> create(const ContextOptions &o = {}) {
    arrayc_context_options c;
    arrayc_context_options_init(&c);
    c.target = static_cast<int32_t>(o.target);
    c.device = o.device;
    c.stream = o.stream;
    c.cache = o.cache;
    c.cache_dir = o.cacheDir.empty() ? nullptr : o.cacheDir.c_str();
    c.verbose = o.verbose;
    c.own_stream = o.ownStream;
    c.pool_limit = o.poolLimit;
    arrayc_context ctx;
    if (arrayc_status s = arrayc_context_create(&c, &ctx))
      return Error::last(s);
    Context result;
    result.c_ = std::shared_ptr<arrayc_context_t>(ctx, arrayc_context_release);
    return result;
  }
  Target target() const { return static_cast<Target>(arrayc_context_target(c_.get())); }
  /// cuda: the device its calls run on and its arrays live on; -1 on cpu.
  int device() const { return arrayc_context_device(c_.get()); }
  Result<Module> compile(std::string_view source, const CompileOptions &o = {}) const {
    std::string shard = joined(o.shard);
    auto c = toC(o, shard);
    arrayc_module m;
    if (arrayc_status s = arrayc_compile(c_.get(), source.data(), source.size(), &c, &m))
      return Error::last(s);
    return Module(m);
  }
  Result<Module> compileFile(const std::string &path, CompileOptions o = {}) const {
    if (o.name == "<source>")
      o.name = path;
    std::string shard = joined(o.shard);
    auto c = toC(o, shard);
    arrayc_module m;
    if (arrayc_status s = arrayc_compile_file(c_.get(), path.c_str(), &c, &m))
      return Error::last(s);
    return Module(m);
  }
  /// A host copy in C order (waits for the device); host arrays are copied too.
  Result<Array> toHost(const Array &a) const {
    arrayc_array out;
    if (arrayc_status s = arrayc_array_to_host(c_.get(), &a.raw(), &out))
      return Error::last(s);
    return Array::adopt(out);
  }
  Result<Array> toDevice(const Array &a) const {
    arrayc_array out;
    if (arrayc_status s = arrayc_array_to_device(c_.get(), &a.raw(), &out))
      return Error::last(s);
    return Array::adopt(out);
  }
  Status synchronize() const { return check(arrayc_context_synchronize(c_.get())); }
  void *stream() const { return arrayc_context_stream(c_.get()); }
  struct PoolUsage {
    uint64_t used = 0, cached = 0;
  };
  Result<PoolUsage> poolUsage() const {
    PoolUsage u;
    if (arrayc_status s = arrayc_context_pool_usage(c_.get(), &u.used, &u.cached))
      return Error::last(s);
    return u;
  }
  Status trimPool() const { return check(arrayc_context_pool_trim(c_.get())); }
  /// cuda: caps the pool of the context's device (0: no cap). Over it, a call
  /// fails with ARRAYC_ERR_NOMEM and returns what it allocated.
  Status setPoolLimit(uint64_t bytes) const {
    return check(arrayc_context_pool_set_limit(c_.get(), bytes));
  }
  arrayc_context raw() const { return c_.get(); }

private:
  static std::string joined(const std::vector<std::string> &specs) {
    std::string text;
    for (const std::string &spec : specs)
      text += (text.empty() ? "" : ",") + spec;
    return text;
  }
  /// `shard`: o.shard joined, kept alive by the caller through the call.
  arrayc_compile_options toC(const CompileOptions &o, const std::string &shard) const {
    arrayc_compile_options c;
    arrayc_compile_options_init(&c);
    c.name = o.name.c_str();
    c.gpu_arch = o.gpuArch.empty() ? nullptr : o.gpuArch.c_str();
    c.opt_level = o.optLevel;
    c.fusion = o.fusion;
    c.blas = o.blas;
    c.tf32 = o.tf32;
    c.graphs = o.graphs;
    c.precision = o.precision.c_str();
    c.gpu_format = o.gpuFormat.empty() ? nullptr : o.gpuFormat.c_str();
    c.mesh = o.mesh.empty() ? nullptr : o.mesh.c_str();
    c.shard = shard.empty() ? nullptr : shard.c_str();
    return c;
  }
  std::shared_ptr<arrayc_context_t> c_;
};

/// A CUDA event of a context's device (arrayc_event_*; cuda only: create
/// fails with ARRAYC_ERR_DEVICE on the cpu target). Copies share the event.
class Event {
public:
  static Result<Event> create(const Context &ctx, uint32_t flags = 0) {
    arrayc_event e;
    if (arrayc_status s = arrayc_event_create(ctx.raw(), flags, &e))
      return Error::last(s);
    Event result;
    result.e_ = std::shared_ptr<arrayc_event_t>(e, [](arrayc_event x) { arrayc_event_destroy(x); });
    return result;
  }
  /// After the work queued so far on `stream` (nullptr: the context's stream).
  Status record(void *stream = nullptr) const { return check(arrayc_event_record(e_.get(), stream)); }
  Status synchronize() const { return check(arrayc_event_synchronize(e_.get())); }
  /// Whether the work before the last record has finished (no wait).
  Result<bool> done() const {
    int32_t d = 0;
    if (arrayc_status s = arrayc_event_query(e_.get(), &d))
      return Error::last(s);
    return d != 0;
  }
  /// Work queued on `stream` (nullptr: the context's stream) waits for this event.
  Status makeWait(void *stream = nullptr) const {
    return check(arrayc_stream_wait_event(stream, e_.get()));
  }
  /// Milliseconds from `start` to `end` (both recorded and finished).
  static Result<float> elapsedMs(const Event &start, const Event &end) {
    float ms = 0;
    if (arrayc_status s = arrayc_event_elapsed_ms(start.e_.get(), end.e_.get(), &ms))
      return Error::last(s);
    return ms;
  }
  arrayc_event raw() const { return e_.get(); }

private:
  std::shared_ptr<arrayc_event_t> e_;
};

/// An NVTX range for a scope (arrayc_range_push/pop): Nsight Systems' NVTX row.
class Range {
public:
  explicit Range(const char *message) { arrayc_range_push(message); }
  ~Range() { arrayc_range_pop(); }
  Range(const Range &) = delete;
  Range &operator=(const Range &) = delete;
};

} // namespace arrayc

#endif // ARRAYC_ARRAYC_HPP
