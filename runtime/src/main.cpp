// Entry point of compiled arrayc programs (libarrayc_rt_main.a).
#include "arrayc_rt/runtime.h"

#include <cstdio>

extern "C" void arrayc_main(void);

int main(int argc, char **argv) {
  arrayc_rt_init(argc, argv);
  arrayc_main();
  fflush(stdout);
  return 0;
}
