/* embed_c: the C API (what FFI bindings use). Compiles a file given on the
 * command line, or a built-in source, and calls `saxpy` on host arrays. */
#include <arrayc/arrayc.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kSource = "def saxpy(a: f32, x: f32[n], y: f32[n]) -> f32[n]:\n"
                             "    return a * x + y\n";

#define CHECK(call)                                                          \
  do {                                                                       \
    if ((call) != ARRAYC_OK) {                                               \
      fprintf(stderr, "%s failed:\n%s\n", #call, arrayc_last_error());       \
      return 1;                                                              \
    }                                                                        \
  } while (0)

int main(void) {
  arrayc_context ctx;
  arrayc_module mod;
  arrayc_function saxpy;
  CHECK(arrayc_context_create(NULL, &ctx));
  CHECK(arrayc_compile(ctx, kSource, strlen(kSource), NULL, &mod));
  CHECK(arrayc_module_lookup(mod, "saxpy", &saxpy));

  enum { N = 1000 };
  float x[N], y[N], a = 2.5f;
  for (int i = 0; i < N; ++i) {
    x[i] = (float)rand() / RAND_MAX;
    y[i] = (float)rand() / RAND_MAX;
  }
  int64_t n = N;
  arrayc_array args[3], out, host;
  arrayc_array_init(&args[0], &a, ARRAYC_F32, 0, NULL, NULL, -1);
  arrayc_array_init(&args[1], x, ARRAYC_F32, 1, &n, NULL, -1);
  arrayc_array_init(&args[2], y, ARRAYC_F32, 1, &n, NULL, -1);
  CHECK(arrayc_call(saxpy, args, 3, &out, 1));
  CHECK(arrayc_array_to_host(ctx, &out, &host));
  arrayc_array_release(&out);
  double worst = 0;
  for (int i = 0; i < N; ++i) {
    double r = (double)a * x[i] + y[i];
    double e = fabs(((float *)host.data)[i] - r) / fabs(r);
    worst = e > worst ? e : worst;
  }
  printf("saxpy: out[0]=%f worst rel.err=%.2e\n", ((float *)host.data)[0], worst);
  /* A wrong dtype is an error with a message, not a crash. */
  arrayc_array_init(&args[1], x, ARRAYC_F64, 1, &n, NULL, -1);
  arrayc_status st = arrayc_call(saxpy, args, 3, &out, 1);
  printf("expected error: %s\n", st == ARRAYC_ERR_ARGUMENT ? arrayc_last_error() : "none!");
  arrayc_array_release(&host);
  arrayc_module_release(mod);
  arrayc_context_release(ctx);
  int ok = worst < 1e-6 && st == ARRAYC_ERR_ARGUMENT;
  printf("%s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
