/* The call path of @arrayc.jit in C (the ctypes path is the fallback):
 *   views(args, device) -> (key, packed) or None
 *     key: ((dtype, shape), ...) per argument; packed: the arrayc_array
 *     structs, as bytes. None when an argument is of a kind handled only in
 *     Python (the caller then takes the ctypes path).
 *   invoke(fn, stream, packed, nresults) -> tuple of bytes (arrayc_array
 *     structs the caller owns), or raises RuntimeError(status, message).
 * Built against CPython's limited API (3.11+: one .abi3.so). */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#include <Python.h>

#include <stdint.h>
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

static int from_buffer(PyObject *arg, arrayc_array *a) {
  Py_buffer b;
  if (PyObject_GetBuffer(arg, &b, PyBUF_STRIDES | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    return 0;
  }
  int ok = 0;
  int dtype = dtype_of_char(b.format ? b.format : "B", b.itemsize);
  if (dtype >= 0 && b.ndim <= ARRAYC_MAX_RANK) {
    ok = 1;
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

static PyObject *views(PyObject *self, PyObject *args) {
  PyObject *tuple;
  int device;
  if (!PyArg_ParseTuple(args, "Oi", &tuple, &device))
    return NULL;
  Py_ssize_t n = PyTuple_Size(tuple);
  if (n < 0)
    return NULL;
  PyObject *packed = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(arrayc_array));
  PyObject *key = PyTuple_New(n);
  if (!packed || !key)
    goto fail;
  arrayc_array *arrays = (arrayc_array *)PyBytes_AsString(packed);
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *arg = PyTuple_GetItem(tuple, i);
    arrayc_array *a = &arrays[i];
    if (!from_buffer(arg, a) && !from_cupy(arg, device, a) && !from_arrayc(arg, a)) {
      Py_DECREF(packed);
      Py_DECREF(key);
      Py_RETURN_NONE;
    }
    PyObject *shape = PyTuple_New(a->rank);
    if (!shape)
      goto fail;
    for (int d = 0; d < a->rank; ++d)
      PyTuple_SetItem(shape, d, PyLong_FromLongLong(a->shape[d]));
    PyObject *entry = Py_BuildValue("(iN)", a->dtype, shape);
    if (!entry)
      goto fail;
    PyTuple_SetItem(key, i, entry);
  }
  return Py_BuildValue("(NN)", key, packed);
fail:
  Py_XDECREF(packed);
  Py_XDECREF(key);
  return NULL;
}

static PyObject *invoke(PyObject *self, PyObject *args) {
  unsigned long long fn, stream;
  PyObject *packed;
  int nresults;
  if (!PyArg_ParseTuple(args, "KKSi", &fn, &stream, &packed, &nresults))
    return NULL;
  Py_ssize_t bytes = PyBytes_Size(packed);
  int nargs = (int)(bytes / (Py_ssize_t)sizeof(arrayc_array));
  if (nresults < 0 || nresults > 64) {
    PyErr_SetString(PyExc_ValueError, "bad result count");
    return NULL;
  }
  arrayc_array results[64];
  arrayc_status st = arrayc_call_on((arrayc_function)(uintptr_t)fn, (void *)(uintptr_t)stream,
                                    (const arrayc_array *)PyBytes_AsString(packed), nargs,
                                    results, nresults);
  if (st != ARRAYC_OK) {
    PyObject *err = Py_BuildValue("(is)", (int)st, arrayc_last_error());
    if (err) {
      PyErr_SetObject(PyExc_RuntimeError, err);
      Py_DECREF(err);
    }
    return NULL;
  }
  PyObject *out = PyTuple_New(nresults);
  for (int i = 0; out && i < nresults; ++i)
    PyTuple_SetItem(out, i, PyBytes_FromStringAndSize((const char *)&results[i],
                                                      sizeof results[i]));
  return out;
}

static PyMethodDef methods[] = {
    {"views", views, METH_VARARGS, "argument views and the specialization key, or None"},
    {"invoke", invoke, METH_VARARGS, "arrayc_call_on; results as arrayc_array bytes"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", NULL, -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
