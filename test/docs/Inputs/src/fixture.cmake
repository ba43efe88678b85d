# Fixture of test/docs/environment.test (CMake).
set(dir "$ENV{ARRAYC_FIXTURE_CMAKE}")
set(ARRAYC_FIXTURE_CACHE "" CACHE STRING "a cache variable: not read")
