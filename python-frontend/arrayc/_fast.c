/* The call path of @arrayc.jit in C (the ctypes path is the fallback): the
 * arguments' views, the specialization lookup, arrayc_call_on and the result
 * objects in one call (dispatch); None when an argument is of a kind handled
 * only in Python (the caller then takes the ctypes path). Failed calls raise
 * RuntimeError(status, message).
 * Built against CPython's limited API (3.11+: one .abi3.so). */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arrayc/arrayc.h"

/* A NumPy/buffer format or CuPy dtype char -> arrayc dtype, or -1. */
static int dtype_of_char(const char *f, Py_ssize_t itemsize) {
  while (*f == '<' || *f == '=' || *f == '@' || *f == '|')
    ++f;
  if (f[0] == 'Z')
    return f[1] == 'f' ? ARRAYC_C64 : f[1] == 'd' ? ARRAYC_C128 : -1;
  switch (f[0]) {
  case '?': return ARRAYC_BOOL;
  case 'b': return ARRAYC_I8;
  case 'B': return ARRAYC_U8;
  case 'h': return ARRAYC_I16;
  case 'H': return ARRAYC_U16;
  case 'i': return itemsize == 4 ? ARRAYC_I32 : -1;
  case 'I': return itemsize == 4 ? ARRAYC_U32 : -1;
  case 'l': case 'q': return itemsize == 8 ? ARRAYC_I64 : -1;
  case 'L': case 'Q': return itemsize == 8 ? ARRAYC_U64 : -1;
  case 'e': return ARRAYC_F16;
  case 'f': return ARRAYC_F32;
  case 'd': return ARRAYC_F64;
  case 'F': return ARRAYC_C64;  /* CuPy's dtype.char */
  case 'D': return ARRAYC_C128;
  }
  return -1;
}

static int from_buffer(PyObject *arg, arrayc_array *a, int *readonly) {
  Py_buffer b;
  if (PyObject_GetBuffer(arg, &b, PyBUF_STRIDES | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    return 0;
  }
  int ok = 0;
  int dtype = dtype_of_char(b.format ? b.format : "B", b.itemsize);
  /* Some exporters (NumPy's datetime64 scalars) give a rank without shape
   * or strides: not read here (the Python path reports them). */
  if (dtype >= 0 && b.ndim >= 0 && b.ndim <= ARRAYC_MAX_RANK && b.itemsize > 0 &&
      (b.ndim == 0 || (b.shape && b.strides))) {
    ok = 1;
    *readonly = b.readonly != 0;
    memset(a, 0, sizeof *a);
    a->data = b.buf;
    a->dtype = dtype;
    a->rank = b.ndim;
    a->device = -1;
    for (int i = 0; i < b.ndim; ++i) {
      if (b.strides[i] % b.itemsize) {
        ok = 0;
        break;
      }
      a->shape[i] = b.shape[i];
      a->strides[i] = b.strides[i] / b.itemsize;
    }
  }
  /* The memory stays: the caller holds `arg` for the call. */
  PyBuffer_Release(&b);
  return ok;
}

static int long_attr(PyObject *o, const char *name, long long *out) {
  PyObject *v = PyObject_GetAttrString(o, name);
  if (!v)
    return 0;
  *out = PyLong_AsLongLong(v);
  Py_DECREF(v);
  return !PyErr_Occurred();
}

static int int_seq(PyObject *seq, long long *out, int max, int *n) {
  PyObject *t = PyTuple_Check(seq) ? (Py_INCREF(seq), seq) : PySequence_Tuple(seq);
  if (!t)
    return 0;
  Py_ssize_t len = PyTuple_Size(t);
  int ok = len <= max;
  for (Py_ssize_t i = 0; ok && i < len; ++i) {
    out[i] = PyLong_AsLongLong(PyTuple_GetItem(t, i));
    ok = !PyErr_Occurred();
  }
  Py_DECREF(t);
  *n = (int)len;
  return ok;
}

/* CuPy's ndarray type and the last dtype object seen (code, itemsize):
 * found once, then compared by identity on every call. */
static PyObject *cupy_type = NULL;
static PyObject *last_dtype = NULL;
static int last_code = -1;
static long long last_itemsize = 0;

static int is_cupy(PyObject *arg) {
  PyObject *type = (PyObject *)Py_TYPE(arg);
  if (type == cupy_type)
    return 1;
  if (cupy_type)
    return 0;
  PyObject *mod = PyObject_GetAttrString(type, "__module__");
  if (!mod) {
    PyErr_Clear();
    return 0;
  }
  const char *m = PyUnicode_AsUTF8AndSize(mod, NULL);
  int yes = m && strncmp(m, "cupy", 4) == 0 && PyObject_HasAttrString(arg, "data");
  Py_DECREF(mod);
  PyErr_Clear();
  if (yes) {
    Py_INCREF(type);
    cupy_type = type;
  }
  return yes;
}

static int dtype_code_of(PyObject *dtype, long long *itemsize) {
  if (dtype == last_dtype) {
    *itemsize = last_itemsize;
    return last_code;
  }
  PyObject *ch = PyObject_GetAttrString(dtype, "char");
  int code = -1;
  if (ch && long_attr(dtype, "itemsize", itemsize)) {
    const char *c = PyUnicode_AsUTF8AndSize(ch, NULL);
    code = c ? dtype_of_char(c, (Py_ssize_t)*itemsize) : -1;
  }
  Py_XDECREF(ch);
  if (code >= 0) {
    Py_XDECREF(last_dtype);
    Py_INCREF(dtype);
    last_dtype = dtype;
    last_code = code;
    last_itemsize = *itemsize;
  }
  return code;
}

/* A CuPy array: data.ptr, shape, strides, dtype. */
static int from_cupy(PyObject *arg, int device, arrayc_array *a) {
  if (!is_cupy(arg))
    return 0;
  PyObject *data = PyObject_GetAttrString(arg, "data");
  long long ptr = 0, itemsize = 0;
  int ok = data && long_attr(data, "ptr", &ptr);
  Py_XDECREF(data);
  PyObject *dtype = ok ? PyObject_GetAttrString(arg, "dtype") : NULL;
  int code = dtype ? dtype_code_of(dtype, &itemsize) : -1;
  Py_XDECREF(dtype);
  long long shape[ARRAYC_MAX_RANK], strides[ARRAYC_MAX_RANK];
  int rank = 0, srank = 0;
  PyObject *s = ok && code >= 0 ? PyObject_GetAttrString(arg, "shape") : NULL;
  ok = s && int_seq(s, shape, ARRAYC_MAX_RANK, &rank);
  Py_XDECREF(s);
  PyObject *st = ok ? PyObject_GetAttrString(arg, "strides") : NULL;
  ok = st && int_seq(st, strides, ARRAYC_MAX_RANK, &srank) && srank == rank;
  Py_XDECREF(st);
  if (!ok) {
    PyErr_Clear();
    return 0;
  }
  memset(a, 0, sizeof *a);
  a->data = (void *)(intptr_t)ptr;
  a->dtype = code;
  a->rank = rank;
  a->device = device;
  for (int i = 0; i < rank; ++i) {
    a->shape[i] = shape[i];
    a->strides[i] = strides[i] / itemsize;
  }
  return 1;
}

/* An arrayc.ndarray: its `_raw` ctypes struct is an arrayc_array. */
static int from_arrayc(PyObject *arg, arrayc_array *a) {
  PyObject *raw = PyObject_GetAttrString(arg, "_raw");
  if (!raw) {
    PyErr_Clear();
    return 0;
  }
  Py_buffer b;
  int ok = PyObject_GetBuffer(raw, &b, PyBUF_SIMPLE) == 0;
  if (ok) {
    ok = b.len == (Py_ssize_t)sizeof *a;
    if (ok)
      memcpy(a, b.buf, sizeof *a);
    PyBuffer_Release(&b);
  }
  Py_DECREF(raw);
  if (!ok)
    PyErr_Clear();
  return ok;
}

/* The Python types the results are made of, given once by setup(). */
static PyObject *array_from_bytes = NULL; /* arrayc._capi.Array.from_buffer_copy */
static PyObject *ndarray_type = NULL;     /* arrayc.ndarray */

static PyObject *setup(PyObject *self, PyObject *args) {
  PyObject *from_bytes, *nd;
  if (!PyArg_ParseTuple(args, "OO", &from_bytes, &nd))
    return NULL;
  Py_XDECREF(array_from_bytes);
  Py_XDECREF(ndarray_type);
  Py_INCREF(from_bytes);
  Py_INCREF(nd);
  array_from_bytes = from_bytes;
  ndarray_type = nd;
  Py_RETURN_NONE;
}

/* One argument's view; 0 when it is of a kind handled only in Python.
 * Known CuPy arrays are tried first: a failed buffer request formats an
 * exception, which costs more than reading the CuPy array. *readonly: a
 * buffer its exporter marks read-only (a NumPy array with writeable=False). */
static int view_of(PyObject *arg, int device, arrayc_array *a, int *readonly) {
  *readonly = 0;
  if (cupy_type && (PyObject *)Py_TYPE(arg) == cupy_type)
    return from_cupy(arg, device, a);
  return from_buffer(arg, a, readonly) || from_cupy(arg, device, a) || from_arrayc(arg, a);
}

/* The views of all arguments into `arrays` (n of them) and their read-only
 * bits; 0 if one is not handled here. */
static int views_of(PyObject *tuple, int device, arrayc_array *arrays, Py_ssize_t n,
                    unsigned long long *readonly) {
  *readonly = 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    int ro;
    if (!view_of(PyTuple_GetItem(tuple, i), device, &arrays[i], &ro))
      return 0;
    *readonly |= (unsigned long long)ro << i;
  }
  return 1;
}

/* The index of the first argument that is the same array as argument i
 * (data, dtype, device, shape and strides), else i: the Python side's
 * _alias_pattern. Empty arrays (no data) alias nothing. */
static long long alias_of(const arrayc_array *arrays, Py_ssize_t i) {
  const arrayc_array *a = &arrays[i];
  if (!a->data)
    return i;
  for (Py_ssize_t j = 0; j < i; ++j) {
    const arrayc_array *b = &arrays[j];
    if (b->data == a->data && b->dtype == a->dtype && b->device == a->device &&
        b->rank == a->rank &&
        memcmp(b->shape, a->shape, (size_t)a->rank * sizeof a->shape[0]) == 0 &&
        memcmp(b->strides, a->strides, (size_t)a->rank * sizeof a->strides[0]) == 0)
      return j;
  }
  return i;
}

#define MAX_ARGS 64

static int args_tuple(PyObject *tuple, Py_ssize_t *n) {
  if (!PyTuple_Check(tuple)) {
    PyErr_SetString(PyExc_TypeError, "arguments must be a tuple");
    return 0;
  }
  *n = PyTuple_Size(tuple);
  if (*n > MAX_ARGS) {
    PyErr_SetString(PyExc_ValueError, "arrayc: more than 64 arguments");
    return 0;
  }
  return 1;
}

/* views(args, device) -> the packed arrayc_array structs (bytes), or None. */
static PyObject *views(PyObject *self, PyObject *args) {
  PyObject *tuple;
  int device;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "Oi", &tuple, &device) || !args_tuple(tuple, &n))
    return NULL;
  arrayc_array arrays[MAX_ARGS];
  unsigned long long readonly;
  if (!views_of(tuple, device, arrays, n, &readonly))
    Py_RETURN_NONE;
  return PyBytes_FromStringAndSize((const char *)arrays, n * (Py_ssize_t)sizeof(arrayc_array));
}

/* RuntimeError(status, message): the failure of a call. */
static PyObject *call_failure(int status, const char *message) {
  PyObject *err = Py_BuildValue("(is)", status, message);
  if (err) {
    PyErr_SetObject(PyExc_RuntimeError, err);
    Py_DECREF(err);
  }
  return NULL;
}

/* arrayc_call_on, then the results as arrayc.ndarray objects of `ctx`: one
 * object, a tuple, or None as the function returns one, several or none.
 * The entry is (function address, result count, context[, keep, written]):
 * keep, the indices of the arguments passed (None: all; a specialization
 * for aliased arguments takes one of each group of the same array), and
 * written, the mask of the parameters the function writes (a read-only
 * buffer for one is refused, as NumPy refuses the store). NotImplemented
 * where the Python path must take the call. */
static PyObject *call_entry(PyObject *entry, const arrayc_array *arrays, Py_ssize_t n,
                            unsigned long long readonly, unsigned long long stream) {
  unsigned long long fn, written = 0;
  int nresults;
  PyObject *ctx, *keep = Py_None;
  if (!PyArg_ParseTuple(entry, "KiO|OK", &fn, &nresults, &ctx, &keep, &written))
    return NULL;
  if (nresults < 0 || nresults > MAX_ARGS || !array_from_bytes || !ndarray_type) {
    PyErr_SetString(PyExc_ValueError, "arrayc: bad function entry");
    return NULL;
  }
  arrayc_array kept[MAX_ARGS];
  int argIndex[MAX_ARGS]; /* the caller's index of each argument passed */
  for (Py_ssize_t i = 0; i < n; ++i)
    argIndex[i] = (int)i;
  if (keep != Py_None) {
    if (!PyTuple_Check(keep) || PyTuple_Size(keep) > n) {
      PyErr_SetString(PyExc_ValueError, "arrayc: bad function entry");
      return NULL;
    }
    Py_ssize_t m = PyTuple_Size(keep);
    unsigned long long ro = 0;
    for (Py_ssize_t j = 0; j < m; ++j) {
      long long i = PyLong_AsLongLong(PyTuple_GetItem(keep, j));
      if (i < 0 || i >= n) {
        if (!PyErr_Occurred())
          PyErr_SetString(PyExc_ValueError, "arrayc: bad function entry");
        return NULL;
      }
      kept[j] = arrays[i];
      argIndex[j] = (int)i;
      ro |= ((readonly >> i) & 1ull) << j;
    }
    arrays = kept;
    n = m;
    readonly = ro;
  }
  if (readonly & written) {
    int i = 0;
    while (!(((readonly & written) >> i) & 1ull))
      ++i;
    /* A NumPy scalar (np.float64(2.0): a read-only 0-d buffer) is a value:
     * the Python path passes a copy of it, as NumPy rebinds `s += 1`. */
    for (Py_ssize_t j = i; j < n; ++j)
      if (((readonly & written) >> j) & 1ull && arrays[j].rank == 0)
        Py_RETURN_NOTIMPLEMENTED;
    arrayc_function f = (arrayc_function)(uintptr_t)fn;
    arrayc_value_info info;
    const char *param = arrayc_function_param(f, i, &info) == ARRAYC_OK ? info.name : "?";
    char message[512];
    snprintf(message, sizeof message,
             "%s: argument %d ('%s') is a read-only array, and %s writes it in place",
             arrayc_function_name(f), argIndex[i] + 1, param, arrayc_function_name(f));
    return call_failure(ARRAYC_ERR_ARGUMENT, message);
  }
  arrayc_array results[MAX_ARGS];
  arrayc_status st = arrayc_call_on((arrayc_function)(uintptr_t)fn, (void *)(uintptr_t)stream,
                                    arrays, (int)n, results, nresults);
  if (st != ARRAYC_OK)
    return call_failure((int)st, arrayc_last_error());
  PyObject *out = nresults == 1 ? NULL : PyTuple_New(nresults);
  if (nresults != 1 && !out)
    goto release;
  for (int i = 0; i < nresults; ++i) {
    PyObject *b = PyBytes_FromStringAndSize((const char *)&results[i], sizeof results[i]);
    PyObject *raw = b ? PyObject_CallFunctionObjArgs(array_from_bytes, b, NULL) : NULL;
    Py_XDECREF(b);
    PyObject *nd = raw ? PyObject_CallFunctionObjArgs(ndarray_type, raw, ctx, NULL) : NULL;
    Py_XDECREF(raw);
    if (!nd) {
      /* The ndarray objects made so far own theirs; release the rest. */
      Py_XDECREF(out);
      for (int j = i; j < nresults; ++j)
        arrayc_array_release(&results[j]);
      return NULL;
    }
    if (nresults == 1)
      return nd;
    PyTuple_SetItem(out, i, nd);
  }
  if (nresults == 0) {
    Py_DECREF(out);
    Py_RETURN_NONE;
  }
  return out;
release:
  for (int j = 0; j < nresults; ++j)
    arrayc_array_release(&results[j]);
  return NULL;
}

/* dispatch(seen, ctx, args, device, stream): the call of an @arrayc.jit
 * function whose arguments' context, dtypes and shapes were seen before:
 * `seen` maps a key (bytes) to an entry (function address, result count,
 * context). Returns the results; on a miss the key (bytes), for the caller
 * to compile and enter; NotImplemented when an argument is not handled here
 * (the caller takes the ctypes path). */
static PyObject *dispatch(PyObject *self, PyObject *args) {
  PyObject *seen, *ctx, *tuple;
  int device;
  unsigned long long stream;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "O!OOiK", &PyDict_Type, &seen, &ctx, &tuple, &device, &stream) ||
      !args_tuple(tuple, &n))
    return NULL;
  arrayc_array arrays[MAX_ARGS];
  unsigned long long readonly;
  if (!views_of(tuple, device, arrays, n, &readonly))
    Py_RETURN_NOTIMPLEMENTED;
  long long key[1 + MAX_ARGS * (3 + ARRAYC_MAX_RANK)];
  Py_ssize_t k = 0;
  key[k++] = (long long)(intptr_t)ctx;
  for (Py_ssize_t i = 0; i < n; ++i) {
    key[k++] = arrays[i].dtype;
    key[k++] = arrays[i].rank;
    for (int d = 0; d < arrays[i].rank; ++d)
      key[k++] = arrays[i].shape[d];
    key[k++] = alias_of(arrays, i); /* the same array twice: its own specialization */
  }
  PyObject *kb = PyBytes_FromStringAndSize((const char *)key, k * (Py_ssize_t)sizeof key[0]);
  if (!kb)
    return NULL;
  PyObject *entry = PyDict_GetItemWithError(seen, kb); /* borrowed */
  if (!entry)
    return PyErr_Occurred() ? (Py_DECREF(kb), NULL) : kb;
  Py_DECREF(kb);
  Py_INCREF(entry); /* held across the call: result objects run Python code */
  PyObject *out = call_entry(entry, arrays, n, readonly, stream);
  Py_DECREF(entry);
  return out;
}

/* call(entry, args, device, stream): a function of known signature (a
 * Module's, or a specialization just compiled); NotImplemented when an
 * argument is not handled here. */
static PyObject *call(PyObject *self, PyObject *args) {
  PyObject *entry, *tuple;
  int device;
  unsigned long long stream;
  Py_ssize_t n;
  if (!PyArg_ParseTuple(args, "OOiK", &entry, &tuple, &device, &stream) ||
      !args_tuple(tuple, &n))
    return NULL;
  arrayc_array arrays[MAX_ARGS];
  unsigned long long readonly;
  if (!views_of(tuple, device, arrays, n, &readonly))
    Py_RETURN_NOTIMPLEMENTED;
  return call_entry(entry, arrays, n, readonly, stream);
}

/* release(raw): arrayc_array_release of a ctypes arrayc_array. */
static PyObject *release(PyObject *self, PyObject *raw) {
  Py_buffer b;
  if (PyObject_GetBuffer(raw, &b, PyBUF_WRITABLE) != 0)
    return NULL;
  if (b.len == (Py_ssize_t)sizeof(arrayc_array))
    arrayc_array_release((arrayc_array *)b.buf);
  PyBuffer_Release(&b);
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "the result types: (Array.from_buffer_copy, ndarray)"},
    {"views", views, METH_VARARGS, "the arguments' arrayc_array structs as bytes, or None"},
    {"dispatch", dispatch, METH_VARARGS, "a call of a specialization seen before"},
    {"call", call, METH_VARARGS, "a call of a function of known signature"},
    {"release", release, METH_O, "arrayc_array_release of a ctypes arrayc_array"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", NULL, -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
