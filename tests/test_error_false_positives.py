"""Text that looks like a mechanism but is not one: each case once fooled a rule (found in review)."""

from supervisor_mcp.heuristics.errors import diagnose


def test_a_json_access_logs_status_is_not_the_failure():
    out = diagnose('{"level":30,"res":{"statusCode":404},"req":{"url":"/favicon.ico"}}\n'
                   "Segmentation fault (core dumped)", "node server.js")
    assert out.category == "runtime_error"


def test_a_go_test_that_logs_a_dns_failure_it_met_is_a_network_failure():
    out = diagnose('    client_test.go:41: Get "https://api.github.com/x": dial tcp: lookup api.github.com: '
                   "Temporary failure in name resolution\nFAIL\texample.com/client\t0.031s", "go test ./...")
    assert out.category == "transient"


def test_an_error_that_relays_a_childs_exit_stays_unknown_even_with_a_stack():
    frames = "\n".join(f"    at step{i} (/app/node_modules/@actions/exec/lib/toolrunner.js:{i}:5)" for i in range(12))
    out = diagnose("Error: The process '/usr/bin/git' failed with exit code 128\n" + frames, "node action.js")
    assert out.category == "unknown"


def test_a_threshold_that_is_not_coverage_is_not_a_test_failure():
    out = diagnose("Error: free disk space 4% does not meet threshold of 10%", "./check.sh")
    assert out.category != "test_failure"


def test_a_time_budget_is_not_called_a_billing_quota():
    out = diagnose("Error: the build exceeded its time budget of 30m and was cancelled", "./ci.sh")
    assert "billing" not in out.root_cause and "quota" not in out.root_cause


def test_node_certificate_codes_alone_name_an_untrusted_certificate():
    out = diagnose("npm ERR! code SELF_SIGNED_CERT_IN_CHAIN\nnpm ERR! errno SELF_SIGNED_CERT_IN_CHAIN", "npm install")
    assert out.category == "precondition_failed" and "certificate" in out.root_cause


def test_a_warning_a_wrapper_relays_at_its_error_level_is_still_only_a_warning():
    out = diagnose("[INFO] Running 'npm install --color=false' in /app\n"
                   "[ERROR] npm WARN deprecated lodash@0.9.2: lodash@<2.0.0 is no longer maintained.\n"
                   "[ERROR] npm WARN prefer global node-gyp@3.2.1 should be installed with -g", "mvn install")
    assert out.category == "not_an_error"


def test_a_compiler_diagnostic_nothing_maps_is_unknown_not_a_tools_rejection():
    out = diagnose("error[E0499]: cannot borrow `v` as mutable more than once at a time\n --> src/main.rs:5:14",
                   "cargo build")
    assert out.category == "unknown"


def test_a_searchs_hits_are_results_even_when_they_name_errors():
    out = diagnose("src/errors.py:12:class ValidationError(Exception):\n"
                   'src/api.py:45:    raise NotFoundError(f"user {uid}")', "grep -rn 'Error' src/")
    assert out.category == "not_an_error"


def test_an_unmapped_compiler_diagnostic_still_says_where_to_look():
    out = diagnose("error[E0499]: cannot borrow `v` as mutable more than once at a time\n --> src/main.rs:5:14",
                   "cargo build")
    assert "E0499" in out.root_cause and "line it points to" in out.fix


def test_a_grep_that_filters_a_builds_output_does_not_make_its_errors_results():
    out = diagnose("./main.go:12:5: undefined: foo", "go build ./... 2>&1 | grep -v '^#'")
    assert out.category == "undefined_name"


def test_a_zero_error_tally_in_another_language_is_not_a_failure():
    out = diagnose("Der Buildvorgang wurde erfolgreich ausgeführt.\n    0 Warnung(en)\n    0 Fehler", "dotnet build")
    assert out.category == "not_an_error"


def test_an_unmapped_compiler_error_with_an_exit_code_is_not_a_programs_verdict():
    out = diagnose("<returncode>101</returncode>\nwarning: unused import: `std::error::Error`\n"
                   "error[E0499]: cannot borrow `v` as mutable more than once at a time\n --> src/main.rs:5:14",
                   "cargo build")
    assert out.category == "unknown" and "E0499" in out.root_cause


def test_a_timestamped_log_warning_before_normal_output_is_not_a_failure():
    out = diagnose("21/03/02 10:11:12 WARN util.NativeCodeLoader: Unable to load native-hadoop library for your "
                   "platform... using builtin-java classes where applicable\nFound 2 items\n"
                   "drwxr-xr-x   - app supergroup          0 2021-03-02 10:00 /data/raw\n"
                   "drwxr-xr-x   - app supergroup          0 2021-03-02 10:05 /data/clean", "hdfs dfs -ls /data")
    assert out.category == "not_an_error"


def test_a_jvm_warning_is_a_warning_not_the_failure():
    out = diagnose("OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes because "
                   "bootstrap classpath has been appended\nwrote 3 records to out.parquet", "spark-submit job.py")
    assert out.category == "not_an_error"


def test_a_timestamped_warning_that_relays_a_failure_still_counts():
    out = diagnose("2024-05-01 10:00:01,120 WARN [main] Retrying connect to server: db:5432. Connection refused\n"
                   "2024-05-01 10:00:09,001 ERROR [main] giving up", "java -jar loader.jar")
    assert out.category == "transient"


def test_a_warning_followed_by_an_apology_that_it_could_not_connect_is_a_failure():
    out = diagnose("Warning: mysqli_real_connect(): (HY000/2002): Connection refused in /srv/db.php on line 75\n"
                   "Connection Problems\n\nSorry, the forum was unable to connect to the database.\n")
    assert out.category == "transient"


def test_a_mechanism_on_its_own_line_under_a_notice_header_is_the_failure():
    out = diagnose("--  While building package gogol-compute-0.0.1 using:\n"
                   "      /home/u/.stack/setup-exe-cache/setup-Simple-Cabal build lib:gogol-compute\n"
                   "    [  2 of 194] Compiling Network.Google.Compute.Types.Product\n"
                   "    ghc: out of memory (requested 1048576 bytes)\n", "stack build")
    assert out.category == "resource_limit"


def test_a_warning_logged_connection_failure_is_not_read_as_a_refused_request():
    line = ("[2021-05-31 05:33:43,132] WARN [AdminClient clientId=adminclient-1] Connection to node -1 "
            "(host/127.0.0.1:9092) could not be established. Broker may not be available. "
            "(org.apache.kafka.clients.NetworkClient)\n")
    assert diagnose(line * 3, "kafka-topics.sh --list --bootstrap-server localhost:9092").category == "transient"


def test_a_warning_header_over_an_indented_mechanism_at_exit_0_is_still_only_a_warning():
    out = diagnose("<returncode>0</returncode>\n<output>\nWarning: config fallback used\n"
                   "    /etc/app.toml: No such file or directory\n</output>")
    assert out.category == "not_an_error"


def test_a_stray_end_tag_is_a_syntax_error_not_an_unknown_name():
    out = diagnose("Liquid Exception: Liquid syntax error (line 8): Unknown tag 'endif' in _layouts/default.html\n")
    assert out.category == "syntax_error"
