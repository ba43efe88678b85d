// The runtime's one error channel: a status code of arrayc_rt/status.def and
// the thread's last error, for the status layer and recoverable regions alike.
#include "arrayc_rt/runtime.h"

#include <gtest/gtest.h>

#include <string>

namespace {

// Fails the region it runs in, as compiled code's failing assert does.
void failInRegion(arrayc_rt_status status, const std::string &message) {
  try {
    arrayc_rt_fatal_status(status, "prog.arr:3:5", message.c_str());
  } catch (...) {
    arrayc_rt_region_end(1);
    return;
  }
  ADD_FAILURE() << "arrayc_rt_fatal_status returned inside a region";
}

// A cleanup that leaves a message of its own (a status-layer call failing).
void failingCleanup() {
  arrayc_rt_npy_info info;
  arrayc_rt_npy_read_info("/nonexistent/cleanup.npy", &info);
}

} // namespace

// Tests that a status-layer failure returns its code and leaves its message.
TEST(Status, StatusLayerLeavesTheMessage) {
  arrayc_rt_clear_error();
  arrayc_rt_npy_info info;
  EXPECT_EQ(arrayc_rt_npy_read_info("/nonexistent/x.npy", &info), ARRAYC_RT_ERR_IO);
  EXPECT_NE(std::string(arrayc_rt_last_error()).find("/nonexistent/x.npy"), std::string::npos);
}

// Tests that a region's failure is the thread's last error, whole (longer
// than any fixed buffer), and survives the cleanup that ends the region.
TEST(Status, RegionFailureIsTheLastError) {
  arrayc_rt_region_on_failure(failingCleanup);
  std::string message = "AssertionError: " + std::string(5000, 'x');
  arrayc_rt_region_begin();
  failInRegion(ARRAYC_RT_ERR_ASSERT, message);
  EXPECT_EQ(arrayc_rt_region_status(), ARRAYC_RT_ERR_ASSERT);
  EXPECT_EQ(std::string(arrayc_rt_last_error()), "prog.arr:3:5: " + message);
  EXPECT_STREQ(arrayc_rt_region_message(), arrayc_rt_last_error());
}
