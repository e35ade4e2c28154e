// py2cuda runtime: everything a translated program's host code uses (its main()):
// NumPy-shaped arrays and their printing (np.h, host/), device arrays, launches of
// host arrays, streams and clocks (host/support.h), and the program's entry point
// (host/program.h). Included by a .cu that has a host main().
#pragma once

#include "host/conversions.h"
#include "host/cooperative.h"
#include "host/device_array_text.h"
#include "host/device_ndarray.h"
#include "host/devices.h"
#include "host/dict.h"
#include "host/dict_classes.h"
#include "host/dynamic_number.h"
#include "host/event.h"
#include "host/exception_handling.h"
#include "host/forall.h"
#include "host/format_call.h"
#include "host/iterate.h"
#include "host/ndindex.h"
#include "host/print.h"
#include "host/python_math.h"
#include "host/range_contains.h"
#include "host/reduction.h"
#include "host/set.h"
#include "host/program.h"
#include "host/support.h"
#include "host/zero_division.h"
#include "host/sys.h"
#include "host/number_builtins.h"
#include "host/optional_value.h"
#include "host/str_methods.h"
#include "host/test_case.h"
#include "np.h"
