//===- Driver.h - the arrayc compiler driver --------------------*- C++ -*-===//
//
// `arrayc` is one call of `arrayc::driver::main`; the stages it runs are the
// library pipelines of lib/Pipelines, so `arrayc-opt` replays any compile.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_DRIVER_DRIVER_H
#define ARRAYC_DRIVER_DRIVER_H

namespace arrayc::driver {
int main(int argc, char **argv);
/// `arrayc launch -np N [--] PROGRAM ARGS...` (Launch.cpp): N copies of a
/// program, one per GPU, for sharded cuda programs (docs/distributed.md).
int launchCommand(int argc, char **argv);
} // namespace arrayc::driver

#endif // ARRAYC_DRIVER_DRIVER_H
