"""The LLM-free error diagnosis engine, on real-shaped errors.

Shell errors come from mini-swe-agent runs (mini-swe-agent wraps output in <returncode>/<output>),
tool rejections from tau-bench airline; transient, permission and resource-limit errors, which those
runs lack, are written in the exact shapes the tools print.
"""

from __future__ import annotations

import pathlib
import time

import pytest

from supervisor_mcp.heuristics.errors import diagnose
from supervisor_mcp.models import Step

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "errors"


def shell(output: str, code: int = 1) -> str:
    return f"<returncode>{code}</returncode>\n<output>\n{output}</output>"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


# --- not an error ---------------------------------------------------------------------------------

def test_grep_without_match_is_not_an_error() -> None:
    diag = diagnose(shell(""), 'grep -n "def merge_attrs" xarray/core/computation.py')
    assert (diag.category, diag.fault, diag.action) == ("not_an_error", "none", "provide_guidance")
    assert "def merge_attrs" in diag.root_cause


def test_pipeline_ending_in_grep_is_not_an_error() -> None:
    assert diagnose(shell(""), "pip freeze | grep -i mysql").category == "not_an_error"


def test_xargs_grep_status_123_with_directory_noise_is_not_an_error() -> None:
    output = "grep: sklearn/utils/tests: Is a directory\ngrep: sklearn/svm/tests: Is a directory\n"
    diag = diagnose(shell(output, 123), 'find sklearn -name "*test*" | xargs grep -l "strip_accents_unicode"')
    assert diag.category == "not_an_error"


def test_grep_exit_with_traceback_from_the_piped_command_is_an_error() -> None:
    output = ('Traceback (most recent call last):\n  File "run.py", line 3, in <module>\n    main()\n'
              "NameError: name 'main' is not defined\n")
    assert diagnose(shell(output), "python run.py | grep RESULT").category == "undefined_name"


def test_diff_of_differing_files_is_not_an_error() -> None:
    output = "3c3\n< expected = 1\n---\n> expected = 2\n"
    assert diagnose(shell(output), "diff before.py after.py").category == "not_an_error"


def test_false_test_expression_is_not_an_error() -> None:
    assert diagnose(shell(""), "test -f build/output.log").category == "not_an_error"


def test_pytest_selecting_no_test_is_not_an_error_and_names_the_selector() -> None:
    output = ("collected 891 items / 891 deselected / 0 selected\n\n"
              "===================== 891 deselected, 11 warnings in 6.86s =====================\n")
    diag = diagnose(shell(output, 5), "pytest xarray/tests/test_dataarray.py -k integrate")
    assert diag.category == "not_an_error"
    assert "integrate" in diag.root_cause and "--collect-only" in diag.fix


def test_ls_of_a_file_name_is_an_existence_check() -> None:
    output = "ls: cannot access 'reproduce_issue.py': No such file or directory\n"
    assert diagnose(shell(output, 2), "ls reproduce_issue.py").category == "not_an_error"


def test_ls_of_a_missing_directory_is_file_not_found_with_a_search() -> None:
    output = "ls: cannot access 'tests/foreign_keys': No such file or directory\n"
    diag = diagnose(shell(output, 2), "ls tests/foreign_keys")
    assert diag.category == "file_not_found"
    assert "find . -name foreign_keys " in diag.fix and "ls tests" in diag.fix


def test_unquoted_path_of_older_coreutils_is_the_path_alone() -> None:
    output = "ls: cannot access src/utils: No such file or directory\n"
    diag = diagnose(shell(output, 2), "ls src/utils")
    assert "`src/utils`" in diag.root_cause and "find . -name utils " in diag.fix


# --- the agent's code and calls --------------------------------------------------------------------

def test_module_not_found_inside_a_traceback_is_missing_dependency() -> None:
    diag = diagnose(fixture("django_missing_app.txt"), "python reproduce_issue.py")
    assert diag.category == "missing_dependency"
    assert diag.evidence == ["ModuleNotFoundError: No module named 'reproduce_app'"]


def test_own_module_that_is_not_importable_is_the_agents_fault() -> None:
    diag = diagnose(fixture("django_missing_app.txt"), "python reproduce_issue.py")
    assert diag.fault == "agent"
    assert "__init__.py" in diag.fix and "PYTHONPATH" in diag.fix


@pytest.mark.parametrize(("module", "package"), [("yaml", "PyYAML"), ("cv2", "opencv-python"),
                                                 ("sklearn", "scikit-learn"), ("PIL", "Pillow")])
def test_missing_library_names_the_package_to_install(module: str, package: str) -> None:
    error = ('Traceback (most recent call last):\n  File "/app/load.py", line 2, in <module>\n'
             f"    import {module}\nModuleNotFoundError: No module named '{module}'\n")
    diag = diagnose(shell(error), "python load.py")
    assert (diag.category, diag.fault) == ("missing_dependency", "environment")
    assert f"pip install {package}" in diag.fix


def test_missing_command_suggests_the_system_package() -> None:
    diag = diagnose(shell("bash: line 1: psql: command not found\n", 127), "psql --version")
    assert (diag.category, diag.fault) == ("missing_dependency", "environment")
    assert "postgresql-client" in diag.fix


def test_interpreter_without_pytest_points_at_the_interpreter() -> None:
    diag = diagnose(shell("/usr/bin/python3: No module named pytest\n"), "/usr/bin/python3 -m pytest tests/")
    assert diag.category == "missing_dependency"
    assert "/usr/bin/python3" in diag.root_cause and "pip install pytest" in diag.fix


def test_heredoc_delimiter_run_as_a_command_is_a_syntax_error() -> None:
    diag = diagnose(shell("bash: line 12: EOF: command not found\n", 127), "cat <<EOF > a.py\nprint(1)\n EOF")
    assert diag.category == "syntax_error"


def test_python_one_liner_with_compound_statement_explains_the_rule() -> None:
    error = ('  File "<string>", line 1\n    class A: pass; class B: pass; print(A < B)\n'
             "                       ^\nSyntaxError: invalid syntax\n")
    diag = diagnose(shell(error), 'python -c "class A: pass; class B: pass; print(A < B)"')
    assert diag.category == "syntax_error"
    assert "heredoc" in diag.fix
    assert 'File "<string>", line 1' in diag.evidence


def test_indentation_error_reports_file_and_line() -> None:
    error = ('Traceback (most recent call last):\n  File "/testbed/reproduce_issue.py", line 48, in <module>\n'
             '    django.setup()\n  File "/testbed/django/forms/models.py", line 1093\n'
             '    if instance: print(instance.id)\n    ^\n'
             "IndentationError: expected an indented block after 'if' statement on line 1092\n")
    diag = diagnose(shell(error), "python3 reproduce_issue.py")
    assert diag.category == "syntax_error"
    assert "/testbed/django/forms/models.py" in diag.root_cause and "1093" in diag.root_cause


def test_fstring_backslash_gets_the_python_version_rule() -> None:
    error = ('  File "test_combining.py", line 8\n    print(f"{combining(\'\\u20dd\')}")\n         ^\n'
             "SyntaxError: f-string expression part cannot include a backslash\n")
    assert "variable" in diagnose(shell(error), "python3 test_combining.py").fix


def test_escaped_quote_inside_single_quotes_is_explained() -> None:
    error = ("bash: -c: line 1: syntax error near unexpected token `('\n"
             "bash: -c: line 1: `sed -i '5c\\    # Don\\'t show it (alias)' a.py'\n")
    diag = diagnose(shell(error, 2), "sed -i '5c\\    # Don\\'t show it (alias)' a.py")
    assert diag.category == "syntax_error"
    assert "`(`" in diag.root_cause and "heredoc" in diag.fix


def test_name_error_points_at_the_agents_frame() -> None:
    error = ('Traceback (most recent call last):\n  File "/testbed/django/db/models/sql/compiler.py", line 136, '
             "in get_group_by\n    for expr in having_group_by:\nNameError: name 'having_group_by' is not defined\n")
    diag = diagnose(shell(error), "python3 reproduce_issue.py")
    assert diag.category == "undefined_name"
    assert "compiler.py:136" in diag.root_cause


def test_attribute_error_inside_a_test_run_is_undefined_name() -> None:
    diag = diagnose(fixture("unittest_attribute_error.txt"), "python3 reproduce_issue_mock.py")
    assert (diag.category, diag.fault) == ("undefined_name", "agent")
    assert "in_atomic_block" in diag.root_cause


def test_mock_without_attribute_says_to_configure_the_mock() -> None:
    error = ('Traceback (most recent call last):\n  File "/testbed/test_fix.py", line 26, in <module>\n'
             "    builder = Builder(app)\nAttributeError: Mock object has no attribute 'srcdir'\n")
    assert "mock.srcdir" in diagnose(shell(error), "python3 test_fix.py").fix


def test_cannot_import_name_is_undefined_name_with_a_search() -> None:
    error = ("ImportError: cannot import name 'TextChoices' from 'django.db.models' "
             "(/testbed/django/db/models/__init__.py)\n")
    diag = diagnose(shell(error), "python check.py")
    assert diag.category == "undefined_name"
    assert "class TextChoices" in diag.fix


def test_wrong_positional_count_is_invalid_arguments() -> None:
    error = ('Traceback (most recent call last):\n  File "/testbed/reproduce_bug.py", line 42, in <module>\n'
             "    x, y = child.get_offset(w, h, xd, yd, renderer)\n"
             "TypeError: DrawingArea.get_offset() takes 1 positional argument but 6 were given\n")
    diag = diagnose(shell(error), "python reproduce_bug.py")
    assert diag.category == "invalid_arguments"
    assert "reproduce_bug.py:42" in diag.root_cause and "def get_offset(" in diag.fix


def test_unexpected_keyword_names_the_keyword() -> None:
    error = "Error: book_reservation() got an unexpected keyword argument 'seat_class'"
    diag = diagnose(error, '{"user_id": "mia_li_3668", "seat_class": "economy"}')
    assert diag.category == "invalid_arguments"
    assert "seat_class" in diag.root_cause


def test_type_error_about_values_not_arguments_is_runtime_error() -> None:
    error = ('Traceback (most recent call last):\n  File "calc.py", line 4, in <module>\n    total = a + b\n'
             "TypeError: unsupported operand type(s) for +: 'int' and 'str'\n")
    assert diagnose(shell(error), "python calc.py").category == "runtime_error"


def test_cli_usage_error_quotes_the_usage_line() -> None:
    error = ("usage: manage.py test [-h] [--noinput] [--parallel [N]] [test_label ...]\n"
             "manage.py test: error: unrecognized arguments: --fast\n")
    diag = diagnose(shell(error, 2), "python manage.py test --fast")
    assert diag.category == "invalid_arguments"
    assert "--fast" in diag.root_cause and "usage: manage.py test" in diag.fix


def test_pytest_plugin_flag_points_at_the_plugin() -> None:
    error = ("ERROR: usage: pytest [options] [file_or_dir] [file_or_dir] [...]\n"
             "pytest: error: unrecognized arguments: -n 2\n  inifile: tox.ini\n")
    assert "pytest-xdist" in diagnose(shell(error, 4), "pytest -n 2 tests").fix


def test_unknown_tool_is_invalid_arguments() -> None:
    assert diagnose("Unknown action search_flights", "{}").category == "invalid_arguments"


def test_schema_validation_lists_the_missing_field() -> None:
    error = "Error: 1 validation error for Payment\npayment_id\n  Field required [type=missing, input_value={}]"
    diag = diagnose(error, '{"payment_methods": [{"amount": 300}]}')
    assert diag.category == "invalid_arguments"
    assert "payment_id" in diag.root_cause


# --- domain rules ------------------------------------------------------------------------------------

def test_payment_total_rejection_says_what_would_add_up() -> None:
    diag = diagnose("Error: payment amount does not add up, total price is 375, but paid 299",
                    '{"user_id": "ivan_muller_7015", "payment_methods": [{"payment_id": "certificate_1", "amount": '
                    '299}]}')
    assert (diag.category, diag.fault, diag.retryable) == ("precondition_failed", "agent", False)
    assert "375" in diag.fix and "short by 76" in diag.fix
    assert diag.evidence == ["Error: payment amount does not add up, total price is 375, but paid 299"]


def test_unavailable_flight_says_to_search_again() -> None:
    diag = diagnose("Error: flight HAT030 not available on date 2024-05-13", '{"reservation_id": "XEWRD9"}')
    assert diag.category == "precondition_failed"
    assert "HAT030" in diag.fix and "search again" in diag.fix


@pytest.mark.parametrize("error", ["Error: gift card balance is not enough",
                                   "Error: certificate cannot be used to update reservation",
                                   "Error: not enough seats on flight HAT102",
                                   "Error: non-pending order cannot be cancelled"])
def test_domain_rejections_quote_the_rule(error: str) -> None:
    diag = diagnose(error, "{}")
    assert diag.category == "precondition_failed"
    assert error.removeprefix("Error: ") in diag.root_cause


def test_not_found_id_the_agent_just_read_asks_for_verification() -> None:
    steps = [Step(tool="get_user_details", args='{"user_id": "mia_li_3668"}',
                  result='{"reservations": ["NO6JO3", "AIXC49"]}')]
    diag = diagnose("Error: reservation not found", '{"reservation_id": "NO6JO3"}', steps)
    assert (diag.category, diag.action) == ("precondition_failed", "run_verification")
    assert "NO6JO3" in (diag.verification_task or "")


# --- tests and runtime -------------------------------------------------------------------------------

def test_unittest_failure_names_the_test_and_the_rerun_command() -> None:
    diag = diagnose(fixture("django_test_failed.txt"), "./tests/runtests.py constraints")
    assert diag.category == "test_failure"
    assert "constraints.tests.CheckConstraintTests.test_multilvl_check_constraint_sql" in diag.fix
    assert "unexpectedly found" in diag.root_cause


def test_pytest_assert_reports_the_compared_values() -> None:
    error = ("reproduce_issue.py F\n\n=================================== FAILURES "
             "===================================\n"
             "    def test_total():\n>       assert total([1, 2]) == 4\nE       assert 3 == 4\n"
             "E        +  where 3 = total([1, 2])\n\nreproduce_issue.py:6: AssertionError\n"
             "=========================== short test summary info ============================\n"
             "FAILED reproduce_issue.py::test_total - assert 3 == 4\n============================== 1 failed in 0.03s "
             "===\n")
    diag = diagnose(shell(error), "pytest reproduce_issue.py")
    assert diag.category == "test_failure"
    assert "`3` == `4`" in diag.root_cause
    assert "pytest 'reproduce_issue.py::test_total' -x -q" in diag.fix


def test_script_that_exits_1_without_exception_is_a_failed_check() -> None:
    diag = diagnose(shell("Before: OrderedDict([(1, <Manager>)])\nAfter: OrderedDict()\n"), "python reproduce_issue.py")
    assert diag.category == "test_failure"
    assert diag.confidence <= 0.6


def test_test_run_with_only_errors_is_runtime_error() -> None:
    diag = diagnose(fixture("sympy_tests_errored.txt"), "bin/test sympy/core/tests/test_basic.py "
                                                        "sympy/core/tests/test_expr.py")
    assert diag.category == "runtime_error"


def test_failures_on_stashed_code_are_the_environments() -> None:
    diag = diagnose(fixture("sympy_tests_errored.txt"), "git stash && bin/test sympy/core/tests/test_expr.py")
    assert diag.fault == "environment"
    assert "pre-existing" in diag.root_cause


def test_chained_database_error_gives_the_schema_fix() -> None:
    diag = diagnose(fixture("sqlite_no_such_table.txt"), "python reproduce_issue.py")
    assert diag.category == "runtime_error"
    assert "no such table: __main___article" in diag.root_cause and "schema" in diag.fix


def test_exception_type_without_conventional_suffix_is_read_by_position() -> None:
    error = ('Traceback (most recent call last):\n  File "/testbed/django/apps/registry.py", line 138, in check\n'
             '    raise AppRegistryNotReady("Apps aren\'t loaded yet.")\n'
             "django.core.exceptions.AppRegistryNotReady: Apps aren't loaded yet.\n")
    diag = diagnose(shell(error), "python3 reproduce_issue.py")
    assert diag.category == "runtime_error"
    assert "django.setup()" in diag.fix


def test_rm_of_a_missing_file_suggests_force() -> None:
    diag = diagnose(shell("rm: cannot remove 'verify_method.py': No such file or directory\n"),
                    "rm reproduce_issue.py verify_method.py")
    assert diag.category == "file_not_found"
    assert "rm -f" in diag.fix


# --- long outputs ------------------------------------------------------------------------------------

def test_truncated_test_output_is_classified_by_its_content() -> None:
    diag = diagnose(fixture("pytest_output_too_long.txt"), "pytest tests/test_ext_autodoc.py")
    assert diag.category == "test_failure"
    assert "tail -n 60" in diag.fix


def test_long_error_output_is_condensed_around_the_exception() -> None:
    error = fixture("pytest_output_too_long.txt")
    diag = diagnose(error, "pytest tests/test_ext_autodoc.py")
    assert diag.action == "correct_observation"
    corrected = diag.corrected_observation or ""
    assert "AssertionError: assert" in corrected
    assert "DeprecationWarning" not in corrected
    assert len(corrected) < len(error) / 2


def test_short_error_is_not_condensed() -> None:
    diag = diagnose(fixture("django_test_failed.txt"), "./tests/runtests.py constraints")
    assert (diag.action, diag.corrected_observation) == ("provide_guidance", None)


def test_output_cut_for_length_without_a_signature_is_resource_limit() -> None:
    error = ("<returncode>0</returncode>\n<warning>\nThe output of your last command was too long.\n</warning>"
             "<output_head>\n" + "src/app/module_%d.py:12: import os\n" * 200 + "</output_head>")
    diag = diagnose(error, "grep -rn 'import os' src")
    assert diag.category == "resource_limit"
    assert "-l" in diag.fix or "head" in diag.fix


# --- categories the dev runs lack ----------------------------------------------------------------------

TRANSIENT = [
    ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.github.com', port=443): Max retries "
     "exceeded with url: /repos (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object>: "
     "Failed to establish a new connection: [Errno 111] Connection refused'))", "curl"),
    ("WARNING: Retrying (Retry(total=4, connect=None, read=None)) after connection broken by "
     "'NewConnectionError(\"Failed to establish a new connection: [Errno -3] Temporary failure in name "
     "resolution\")': /simple/requests/\nERROR: Could not find a version that satisfies the requirement "
     "requests (from versions: none)\nERROR: No matching distribution found for requests", "pip install requests"),
    ("curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received", "curl -sS https://example.org"),
    ("httpx.HTTPStatusError: Server error '503 Service Unavailable' for url 'https://api.example.com/v1/items'",
     "python fetch.py"),
    ("Error code: 529 - {'type': 'error', 'error': {'type': 'overloaded_error', 'message': 'Overloaded'}}", ""),
]


@pytest.mark.parametrize(("error", "action"), TRANSIENT)
def test_transient_failures_are_the_only_retryable_ones(error: str, action: str) -> None:
    diag = diagnose(error, action)
    assert (diag.category, diag.retryable) == ("transient", True)


def test_rate_limit_uses_retry_after() -> None:
    error = "HTTP/1.1 429 Too Many Requests\nRetry-After: 30\nContent-Type: application/json\n"
    diag = diagnose(error, "curl -i https://api.example.com/v1/search")
    assert diag.category == "transient"
    assert "30 s" in diag.fix


@pytest.mark.parametrize(("error", "action"), [
    ("PermissionError: [Errno 13] Permission denied: '/usr/lib/python3/dist-packages/app.cfg'", "python setup.py"),
    ("touch: cannot touch '/etc/app.conf': Read-only file system", "touch /etc/app.conf"),
    ("requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.example.com/v1/me",
     "python whoami.py"),
    ("git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.", "git push"),
])
def test_permission_failures(error: str, action: str) -> None:
    diag = diagnose(shell(error), action)
    assert (diag.category, diag.fault, diag.retryable) == ("permission_denied", "environment", False)


def test_script_without_execute_bit_suggests_chmod() -> None:
    diag = diagnose(shell("bash: line 1: ./run_tests.sh: Permission denied\n", 126), "./run_tests.sh")
    assert diag.category == "permission_denied"
    assert "chmod +x ./run_tests.sh" in diag.fix


@pytest.mark.parametrize(("error", "code"), [
    ('Traceback (most recent call last):\n  File "load.py", line 9, in <module>\n    data = np.zeros((10**6, 10**6))\n'
     "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 7.28 TiB for an array\nMemoryError\n", 1),
    ("Killed\n", 137),
    ("cp: error writing '/tmp/dataset.bin': No space left on device\n", 1),
    ("openai.BadRequestError: Error code: 400 - {'error': {'message': \"This model's maximum context length is "
     "128000 tokens. However, your messages resulted in 131072 tokens.\", 'code': 'context_length_exceeded'}}", 1),
])
def test_resource_limits(error: str, code: int) -> None:
    diag = diagnose(shell(error, code), "python load.py")
    assert (diag.category, diag.retryable) == ("resource_limit", False)


def test_infinite_recursion_names_the_repeating_frame() -> None:
    frame = '  File "/app/tree.py", line 14, in depth\n    return 1 + depth(node.child)\n'
    error = "Traceback (most recent call last):\n" + frame * 30 + "RecursionError: maximum recursion depth exceeded\n"
    diag = diagnose(shell(error), "python tree.py")
    assert diag.category == "resource_limit"
    assert "/app/tree.py:14" in diag.root_cause


def test_silent_failure_is_unknown_with_low_confidence() -> None:
    diag = diagnose(shell(""), "make build")
    assert (diag.category, diag.confidence) == ("unknown", 0.3)


# --- contradictions with the agent's own steps -----------------------------------------------------

def test_missing_file_the_agent_just_created_asks_for_verification() -> None:
    steps = [Step(tool="bash", args="cat <<'EOF' > reproduce_issue_strict.py\nimport django\nEOF", result="")]
    error = shell("python: can't open file '/testbed/reproduce_issue_strict.py': [Errno 2] No such file or "
                  "directory\n", 2)
    diag = diagnose(error, "python reproduce_issue_strict.py", steps)
    assert (diag.category, diag.action) == ("file_not_found", "run_verification")
    assert "pwd" in (diag.verification_task or "")


def test_import_failing_after_install_asks_which_interpreter() -> None:
    steps = [Step(tool="bash", args="pip install pyyaml", result="Successfully installed PyYAML-6.0.1")]
    error = shell('Traceback (most recent call last):\n  File "cfg.py", line 1, in <module>\n    import yaml\n'
                  "ModuleNotFoundError: No module named 'yaml'\n")
    diag = diagnose(error, "python3 cfg.py", steps)
    assert diag.action == "run_verification"
    assert "sys.executable" in (diag.verification_task or "")


def test_file_deleted_by_the_agent_needs_no_verification() -> None:
    steps = [Step(tool="bash", args="touch out.log", result=""), Step(tool="bash", args="rm out.log", result="")]
    diag = diagnose(shell("cat: out.log: No such file or directory\n"), "cat out.log", steps)
    assert diag.action == "provide_guidance"


# --- engineering properties ------------------------------------------------------------------------------

@pytest.mark.parametrize(("error", "action"), [
    (fixture("unittest_attribute_error.txt"), "python3 reproduce_issue_mock.py"),
    (fixture("pytest_output_too_long.txt"), "pytest tests/test_ext_autodoc.py"),
    (shell(""), "grep -n 'def getdoc' sphinx/ext/autodoc/__init__.py"),
    (shell(""), "make build"),
    ("Error: flight HAT030 not available on date 2024-05-13", "{}"),
])
def test_evidence_lines_are_verbatim_from_the_error(error: str, action: str) -> None:
    diag = diagnose(error, action)
    assert diag.evidence and all(line in error for line in diag.evidence)


@pytest.mark.parametrize("text", ["a" * 4_000_000, "a." * 2_000_000, "_" * 4_000_000, "1" * 4_000_000,
                                  "File \"x.py\", line 1, in f\n" * 150_000, "() got " * 500_000])
def test_huge_adversarial_inputs_stay_fast(text: str) -> None:
    started = time.perf_counter()
    diagnose(text, "python x.py")
    assert time.perf_counter() - started < 1.0


def test_unknown_third_party_module_is_installed_not_blamed_on_the_agent() -> None:
    diag = diagnose("Traceback (most recent call last):\n  File \"extract.py\", line 1, in <module>\n"
                    "    import pdfplumber\nModuleNotFoundError: No module named 'pdfplumber'", "python extract.py")
    assert diag.fault == "environment" and "pip install pdfplumber" in diag.fix


def test_module_shown_as_a_project_path_is_the_agents_own() -> None:
    diag = diagnose("ModuleNotFoundError: No module named 'helpers'", "python helpers/run.py")
    assert diag.fault == "agent" and "PYTHONPATH" in diag.fix


def test_missing_node_module_is_installed_with_npm_not_pip() -> None:
    diag = diagnose("Error: Cannot find module 'express'\nRequire stack:\n- /app/server.js", "node server.js")
    assert diag.category == "missing_dependency" and "npm install express" in diag.fix and "pip" not in diag.fix


def test_jvm_exception_is_a_runtime_error() -> None:
    error = 'Exception in thread "main" java.lang.NullPointerException\n\tat Main.main(Main.java:5)'
    diag = diagnose(error, "java Main")
    assert diag.category == "runtime_error"


def test_dash_syntax_error_is_a_syntax_error() -> None:
    assert diagnose('sh: 1: Syntax error: "(" unexpected', "sh -c 'echo $(('").category == "syntax_error"


def test_action_given_as_tool_call_json_is_read_as_its_command() -> None:
    action = '{"command": "grep -n MAX_PAGES repo/config.py"}'
    diag = diagnose("<returncode>1</returncode>\n<output>\n</output>", action)
    assert diag.category == "not_an_error"
