// Fixture of test/docs/environment.test: what check_environment.py counts as
// reading an environment variable in C/C++, and what it does not.
#include <cstdlib>
#define ARRAYC_FIXTURE_MACRO 1                              // a macro: not read
ARRAYC_RT_API void f(void);                                 // not read
const char *a = std::getenv("ARRAYC_FIXTURE_C");            // read
const char *b = llvm::sys::Process::GetEnv("ARRAYC_FIXTURE_LLVM"); // read
const char *c = "ARRAYC_FIXTURE_STRING";                    // a string: not read
