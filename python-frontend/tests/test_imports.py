"""The package's modules import one another without a cycle (including the
imports inside functions), so each can be read and loaded on its own."""
import ast
import os

import arrayc


def _imports(path):
    deps = set()
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                deps.add(node.module.split(".")[0])
            else:
                deps.update(alias.name for alias in node.names)
    return deps


def test_no_import_cycles():
    root = os.path.dirname(arrayc.__file__)
    graph = {f[:-3]: _imports(os.path.join(root, f))
             for f in os.listdir(root) if f.endswith(".py")}
    done, path = set(), []

    def visit(module):
        assert module not in path, "import cycle: " + " -> ".join(path + [module])
        if module in done or module not in graph:
            return
        path.append(module)
        for dep in sorted(graph[module]):
            visit(dep)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
