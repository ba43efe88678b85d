/* Events with flags, event queries and stream handles (libarrayc_runtime_cuda):
 * what libarrayc's arrayc_event_* and arrayc_stream_handle stand on. Kept out
 * of runtime.h, which the compiler's lowering includes. Each returns
 * ARRAYC_RT_OK, or ARRAYC_RT_ERR_DEVICE/_INVALID with arrayc_rt_last_error()
 * naming the CUDA call and its error. */
#ifndef ARRAYC_RT_EVENTS_H
#define ARRAYC_RT_EVENTS_H

#include "arrayc_rt/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of arrayc_rt_event_create_flags (arrayc.h's ARRAYC_EVENT_*). */
#define ARRAYC_RT_EVENT_BLOCKING_SYNC 1u  /* synchronize sleeps (CU_EVENT_BLOCKING_SYNC) */
#define ARRAYC_RT_EVENT_DISABLE_TIMING 2u /* no timestamps (CU_EVENT_DISABLE_TIMING) */

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_create_flags(arrayc_rt_event *event,
                                                            uint32_t flags);
/* *done = 1 when the work before the event's last record has finished (or it
 * was never recorded), else 0. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_query(arrayc_rt_event event, int32_t *done);
/* The CUstream that `stream` (NULL: the default stream) stands for. */
ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_handle(arrayc_rt_stream stream,
                                                       uintptr_t *handle);

#ifdef __cplusplus
}
#endif

#endif /* ARRAYC_RT_EVENTS_H */
