"""Checks the dtype and status tables written out by hand against
arrayc_rt/dtypes.def and status.def, the ones the C++ layers expand: the
public C header's enums (self-contained for installed users), the C++ API's
dtype enum and the Python package's tables; and the Python package's ctypes
structs against the C header's. Prints one line per disagreement; exits 1 if
there is any."""
import re
import runpy
import sys

import numpy as np

src = sys.argv[1]
errors = []


def read(path):
    with open(src + "/" + path) as f:
        return f.read()


# ARRAYC_DTYPE(ID, Cxx, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)
entry = re.compile(r'^ARRAYC_DTYPE\((\w+), (\w+), (\d+), "(\w+)", "(\w+)", "([^"]+)", '
                   r"(\w+), '(\w)', (\d+)\)$", re.M)
table = [(m[1], m[2], int(m[3]), m[4], m[5], m[6], m[7], m[8], int(m[9]))
         for m in entry.finditer(read("runtime/include/arrayc_rt/dtypes.def"))]
if not table:
    errors.append("dtypes.def: no entries found")
for pos, row in enumerate(table):
    if row[2] != pos:
        errors.append("dtypes.def: %s has code %d at position %d" % (row[0], row[2], pos))


def enum_body(text, start, end):
    body = text[text.index(start):]
    return body[:body.index(end)]


# include/arrayc/arrayc.h: typedef enum arrayc_dtype { ARRAYC_F32 = 11, ... }
c_enum = re.findall(r"ARRAYC_(\w+) = (\d+)",
                    enum_body(read("include/arrayc/arrayc.h"), "typedef enum arrayc_dtype", "}"))
want = [(row[0], row[2]) for row in table]
if [(n, int(v)) for n, v in c_enum] != want:
    errors.append("arrayc.h: enum arrayc_dtype is %s, dtypes.def says %s" % (c_enum, want))

# include/arrayc/arrayc.hpp: enum class DType { Bool = ARRAYC_BOOL, ... }
cxx_enum = re.findall(r"(\w+) = ARRAYC_(\w+)",
                      enum_body(read("include/arrayc/arrayc.hpp"), "enum class DType", "}"))
want = [(row[1], row[0]) for row in table]
if cxx_enum != want:
    errors.append("arrayc.hpp: enum class DType is %s, dtypes.def says %s" % (cxx_enum, want))

# python-frontend/arrayc/_dtypes.py: (name, NumPy name, bytes) by code.
py = runpy.run_path(src + "/python-frontend/arrayc/_dtypes.py")
want = [(row[3], row[4], row[8]) for row in table]
if [tuple(t) for t in py["DTYPES"]] != want:
    errors.append("_dtypes.py: DTYPES is %s, dtypes.def says %s" % (py["DTYPES"], want))

# NumPy's own view of the dtypes it has.
for ident, _, _, name, numpy, descr, _, kind, size in table:
    if numpy in py["NOT_IN_NUMPY"]:
        continue
    t = np.dtype(numpy)
    if (t.kind, t.itemsize, t.str) != (kind, size, descr):
        errors.append("dtypes.def: %s is (%s, %d, %s), NumPy's %s is (%s, %d, %s)" %
                      (ident, kind, size, descr, numpy, t.kind, t.itemsize, t.str))

# ARRAYC_STATUS(ID, CODE, DESCRIPTION)
status = [(m[1], int(m[2])) for m in re.finditer(r'^ARRAYC_STATUS\((\w+), (\d+), "[^"]*"\)$',
                                                   read("runtime/include/arrayc_rt/status.def"),
                                                   re.M)]
if not status:
    errors.append("status.def: no entries found")
for pos, (ident, code) in enumerate(status):
    if code != pos:
        errors.append("status.def: %s has code %d at position %d" % (ident, code, pos))

# include/arrayc/arrayc.h: typedef enum arrayc_status { ARRAYC_OK = 0, ... }
c_status = [(n, int(v)) for n, v in re.findall(
    r"ARRAYC_(\w+) = (\d+)", enum_body(read("include/arrayc/arrayc.h"),
                                       "typedef enum arrayc_status", "}"))]
if c_status != status:
    errors.append("arrayc.h: enum arrayc_status is %s, status.def says %s" % (c_status, status))

# python-frontend/arrayc/_capi.py: module constants OK, ERR_COMPILE, ...
capi = read("python-frontend/arrayc/_capi.py")
names = re.search(r"^\((OK, ERR_[\w,\s]+)\) = range\((\d+)\)", capi, re.M)
py_status = [(n.strip(), i) for i, n in enumerate(names[1].split(","))] if names else []
if not names or int(names[2]) != len(py_status) or py_status != status:
    errors.append("_capi.py: status codes are %s, status.def says %s" % (py_status, status))

# The structs the Python package passes to the C API (_capi.py's ctypes
# Structures): the same fields in the same order as arrayc.h's.
header = re.sub(r"/\*.*?\*/", "", read("include/arrayc/arrayc.h"), flags=re.S)
structs = {"ContextOptions": "arrayc_context_options", "CompileOptions": "arrayc_compile_options",
           "ValueInfo": "arrayc_value_info", "Array": "arrayc_array"}
for py_name, c_name in structs.items():
    body = re.search(r"typedef struct %s \{(.*?)\} %s;" % (c_name, c_name), header, re.S)
    c_fields = re.findall(r"(\w+)\s*(?:\[[^\]]*\])?\s*;", body[1]) if body else []
    fields = re.search(r"class %s\(ctypes.Structure\):\s*_fields_ = \[(.*?)\]\n" % py_name,
                       capi, re.S)
    py_fields = re.findall(r'\("(\w+)", ', fields[1]) if fields else []
    if not c_fields or c_fields != py_fields:
        errors.append("_capi.py: %s has fields %s, arrayc.h's %s has %s" %
                      (py_name, py_fields, c_name, c_fields))

for e in errors:
    print(e)
print("%d dtypes, %d status codes, %d structs, %d disagreements" % (
    len(table), len(status), len(structs), len(errors)))
sys.exit(1 if errors else 0)
