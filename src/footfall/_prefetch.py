"""LLVM's prefetch hint for the search kernels (`footfall.tactical._kernel`, the grid's;
`footfall.flight._kernel`, the flight's): ``prefetch(array, index)`` in njit code asks the CPU to
bring the cache line of ``array[index]`` in. One implementation for both kernels: an intrinsic
is LLVM code inlined where it is called, so a kernel compiled ahead of time does not import this
module when it runs; `footfall.aot`'s fingerprint hashes this file with each kernel's own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils, types
from numba.extending import intrinsic

__all__ = ["prefetch", "prefetch_name"]


def _prefetch_declaration(module: Any, name: str) -> Any:
    """Declare LLVM's prefetch intrinsic as `name` in llvmlite `module` (address, read or write,
    locality, data or instruction cache)."""
    i32 = ir.IntType(32)
    kind = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32])
    return cgutils.get_or_insert_function(module, kind, name)  # type: ignore[no-untyped-call]


@functools.cache
def prefetch_name() -> str | None:
    """Return the name of LLVM's prefetch intrinsic for numba's ``i8*`` in this llvmlite's LLVM,
    None when it takes none (then `prefetch` emits nothing: a hint only, the same answers).

    The intrinsic is overloaded on its pointer type, so its name depends on LLVM's pointers:
    ``llvm.prefetch.p0i8`` for the typed ``i8*`` of LLVM 14-16 (numba 0.60-0.61: llvmlite
    0.43-0.44), ``llvm.prefetch.p0`` for the opaque ``ptr`` of LLVM 17 on (numba 0.62 on:
    llvmlite 0.45 and later, LLVM 20-22). Rather than a table of versions, LLVM names it: a
    module declaring it is parsed and verified, and the name LLVM gave the declaration (it
    mends the suffix as it parses) is the one used. Asked at compile time only (a kernel
    loaded from numba's cache or compiled ahead of time never asks). docs/decisions.md.
    """
    from llvmlite import binding

    module = ir.Module(name="footfall_prefetch_probe")
    probe = ir.Function(module, ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t]), "probe")
    builder = ir.IRBuilder(probe.append_basic_block())
    i32 = ir.IntType(32)
    declared = _prefetch_declaration(module, "llvm.prefetch.p0")
    builder.call(declared, [probe.args[0], *map(i32, (0, 3, 1))])
    builder.ret_void()
    try:
        parsed = binding.parse_assembly(str(module))
        parsed.verify()
    except RuntimeError:
        return None
    names = [f.name for f in parsed.functions if f.name.startswith("llvm.prefetch")]
    return names[0] if len(names) == 1 else None


def _prefetch_intrinsic(typingctx: Any, array: Any, index: Any) -> Any:
    """Ask the CPU to bring the cache line of ``array[index]`` in (LLVM's ``prefetch``, read,
    high locality): a hint only, so an index off the array (a row above the map) is harmless.
    Nothing is emitted when this LLVM takes no prefetch intrinsic (`prefetch_name`).
    """
    signature = types.void(array, index)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        name = prefetch_name()
        if name is None:
            return context.get_dummy_value()
        array_type, index_type = sig.args
        data = context.make_array(array_type)(context, builder, args[0]).data
        item = context.get_abi_sizeof(context.get_data_type(array_type.dtype))
        offset = context.cast(builder, args[1], index_type, types.int64)
        address = builder.add(
            builder.ptrtoint(data, ir.IntType(64)),
            builder.mul(offset, ir.Constant(ir.IntType(64), item)),
        )
        i32 = ir.IntType(32)
        pointer = builder.inttoptr(address, cgutils.voidptr_t)
        builder.call(_prefetch_declaration(builder.module, name), [pointer, *map(i32, (0, 3, 1))])
        return context.get_dummy_value()

    return signature, codegen


#: `_prefetch_intrinsic` as compiled code calls it: ``prefetch(array, index)``.
prefetch = cast(Callable[[Any, int], None], intrinsic(_prefetch_intrinsic))
