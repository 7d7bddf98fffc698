"""The deployment files describe the topology the tests run (no Docker daemon here, so the
compose file is checked as YAML and against :data:`topology.COMMANDS`)."""

from __future__ import annotations

from typing import Any

import yaml

from .topology import COMMANDS, ENVIRONMENT, ROOT


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_every_lucidmem_service_runs_the_tested_command() -> None:
    services = compose()["services"]
    assert set(services) == {"postgres", *COMMANDS}
    for name, command in COMMANDS.items():
        assert services[name]["command"] == command, name
        environment = services[name]["environment"]
        assert environment["LUCIDMEM_STORE_URL"].startswith("postgresql://")
        for variable, value in ENVIRONMENT.items():
            assert environment[variable] == value, (name, variable)


def test_the_stack_starts_in_order_on_pgvector() -> None:
    services = compose()["services"]
    assert services["postgres"]["image"].startswith("pgvector/pgvector:")
    assert "healthcheck" in services["postgres"]
    for name in ("worker", "api"):
        assert services[name]["depends_on"]["migrate"] == {
            "condition": "service_completed_successfully"}
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_the_image_default_command_is_the_api() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    cmd = next(line for line in dockerfile.splitlines() if line.startswith("CMD "))
    assert yaml.safe_load(cmd[4:]) == COMMANDS["api"]
    assert '".[server,postgres]"' in dockerfile
