#include "driver/translate.h"

#include "frontend/ast_dump.h"
#include "frontend/parser.h"
#include "ir/ir_dump.h"
#include "infer/infer.h"
#include "lower/emit.h"

namespace py2cuda {

const char* version() { return "0.1.0"; }

TranslateResult translate(const SourceFile& file, const TranslateOptions& options) {
  TranslateResult result;
  Diagnostics diags(file);
  ast::Module module = frontend::parse_module(file, diags);
  if (options.dump == TranslateOptions::Dump::Ast && !diags.has_errors()) result.dump = ast::dump(module);
  sema::fold_constants(module);
  sema::resolve_optional_imports(module);
  sema::inline_cached_functions(module);
  sema::inline_host_decorators(module);
  sema::inline_partial_functions(module);
  sema::inline_kernel_factories(module);
  sema::rename_redefined_functions(module);
  sema::split_module_tuple_assignments(module);
  sema::hoist_nested_functions(module, diags);
  sema::capture_module_device_arrays(module, diags);
  sema::unroll_dtype_choices(module);
  sema::context_generators_to_classes(module);
  sema::prepare_classes(module);
  sema::class_variables_to_globals(module);
  // Later stages still run after syntax errors elsewhere in the file, so
  // that one run reports as much as it can; their output is not kept.
  sema::ModuleInfo info = sema::analyze_module(module, file, options.signatures, diags);
  std::unique_ptr<ir::Module> ir;
  if (!diags.has_errors()) ir = infer::build_module(info, diags);
  if (ir && !(options.host_main && ir->has_host_main)) {
    // No main() of the program's own sets them before a launch: the caller's host code must.
    for (const ir::LaunchFrozenGlobal& g : ir->launch_frozen_globals) {
      diags.warning(g.span, "kernels read the global '" + g.python_name + "', which the program computes when it "
                            "runs; without the program's main() nothing sets it: code in this .cu's translation "
                            "unit must call py2cuda::host::freeze_global(" + ir->name + "::" + g.cpp_name +
                                ", value) before launching them");
    }
  }
  result.diagnostics = diags.render();
  if (diags.has_errors() || !ir) return result;
  lower::EmitOptions emit;
  emit.line_directives = options.line_directives;
  emit.header_include = options.header_include;
  emit.harness = options.harness;
  emit.host_main = options.host_main;
  emit.output_name = options.output_name;
  emit.version = version();
  if (options.dump == TranslateOptions::Dump::Ir) result.dump = ir::dump(*ir);
  result.cu = lower::emit_cu(*ir, file, emit, options.want_source_map ? &result.source_map : nullptr);
  result.link_paths = ir->link_paths;
  result.has_host_main = options.host_main && ir->has_host_main;
  result.host_main_unavailable = ir->host_program_unavailable;
  for (const auto& f : ir->functions) {
    if (f->is_kernel) result.kernels.push_back({f->name, f->cpp_name, f->signature_text});
  }
  if (options.want_header) result.header = lower::emit_header(*ir, file, emit);
  result.ok = true;
  return result;
}

}  // namespace py2cuda
