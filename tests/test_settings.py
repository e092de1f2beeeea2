from supervisor_mcp.settings import Settings


def test_unexpanded_placeholder_counts_as_unset(monkeypatch):
    monkeypatch.setenv("SUPERVISOR_MODEL", "${SUPERVISOR_MODEL}")
    monkeypatch.setenv("SUPERVISOR_DB", "${SUPERVISOR_DB:-}")
    settings = Settings()
    assert settings.model == "" and settings.db.endswith("sessions.sqlite3")


def test_fallback_models_split_on_commas(monkeypatch):
    monkeypatch.setenv("SUPERVISOR_FALLBACK_MODELS", "openai/gpt-4.1-mini, ollama/llama3.1 ,")
    assert Settings().fallbacks == ["openai/gpt-4.1-mini", "ollama/llama3.1"]
