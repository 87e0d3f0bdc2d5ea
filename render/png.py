"""PNG files of the boards' palette images, compressed by ISA-L (python-isal) at its level
1: five times as fast as zlib at level 3 for boards of the same size (20-27 KB). Pillow
writes PNG through zlib only, so the file's four chunks are put together here."""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: ISA-L's levels run 0-3; 1 keeps every board under 30 KB (bench/render.py)
LEVEL = 1


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(image: Image.Image) -> bytes:
    """A palette ('P') image as a PNG file: 8 bits a pixel, its palette, no filtering (a
    board's rows gain nothing from PNG's filters: zlib finds the runs)."""
    if image.mode != "P":
        raise ValueError(f"palette_png takes a palette image, not mode {image.mode}")
    width, height = image.size
    raw = image.tobytes()
    rows = b"".join(b"\x00" + raw[y * width : (y + 1) * width] for y in range(height))
    palette = bytes(image.getpalette() or b"")
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", isal_zlib.compress(rows, LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
