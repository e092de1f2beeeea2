"""The observation layer: one typed record per result, whatever the host's phrasing."""

from __future__ import annotations

import json

import pytest

from supervisor_mcp.heuristics.observation import observe, observe_step
from supervisor_mcp.heuristics.observation.frames import frame_of
from supervisor_mcp.heuristics.observation.shell import last_command, program
from supervisor_mcp.heuristics.purify import synthesize
from supervisor_mcp.models import Step

SOURCE_FILE = "\n".join(
    ["import os", "", "", "class Ledger:", '    """Entries of one account."""', ""]
    + [line for i in range(60) for line in (f"    def settle_{i}(self, amount):",
                                            f"        total = self.balance_{i} + amount",
                                            f"        return self.post(total, tag='s{i}')", "")]
)
WRAPPED = f"<returncode>0</returncode>\n<output>\n{SOURCE_FILE}\n</output>"
PHRASINGS = [
    "cat ledger.py",
    "bash: cat ledger.py",
    json.dumps({"tool": "bash", "args": {"command": "cat ledger.py"}}),
    json.dumps({"name": "bash", "arguments": json.dumps({"command": "cat ledger.py"})}),
    "read_file",
    "",
]


@pytest.mark.parametrize("source", PHRASINGS)
def test_a_printed_file_is_a_file_view_in_every_phrasing(source: str) -> None:
    assert observe(WRAPPED, source=source).kind == "file_view"


def test_purification_does_not_depend_on_how_the_command_is_phrased() -> None:
    outs = {synthesize(WRAPPED, task="Fix settle_7", source=s).synthesis for s in PHRASINGS[:4]}
    assert len(outs) == 1


@pytest.mark.parametrize(("command", "expected"), [
    ("cd /repo && timeout 60 pytest -x tests/", "pytest"),
    ("FOO=1 sudo -E python3 run.py | tee log.txt", "python3"),
    ("export PATH=/x:$PATH; nice -n 5 make test", "make"),
])
def test_program_is_the_first_real_program(command: str, expected: str) -> None:
    assert program(command) == expected


def test_last_command_ignores_separators_inside_quotes() -> None:
    cmd = last_command('python -c "import a; print(a)" | grep -n "x|y"')
    assert cmd is not None and cmd.name == "grep" and cmd.argv[-1] == "x|y"


def test_envelope_reads_exit_code_and_truncation() -> None:
    text = ("<returncode>2</returncode>\n<warning>\nThe output of your last command was too long.\n</warning>\n"
            "<output_head>\nerror: x\n</output_head>\n<elided_chars>\n9000 characters elided\n</elided_chars>")
    obs = observe(text, action="make all")
    assert (obs.exit_code, obs.truncated, obs.program) == (2, True, "make")
    assert "<warning>" not in obs.body and "error: x" in obs.body


def test_swe_agent_file_viewer_header_makes_a_file_view() -> None:
    text = "[File: /repo/notes.txt (300 lines total)]\n(100 more lines above)\n101:A plain sentence.\n"
    assert observe(text, source="open notes.txt").envelope.file == "/repo/notes.txt"


@pytest.mark.parametrize(("line", "expected"), [
    ('  File "/repo/app.py", line 12, in main', ("/repo/app.py", "12", "main")),
    ("    at handle (/app/server.js:40:7)", ("/app/server.js", "40", "handle")),
    ("\tat com.shop.Cart.total(Cart.java:88)", ("Cart.java", "88", "com.shop.Cart.total")),
    ("\t/home/u/app/main.go:27 +0x1d", ("/home/u/app/main.go", "27", "")),
    ("             at src/main.rs:14:9", ("src/main.rs", "14", "")),
])
def test_frames_of_each_runtime(line: str, expected: tuple[str, str, str]) -> None:
    assert frame_of(line) == expected


def test_a_step_with_a_structured_editor_call_has_no_command() -> None:
    step = Step(tool="str_replace_editor", args=json.dumps({"command": "view", "path": "a.py"}), result="1\tx = 1")
    obs = observe_step(step)
    assert obs.command == "" and obs.call.params["path"] == "a.py"
