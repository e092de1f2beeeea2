"""Data stores and data pipelines (MongoDB, Redis, Elasticsearch, Kafka, Spark, Airflow, dbt, Snowflake,
ClickHouse, DuckDB, BigQuery): their drivers' and servers' own words for the shared mechanisms."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize(("error", "category"), [
    ("MongoServerError: E11000 duplicate key error collection: app.users index: email_1 dup key: { email: "
     "\"a@example.com\" }", "precondition_failed"),
    ("MongoServerError: user is not allowed to do action [insert] on [app.users]", "permission_denied"),
    ("MongoServerError: Unknown modifier: $sett. Expected a valid update modifier", "invalid_arguments"),
    ("(error) WRONGTYPE Operation against a key holding the wrong kind of value", "invalid_arguments"),
    ("org.apache.kafka.common.errors.RecordTooLargeException: The message is 2097152 bytes when serialized which is "
     "larger than 1048576, which is the value of the max.request.size configuration.", "resource_limit"),
    ("max virtual memory areas vm.max_map_count [65530] is too low, increase to at least [262144]", "resource_limit"),
])
def test_a_servers_own_words_name_the_mechanism(error: str, category: str) -> None:
    assert diagnose(error).category == category


@pytest.mark.parametrize("error", [
    "pyspark.errors.exceptions.captured.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function "
    "parameter with name `amout` cannot be resolved. Did you mean one of the following? [`amount`, `id`].",
    "Code: 60. DB::Exception: Table default.ordrs does not exist. (UNKNOWN_TABLE)",
    "Catalog Error: Table with name ordrs does not exist!\nDid you mean \"orders\"?",
    "airflow.exceptions.AirflowNotFoundException: The conn_id `postgres_prod` isn't defined",
    "snowflake.connector.errors.ProgrammingError: 002003 (42S02): SQL compilation error:\nObject "
    "'ANALYTICS.PUBLIC.ORDRS' does not exist or not authorized.",
    "Compilation Error in model orders (models/orders.sql)\n  Model 'model.shop.orders' (models/orders.sql) depends on "
    "a node named 'stg_order' which was not found",
])
def test_a_table_column_or_node_that_does_not_exist_is_an_undefined_name(error: str) -> None:
    assert diagnose(error).category == "undefined_name"


def test_spark_path_not_found_inside_a_library_exception_is_a_missing_path() -> None:
    diag = diagnose("pyspark.errors.exceptions.captured.AnalysisException: [PATH_NOT_FOUND] Path does not exist: "
                    "file:/data/input.parquet.", "spark-submit job.py")
    assert diag.category == "file_not_found"


def test_a_query_parsers_expected_but_got_is_a_syntax_error_not_a_test_verdict() -> None:
    diag = diagnose("BigQuery error in query operation: Error processing job 'my-proj:bqjob_r1': Syntax error: "
                    "Expected end of input but got keyword FROM at [1:18]", "bq query 'SELECT a b FROM t'")
    assert diag.category == "syntax_error"


def test_a_failing_dbt_data_test_is_a_test_failure() -> None:
    diag = diagnose("Failure in test not_null_orders_id (models/schema.yml)\n  Got 3 results, configured to fail if "
                    "!= 0\n\nDone. PASS=10 WARN=0 ERROR=1 SKIP=0 TOTAL=11", "dbt test")
    assert diag.category == "test_failure"


@pytest.mark.parametrize(("error", "category"), [
    ("FATA[0000] Failed to declare a queue: Exception (406) Reason: \"PRECONDITION_FAILED - inequivalent arg "
     "'durable' for queue 'publisher' in vhost '/'\"", "precondition_failed"),
    ("Resources exceeded during query execution: Not enough resources for query planning - too many subqueries or "
     "query is too complex.", "resource_limit"),
    ("[info] <0.297.0> Free disk space is insufficient. Free bytes: 566611968. Limit: 629145600", "resource_limit"),
    ("17:04:19-0500 Compilation Error\n17:04:19-0500   dbt found 2 package(s) specified in packages.yml, but only 1 "
     "package(s) installed in dbt_modules. Run \"dbt deps\" to install package dependencies.", "missing_dependency"),
    ("Encountered an error:\nRuntime Error\n  fatal: Not a dbt project (or any of the parent directories). Missing "
     "dbt_project.yml file", "file_not_found"),
    ("[err]: GEOHASH is able to return geohash strings in tests/unit/geo.tcl", "test_failure"),
])
def test_data_tools_own_words(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_an_exception_that_only_relays_an_exit_status_is_a_wrapper() -> None:
    diag = diagnose("airflow.exceptions.AirflowException: Bash command failed. The command returned a non-zero exit "
                    "code 1.", "airflow tasks test etl run 2024-01-01")
    assert diag.category == "unknown"


def test_unknown_library_exception_yields_to_the_mechanism_in_the_body_it_relays() -> None:
    output = ("BotoServerError: 400 Bad Request\n{\"Error\":{\"Code\":\"ValidationError\",\"Message\":\"Template format "
              "error: Unresolved resource dependencies [website_bucket] in the Resources block of the template\"}}")
    assert diagnose(output).category == "undefined_name"


@pytest.mark.parametrize("error", [
    "Error: no such column: emial\n  in \"SELECT emial FROM users\"",
    "Msg 208, Level 16, State 1, Line 1\nInvalid object name 'dbo.Ordrs'.",
    "Msg 207, Level 16, State 1, Line 1\nInvalid column name 'CustomerNmae'.",
    "sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) table users has no column named nickname\n"
    "[SQL: INSERT INTO users (id, nickname) VALUES (?, ?)]",
])
def test_sqlite_and_sql_server_words_for_a_missing_table_or_column(error: str) -> None:
    assert diagnose(error).category == "undefined_name"


def test_a_missing_table_under_python_db_api_stays_the_setup_not_run() -> None:
    # The shared dev slice labels Django reproductions' "no such table" as runtime_error: the migrations never ran.
    error = "  File \"repro.py\", line 9, in <module>\n    cur.execute('select * from app_item')\n" \
            "sqlite3.OperationalError: no such table: app_item"
    assert diagnose(error).category == "runtime_error"


def test_a_builtin_re_raise_of_a_relayed_driver_error_reads_the_driver() -> None:
    error = ("RuntimeError: (snowflake.connector.errors.ProgrammingError) 002003 (42S02): SQL compilation error:\n"
             "Object 'ORDRS' does not exist or not authorized.\n[SQL: SELECT * FROM ordrs]")
    assert diagnose(error).category == "undefined_name"


def test_a_document_that_does_not_fit_the_index_mapping_is_a_data_shape_error() -> None:
    error = ('{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse field [price] of '
             'type [float]"}],"type":"mapper_parsing_exception","reason":"failed to parse field [price] of type '
             '[float]"},"status":400}')
    out = diagnose(error)
    assert out.category == "runtime_error" and "mapper_parsing_exception" in out.root_cause


@pytest.mark.parametrize("error", [
    "2025-01-30 14:57:37.978 | WARNING  | app.index:build:241 - Error: Expecting value: line 1 column 1 (char 0)",
    "  `-> Call to `setuptools.build_meta.get_requires_for_build_wheel` failed: expected value at line 1 column 1",
])
def test_a_json_decoder_failing_at_the_first_character_read_no_json_at_all(error: str) -> None:
    assert diagnose(error).category == "runtime_error"
