"""The dtype table of arrayc_rt/dtypes.def: a dtype's code is its position.
No imports, so test/python/tables.test reads it beside the .def and
arrayc/arrayc.h without loading libarrayc."""

# (the language's name, NumPy's name, bytes)
DTYPES = [("bool", "bool", 1), ("i8", "int8", 1), ("i16", "int16", 2), ("i32", "int32", 4),
          ("i64", "int64", 8), ("u8", "uint8", 1), ("u16", "uint16", 2), ("u32", "uint32", 4),
          ("u64", "uint64", 8), ("f16", "float16", 2), ("bf16", "bfloat16", 2),
          ("f32", "float32", 4), ("f64", "float64", 8), ("c64", "complex64", 8),
          ("c128", "complex128", 16)]

# Dtypes NumPy itself lacks (ml_dtypes' bfloat16): arrays of them have no
# NumPy dtype here.
NOT_IN_NUMPY = {"bfloat16"}
