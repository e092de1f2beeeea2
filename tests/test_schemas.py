from pathlib import Path

from supervisor_mcp.schemas import REGENERATE, render_schemas

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


def test_schemas_folder_matches_the_models():
    expected = render_schemas()
    actual = {p.name: p.read_text(encoding="utf-8") for p in SCHEMAS.glob("*.json")}
    stale = sorted(name for name in expected.keys() | actual.keys() if expected.get(name) != actual.get(name))
    assert not stale, f"schemas/ is stale ({', '.join(stale)}): run `{REGENERATE}` and commit the result"
