"""Advice the review of batches tt and uu found wrong, each mended by mechanism and tested on made-up output."""

from supervisor_mcp.heuristics.errors import diagnose


def test_a_known_identity_refused_an_action_is_told_to_grant_it() -> None:
    out = diagnose("User: arn:aws:iam::111122223333:user/ci is not authorized to perform: s3:PutObject on resource: "
                   "arn:aws:s3:::builds/app.zip")
    assert "Grant" in out.fix and "s3:PutObject" in out.root_cause


def test_a_database_privilege_refused_is_told_to_grant_it() -> None:
    out = diagnose("ERROR:  permission denied for table orders")
    assert "GRANT" in out.fix and out.root_cause.startswith("The identity was recognised")


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


def test_a_gpu_held_by_another_process_is_told_to_free_it() -> None:
    out = diagnose("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity "
                   "of 23.5 GiB of which 1.1 GiB is free. Process 4242 has 18.20 GiB memory in use. Including "
                   "non-PyTorch memory, this process has 4.10 GiB memory in use.")
    assert "process 4242" in out.root_cause and "CUDA_VISIBLE_DEVICES" in out.fix


def test_a_request_body_over_a_proxys_cap_names_the_cap() -> None:
    out = diagnose("<html><head><title>413 Request Entity Too Large</title></head></html>")
    assert "client_max_body_size" in out.fix


def test_a_program_too_big_for_the_boards_flash_names_the_partition() -> None:
    out = diagnose("Sketch uses 1474560 bytes (112%) of program storage space.\n"
                   "Compilation error: text section exceeds available space in board")
    assert out.category == "resource_limit" and "partition scheme" in out.fix


def test_a_403_without_a_word_about_credentials_is_about_access_not_the_key() -> None:
    out = diagnose("fatal error: An error occurred (403) when calling the HeadObject operation: Forbidden")
    assert "may access that resource" in out.fix and "not expired" not in out.fix


def test_a_providers_location_block_is_not_a_credentials_problem() -> None:
    out = diagnose("openai.PermissionDeniedError: Error code: 403 - {'error': {'code': "
                   "'unsupported_country_region_territory', 'message': 'Country, region, or territory not supported'}}")
    assert "location" in out.root_cause and "region" in out.fix


def test_a_table_a_migration_finds_already_there_gets_migration_advice() -> None:
    out = diagnose("SQLSTATE[42S01]: Base table or view already exists: 1050 Table 'orders' already exists")
    assert "migration" in out.fix and "Do not drop" in out.fix


def test_a_duplicate_key_is_data_not_migration_drift() -> None:
    out = diagnose('ERROR:  duplicate key value violates unique constraint "users_pkey"\n'
                   "DETAIL:  Key (id)=(7) already exists.")
    assert "migration" not in out.fix


def test_an_http_status_with_its_reason_is_never_a_normal_result() -> None:
    out = diagnose("go: finding example.com/mod v1.0.0\nverifying example.com/mod@v1.0.0/go.mod: reading "
                   "https://sum.golang.org/lookup/example.com/mod@v1.0.0: 410 Gone")
    assert out.category != "not_an_error"


def test_the_wording_guess_does_not_quote_a_debug_line() -> None:
    from supervisor_mcp.heuristics.errors.wording import resemblance
    found = resemblance("Mar 02 09:12:01 |DEBU| resolving symbol name lookup for module undefined identifier table\n"
                        "Mar 02 09:12:01 |ERRO| lookup failed")
    assert found is not None and "DEBU" not in found.line


def test_a_cabal_solver_failure_is_a_version_conflict_with_compiler_advice() -> None:
    out = diagnose("Resolving dependencies...\ncabal: Could not resolve dependencies:\n[__0] trying: app-0.1.0.0 "
                   "(user goal)\n[__1] next goal: base (dependency of app)\n[__1] rejecting: base-4.19.0.0/installed "
                   "(conflict: app => base>=4.14 && <4.18)")
    assert out.category == "precondition_failed" and "ghcup" in out.fix


def test_a_repositorys_spent_lfs_quota_is_not_a_network_failure() -> None:
    out = diagnose("batch response: This repository is over its data quota. Purchase more data packs to restore "
                   "access.\nerror: failed to fetch some objects from 'https://example.com/repo.git/info/lfs'")
    assert out.category == "resource_limit" and "GIT_LFS_SKIP_SMUDGE" in out.fix


def test_a_privileged_port_is_told_to_listen_higher_not_to_chown() -> None:
    out = diagnose("listen tcp :443: bind: permission denied")
    assert "CAP_NET_BIND_SERVICE" in out.fix


def test_a_client_with_no_credentials_at_all_is_told_to_set_them_up() -> None:
    out = diagnose("botocore.exceptions.NoCredentialsError: Unable to locate credentials")
    assert "aws configure" in out.fix


def test_an_anonymous_rate_limit_is_told_to_authenticate_not_to_retry_in_seconds() -> None:
    out = diagnose('{"message":"API rate limit exceeded for 198.51.100.4. (But here\'s the good news: Authenticated '
                   'requests get a higher rate limit.)"}')
    assert out.category == "transient" and "GITHUB_TOKEN" in out.fix and "2 s" not in out.fix


def test_address_in_use_on_a_connect_is_out_of_local_ports() -> None:
    out = diagnose("java.net.BindException: Address already in use: connect")
    assert out.category == "resource_limit" and "pool" in out.fix


def test_address_in_use_on_a_listen_is_still_a_port_held_by_another_process() -> None:
    assert diagnose("Error: listen EADDRINUSE: address already in use :::3000").category == "precondition_failed"


def test_a_runtime_error_with_no_file_or_line_asks_for_the_location_first() -> None:
    out = diagnose("System.InvalidOperationException: Sequence contains no elements")
    assert "names no file or line" in out.root_cause and "at that location" not in out.fix
