"""The memory browser page (M26) as the app serves it, and its script against the real API."""

from __future__ import annotations

import re
from importlib import resources

from fastapi.testclient import TestClient

from .conftest import auth

SCRIPT = (resources.files("lucidmem.api") / "browser" / "app.js").read_text(encoding="utf-8")
CALL = re.compile(r'call\("(GET|POST|PATCH|DELETE)",\s*((?:\([^)]*\)|"[^"]*"|[^,)])+)')


def _path(expression: str) -> str:
    """``"/memories/" + encodeURIComponent(item.id) + "/history"`` → ``/memories/{}/history``."""
    parts = [p.strip() for p in expression.split("+")]
    return "".join(p[1:-1] if p.startswith('"') else "{}" for p in parts)


def _routes(client: TestClient) -> set[tuple[str, str]]:
    spec = client.get("/openapi.json").json()
    return {(method.upper(), re.sub(r"\{[^}]+\}", "{}", path))
            for path, ops in spec["paths"].items() for method in ops}


def test_page_and_assets_are_served_with_a_strict_policy(client: TestClient) -> None:
    redirect = client.get("/browser", follow_redirects=False)
    assert redirect.status_code == 308 and redirect.headers["location"] == "/browser/"
    for path, kind in (("/browser/", "text/html"), ("/browser/app.js", "text/javascript"),
                       ("/browser/app.css", "text/css")):
        r = client.get(path)  # no key needed to load the page
        assert r.status_code == 200 and r.headers["content-type"].startswith(kind)
        policy = r.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert r.headers["x-content-type-options"] == "nosniff"
    page = client.get("/browser/").text
    assert "/browser/app.js" in page and "<script>" not in page  # no inline script
    assert not re.search(r"(src|href)=\"https?://", page)  # nothing fetched from elsewhere
    assert "/browser" not in client.get("/openapi.json").text  # not part of the API


def test_every_call_of_the_script_is_a_route_of_the_api(client: TestClient) -> None:
    calls = {(m, "/api/v1" + _path(e)) for m, e in CALL.findall(SCRIPT)}
    assert len(calls) >= 8, calls  # list, search, history, update, delete, export, ...
    missing = calls - _routes(client)
    assert not missing, f"the browser calls routes the API does not have: {missing}"


def test_the_script_never_renders_data_as_html() -> None:
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in SCRIPT, sink
    assert "sessionStorage" in SCRIPT and "localStorage" not in SCRIPT


def test_what_the_page_shows_comes_from_the_users_own_key(client: TestClient) -> None:
    """The page's first request (list) answers the key's own memories only."""
    client.post("/api/v1/memories", json={"messages": "<img src=x onerror=alert(1)>"},
                headers=auth("maya"))
    mine = client.get("/api/v1/memories", params={"limit": 50, "offset": 0},
                      headers=auth("maya")).json()
    assert [i["text"] for i in mine["items"]] == ["<img src=x onerror=alert(1)>"]
    assert client.get("/api/v1/memories", headers=auth("sam")).json()["items"] == []
    assert client.get("/api/v1/memories").status_code == 401
