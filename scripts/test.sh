#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), then runs the whole test suite:
# lit + FileCheck, the runtime's GoogleTest suite and the e2e programs on the
# cpu target. GPU tests (test/Integration/GPU) run only where a GPU is usable.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --build build --target check-arrayc
