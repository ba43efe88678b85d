//===- arrayc.cpp - the arrayc compiler -----------------------------------===//
#include "Driver/Driver.h"

int main(int argc, char **argv) { return arrayc::driver::main(argc, argv); }
