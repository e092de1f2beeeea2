"""Advice the review of batches tt and uu found wrong, each mended by mechanism and tested on made-up output."""

from supervisor_mcp.heuristics.errors import diagnose


def test_a_known_identity_refused_an_action_is_told_to_grant_it() -> None:
    out = diagnose("User: arn:aws:iam::111122223333:user/ci is not authorized to perform: s3:PutObject on resource: "
                   "arn:aws:s3:::builds/app.zip")
    assert "Grant" in out.fix and "s3:PutObject" in out.root_cause


def test_a_database_privilege_refused_is_told_to_grant_it() -> None:
    out = diagnose("ERROR:  permission denied for table orders")
    assert "GRANT" in out.fix


def test_a_node_tool_not_found_is_installed_with_npm_not_apt() -> None:
    out = diagnose("sh: 1: eslint: not found")
    assert "npx eslint" in out.fix and "apt-get" not in out.fix


def test_a_missing_shebang_interpreter_points_at_the_hashbang_line() -> None:
    out = diagnose("bash: ./deploy.sh: /usr/local/bin/zsh: bad interpreter: No such file or directory")
    assert "#!" in out.fix and "/usr/local/bin/zsh" in out.root_cause


def test_a_jvm_pool_other_than_the_heap_is_not_told_to_raise_xmx() -> None:
    out = diagnose("[ERROR] java.lang.OutOfMemoryError: PermGen space")
    assert "MaxPermSize" in out.fix and "-Xmx4g" not in out.fix


def test_a_pathspec_that_may_be_a_ref_suggests_fetching_refs() -> None:
    out = diagnose("error: pathspec 'release/2.4' did not match any file(s) known to git")
    assert "git fetch --all --tags" in out.fix


def test_a_manifest_schema_error_is_about_the_manifest_not_the_flags() -> None:
    out = diagnose('error: error validating "svc.yaml": error validating data: ValidationError(Service.spec.ports[0]): '
                   'unknown field "target" in io.k8s.api.core.v1.ServicePort')
    assert out.category == "invalid_arguments" and "--help" not in out.fix and "Service.spec.ports[0]" in out.root_cause


def test_a_schema_object_that_already_exists_is_never_told_to_drop_it() -> None:
    out = diagnose('sqlalchemy.exc.ProgrammingError: (psycopg2.errors.DuplicateColumn) column "email" of relation '
                   '"users" already exists')
    assert "stamp" in out.fix and "Do not drop" in out.fix


def test_an_ascii_decode_error_is_not_told_to_open_a_file_with_an_encoding() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    print(label)\n'
                   "UnicodeDecodeError: 'ascii' codec can't decode byte 0xc3 in position 4: ordinal not in range(128)")
    assert ".decode('utf-8')" in out.fix and "Open the file" not in out.fix


def test_a_test_frameworks_own_timeout_is_a_test_failure_not_a_retry() -> None:
    out = diagnose('  1) "before each" hook:\n     Error: Timeout of 5000ms exceeded. For async tests and hooks, ensure '
                   '"done()" is called; if returning a Promise, ensure it resolves.')
    assert out.category == "test_failure" and not out.retryable


def test_a_servers_memory_cap_is_not_this_process_out_of_memory() -> None:
    out = diagnose("ReplyError: OOM command not allowed when used memory > 'maxmemory'.")
    assert "maxmemory-policy" in out.fix


def test_a_lisp_nesting_limit_is_read_as_recursion() -> None:
    out = diagnose("Debugger entered--Lisp error: (error \"Lisp nesting exceeds `max-lisp-eval-depth'\")\n"
                   "  my-indent()\n  my-indent()\n  my-indent()")
    assert out.root_cause.startswith("Infinite recursion")


def test_a_parse_error_outside_php_gets_no_php_advice() -> None:
    out = diagnose("res://scenes/main.gd:12 - Parse Error: Parse error: Unexpected 'match'")
    assert "php" not in out.fix.lower()
