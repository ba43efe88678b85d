"""Damages every entry of a compile cache directory: `flip` inverts a byte in
the middle, `truncate` cuts the file in half."""
import os
import sys

mode, directory = sys.argv[1], sys.argv[2]
for name in os.listdir(directory):
    if not name.endswith(".arrayc"):
        continue
    path = os.path.join(directory, name)
    data = bytearray(open(path, "rb").read())
    if mode == "truncate":
        data = data[: len(data) // 2]
    else:
        data[len(data) // 2] ^= 0xFF
    open(path, "wb").write(bytes(data))
