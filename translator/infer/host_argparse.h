// Host code's argparse parsers (infer/host_argparse.cpp): what each ArgumentParser of the
// program holds, so that its parse_args() result is typed attribute by attribute.
#pragma once

#include <string>
#include <vector>

#include "diag/source.h"
#include "types/type.h"

namespace py2cuda::sema {
struct FunctionEntry;
}

namespace py2cuda::infer {

using sema::FunctionEntry;


// One `argparse.ArgumentParser(...)` call of the program, and the add_argument() calls that
// follow it in the same block of the same function. Its parser and its Namespace are the host
// objects argparse_parser<K> and argparse_namespace<K>, K its index in ArgparseParsers.
struct ArgparseParser {
  Span site;                              // the constructor call: typing a body again starts it afresh
  const FunctionEntry* owner = nullptr;   // the function whose straight-line code adds the arguments
  std::vector<int> block_path;            // and the block they are added in
  struct Field {
    std::string dest;
    TypeRef type;  // args.DEST's type
  };
  std::vector<Field> fields;
};

using ArgparseParsers = std::vector<ArgparseParser>;

// Whether `t` is a parser or a Namespace of host/argparse.h (their methods and attributes are
// typed by infer/host_argparse.cpp).
bool is_argparse_object(TypeRef t);
bool is_argparse_namespace(TypeRef t);

}  // namespace py2cuda::infer
