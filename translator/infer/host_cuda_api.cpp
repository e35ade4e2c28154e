// FunctionBuilder, host code: numba.cuda's host API: device arrays (cuda.to_device,
// device_array, copy_to_host, split), devices, streams, events, synchronisation and the
// random states of numba.cuda.random (runtime host/device_ndarray.h, devices.h, event.h).
#include <cstdint>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"

namespace py2cuda::infer {

using builtins::HostRule;

ir::ExprPtr FunctionBuilder::host_cuda_api(HostRowArgs& bound, ir::ExprPtr self) {
  const ast::Call& c = bound.call;
  const builtins::HostBuiltin& row = bound.row;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::DeviceSplit: {
      if (!bound.bind({"section", "stream"}) || !bound.need(0, "section")) return nullptr;
      if (self->type->ndim() != 1) return fail(c.span, what + "() splits 1-D device arrays only (Numba: only support 1d array)");
      auto n = bound.value(0);
      if (!n) return nullptr;
      if (!n->type->is_int()) return fail(a[0]->span, what + "() needs an integer section size");
      if (!read_once(c)) {
        const std::string call(D().file().span_text(c.span));
        not_portable(c.span, "makes split() a generator: no len(), indexing or second pass on a GPU",
                     "Loop over it directly or write `list(" + call + ")`");
      }
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      args.push_back(convert(std::move(n), types::int64()));
      TypeRef part = types::device_array(args[0]->type->dtype(), 1, Layout::C);
      return call_node(types::list(part), "py2cuda::host::List<{t0}>(" + rt + "({0}, {1}))", c.span, std::move(args), {part});
    }
    case HostRule::ToDevice: {
      if (!bound.bind({"obj", "stream", "copy", "to"}) || !bound.need(0, "obj")) return nullptr;
      ir::ExprPtr src;
      if (a[0]->kind == ast::ExprKind::List || a[0]->kind == ast::ExprKind::Tuple) {
        // Numba copies a list or tuple through np.asarray: NumPy's dtype and shape of the
        // (nested) display, as np.array gives them.
        if (!c.keywords.empty() || c.args.size() != 1) {
          return fail(c.span, "cuda.to_device() of a list or tuple takes no other argument in py2cuda");
        }
        src = host_row_node(c, *builtins::find_host("numpy.array"), nullptr);
      } else {
        src = bound.value(0);
        if (src && src->type->is_list()) src = array_from_list(std::move(src), nullptr, a[0]->span);
      }
      if (!src) return nullptr;
      bool copy = true;
      if (!is_none(a[2])) {
        auto flag = bound.value(2);
        if (!flag) return nullptr;
        const auto known = known_value(*flag);
        if (!flag->type->is_bool() || !known) {
          return fail(a[2]->span, "copy= of cuda.to_device() must be written True or False in the call");
        }
        copy = *known != 0.0;
      }
      if (!is_none(a[3])) {
        // Numba: `to.copy_to_device(obj)` when copying, and `to` is returned.
        auto to = bound.value(3);
        if (!to) return nullptr;
        if (!to->type->is_device_array() || !src->type->is_array() || to->type->dtype() != src->type->dtype() ||
            to->type->ndim() != src->type->ndim()) {
          return fail(a[3]->span, "to= of cuda.to_device() needs a device array of the dtype and dimensions of " +
                                      src->type->str() + ", not " + to->type->str());
        }
        if (!copy) return to;
        TypeRef t = to->type;
        std::vector<ir::ExprPtr> args;
        args.push_back(std::move(to));
        args.push_back(std::move(src));
        return call_node(t, "py2cuda::host::copy_into({0}, {1})", c.span, std::move(args));
      }
      if (src->type->is_device_array()) return src;  // already on the device: Numba returns it as it is
      if (!src->type->is_array()) return fail(a[0]->span, "cuda.to_device() needs a NumPy array, not " + src->type->str());
      TypeRef t = types::device_array(src->type->dtype(), src->type->ndim(), Layout::C);
      // copy=False: device memory like the array, left uninitialised.
      return call_node(t, rt + (copy ? "({0})" : "({0}, false)"), c.span, args_of(std::move(src)));
    }
    case HostRule::DeviceArrayNew: {
      if (!bound.bind({"shape", "dtype", "strides", "order", "stream"}) || !bound.need(0, "shape")) return nullptr;
      int ndim = 0;
      auto shape = shape_value(*a[0], ndim);
      TypeRef dt = bound.dtype_or(1, types::float64());
      if (!shape || !dt) return nullptr;
      return call_node(types::device_array(dt, ndim, Layout::C), rt + "<{t0}>({0})", c.span, args_of(std::move(shape)), {dt});
    }
    case HostRule::DeviceArrayLike: {
      if (!bound.bind({"ary", "stream"}) || !bound.need(0, "ary")) return nullptr;
      auto like = bound.value(0);
      if (!like) return nullptr;
      if (!like->type->is_array()) return fail(a[0]->span, what + "() needs an array, not " + like->type->str());
      TypeRef t = types::device_array(like->type->dtype(), like->type->ndim(), Layout::C);
      return call_node(t, rt + "({0})", c.span, args_of(std::move(like)));
    }
    case HostRule::CopyToHost: {
      if (!bound.bind({"ary", "stream"})) return nullptr;
      TypeRef t = types::array(self->type->dtype(), self->type->ndim(), Layout::C);
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      if (is_none(a[0])) return call_node(t, "{0}.copy_to_host()", c.span, std::move(args));
      auto into = bound.array_arg(0);
      if (!into) return nullptr;
      if (into->type->dtype() != args[0]->type->dtype() || into->type->ndim() != args[0]->type->ndim()) {
        return fail(a[0]->span, "copy_to_host(ary) needs an array of the device array's dtype and dimensions, not " +
                                    into->type->str());
      }
      t = into->type;
      args.push_back(std::move(into));
      return call_node(t, "{0}.copy_to_host({1})", c.span, std::move(args));
    }
    case HostRule::CopyToDevice: {
      if (!bound.bind({"ary", "stream"}) || !bound.need(0, "ary")) return nullptr;
      auto src = bound.value(0);
      if (!src) return nullptr;
      if (!src->type->is_array() || src->type->dtype() != self->type->dtype()) {
        return fail(a[0]->span, "copy_to_device() needs an array of dtype " + self->type->dtype()->str());
      }
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      args.push_back(std::move(src));
      return call_node(types::none(), "{0}.copy_to_device({1})", c.span, std::move(args));
    }
    case HostRule::DeviceList:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      return call_node(types::host_object("DeviceList"), rt + "()", c.span, {});
    case HostRule::Contiguity:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      return call_node(types::boolean(), "{0}." + rt + "()", c.span, args_of(std::move(self)));
    case HostRule::DeviceQuery:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      return call_node(types::boolean(), rt + "()", c.span, {});
    case HostRule::IsCudaArray: {
      if (!bound.bind({"obj"}) || !bound.need(0, "obj")) return nullptr;
      auto obj = bound.value(0);
      if (!obj) return nullptr;
      const bool device = obj->type->is_device_array();
      return call_node(types::boolean(), std::string("((void){0}, ") + (device ? "true)" : "false)"), c.span,
                       args_of(std::move(obj)));
    }
    case HostRule::DeviceHandle: {
      if (row.path == "numba.cuda.get_current_device") {
        if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
        return call_node(types::host_object("Device"), rt + "()", c.span, {});
      }
      if (!bound.bind({"device_id"}) || !bound.need(0, "device_id")) return nullptr;
      auto id = bound.value(0);
      if (!id) return nullptr;
      if (!id->type->is_int()) return fail(a[0]->span, what + "() needs an integer device id, not " + id->type->str());
      return call_node(types::host_object("Device"), rt + "({0})", c.span, args_of(convert(std::move(id), types::int64())));
    }
    case HostRule::Synchronize:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      if (self) return call_node(types::none(), "{0}.synchronize()", c.span, args_of(std::move(self)));
      return call_node(types::none(), rt + "()", c.span, {});
    case HostRule::Event: {
      if (!bound.bind({"timing"})) return nullptr;
      std::vector<ir::ExprPtr> args;
      if (!is_none(a[0])) {
        auto v = bound.value(0);
        if (!v) return nullptr;
        if (!v->type->is_bool() && !v->type->is_int()) return fail(a[0]->span, what + "(timing=...) needs a bool");
        args.push_back(convert(std::move(v), types::boolean()));
      }
      const size_t n = args.size();
      return call_node(types::host_object("Event"), rt + "(" + placeholders(0, n) + ")", c.span, std::move(args));
    }
    case HostRule::EventRecord:
    case HostRule::EventWait: {
      // e.query() takes nothing; record() and wait() an optional stream (0: the default one).
      if (row.path == "Event.query") {
        if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
        return call_node(types::boolean(), "{0}.query()", c.span, args_of(std::move(self)));
      }
      if (!bound.bind({"stream"})) return nullptr;
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      if (!is_none(a[0])) {
        auto st = bound.value(0);
        if (!st) return nullptr;
        if (st->type != types::host_object("Stream") && !st->type->is_int()) {
          return fail(a[0]->span, what + "(stream=...) needs a stream from cuda.stream(), or 0");
        }
        args.push_back(st->type->is_int() ? convert(std::move(st), types::int64()) : std::move(st));
      }
      const std::string call = "{0}." + rt + "(" + (args.size() == 2 ? "{1}" : "") + ")";
      return call_node(types::none(), call, c.span, std::move(args));
    }
    case HostRule::EventElapsed: {
      // cuda.event_elapsed_time(start, end), or start.elapsed_time(end).
      std::vector<ir::ExprPtr> args;
      if (self) args.push_back(std::move(self));
      if (!(args.empty() ? bound.bind({"evtstart", "evtend"}) && bound.need(0, "evtstart") && bound.need(1, "evtend")
                         : bound.bind({"event"}) && bound.need(0, "event"))) {
        return nullptr;
      }
      for (size_t slot = 0; args.size() < 2; ++slot) {
        auto v = bound.value(slot);
        if (!v) return nullptr;
        if (v->type != types::host_object("Event")) return fail(a[slot]->span, what + "() needs events from cuda.event()");
        args.push_back(std::move(v));
      }
      return call_node(types::float64(), rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::Stream:
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, what + "() takes no arguments");
      return call_node(types::host_object("Stream"), rt + "()", c.span, {});
    case HostRule::RngStates: {
      if (!bound.bind({"n", "seed", "subsequence_start", "stream"}) || !bound.need(0, "n") || !bound.need(1, "seed")) return nullptr;
      std::vector<ir::ExprPtr> args;
      for (size_t k = 0; k < 3; ++k) {
        if (k == 2 && is_none(a[k])) break;
        auto v = bound.value(k);
        if (!v) return nullptr;
        if (!v->type->is_int()) return fail(a[k]->span, what + "() needs integers");
        args.push_back(convert(std::move(v), k == 0 ? types::int64() : types::uint64()));
      }
      return call_node(types::device_array(types::xoroshiro128p(), 1, Layout::C), rt + "(" + placeholders(0, args.size()) + ")",
                       c.span, std::move(args));
    }
    default:
      break;
  }
  return fail(bound.call.span, bound.what + "() is not supported in host code by py2cuda");
}

}  // namespace py2cuda::infer
