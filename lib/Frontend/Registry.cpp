//===- Registry.cpp - the names the frontend knows ------------------------===//
//
// Lookups over the registries (Builtins.def, Methods.def,
// ModuleFunctions.def) and their listing for `arrayc builtins`, which
// docs/numpy-compatibility.md is generated from.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Frontend.h"
#include "Frontend/DTypeNames.h"
#include "Frontend/Gen.h"

#include "llvm/Support/raw_ostream.h"

using namespace arrayc::frontend;
using namespace arrayc::frontend::gen;

namespace {
struct ModuleFunction {
  llvm::StringLiteral module, name;
};
} // namespace

static const BuiltinInfo kBuiltins[] = {
#define BUILTIN(Id, Spelling, Family)                                          \
  {Builtin::Id, Spelling, BuiltinFamily::Family, /*pythonOnly=*/false},
#define PYTHON_BUILTIN(Id, Spelling, Family)                                   \
  {Builtin::Id, Spelling, BuiltinFamily::Family, /*pythonOnly=*/true},
#include "Frontend/Builtins.def"
};

static const MethodInfo kMethods[] = {
#define ATTRIBUTE(Id, Spelling) {Method::Id, Spelling, MethodKind::Attribute},
#define METHOD(Id, Spelling, Kind) {Method::Id, Spelling, MethodKind::Kind},
#include "Frontend/Methods.def"
};

static const ModuleFunction kModuleFunctions[] = {
#define MODULE_FUNCTION(Module, Spelling) {#Module, Spelling},
#include "Frontend/ModuleFunctions.def"
};

const BuiltinInfo *gen::lookupBuiltin(llvm::StringRef name, bool viaModule) {
  for (const BuiltinInfo &bi : kBuiltins)
    if (bi.name == name)
      return viaModule && bi.pythonOnly ? nullptr : &bi;
  static const BuiltinInfo scalarType{Builtin::None, kScalarTypeBuiltin,
                                      BuiltinFamily::Creation, false};
  if (viaModule && lookupDTypeName(name, DTypeSpelling::Any))
    return &scalarType;
  return nullptr;
}

const MethodInfo *gen::lookupMethod(llvm::StringRef name, bool attribute) {
  for (const MethodInfo &m : kMethods)
    if (m.name == name && (m.kind == MethodKind::Attribute) == attribute)
      return &m;
  return nullptr;
}

bool gen::isModuleFunction(llvm::StringRef module, llvm::StringRef name) {
  for (const ModuleFunction &f : kModuleFunctions)
    if (f.module == module && f.name == name)
      return true;
  return false;
}

std::string gen::moduleFunctionList(llvm::StringRef module) {
  std::string list;
  for (const ModuleFunction &f : kModuleFunctions)
    if (f.module == module)
      list += (list.empty() ? "" : ", ") + f.name.str();
  return list;
}

static llvm::StringRef familyName(BuiltinFamily f) {
  switch (f) {
  case BuiltinFamily::Elementwise:
  case BuiltinFamily::Ufunc:
    return "ufunc";
  case BuiltinFamily::Reduction:
  case BuiltinFamily::Statistic:
    return "reduction";
  case BuiltinFamily::Creation:
    return "creation";
  case BuiltinFamily::Contraction:
    return "linear-algebra";
  case BuiltinFamily::Shape:
    return "shape";
  case BuiltinFamily::Host:
    return "io";
  case BuiltinFamily::Index:
    return "indexing";
  case BuiltinFamily::Stats:
    return "statistics";
  case BuiltinFamily::Signal:
    return "signal";
  case BuiltinFamily::ArrayUtil:
    return "other";
  case BuiltinFamily::Composite:
    return "other";
  }
  return "other";
}

static llvm::StringRef methodKindName(MethodKind k) {
  switch (k) {
  case MethodKind::Attribute:
    return "attribute";
  case MethodKind::Own:
  case MethodKind::Reduction:
  case MethodKind::Function:
    return "method";
  }
  return "method";
}

void arrayc::frontend::printBuiltins(llvm::raw_ostream &os) {
  for (const BuiltinInfo &bi : kBuiltins)
    os << (bi.pythonOnly ? "python" : "numpy") << '\t' << bi.name << '\t'
       << familyName(bi.family) << '\n';
  for (const ModuleFunction &f : kModuleFunctions)
    os << "numpy." << f.module << '\t' << f.name << '\t' << f.module << '\n';
  for (const MethodInfo &m : kMethods)
    os << "ndarray\t" << m.name << '\t' << methodKindName(m.kind) << '\n';
}
