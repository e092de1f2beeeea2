"""Errors printed in another language keep their mechanism, and are never read as "nothing failed"."""

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize("text", ["bash: tree: Kommando nicht gefunden.", "bash: tree: 未找到命令",
                                  "'python' n'est pas reconnu en tant que commande interne"])
def test_a_command_not_found_in_another_language_is_a_missing_program(text: str) -> None:
    assert diagnose(text, "tree").category == "missing_dependency"


def test_a_refused_connection_in_german_is_transient() -> None:
    out = diagnose("psql: Fehler: Verbindung zum Server auf »localhost« (127.0.0.1), Port 5432 fehlgeschlagen: "
                   "Verbindungsaufbau abgelehnt", "psql -h localhost")
    assert out.category == "transient"


def test_a_postgres_relation_missing_in_french_is_an_undefined_name() -> None:
    out = diagnose("ERREUR:  la relation « users » n'existe pas\nLIGNE 1 : SELECT * FROM users;", "psql")
    assert out.category == "undefined_name"


def test_an_unrecognised_failure_in_another_language_is_unknown_not_benign() -> None:
    out = diagnose("E: Paket tree kann nicht gefunden werden.", "apt-get install tree")
    assert out.category != "not_an_error"


def test_a_null_reference_in_a_chinese_dotnet_is_a_runtime_error():
    out = diagnose("2017-01-30 19:03:17.4388|ERROR|App.Plugin.Main.Sources|未将对象引用设置到对象的实例。\n"
                   "   在 App.Plugin.Main.Sources() 位置 C:\\projects\\app\\Main.cs:行号 136\n")
    assert out.category == "runtime_error"
