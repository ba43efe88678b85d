"""arrayc.show_config(): what this arrayc is and what it found (arrayc/_config.py)."""
import os

import pytest

import arrayc


def test_dicts():
    config = arrayc.show_config(mode="dicts")
    a = config["arrayc"]
    assert a["version"] == arrayc.__version__
    assert a["versions_agree"]
    assert a["library"] and os.path.exists(a["library"])
    assert os.path.basename(a["library"]).startswith("libarrayc.so")
    runtime = config["runtime"]
    assert runtime["library"] == os.path.join(runtime["dir"], "libarrayc_runtime.so")
    assert os.path.exists(runtime["library"])
    assert config["targets"]["built"][0] == "cpu"
    assert ("cuda" in config["targets"]["built"]) == (runtime["cuda_library"] is not None)
    for name in ("OpenBLAS", "LAPACKE", "FFTW (f64)", "FFTW (f32)", "OpenMP (libomp)"):
        lib = config["libraries"][name]
        assert lib["found"] == (lib["path"] is not None)
    assert config["libraries"]["OpenBLAS"]["found"]


def test_cache_dir_follows_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ARRAYC_CACHE_DIR", str(tmp_path))
    cache = arrayc.show_config(mode="dicts")["cache"]
    assert cache == {"dir": str(tmp_path), "from": "ARRAYC_CACHE_DIR", "enabled": True}
    monkeypatch.delenv("ARRAYC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("ARRAYC_CACHE", "0")
    cache = arrayc.show_config(mode="dicts")["cache"]
    assert cache == {"dir": str(tmp_path / "arrayc"), "from": "XDG_CACHE_HOME", "enabled": False}


def test_stdout(capsys):
    assert arrayc.show_config() is None
    out = capsys.readouterr().out
    assert out.startswith("arrayc:\n  version: %s\n" % arrayc.__version__)
    for section in ("runtime:", "targets:", "libraries:", "cache:", "python:"):
        assert "\n%s\n" % section in out


def test_bad_mode():
    with pytest.raises(ValueError, match="mode is 'stdout' or 'dicts'"):
        arrayc.show_config(mode="json")
