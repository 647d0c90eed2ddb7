"""Pictures are drawn off the event loop: a drawing takes 4–30 ms of Pillow, which on
the loop held up every other table's presses and commits by as much. One thread draws them all,
one after another: Pillow's fonts are not safe to share between threads, and one core is what a
drawing can use anyway."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drawing")


async def drawn(draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """`draw(*args, **kwargs)`, run in the drawing thread."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, functools.partial(draw, *args, **kwargs))
