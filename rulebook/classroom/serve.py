"""``python -m rulebook serve``: the class table on this machine.

It binds to localhost unless ``--host`` says otherwise; it prints the address students type
(for ``--host 0.0.0.0``, this machine's address on the classroom network) and a QR code of
it in the terminal.
"""
from __future__ import annotations

import socket
import sys
from typing import TextIO

__all__ = ["lan_address", "join_address", "qr_text", "serve"]


def lan_address() -> str:
    """This machine's address on its local network (no packet is sent: a UDP socket is only
    pointed at a private address to see which interface would be used)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def join_address(host: str, port: int) -> str:
    """The address students type into a browser."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/student"


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with characters for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "classroom.sqlite",
          out: TextIO = sys.stdout) -> int:
    """Run the class table until Ctrl+C; returns the exit status."""
    import uvicorn

    from .app import create_app

    app = create_app(db)
    url = join_address(host, port)
    out.write(f"Class table: students open {url}\n")
    out.write(f"Teacher: http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
              f"/teacher   rooms kept in {db}\n")
    out.write(qr_text(url))
    out.flush()
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                # a view is a few KB: compressing each costs the server more than it saves
                ws_per_message_deflate=False)
    return 0
