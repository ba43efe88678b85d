//===- Events.cpp - libarrayc: CUDA events and NVTX ranges ---------------===//
//
// The C API's events (CUDA events of a context's device, as CuPy's Event:
// record on a stream, synchronize, query, elapsed time, a stream waiting on
// one) and its NVTX ranges (arrayc_range_push/pop; no-ops without NVTX's
// header at build time or a profiler at run time). Each runs with the
// context's device current (OnDevice, Context.h).
//
//===----------------------------------------------------------------------===//
#include "Context.h"

#include <memory>
#include <string>

using namespace arrayc::api;

extern "C" {

arrayc_status arrayc_event_create(arrayc_context context, uint32_t flags, arrayc_event *out) {
  if (!context || !out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_event_create: NULL context or out");
  *out = nullptr;
  const std::shared_ptr<ContextImpl> &ctx = context->impl;
  if (!ctx->cuda)
    return failure(ARRAYC_ERR_DEVICE, "arrayc_event_create: events need the cuda target; the "
                                      "context's target is cpu");
  if (flags & ~uint32_t(ARRAYC_EVENT_BLOCKING_SYNC | ARRAYC_EVENT_DISABLE_TIMING))
    return failure(ARRAYC_ERR_INVALID,
                   "arrayc_event_create: unknown flags " + std::to_string(flags));
  static_assert(ARRAYC_EVENT_BLOCKING_SYNC == ARRAYC_RT_EVENT_BLOCKING_SYNC &&
                    ARRAYC_EVENT_DISABLE_TIMING == ARRAYC_RT_EVENT_DISABLE_TIMING,
                "arrayc.h's event flags are the runtime's");
  arrayc_rt_event event = nullptr;
  OnDevice on(ctx->rt, ctx->device); // an event of the context's device
  if (ctx->rt->eventCreate(&event, flags) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE,
                   std::string("arrayc_event_create: ") + ctx->rt->lastError());
  *out = new arrayc_event_t{ctx, event};
  return ARRAYC_OK;
}

arrayc_status arrayc_event_destroy(arrayc_event event) {
  if (!event)
    return ARRAYC_OK;
  const CudaRuntime *rt = event->context->rt;
  OnDevice on(rt, event->context->device);
  bool ok = rt->eventDestroy(static_cast<arrayc_rt_event>(event->event)) == ARRAYC_RT_OK;
  delete event;
  return ok ? ARRAYC_OK
            : failure(ARRAYC_ERR_DEVICE, std::string("arrayc_event_destroy: ") + rt->lastError());
}

arrayc_status arrayc_event_record(arrayc_event event, void *stream) {
  if (!event)
    return failure(ARRAYC_ERR_INVALID, "arrayc_event_record: NULL event");
  const ContextImpl &ctx = *event->context;
  OnStream on(ctx, stream); // NULL: the context's stream
  if (ctx.rt->eventRecord(static_cast<arrayc_rt_event>(event->event), nullptr) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE, std::string("arrayc_event_record: ") + ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_event_synchronize(arrayc_event event) {
  if (!event)
    return failure(ARRAYC_ERR_INVALID, "arrayc_event_synchronize: NULL event");
  const CudaRuntime *rt = event->context->rt;
  OnDevice on(rt, event->context->device);
  if (rt->eventSynchronize(static_cast<arrayc_rt_event>(event->event)) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE, std::string("arrayc_event_synchronize: ") + rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_event_query(arrayc_event event, int32_t *done) {
  if (!event || !done)
    return failure(ARRAYC_ERR_INVALID, "arrayc_event_query: NULL event or done");
  const CudaRuntime *rt = event->context->rt;
  OnDevice on(rt, event->context->device);
  if (rt->eventQuery(static_cast<arrayc_rt_event>(event->event), done) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE, std::string("arrayc_event_query: ") + rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_event_elapsed_ms(arrayc_event start, arrayc_event end, float *ms) {
  if (!start || !end || !ms)
    return failure(ARRAYC_ERR_INVALID, "arrayc_event_elapsed_ms: NULL event or ms");
  const CudaRuntime *rt = start->context->rt;
  OnDevice on(rt, start->context->device);
  if (rt->eventElapsedMs(static_cast<arrayc_rt_event>(start->event),
                         static_cast<arrayc_rt_event>(end->event), ms) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE, std::string("arrayc_event_elapsed_ms: ") + rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_stream_wait_event(void *stream, arrayc_event event) {
  if (!event)
    return failure(ARRAYC_ERR_INVALID, "arrayc_stream_wait_event: NULL event");
  const ContextImpl &ctx = *event->context;
  OnDevice on(ctx.rt, ctx.device);
  if (ctx.rt->streamWaitEvent(stream ? stream : ctx.stream, event->event) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE,
                   std::string("arrayc_stream_wait_event: ") + ctx.rt->lastError());
  return ARRAYC_OK;
}

int32_t arrayc_nvtx_available(void) { return ARRAYC_HAVE_NVTX ? 1 : 0; }

void arrayc_range_push(const char *message) {
#if ARRAYC_HAVE_NVTX
  nvtxRangePushA(message ? message : "");
#else
  (void)message;
#endif
}

void arrayc_range_pop(void) {
#if ARRAYC_HAVE_NVTX
  nvtxRangePop();
#endif
}

} // extern "C"
