// .npy I/O, error paths, compiled-code entry points and device hooks.
#include "arrayc_rt/runtime.h"
#include "test_memref.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

std::string tempDir() {
  static std::string dir;
  if (dir.empty()) {
    char tmpl[] = "/tmp/arrayc_rt_test_XXXXXX";
    char *d = mkdtemp(tmpl);
    dir = d ? d : "/tmp";
  }
  return dir;
}

std::string readFile(const std::string &p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const std::string &p, const std::string &s) {
  std::ofstream out(p, std::ios::binary);
  out.write(s.data(), (std::streamsize)s.size());
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

int64_t count(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// A v1.0 .npy file with the given header dict (padded like numpy).
std::string npyWithHeader(const std::string &dict, const std::string &data, int major = 1) {
  std::string h = dict;
  size_t pre = major == 1 ? 10 : 12;
  while ((pre + h.size() + 1) % 64) h += ' ';
  h += '\n';
  std::string out = "\x93NUMPY";
  out += (char)major;
  out += (char)0;
  if (major == 1) {
    out += (char)(h.size() & 0xff);
    out += (char)(h.size() >> 8);
  } else {
    for (int k = 0; k < 4; ++k) out += (char)((h.size() >> (8 * k)) & 0xff);
  }
  return out + h + data;
}

TEST(Npy, RoundTripAllDtypesAndShapes) {
  std::mt19937 rng(42);
  const std::vector<std::vector<int64_t>> shapes = {{}, {0}, {1}, {5}, {2, 3}, {2, 0, 3}, {3, 1, 4},
                                                    {2, 2, 2, 2}};
  for (int dtype = 0; dtype <= 14; ++dtype) {
    size_t es = arrayc_rt_dtype_size(dtype);
    ASSERT_GT(es, 0u);
    for (const auto &shape : shapes) {
      int64_t n = count(shape);
      std::vector<char> data(n * es + 1);
      for (auto &c : data) c = (char)(dtype == ARRAYC_RT_BOOL ? rng() % 2 : rng());
      std::string path = tempDir() + "/rt_" + std::to_string(dtype) + "_" +
                         std::to_string(shape.size()) + "_" + std::to_string(n) + ".npy";
      auto strides = cStrides(shape);
      ASSERT_EQ(arrayc_rt_npy_write(path.c_str(), dtype, shape.size(), shape.data(), strides.data(),
                                    data.data()),
                ARRAYC_RT_OK)
          << arrayc_rt_last_error();
      std::string file = readFile(path);
      ASSERT_EQ(file.size() % 64 == 0 || n > 0, true);
      arrayc_rt_npy_info info;
      ASSERT_EQ(arrayc_rt_npy_read_info(path.c_str(), &info), ARRAYC_RT_OK) << arrayc_rt_last_error();
      EXPECT_EQ(info.dtype, dtype);
      EXPECT_EQ(info.rank, (int)shape.size());
      EXPECT_EQ(info.data_offset % 64, 0);
      EXPECT_EQ(info.nbytes, n * (int64_t)es);
      EXPECT_EQ((int64_t)file.size(), info.data_offset + info.nbytes);
      std::vector<int64_t> dims(shape.size(), -1);
      ASSERT_EQ(arrayc_rt_npy_check(path.c_str(), dtype, shape.size(), dims.data()), ARRAYC_RT_OK)
          << arrayc_rt_last_error();
      EXPECT_EQ(dims, shape);
      std::vector<char> back(n * es + 1, 0x55);
      ASSERT_EQ(arrayc_rt_npy_read(path.c_str(), dtype, shape.size(), shape.data(), strides.data(),
                                   back.data()),
                ARRAYC_RT_OK)
          << arrayc_rt_last_error();
      EXPECT_EQ(0, memcmp(back.data(), data.data(), n * es)) << path;
      EXPECT_EQ(back[n * es], 0x55) << "wrote past the end";
    }
  }
}

TEST(Npy, StridedWriteAndRead) {
  // 3x4 int32 matrix; write its transpose (strides {1, 4}) and a stride-2 slice.
  std::vector<int32_t> a(12);
  for (int i = 0; i < 12; ++i) a[i] = i * 10 - 7;
  std::string path = tempDir() + "/strided.npy";
  std::vector<int64_t> shape = {4, 3}, strides = {1, 4};
  ASSERT_EQ(arrayc_rt_npy_write(path.c_str(), ARRAYC_RT_I32, 2, shape.data(), strides.data(), a.data()),
            ARRAYC_RT_OK);
  std::vector<int32_t> back(12);
  std::vector<int64_t> cs = {3, 1};
  ASSERT_EQ(arrayc_rt_npy_read(path.c_str(), ARRAYC_RT_I32, 2, shape.data(), cs.data(), back.data()),
            ARRAYC_RT_OK);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_EQ(back[i * 3 + j], a[j * 4 + i]);
  // Read into a strided destination (transposed again): gives back a.
  std::vector<int32_t> back2(12, 0);
  ASSERT_EQ(arrayc_rt_npy_read(path.c_str(), ARRAYC_RT_I32, 2, shape.data(), strides.data(), back2.data()),
            ARRAYC_RT_OK);
  EXPECT_EQ(back2, a);
  // Stride 0 (broadcast) and negative strides.
  std::vector<int64_t> s1 = {5}, z = {0};
  ASSERT_EQ(arrayc_rt_npy_write(path.c_str(), ARRAYC_RT_I32, 1, s1.data(), z.data(), &a[2]), ARRAYC_RT_OK);
  std::vector<int32_t> b5(5);
  std::vector<int64_t> one = {1};
  ASSERT_EQ(arrayc_rt_npy_read(path.c_str(), ARRAYC_RT_I32, 1, s1.data(), one.data(), b5.data()), ARRAYC_RT_OK);
  for (int v : b5) EXPECT_EQ(v, a[2]);
  std::vector<int64_t> s3 = {3}, neg = {-2};
  ASSERT_EQ(arrayc_rt_npy_write(path.c_str(), ARRAYC_RT_I32, 1, s3.data(), neg.data(), &a[4]), ARRAYC_RT_OK);
  std::vector<int32_t> b3(3);
  ASSERT_EQ(arrayc_rt_npy_read(path.c_str(), ARRAYC_RT_I32, 1, s3.data(), one.data(), b3.data()), ARRAYC_RT_OK);
  EXPECT_EQ(b3, (std::vector<int32_t>{a[4], a[2], a[0]}));
}

bool havePython() { return access(ARRAYC_RT_TEST_PYTHON, X_OK) == 0; }

bool runPython(const std::string &code) {
  std::string script = tempDir() + "/gen.py";
  writeFile(script, code);
  std::string cmd = std::string(ARRAYC_RT_TEST_PYTHON) + " " + script + " >/dev/null 2>&1";
  return system(cmd.c_str()) == 0;
}

TEST(Npy, MatchesAndReadsNumpyFiles) {
  if (!havePython() || !runPython("import numpy"))
    GTEST_SKIP() << "no NumPy at " ARRAYC_RT_TEST_PYTHON;
  std::string d = tempDir();
  ASSERT_TRUE(runPython(
      "import numpy as np\n"
      "d = '" + d + "'\n"
      "np.save(d + '/np_f32.npy', np.arange(6, dtype=np.float32).reshape(2, 3) / 4)\n"
      "np.save(d + '/np_i64_0d.npy', np.array(-3, dtype=np.int64))\n"
      "np.save(d + '/np_bool.npy', np.array([True, False, True]))\n"
      "np.save(d + '/np_u8_empty.npy', np.zeros((0, 4), np.uint8))\n"
      "np.save(d + '/np_f16.npy', np.array([0.5, -2.0], np.float16))\n"
      "np.save(d + '/np_big.npy', np.arange(12345678901, 12345678901 + 3, dtype=np.int64))\n"
      "np.save(d + '/np_c128.npy', np.array([1+2j, 3-4j]))\n"
      "with open(d + '/np_v2.npy', 'wb') as f:\n"
      "    np.lib.format.write_array(f, np.arange(4, dtype=np.int16), version=(2, 0))\n"
      "with open(d + '/np_v3.npy', 'wb') as f:\n"
      "    np.lib.format.write_array(f, np.arange(4, dtype=np.int16), version=(3, 0))\n"));
  // Byte-identical output for the same arrays.
  {
    std::vector<float> v = {0, 0.25, 0.5, 0.75, 1.0, 1.25};
    std::vector<int64_t> shape = {2, 3};
    auto st = cStrides(shape);
    std::string p = d + "/our_f32.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_F32, 2, shape.data(), st.data(), v.data()), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_f32.npy"));
    std::vector<float> back(6);
    ASSERT_EQ(arrayc_rt_npy_read((d + "/np_f32.npy").c_str(), ARRAYC_RT_F32, 2, shape.data(), st.data(),
                                 back.data()),
              ARRAYC_RT_OK);
    EXPECT_EQ(back, v);
  }
  {
    int64_t x = -3;
    std::string p = d + "/our_i64_0d.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_I64, 0, nullptr, nullptr, &x), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_i64_0d.npy"));
  }
  {
    uint8_t b[3] = {1, 0, 1};
    int64_t shape[1] = {3}, st[1] = {1};
    std::string p = d + "/our_bool.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_BOOL, 1, shape, st, b), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_bool.npy"));
  }
  {
    int64_t shape[2] = {0, 4}, st[2] = {4, 1};
    std::string p = d + "/our_u8_empty.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_U8, 2, shape, st, nullptr), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_u8_empty.npy"));
  }
  {
    int64_t v[3] = {12345678901, 12345678902, 12345678903};
    int64_t shape[1] = {3}, st[1] = {1};
    std::string p = d + "/our_big.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_I64, 1, shape, st, v), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_big.npy"));
  }
  {
    double v[4] = {1, 2, 3, -4};
    int64_t shape[1] = {2}, st[1] = {1};
    std::string p = d + "/our_c128.npy";
    ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_C128, 1, shape, st, v), ARRAYC_RT_OK);
    EXPECT_EQ(readFile(p), readFile(d + "/np_c128.npy"));
  }
  {
    uint16_t back[2];
    int64_t shape[1] = {2}, st[1] = {1};
    ASSERT_EQ(arrayc_rt_npy_read((d + "/np_f16.npy").c_str(), ARRAYC_RT_F16, 1, shape, st, back), ARRAYC_RT_OK);
    EXPECT_EQ(back[0], 0x3800);
    EXPECT_EQ(back[1], 0xc000);
  }
  for (const char *v : {"/np_v2.npy", "/np_v3.npy"}) {
    int16_t back[4];
    int64_t dims[1] = {-1}, st[1] = {1};
    ASSERT_EQ(arrayc_rt_npy_check((d + v).c_str(), ARRAYC_RT_I16, 1, dims), ARRAYC_RT_OK) << arrayc_rt_last_error();
    EXPECT_EQ(dims[0], 4);
    ASSERT_EQ(arrayc_rt_npy_read((d + v).c_str(), ARRAYC_RT_I16, 1, dims, st, back), ARRAYC_RT_OK);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(back[i], i);
  }
}

TEST(Npy, AcceptsDescrVariants) {
  std::string d = tempDir();
  struct V { const char *descr; int dtype; size_t es; };
  for (V v : {V{"=f4", ARRAYC_RT_F32, 4}, V{"|i1", ARRAYC_RT_I8, 1}, V{"|u1", ARRAYC_RT_U8, 1},
              V{"<i2", ARRAYC_RT_I16, 2}, V{"|b1", ARRAYC_RT_BOOL, 1}, V{"<f2", ARRAYC_RT_F16, 2},
              V{"<f8", ARRAYC_RT_F64, 8}, V{"=u8", ARRAYC_RT_U64, 8}, V{">u1", ARRAYC_RT_U8, 1}}) {
    std::string p = d + "/descr.npy";
    writeFile(p, npyWithHeader(std::string("{\"descr\": '") + v.descr +
                                   "', 'fortran_order': False, 'shape': (2L,), }",
                               std::string(2 * v.es, '\1')));
    int64_t dims[1] = {2};
    EXPECT_EQ(arrayc_rt_npy_check(p.c_str(), v.dtype, 1, dims), ARRAYC_RT_OK) << v.descr << ": "
                                                                              << arrayc_rt_last_error();
  }
}

struct ErrCase {
  const char *name;
  std::string contents;
  int dtype;
  std::vector<int64_t> dims;
  arrayc_rt_status status;
  const char *msg;
};

TEST(Npy, ErrorPaths) {
  std::string d = tempDir();
  const std::string good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  std::string data24(24, '\0');
  std::vector<ErrCase> cases = {
      {"bad_magic", "NOTNUMPYxxxxxxxxxxxxxxxxxxxxxxxx", ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "bad magic"},
      {"empty", "", ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "bad magic"},
      {"magic_only", "\x93NUMPY", ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "truncated"},
      {"bad_version", std::string("\x93NUMPY\x04\x00\x10\x00", 10) + "{}", ARRAYC_RT_F32, {-1, -1},
       ARRAYC_RT_ERR_FORMAT, "version 4.0"},
      {"trunc_header", npyWithHeader(good, data24).substr(0, 40), ARRAYC_RT_F32, {-1, -1},
       ARRAYC_RT_ERR_FORMAT, "truncated .npy header"},
      {"trunc_data", npyWithHeader(good, data24.substr(0, 23)), ARRAYC_RT_F32, {-1, -1},
       ARRAYC_RT_ERR_FORMAT, "truncated .npy data"},
      {"malformed", npyWithHeader("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2, 3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "fortran_order"},
      {"bad_shape", npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "shape"},
      {"missing_key", npyWithHeader("{'descr': '<f4', 'shape': (2, 3), }", data24), ARRAYC_RT_F32,
       {-1, -1}, ARRAYC_RT_ERR_FORMAT, "fortran_order"},
      {"garbage_header", npyWithHeader("\xff\xfe garbage", data24), ARRAYC_RT_F32, {-1, -1},
       ARRAYC_RT_ERR_FORMAT, "malformed"},
      {"overflow_shape",
       npyWithHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "overflow"},
      {"wrong_dtype", npyWithHeader(good, data24), ARRAYC_RT_F64, {-1, -1}, ARRAYC_RT_ERR_DTYPE,
       "file has dtype float32, expected float64"},
      {"unknown_dtype", npyWithHeader("{'descr': '<U3', 'fortran_order': False, 'shape': (2, 3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_DTYPE, "unsupported dtype '<U3'"},
      {"structured", npyWithHeader("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2, 3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_DTYPE, "structured"},
      {"wrong_rank", npyWithHeader(good, data24), ARRAYC_RT_F32, {-1}, ARRAYC_RT_ERR_SHAPE,
       "file has rank 2 (shape (2, 3)), expected rank 1"},
      {"wrong_dim", npyWithHeader(good, data24), ARRAYC_RT_F32, {2, 4}, ARRAYC_RT_ERR_SHAPE,
       "file has shape (2, 3), expected (2, 4)"},
      {"big_endian", npyWithHeader("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_DTYPE, "big-endian dtype '>f4'"},
      {"fortran", npyWithHeader("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", data24),
       ARRAYC_RT_F32, {-1, -1}, ARRAYC_RT_ERR_FORMAT, "Fortran"},
  };
  for (const ErrCase &c : cases) {
    std::string p = d + "/err_" + c.name + ".npy";
    writeFile(p, c.contents);
    std::vector<int64_t> dims = c.dims;
    arrayc_rt_clear_error();
    EXPECT_EQ(arrayc_rt_npy_check(p.c_str(), c.dtype, dims.size(), dims.data()), c.status) << c.name;
    std::string msg = arrayc_rt_last_error();
    EXPECT_NE(msg.find(c.msg), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find(p), std::string::npos) << c.name << ": message does not name the file: " << msg;
    // The read path reports the same error and leaves the buffer alone.
    std::vector<int64_t> sizes = {2, 3}, st = {3, 1};
    if (c.dims.size() == 1) { sizes = {6}; st = {1}; }
    if (c.dims.size() == 2 && c.dims[0] >= 0) { sizes = c.dims; st = {c.dims[1], 1}; }
    std::vector<char> buf(8 * 6, 0x11);
    EXPECT_NE(arrayc_rt_npy_read(p.c_str(), c.dtype, sizes.size(), sizes.data(), st.data(), buf.data()),
              ARRAYC_RT_OK) << c.name;
  }
  // Missing file, directory.
  int64_t dims[1] = {-1};
  std::string missing = d + "/does_not_exist.npy";
  EXPECT_EQ(arrayc_rt_npy_check(missing.c_str(), ARRAYC_RT_F32, 1, dims), ARRAYC_RT_ERR_IO);
  EXPECT_NE(std::string(arrayc_rt_last_error()).find(missing), std::string::npos);
  EXPECT_NE(std::string(arrayc_rt_last_error()).find("No such file"), std::string::npos);
  EXPECT_EQ(arrayc_rt_npy_check(d.c_str(), ARRAYC_RT_F32, 1, dims), ARRAYC_RT_ERR_IO);
  arrayc_rt_npy_info info;
  EXPECT_EQ(arrayc_rt_npy_read_info(missing.c_str(), &info), ARRAYC_RT_ERR_IO);
  EXPECT_EQ(arrayc_rt_npy_check("", ARRAYC_RT_F32, 1, dims), ARRAYC_RT_ERR_INVALID);
}

std::set<std::string> listDir(const std::string &d) {
  std::set<std::string> names;
  if (DIR *dir = opendir(d.c_str())) {
    while (dirent *e = readdir(dir)) names.insert(e->d_name);
    closedir(dir);
  }
  return names;
}

TEST(Npy, WriteErrorsLeaveNothingBehind) {
  std::string d = tempDir() + "/ro";
  mkdir(d.c_str(), 0755);
  float v[2] = {1, 2};
  int64_t shape[1] = {2}, st[1] = {1};
  // Nonexistent directory.
  std::string p = tempDir() + "/no/such/dir/x.npy";
  EXPECT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_F32, 1, shape, st, v), ARRAYC_RT_ERR_IO);
  EXPECT_NE(std::string(arrayc_rt_last_error()).find(p), std::string::npos);
  // Target is a directory: rename fails, the temp file is removed.
  std::string sub = d + "/adir";
  mkdir(sub.c_str(), 0755);
  std::string marker = sub + "/keep";
  writeFile(marker, "x");
  EXPECT_EQ(arrayc_rt_npy_write(sub.c_str(), ARRAYC_RT_F32, 1, shape, st, v), ARRAYC_RT_ERR_IO);
  EXPECT_EQ(listDir(d), (std::set<std::string>{".", "..", "adir"}));
  // Unwritable directory (only meaningful when not root).
  if (geteuid() != 0) {
    chmod(d.c_str(), 0555);
    std::string q = d + "/x.npy";
    EXPECT_EQ(arrayc_rt_npy_write(q.c_str(), ARRAYC_RT_F32, 1, shape, st, v), ARRAYC_RT_ERR_IO);
    EXPECT_EQ(listDir(d), (std::set<std::string>{".", "..", "adir"}));
    chmod(d.c_str(), 0755);
  }
  // /dev/full: writes fail with ENOSPC in a writable place? Use a full fs if present.
  // Overwriting an existing file keeps it intact on failure and replaces it on success.
  std::string ok = d + "/ok.npy";
  ASSERT_EQ(arrayc_rt_npy_write(ok.c_str(), ARRAYC_RT_F32, 1, shape, st, v), ARRAYC_RT_OK);
  ASSERT_EQ(arrayc_rt_npy_write(ok.c_str(), ARRAYC_RT_F32, 1, shape, st, v), ARRAYC_RT_OK);
  EXPECT_EQ(listDir(d), (std::set<std::string>{".", "..", "adir", "ok.npy"}));
  EXPECT_EQ(arrayc_rt_npy_write(ok.c_str(), 77, 1, shape, st, v), ARRAYC_RT_ERR_INVALID);
}

// ---- entry points called by compiled code ---------------------------------

TEST(Entry, SaveLoadThroughMemrefs) {
  std::string path = tempDir() + "/entry.npy";
  Str p(path), loc("prog.arr:3:5");
  // Save a column slice of a 3x4 f64 buffer: offset 1, sizes {3}, strides {4}.
  double buf[12];
  for (int i = 0; i < 12; ++i) buf[i] = i + 0.5;
  Memref<1> m{buf, buf, 1, {3}, {4}};
  arrayc_rt_save_f64(1, p.desc(), 1, &m, ARRAYC_RT_F64, 1, loc.desc());
  int64_t shp[1] = {-1};
  Memref<1> sm{shp, shp, 0, {1}, {1}};
  arrayc_rt_load_shape(1, p.desc(), ARRAYC_RT_F64, 1, 1, &sm, 1, loc.desc());
  EXPECT_EQ(shp[0], 3);
  double out[3] = {0, 0, 0};
  Memref<1> om{out, out, 0, {3}, {1}};
  arrayc_rt_load_f64(1, p.desc(), 1, &om, ARRAYC_RT_F64, 1, loc.desc());
  EXPECT_EQ(out[0], 1.5);
  EXPECT_EQ(out[1], 5.5);
  EXPECT_EQ(out[2], 9.5);
  // Print and print_str go to stdout.
  testing::internal::CaptureStdout();
  arrayc_rt_print_f64(1, &om, ARRAYC_RT_F64);
  Str text("\nhello");
  arrayc_rt_print_str(1, text.desc());
  int32_t scalar = -12;
  Memref<0> s0{&scalar, &scalar, 0, {0}, {0}};
  arrayc_rt_print_i32(0, &s0, ARRAYC_RT_I32);
  uint8_t bools[2] = {1, 0};
  Memref<1> bm{bools, bools, 0, {2}, {1}};
  arrayc_rt_print_i1(1, &bm, ARRAYC_RT_BOOL);
  uint32_t u = 4000000000u;
  Memref<0> um{&u, &u, 0, {0}, {0}};
  arrayc_rt_print_i32(0, &um, ARRAYC_RT_U32);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "[1.5 5.5 9.5]\nhello-12[ True False]4000000000");
  arrayc_rt_assert(true, 1, text.desc());
}

TEST(EntryDeathTest, ErrorsExitWithLocation) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Str missing(tempDir() + "/nope.npy"), loc("prog.arr:3:5"), noloc("");
  int64_t shp[1] = {-1};
  Memref<1> sm{shp, shp, 0, {1}, {1}};
  EXPECT_EXIT(arrayc_rt_load_shape(1, missing.desc(), ARRAYC_RT_F32, 1, 1, &sm, 1, loc.desc()),
              testing::ExitedWithCode(1), "^arrayc: error: prog.arr:3:5: .*nope.npy: cannot open");
  float f[2];
  Memref<1> fm{f, f, 0, {2}, {1}};
  EXPECT_EXIT(arrayc_rt_load_f32(1, missing.desc(), 1, &fm, ARRAYC_RT_F32, 1, noloc.desc()),
              testing::ExitedWithCode(1), "^arrayc: error: .*nope.npy: cannot open");
  Str bad("/nonexistent-dir/x.npy");
  EXPECT_EXIT(arrayc_rt_save_f32(1, bad.desc(), 1, &fm, ARRAYC_RT_F32, 1, loc.desc()),
              testing::ExitedWithCode(1), "^arrayc: error: prog.arr:3:5: /nonexistent-dir/x.npy: cannot write");
  Str msg("prog.arr:7:1: assertion failed: x > 0");
  EXPECT_EXIT(arrayc_rt_assert(false, 1, msg.desc()), testing::ExitedWithCode(1),
              "^arrayc: error: prog.arr:7:1: assertion failed: x > 0\n$");
  EXPECT_EXIT(arrayc_rt_print_f32(1, &fm, ARRAYC_RT_F64), testing::ExitedWithCode(1),
              "does not match");
}

// ---- device hooks ----------------------------------------------------------
// A fake "device": a separate buffer that the hooks recognise.
std::vector<char> gDevice(4096);
int gToHost = 0, gToDevice = 0;
bool inDevice(const void *p) {
  const char *c = static_cast<const char *>(p);
  return c >= gDevice.data() && c < gDevice.data() + gDevice.size();
}
int fakeIsDevice(const void *p) { return inDevice(p); }
int fakeToHost(void *dst, const void *src, size_t n) {
  if (!inDevice(src) || !inDevice((const char *)src + n - 1)) return 1;
  memcpy(dst, src, n);
  ++gToHost;
  return 0;
}
int fakeToDevice(void *dst, const void *src, size_t n) {
  if (!inDevice(dst) || !inDevice((char *)dst + n - 1)) return 1;
  memcpy(dst, src, n);
  ++gToDevice;
  return 0;
}

TEST(DeviceHooks, PrintSaveLoadStage) {
  arrayc_rt_device_hooks h = {fakeIsDevice, fakeToHost, fakeToDevice};
  arrayc_rt_set_device_hooks(&h);
  float *dev = reinterpret_cast<float *>(gDevice.data());
  for (int i = 0; i < 12; ++i) dev[i] = (float)i;
  int64_t shape[2] = {2, 3}, st[2] = {6, 2}; // strided device view
  char *out = nullptr;
  size_t len;
  ASSERT_EQ(arrayc_rt_format_array(ARRAYC_RT_F32, 2, shape, st, dev, &out, &len), ARRAYC_RT_OK);
  EXPECT_EQ(std::string(out), "[[ 0.  2.  4.]\n [ 6.  8. 10.]]");
  arrayc_rt_free(out);
  EXPECT_EQ(gToHost, 1);
  std::string p = tempDir() + "/dev.npy";
  ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_F32, 2, shape, st, dev), ARRAYC_RT_OK);
  float *dev2 = dev + 100;
  int64_t cst[2] = {3, 1};
  ASSERT_EQ(arrayc_rt_npy_read(p.c_str(), ARRAYC_RT_F32, 2, shape, cst, dev2), ARRAYC_RT_OK);
  EXPECT_GE(gToDevice, 1);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(dev2[i], 2.0f * i);
  // Strided device destination: gaps keep their contents.
  for (int i = 0; i < 12; ++i) dev2[i] = -1;
  ASSERT_EQ(arrayc_rt_npy_read(p.c_str(), ARRAYC_RT_F32, 2, shape, st, dev2), ARRAYC_RT_OK);
  EXPECT_EQ(dev2[0], 0);
  EXPECT_EQ(dev2[1], -1);
  EXPECT_EQ(dev2[2], 2);
  EXPECT_EQ(dev2[10], 10);
  // Failing copy hook -> device error, no crash.
  arrayc_rt_device_hooks bad = {fakeIsDevice, [](void *, const void *, size_t) { return 1; },
                                fakeToDevice};
  arrayc_rt_set_device_hooks(&bad);
  EXPECT_EQ(arrayc_rt_format_array(ARRAYC_RT_F32, 2, shape, st, dev, &out, &len), ARRAYC_RT_ERR_DEVICE);
  arrayc_rt_set_device_hooks(nullptr);
}

// Staging memory from the hooks' host_alloc (the CUDA library's pinned pool):
// used for the copies and returned once the stage is done; a hook that
// gives none falls back to the heap.
std::vector<void *> gHostBlocks;
int gHostFrees = 0;
void *fakeHostAlloc(size_t n) {
  gHostBlocks.push_back(malloc(n));
  return gHostBlocks.back();
}
void fakeHostFree(void *p) {
  ++gHostFrees;
  free(p);
}

TEST(DeviceHooks, StagingMemoryFromHostAlloc) {
  gHostBlocks.clear();
  gHostFrees = 0;
  arrayc_rt_device_hooks h = {fakeIsDevice, fakeToHost, fakeToDevice, nullptr,
                              fakeHostAlloc, fakeHostFree};
  arrayc_rt_set_device_hooks(&h);
  float *dev = reinterpret_cast<float *>(gDevice.data());
  for (int i = 0; i < 12; ++i) dev[i] = (float)(i + 1);
  int64_t shape[2] = {2, 3}, st[2] = {6, 2};
  char *out = nullptr;
  size_t len;
  ASSERT_EQ(arrayc_rt_format_array(ARRAYC_RT_F32, 2, shape, st, dev, &out, &len), ARRAYC_RT_OK);
  EXPECT_EQ(std::string(out), "[[ 1.  3.  5.]\n [ 7.  9. 11.]]");
  arrayc_rt_free(out);
  ASSERT_EQ(gHostBlocks.size(), 1u); // the stage's copy came from host_alloc
  EXPECT_EQ(gHostFrees, 1);          // and went back
  // A save and a load through the device: staged too, every block returned.
  std::string p = tempDir() + "/pinned.npy";
  ASSERT_EQ(arrayc_rt_npy_write(p.c_str(), ARRAYC_RT_F32, 2, shape, st, dev), ARRAYC_RT_OK);
  float *dev2 = dev + 200;
  int64_t cst[2] = {3, 1};
  ASSERT_EQ(arrayc_rt_npy_read(p.c_str(), ARRAYC_RT_F32, 2, shape, cst, dev2), ARRAYC_RT_OK);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(dev2[i], 2.0f * i + 1);
  EXPECT_EQ(gHostFrees, (int)gHostBlocks.size());
  EXPECT_GE(gHostBlocks.size(), 2u);
  // No staging memory from the hook: the heap, same result.
  h.host_alloc = [](size_t) -> void * { return nullptr; };
  arrayc_rt_set_device_hooks(&h);
  ASSERT_EQ(arrayc_rt_format_array(ARRAYC_RT_F32, 2, shape, st, dev, &out, &len), ARRAYC_RT_OK);
  EXPECT_EQ(std::string(out), "[[ 1.  3.  5.]\n [ 7.  9. 11.]]");
  arrayc_rt_free(out);
  arrayc_rt_set_device_hooks(nullptr);
}

} // namespace

namespace {
// Mutated and truncated files never crash, and never succeed with a buffer overrun.
TEST(Npy, MutationFuzzNeverCrashes) {
  std::string d = tempDir();
  std::vector<float> v(6, 1.5f);
  std::vector<int64_t> shape = {2, 3}, st = {3, 1};
  std::string good = d + "/fuzz_good.npy";
  ASSERT_EQ(arrayc_rt_npy_write(good.c_str(), ARRAYC_RT_F32, 2, shape.data(), st.data(), v.data()), ARRAYC_RT_OK);
  std::string base = readFile(good);
  std::mt19937 rng(7);
  std::string p = d + "/fuzz.npy";
  for (int iter = 0; iter < 3000; ++iter) {
    std::string m = base;
    int kind = iter % 3;
    if (kind == 0) {
      m.resize(rng() % (m.size() + 1));
    } else {
      int flips = 1 + rng() % 4;
      for (int k = 0; k < flips; ++k) {
        size_t pos = rng() % m.size();
        const char charset[] = "(),:' {}TrueFals0123456789<>|=fiubV\n\x93";
        m[pos] = (rng() % 2) ? charset[rng() % (sizeof charset - 1)] : (char)rng();
      }
    }
    writeFile(p, m);
    int64_t dims[2] = {-1, -1};
    arrayc_rt_status s = arrayc_rt_npy_check(p.c_str(), ARRAYC_RT_F32, 2, dims);
    if (s == ARRAYC_RT_OK && dims[0] >= 0 && dims[1] >= 0 && dims[0] * dims[1] <= 64) {
      std::vector<float> buf(dims[0] * dims[1] + 1);
      std::vector<int64_t> sz = {dims[0], dims[1]}, cs = {dims[1], 1};
      arrayc_rt_npy_read(p.c_str(), ARRAYC_RT_F32, 2, sz.data(), cs.data(), buf.data());
    } else {
      EXPECT_NE(std::string(arrayc_rt_last_error()), "");
    }
    arrayc_rt_npy_info info;
    arrayc_rt_npy_read_info(p.c_str(), &info);
  }
}
} // namespace
