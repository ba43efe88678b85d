// GPU smoke test of libarrayc_runtime_cuda (needs a GPU; exits 0 with
// "SKIP" when none). Run: arrayc_runtime_cuda_smoke [oom]
#include "arrayc_rt/runtime.h"
#include "cuda_test_support.h"

#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace arrayc_rt_test;

struct M1 {
  void *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
};

static int failures = 0;
#define CHECK(c)                                                                   \
  do {                                                                             \
    if (!(c)) { fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); ++failures; } \
  } while (0)

int main(int argc, char **argv) {
  int n = arrayc_rt_cuda_device_count();
  printf("devices: %d\n", n);
  if (n == 0) { printf("SKIP: no GPU\n"); return 0; }
  if (argc > 1 && !strcmp(argv[1], "oom")) {
    mgpuMemAlloc(1ull << 50, nullptr, false); // must exit 1 with a message
    return 0;
  }
  if (argc > 2 && !strcmp(argv[1], "check-device")) {
    // What a compiled function's entry does with an argument (exit 1 when
    // it refuses it): "host", "other" (device 1's memory), "own" (device 0's,
    // not from the pool).
    static char name[] = "fn";
    struct { char *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } nm = {
        name, name, 0, {2}, {1}};
    std::vector<float> host(16);
    int64_t ptr = (int64_t)host.data();
    CUdeviceptr p = 0;
    if (!strcmp(argv[2], "other") || !strcmp(argv[2], "own")) {
      cuInit(0);
      CUdevice dev;
      CUcontext ctx;
      cuDeviceGet(&dev, !strcmp(argv[2], "other") ? 1 : 0);
      cuDevicePrimaryCtxRetain(&ctx, dev);
      cuCtxPushCurrent(ctx);
      cuMemAlloc(&p, 64);
      cuCtxPopCurrent(&ctx);
      ptr = (int64_t)p;
    }
    arrayc_rt_check_device(ptr, 1, 1, &nm);
    printf("accepted\n");
    return 0;
  }
  mgpuSetDefaultDevice(0);
  CUstream s = (CUstream)mgpuStreamCreate();
  CHECK(mgpuMemAlloc(0, s, false) == nullptr);
  const int N = 1000;
  std::vector<float> h(N);
  for (int i = 0; i < N; ++i) h[i] = (float)i;
  float *d = (float *)mgpuMemAlloc(N * 4, s, false);
  mgpuMemcpy(d, h.data(), N * 4, s);
  mgpuStreamSynchronize(s);

  // Print a strided device view through the hooks.
  M1 view{d, d, 2, {4}, {3}};
  fflush(stdout);
  printf("print: ");
  arrayc_rt_print_f32(1, &view, ARRAYC_RT_F32);
  printf("\n");
  char *out = nullptr;
  size_t len = 0;
  CHECK(arrayc_rt_format_array(ARRAYC_RT_F32, 1, view.sizes, view.strides, d + 2, &out, &len) == ARRAYC_RT_OK);
  CHECK(out && std::string(out) == "[ 2.  5.  8. 11.]");
  // The staging copies came from the pinned pool and went back to it.
  CHECK(arrayc_rt_pinned_pool_used_bytes() == 0);
  CHECK(arrayc_rt_pinned_pool_total_bytes() > 0);
  {
    // A load into device memory (the copy up from pinned memory is queued).
    std::string npy = "/tmp/arrayc_smoke_pinned.npy";
    int64_t one[1] = {N}, unit[1] = {1};
    CHECK(arrayc_rt_npy_write(npy.c_str(), ARRAYC_RT_F32, 1, one, unit, h.data()) == ARRAYC_RT_OK);
    float *d2 = (float *)mgpuMemAlloc(N * 4, s, false);
    CHECK(arrayc_rt_npy_read(npy.c_str(), ARRAYC_RT_F32, 1, one, unit, d2) == ARRAYC_RT_OK);
    std::vector<float> back(N);
    mgpuMemcpy(back.data(), d2, N * 4, s);
    mgpuStreamSynchronize(s);
    CHECK(back == h);
    mgpuMemFree(d2, s);
    std::remove(npy.c_str());
  }
  arrayc_rt_pinned_pool_free_all_blocks();
  CHECK(arrayc_rt_pinned_pool_total_bytes() == 0);
  arrayc_rt_free(out);

  // JIT a PTX kernel and launch it.
  void *mod = loadAddOne();
  CUfunction f = (CUfunction)mgpuModuleGetFunction(mod, "add_one");
  launchAddOne(f, d, N, s);
  CUevent ev = (CUevent)mgpuEventCreate();
  mgpuEventRecord(ev, s);
  CUstream s2 = (CUstream)mgpuStreamCreate();
  mgpuStreamWaitEvent(s2, ev);
  mgpuEventSynchronize(ev);
  std::vector<float> back(N);
  mgpuMemcpy(back.data(), d, N * 4, s2);
  mgpuStreamSynchronize(s2);
  for (int i = 0; i < N; ++i) CHECK(back[i] == i + 1.0f);

  // CUDA graphs (graphs.h): a bracketed call's launches are recorded; a
  // sequence seen before is replayed as one graph, its changed arguments
  // updated; other device work in a call first queues what was recorded.
  {
    auto stats = [] {
      arrayc_rt_graph_stats st{};
      arrayc_rt_get_graph_stats(&st);
      return st;
    };
    auto call = [&](float *p, int times) { // what a compiled function does
      arrayc_rt_graph_begin();
      for (int k = 0; k < times; ++k)
        launchAddOne(f, p, N, s);
      arrayc_rt_graph_end();
    };
    auto expect = [&](float *p, float add) {
      std::vector<float> v(N);
      mgpuMemcpy(v.data(), p, N * 4, s);
      int bad = 0;
      for (int i = 0; i < N; ++i) bad += v[i] != i + add;
      CHECK(bad == 0);
    };
    float *g = (float *)mgpuMemAlloc(N * 4, s, false); // holds i
    mgpuMemcpy(g, h.data(), N * 4, s);
    CHECK(arrayc_rt_graphs_enabled() == 1);
    arrayc_rt_graph_stats s0 = stats();
    call(g, 3); // first sight: launched kernel by kernel
    expect(g, 3.0f);
    arrayc_rt_graph_stats s1 = stats();
    CHECK(s1.recorded_calls == s0.recorded_calls + 1 && s1.graphs_built == s0.graphs_built &&
          s1.graph_launches == s0.graph_launches);
    call(g, 3); // again: one graph
    call(g, 3); // replayed as it is
    expect(g, 9.0f);
    arrayc_rt_graph_stats s2 = stats();
    CHECK(s2.graphs_built == s1.graphs_built + 1 && s2.graph_launches == s1.graph_launches + 2);
    // Another array: the nodes' arguments are updated, the graph replayed.
    float *e = (float *)mgpuMemAlloc(N * 4, s, false);
    mgpuMemcpy(e, h.data(), N * 4, s);
    call(e, 3);
    expect(e, 3.0f);
    expect(g, 9.0f);
    CHECK(stats().graph_launches == s2.graph_launches + 1 && stats().graphs_built == s2.graphs_built);
    // A copy to the host inside a call sees the kernels recorded before it.
    arrayc_rt_graph_begin();
    launchAddOne(f, e, N, s);
    launchAddOne(f, e, N, s);
    expect(e, 5.0f);
    launchAddOne(f, e, N, s);
    arrayc_rt_graph_end();
    expect(e, 6.0f);
    // Frees inside a call are held back until its kernels are queued: the
    // block is not handed out again within the call.
    arrayc_rt_graph_begin();
    float *t1 = (float *)mgpuMemAlloc(N * 4, s, false);
    mgpuMemFree(t1, s);
    float *t2 = (float *)mgpuMemAlloc(N * 4, s, false);
    CHECK(t2 != t1);
    mgpuMemFree(t2, s);
    arrayc_rt_graph_end();
    float *t3 = (float *)mgpuMemAlloc(N * 4, s, false);
    CHECK(t3 == t1 || t3 == t2);
    mgpuMemFree(t3, s);
    // Nested calls record once, as the outermost.
    arrayc_rt_graph_stats s3 = stats();
    arrayc_rt_graph_begin();
    call(e, 2);
    call(e, 2);
    arrayc_rt_graph_end();
    expect(e, 10.0f);
    CHECK(stats().recorded_calls == s3.recorded_calls + 1);
    // Turned off: every launch at once, nothing recorded.
    CHECK(arrayc_rt_set_graphs_enabled(0) == ARRAYC_RT_OK);
    s3 = stats();
    call(e, 3);
    call(e, 3);
    expect(e, 16.0f);
    CHECK(stats().recorded_calls == s3.recorded_calls);
    CHECK(arrayc_rt_set_graphs_enabled(1) == ARRAYC_RT_OK);
    arrayc_rt_graph_begin();
    CHECK(arrayc_rt_set_graphs_enabled(0) == ARRAYC_RT_ERR_INVALID);
    arrayc_rt_graph_end();
    mgpuMemFree(e, s);
    mgpuMemFree(g, s);
    printf("graphs: %llu calls recorded, %llu graphs built, %llu graph launches\n",
           (unsigned long long)stats().recorded_calls, (unsigned long long)stats().graphs_built,
           (unsigned long long)stats().graph_launches);
  }

  // Streams and events of the C API: a stream of our own made current takes
  // what compiled code queues (mgpuStreamCreate returns it), a kernel on it is
  // timed by events, and a block freed on it comes back for it.
  {
    arrayc_rt_stream us = nullptr;
    CHECK(arrayc_rt_stream_create(&us) == ARRAYC_RT_OK && us != nullptr);
    CHECK(arrayc_rt_set_current_stream(us) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_current_stream() == us);
    CUstream cs = (CUstream)mgpuStreamCreate();
    CHECK(cs == (CUstream)us);
    mgpuStreamSynchronize(cs); // the host code's calls around a launch leave it alone
    mgpuStreamDestroy(cs);
    arrayc_rt_event e0 = nullptr, e1 = nullptr;
    CHECK(arrayc_rt_event_create(&e0) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_event_create(&e1) == ARRAYC_RT_OK);
    float *u = (float *)mgpuMemAlloc(N * 4, cs, false);
    mgpuMemset32(u, 0, N, cs);
    CHECK(arrayc_rt_event_record(e0, nullptr) == ARRAYC_RT_OK); // the current stream
    launchAddOne(f, u, N, cs);
    CHECK(arrayc_rt_event_record(e1, us) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_event_synchronize(e1) == ARRAYC_RT_OK);
    float ms = -1;
    CHECK(arrayc_rt_event_elapsed_ms(e0, e1, &ms) == ARRAYC_RT_OK && ms >= 0);
    std::vector<float> ub(N, -1.0f);
    CHECK(cuMemcpyDtoH(ub.data(), (CUdeviceptr)u, N * 4) == CUDA_SUCCESS);
    for (int i = 0; i < N; ++i) CHECK(ub[i] == 1.0f);
    mgpuMemFree(u, cs);
    CHECK(mgpuMemAlloc(N * 4, cs, false) == (void *)u);
    mgpuMemFree(u, cs);
    // The default stream waits for an event of ours.
    CHECK(arrayc_rt_stream_wait_event(nullptr, e1) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_stream_synchronize(us) == ARRAYC_RT_OK);
    // Misuse is a status with a message, not an exit.
    CHECK(arrayc_rt_event_elapsed_ms(e0, e1, nullptr) == ARRAYC_RT_ERR_INVALID);
    CHECK(strstr(arrayc_rt_last_error(), "null") != nullptr);
    CHECK(arrayc_rt_stream_destroy(nullptr) == ARRAYC_RT_ERR_INVALID);
    CHECK(arrayc_rt_event_destroy(e0) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_event_destroy(e1) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_stream_destroy(us) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_current_stream() == nullptr);
    CHECK(mgpuStreamCreate() == (void *)s); // back to the default stream
  }
  mgpuModuleUnload(mod);
  void *mod2 = mgpuModuleLoad(const_cast<char *>(kAddOnePtx), strlen(kAddOnePtx) + 1);
  CHECK(mgpuModuleGetFunction(mod2, "add_one") != nullptr);
  mgpuModuleUnload(mod2);

  // save/load device arrays.
  std::string path = "/tmp/arrayc_cuda_smoke.npy";
  std::string loc = "smoke.arr:1:1";
  M1 pm{&path[0], &path[0], 0, {(int64_t)path.size()}, {1}};
  M1 lm{&loc[0], &loc[0], 0, {(int64_t)loc.size()}, {1}};
  M1 full{d, d, 0, {N}, {1}};
  arrayc_rt_save_f32(1, &pm, 1, &full, ARRAYC_RT_F32, 1, &lm);
  float *d2 = (float *)mgpuMemAlloc(N * 4, s, false);
  mgpuMemset32(d2, 0, N, s);
  mgpuStreamSynchronize(s);
  M1 full2{d2, d2, 0, {N}, {1}};
  arrayc_rt_load_f32(1, &pm, 1, &full2, ARRAYC_RT_F32, 1, &lm);
  std::vector<float> back2(N);
  mgpuMemcpy(back2.data(), d2, N * 4, s);
  mgpuStreamSynchronize(s);
  CHECK(back2 == back);
  mgpuMemset16(d2, 0x3c00, 4, s);
  mgpuStreamSynchronize(s);
  uint16_t hh[4];
  mgpuMemcpy(hh, d2, 8, s);
  mgpuStreamSynchronize(s);
  CHECK(hh[0] == 0x3c00 && hh[3] == 0x3c00);

  // Managed memory.
  float *mm = (float *)mgpuMemAlloc(16, s, true);
  mm[0] = 3.5f;
  mgpuMemFree(mm, s);
  // Arrays of the program's device pass the entry check; host memory and
  // another GPU's arrays are refused with the argument and the devices named.
  CHECK(arrayc_rt_get_device() == 0);
  CHECK(arrayc_rt_set_device(0) == ARRAYC_RT_OK);
  CHECK(arrayc_rt_set_device(n) == ARRAYC_RT_ERR_INVALID); // does not exist
  CHECK(std::string(arrayc_rt_last_error()).find("invalid device ordinal") != std::string::npos);
  CHECK(arrayc_rt_set_device(-1) == ARRAYC_RT_ERR_INVALID);
  CHECK(arrayc_rt_get_device() == 0);
  if (n > 1) { // the thread's current device switches, and back
    CHECK(arrayc_rt_set_device(1) == ARRAYC_RT_OK);
    CHECK(arrayc_rt_get_device() == 1);
    CHECK(arrayc_rt_set_device(0) == ARRAYC_RT_OK);
  }
  auto runSelf = [&](const char *mode, int *status) {
    std::string cmd = std::string(argv[0]) + " check-device " + mode + " 2>&1";
    FILE *f = popen(cmd.c_str(), "r");
    std::string text;
    char buf[512];
    while (f && fgets(buf, sizeof buf, f))
      text += buf;
    *status = f ? pclose(f) : -1;
    return text;
  };
  int status = 0;
  std::string text = runSelf("own", &status);
  CHECK(status == 0 && text.find("accepted") != std::string::npos);
  text = runSelf("host", &status);
  printf("host array: %s", text.c_str());
  CHECK(status != 0 && text.find("argument 1 of 'fn' is host memory") != std::string::npos);
  if (n > 1) {
    text = runSelf("other", &status);
    printf("device 1 array: %s", text.c_str());
    CHECK(status != 0 &&
          text.find("argument 1 of 'fn': the device where the array resides (1) is different "
                    "from the current device (0)") != std::string::npos);
  }

  mgpuMemFree(d2, s);
  mgpuMemFree(d, s);
  mgpuEventDestroy(ev);
  mgpuStreamDestroy(s2);
  mgpuStreamDestroy(s);
  printf("%s (%d failures)\n", failures ? "FAILED" : "OK", failures);
  return failures ? 1 : 0;
}
