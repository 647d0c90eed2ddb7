"""Golden pictures: a drawing is compared with a reviewed PNG in `golden/`, with a tolerance for
anti-aliasing and palette noise. `UPDATE_GOLDEN=1 pytest tests/render` rewrites them after a
deliberate change (look at them before committing)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).parent / "golden"
NOISE = 24  # a channel may differ this much and still count as the same
MAX_CHANGED = 0.001  # share of pixels allowed to differ by more (one changed rank is 0.2 %)


def changed_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ visibly; 1.0 when the sizes differ."""
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    changed = sum(diff.point(lambda v: 255 if v > NOISE else 0).histogram()[255:])
    return changed / (a.width * a.height)


def assert_matches_golden(png: bytes, name: str) -> None:
    path = GOLDEN / f"{name}.png"
    picture = Image.open(io.BytesIO(png))
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(png)
    assert path.exists(), f"no golden picture {path.name}: run with UPDATE_GOLDEN=1 and review it"
    share = changed_share(picture, Image.open(path))
    assert share <= MAX_CHANGED, f"{name}: {share:.2%} of pixels differ from {path.name}"
