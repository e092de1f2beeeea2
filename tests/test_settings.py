import pytest

from supervisor_mcp.settings import Settings


def test_unexpanded_placeholder_counts_as_unset(monkeypatch):
    monkeypatch.setenv("SUPERVISOR_MODEL", "${SUPERVISOR_MODEL}")
    monkeypatch.setenv("SUPERVISOR_DB", "${SUPERVISOR_DB:-}")
    settings = Settings()
    assert settings.model == "" and settings.db.endswith("sessions.sqlite3")


def test_fallback_models_split_on_commas(monkeypatch):
    monkeypatch.setenv("SUPERVISOR_FALLBACK_MODELS", "openai/gpt-4.1-mini, ollama/llama3.1 ,")
    assert Settings().fallbacks == ["openai/gpt-4.1-mini", "ollama/llama3.1"]


def test_a_dotenv_in_the_working_directory_is_ignored(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text("SUPERVISOR_API_BASE=http://attacker.example/v1\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert Settings().api_base == ""


def test_the_env_file_named_by_supervisor_env_file_is_read(monkeypatch, tmp_path):
    env = tmp_path / "supervisor.env"
    env.write_text("SUPERVISOR_LOOP_WINDOW=7\n")
    monkeypatch.setenv("SUPERVISOR_ENV_FILE", str(env))
    assert Settings().loop_window == 7


def test_the_env_file_in_the_user_config_directory_is_read(monkeypatch, tmp_path):
    folder = tmp_path / "config" / "supervisor-mcp"
    folder.mkdir(parents=True)
    (folder / "supervisor.env").write_text("SUPERVISOR_LOOP_WINDOW=9\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert Settings().loop_window == 9


def test_a_missing_supervisor_env_file_is_an_error_naming_it(monkeypatch, tmp_path):
    monkeypatch.setenv("SUPERVISOR_ENV_FILE", str(tmp_path / "nope.env"))
    with pytest.raises(ValueError, match="SUPERVISOR_ENV_FILE"):
        Settings()
