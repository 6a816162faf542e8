"""Where the browser table's pages and static files will live (issue 15).

Today the server serves no HTML of its own beyond FastAPI's ``/docs``: ``/`` points
there. The browser table adds its Jinja2 templates and built JavaScript here (mounted
at ``/`` and ``/static``), as an ordinary client of the REST API and the table socket.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import RedirectResponse


def mount_pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def index() -> RedirectResponse:
        return RedirectResponse("/docs")
