// Tests the runtime's f32 -> bf16 helper (__truncsfbf2, which LLVM calls for
// `fptrunc float to bfloat` on CPUs without AVX512-BF16): round to nearest
// even, overflow to inf, NaN kept a quiet NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

extern "C" _Float16 __truncsfbf2(float f);

namespace {
uint16_t bits(float f) {
  _Float16 h = __truncsfbf2(f);
  uint16_t b;
  std::memcpy(&b, &h, sizeof b);
  return b;
}
float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
} // namespace

TEST(BF16, RoundsToNearestEven) {
  EXPECT_EQ(bits(1.0f), 0x3F80);
  EXPECT_EQ(bits(-2.0f), 0xC000);
  EXPECT_EQ(bits(0.0f), 0x0000);
  EXPECT_EQ(bits(-0.0f), 0x8000);
  EXPECT_EQ(bits(fromBits(0x3F808000u)), 0x3F80); // a tie, to the even 0x3F80
  EXPECT_EQ(bits(fromBits(0x3F818000u)), 0x3F82); // a tie, to the even 0x3F82
  EXPECT_EQ(bits(fromBits(0x3F808001u)), 0x3F81); // above the tie
  EXPECT_EQ(bits(fromBits(0x3F807FFFu)), 0x3F80); // below it
}

TEST(BF16, OverflowAndNonFinite) {
  EXPECT_EQ(bits(std::numeric_limits<float>::infinity()), 0x7F80);
  EXPECT_EQ(bits(-std::numeric_limits<float>::infinity()), 0xFF80);
  EXPECT_EQ(bits(std::numeric_limits<float>::max()), 0x7F80); // rounds up to inf
  uint16_t nan = bits(fromBits(0x7F800001u));                  // a signalling NaN
  EXPECT_EQ(nan & 0x7F80, 0x7F80);
  EXPECT_NE(nan & 0x0040, 0); // quiet
}
