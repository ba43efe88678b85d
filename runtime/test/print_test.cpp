// Byte-for-byte comparison of arrayc_rt_format_array with NumPy's str().
#include "arrayc_rt/runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct PrintCase {
  std::string name;
  int dtype = 0;
  std::vector<int64_t> shape;
  std::vector<char> data;
  std::string expected;
};

std::vector<PrintCase> loadCases() {
  std::vector<PrintCase> cases;
  // ARRAYC_RT_PRINT_CASES overrides the data file (e.g. for fuzzing).
  const char *env = getenv("ARRAYC_RT_PRINT_CASES");
  std::ifstream in(env ? std::string(env)
                       : std::string(ARRAYC_RT_TEST_DATA_DIR) + "/print_cases.txt",
                   std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("case ", 0) != 0) continue;
    PrintCase c;
    c.name = line.substr(5);
    std::string word;
    std::getline(in, line);
    { std::istringstream ss(line); ss >> word >> c.dtype; }
    std::getline(in, line);
    {
      std::istringstream ss(line);
      int rank;
      ss >> word >> rank;
      c.shape.resize(rank);
      for (auto &d : c.shape) ss >> d;
    }
    std::getline(in, line);
    std::string hex = line.substr(5);
    if (hex != "-")
      for (size_t i = 0; i + 1 < hex.size(); i += 2)
        c.data.push_back((char)std::stoi(hex.substr(i, 2), nullptr, 16));
    std::getline(in, line);
    size_t len = std::stoul(line.substr(9));
    c.expected.resize(len);
    in.read(&c.expected[0], (std::streamsize)len);
    in.get(); // trailing newline
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<int64_t> cStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> st(shape.size());
  int64_t s = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    st[i] = s;
    s *= shape[i];
  }
  return st;
}

std::string format(int dtype, const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
                   const void *data) {
  char *out = nullptr;
  size_t len = 0;
  arrayc_rt_status st = arrayc_rt_format_array(dtype, (int64_t)shape.size(), shape.data(),
                                               strides.data(), data, &out, &len);
  EXPECT_EQ(st, ARRAYC_RT_OK) << arrayc_rt_last_error();
  std::string s = out ? std::string(out, len) : std::string();
  arrayc_rt_free(out);
  return s;
}

TEST(Print, NumpyCases) {
  std::vector<PrintCase> cases = loadCases();
  ASSERT_GE(cases.size(), getenv("ARRAYC_RT_PRINT_CASES") ? 1u : 60u)
      << "print_cases.txt missing or short";
  int failures = 0;
  for (const PrintCase &c : cases) {
    std::string got = format(c.dtype, c.shape, cStrides(c.shape), c.data.data());
    EXPECT_EQ(got, c.expected) << "case " << c.name;
    if (got != c.expected) ++failures;
  }
  EXPECT_EQ(failures, 0);
}

TEST(Print, StridedMatchesContiguous) {
  // Transposed view of a 3x4 array == the contiguous transpose.
  std::vector<double> a(12), t(12);
  for (int i = 0; i < 12; ++i) a[i] = i * 0.5;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) t[j * 3 + i] = a[i * 4 + j];
  std::string viaStrides = format(ARRAYC_RT_F64, {4, 3}, {1, 4}, a.data());
  std::string contiguous = format(ARRAYC_RT_F64, {4, 3}, {3, 1}, t.data());
  EXPECT_EQ(viaStrides, contiguous);
  EXPECT_EQ(format(ARRAYC_RT_F64, {3}, {0}, a.data() + 1), "[0.5 0.5 0.5]");
  EXPECT_EQ(format(ARRAYC_RT_F64, {3}, {-2}, a.data() + 4), "[2. 1. 0.]");
}

TEST(Print, BFloat16) {
  // bf16 1.0 = 0x3f80, 0.1 ~ 0x3dcd, -2.5 = 0xc020
  uint16_t v[3] = {0x3f80, 0x3dcd, 0xc020};
  EXPECT_EQ(format(ARRAYC_RT_BF16, {3}, {1}, v), "[ 1.   0.1 -2.5]");
  EXPECT_EQ(format(ARRAYC_RT_BF16, {}, {}, v), "1.0");
}

TEST(Print, Errors) {
  char *out = nullptr;
  size_t len;
  double x = 0;
  int64_t shape[1] = {1}, strides[1] = {1};
  EXPECT_EQ(arrayc_rt_format_array(99, 1, shape, strides, &x, &out, &len), ARRAYC_RT_ERR_INVALID);
  EXPECT_EQ(arrayc_rt_format_array(ARRAYC_RT_C64, 1, shape, strides, nullptr, &out, &len),
            ARRAYC_RT_ERR_INVALID);
  EXPECT_EQ(out, nullptr);
}

} // namespace
