/* Links the exported runtime target arrayc::runtime (libarrayc_runtime.so). */
#include <arrayc_rt/runtime.h>
#include <stdio.h>

int main(void) {
  for (int32_t d = 0; d < 3; ++d)
    printf("dtype %d: %s (%zu bytes)\n", d, arrayc_rt_dtype_name(d), arrayc_rt_dtype_size(d));
  return 0;
}
