// Bad --mesh/--shard values are errors at the module or the function they name.
// RUN: arrayc-opt %s --split-input-file -verify-diagnostics --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=f:3=0})'
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=g:0=0})' 2>&1 | FileCheck --check-prefix=NOFN %s
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2x2 shard=f:0=0/2})' 2>&1 | FileCheck --check-prefix=ND %s
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2x2 shard=f:0=0/1,f:0=0/0})' 2>&1 | FileCheck --check-prefix=TWICE %s
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=0 shard=f:0=0})' 2>&1 | FileCheck --check-prefix=ZERO %s
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=f:x})' 2>&1 | FileCheck --check-prefix=SPEC %s
// RUN: not arrayc-opt %s --pass-pipeline='builtin.module(arrayc-shard-functions{mesh=2 shard=f:0=1})' 2>&1 | FileCheck --check-prefix=DIM %s

// expected-error@+1 {{shard 'f:3=0': 'f' has 1 argument(s), counted from 0}}
func.func @f(%a: tensor<?xf64>) -> tensor<?xf64> {
  return %a : tensor<?xf64>
}

// NOFN: error: shard 'g:0=0': the program has no function 'g'
// ND: error: shard 'f:0=0/2': the mesh '2x2' has 2 axis(es), counted from 0
// TWICE: error: shard 'f:0=0/0': dimension 0 of argument 0 is split twice
// ZERO: error: invalid mesh '0': expected process counts like 4 or 2x2
// SPEC: error: invalid shard 'f:x': expected FUNC:ARG=DIM
// DIM: error: shard 'f:0=1': argument 0 of 'f' has no dimension 1
