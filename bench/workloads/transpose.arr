# transpose_8192: a.T materialized, 8192 x 8192 f32 (reads a along rows, writes along
# the result's rows: shared-memory tiles on the GPU).
def transpose(a: f32[r, c]) -> f32[c, r]:
    return a.T
