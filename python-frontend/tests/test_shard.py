"""Sharded functions' options (@arrayc.jit(mesh=, shard=), arrayc.compile):
their checks and the C API's shard text. No MPI job here: the calls that run
sharded are test/distributed/python_jit.test's (mpirun) and
test/distributed-gpu's (arrayc launch)."""
from __future__ import annotations  # arrayc types in annotations stay text

import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")


def dot(a, b):
    return np.sum(a * b)


def scaled(x, y=None, k=2.0):
    if y is None:
        return x * k
    return x * y * k


def jacobi(u: f64[n, m], iters: int) -> f64[n, m]:
    for it in range(iters):
        un = u.copy()
        un[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = un
    return u + 0.0 * n


@pytest.mark.parametrize("kwargs, message", [
    (dict(mesh=2), r"mesh=2 needs shard="),
    (dict(shard={"a": 0}), r"shard= needs a mesh"),
    (dict(mesh=2, shard={}), r"shard= is empty"),
    (dict(mesh=2, shard={"c": 0}), r"shard names 'c', which is not a parameter of dot "
                                   r"\(its parameters: a, b\)"),
    (dict(mesh=2, shard={2: 0}), r"dot has 2 parameters \(a, b\); there is no position 2"),
    (dict(mesh=2, shard={"a": 0, 0: 0}), r"parameter 'a' is named twice"),
    (dict(mesh=2, shard={1.5: 0}), r"a key of shard is a parameter's name or its position"),
    (dict(mesh=2, shard=[("a", 0)]), r"shard must be a dict"),
    (dict(mesh=0, shard={"a": 0}), r"every mesh axis needs at least one process"),
    (dict(mesh="2x2", shard={"a": 0}), r"mesh must be a process count"),
    (dict(mesh=(2, 2.0), shard={"a": 0}), r"mesh must be a process count"),
    (dict(mesh=True, shard={"a": 0}), r"mesh must be a process count"),
    (dict(mesh=2, shard={"a": "0"}), r"a shard spec is a dimension"),
    (dict(mesh=2, shard={"a": (None, 1)}), r"mesh axis 1 does not exist: the mesh has 1 axis"),
    (dict(mesh=(2, 2), shard={"a": (0, 0)}), r"splits two dimensions over mesh axis 0"),
    (dict(mesh=(2, 2), shard={"a": ("x",)}), r"an entry of a partition spec is None"),
])
def test_options_checked_when_decorated(kwargs, message):
    with pytest.raises(ValueError, match=message):
        arrayc.jit(dot, target=TARGET, **kwargs)


def test_shard_text():
    # Names and positions; an int is a dimension over mesh axis 0; a tuple is
    # a PartitionSpec (entry k: dimension k's mesh axes).
    f = arrayc.jit(dot, target=TARGET, mesh=(2, 2), shard={"a": (0, 1), 1: ((0, 1),)})
    s = f._sharding
    assert s.mesh_text == "2x2" and s.size == 4
    assert s.spec_text("dot", ["a", "b"], [2, 1]) == "dot:0=0,dot:0=1/1,dot:1=0/0+1"
    # A parameter that is not compiled (bound to a constant, an alias) is dropped.
    assert s.spec_text("dot", ["b"], [1]) == "dot:0=0/0+1"
    g = arrayc.jit(dot, target=TARGET, mesh=4, shard={"a": -1, "b": (None,)})
    assert g._sharding.spec_text("dot", ["a", "b"], [3, 1]) == "dot:0=2"
    with pytest.raises(arrayc.ArgumentError, match=r"parameter 'a' is split along dimension "
                                                   r"1 \(shard\), but its argument has 1 "
                                                   r"dimension"):
        arrayc.jit(dot, target=TARGET, mesh=2, shard={"a": 1})._sharding.spec_text(
            "dot", ["a", "b"], [1, 1])


def test_dimension_the_argument_lacks():
    f = arrayc.jit(dot, target=TARGET, mesh=2, shard={"a": 1})
    with pytest.raises(arrayc.ArgumentError, match=r"dot: parameter 'a' is split along "
                                                   r"dimension 1"):
        f(np.ones(8), np.ones(8))


def test_world_size_checked_before_compiling(monkeypatch):
    monkeypatch.setenv("ARRAYC_WORLD_SIZE", "3")
    f = arrayc.jit(dot, target=TARGET, mesh=2, shard={"a": 0, "b": 0})
    with pytest.raises(arrayc.ArraycError, match=r"dot: sharded over a mesh of 2 processes "
                                                 r"\(mesh=2\), but this job has 3 "
                                                 r"\(ARRAYC_WORLD_SIZE=3\): start it with"):
        f(np.ones(8), np.ones(8))
    with pytest.raises(arrayc.ArraycError, match=r"mesh of 4 processes \(mesh=2x2\)"):
        arrayc.compile("def dot(a: f64[8], b: f64[8]) -> f64:\n    return np.sum(a * b)\n",
                       target=TARGET, mesh=(2, 2), shard={"dot": {"a": ((0, 1),)}})


def test_no_split_left_compiles_without_a_mesh():
    # y bound to the constant None: its split is dropped, none is left, and the
    # function compiles (and runs) as an unsharded one, in any process.
    f = arrayc.jit(scaled, target=TARGET, mesh=2, shard={"y": 0})
    x = np.arange(6.0)
    assert np.array_equal(arrayc.asnumpy(f(x)), x * 2.0)


def test_sharded_source_is_a_fixed_size_caller_of_the_body():
    # A sharded compile keeps the body as written (its sizes dynamic: a
    # stencil's row count differs between processes), renamed NAME__entry, and
    # adds `def NAME` with the call's sizes as literals calling it: the shard
    # pass splits that call on static shapes.
    f = arrayc.jit(jacobi, target=TARGET, mesh=2, shard={"u": 0})
    from arrayc._jit import _literal_annotation
    sizes = {}
    node = f._src.arg_nodes()[0]
    assert _literal_annotation("jacobi", node, (64, 8), sizes) == "f64[64, 8]"
    assert sizes == {"n": 64, "m": 8}
    text = f._src.specialize([None, None], None, entry=["f64[64, 8]", None])
    assert "def jacobi__entry(u: f64[n, m], iters: int) -> f64[n, m]:" in text
    assert "def jacobi(u: f64[64, 8], iters: int):\n    return jacobi__entry(u, iters)" in text
    with pytest.raises(arrayc.ArgumentError, match=r"size 32 for its dimension 'n', which "
                                                   r"another argument has as 64"):
        _literal_annotation("jacobi", node, (32, 64), {"n": 64})


@pytest.mark.parametrize("kwargs, message", [
    (dict(mesh=2), r"needs shard="),
    (dict(shard={"dot": {"a": 0}}), r"shard= needs a mesh"),
    (dict(mesh=2, shard={"dot": 0}), r"shard maps each function's name"),
    (dict(mesh=2, shard={"norm": {"a": 0}}), r"shard names 'norm', which is not a function "
                                             r"of the source \(its functions: dot\)"),
    (dict(mesh=2, shard={"dot": {"x": 0}}), r"shard names 'x', which is not a parameter"),
])
def test_compile_options_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        arrayc.compile("def dot(a: f64[8], b: f64[8]) -> f64:\n    return np.sum(a * b)\n",
                       target=TARGET, **kwargs)
