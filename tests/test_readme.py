import re
from pathlib import Path

from supervisor_mcp.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOOLS = ("error_analysis", "inefficiency_analysis", "sub_agent_result_synthesis", "supervisor_capabilities")


def test_readme_names_every_tool():
    missing = [t for t in TOOLS if f"`{t}" not in README]
    assert not missing, f"README.md does not document: {missing}"


def test_readme_names_every_setting():
    missing = [f"SUPERVISOR_{f.upper()}" for f in Settings.model_fields if f"SUPERVISOR_{f.upper()}" not in README]
    assert not missing, f"README.md does not document: {missing}"


def test_ci_runs_the_readme_test_command():
    command = re.search(r"<!-- test-command -->\s*```(?:bash|sh)?\n(.+?)\n```", README, re.S)
    assert command, "README.md must mark its test command with <!-- test-command -->"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command.group(1).strip() in ci
