"""A service's reply in the forms clients print it: a lock on shared state, a status inside an inspected error."""

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize("error", [
    "Error: error loading the remote state: failed to lock azure state: 2 errors occurred:\n"
    "\t* blobs.Client#AcquireLease: Failure sending request: StatusCode=409 -- Original Error: There is already a "
    "lease present.",
    "Error: Error locking state: Error acquiring the state lock: state blob is already locked",
    "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the "
    "lock file with `pulumi cancel`.",
])
def test_a_lock_held_on_shared_state_is_a_precondition(error: str) -> None:
    assert diagnose(error).category == "precondition_failed"


def test_a_status_inside_nodes_inspection_of_an_error_names_the_mechanism() -> None:
    error = ("{ [Error: {\"message\":\"Validation Failed\"}]\n  message: '{\"message\":\"Validation Failed\"}',\n"
             "  code: 422,\n  status: 'Unprocessable Entity',\n  headers: { server: 'GitHub.com' } }")
    assert diagnose(error).category == "invalid_arguments"


def test_a_code_field_in_plain_yaml_is_not_a_status() -> None:
    out = diagnose("services:\n  web:\n    image: nginx\n    code: 404\n", "cat compose.yaml")
    assert out.category == "not_an_error"


def test_a_quoted_grpc_unavailable_status_is_the_services_not_a_domain_rule() -> None:
    error = ('{\n  "code": 503,\n  "message": "Error encountered during execution. Retrying may solve the problem.",\n'
             '  "status": "UNAVAILABLE"\n}')
    assert diagnose(error).category == "transient"


def test_a_logged_5xx_that_is_still_being_retried_is_transient() -> None:
    error = ("warning - 2024-07-15 12:32:14,654 -- Response status code was 502. --- {\"retry\": 0}\n"
             "warning - 2024-07-15 12:32:14,654 -- Request failed. Retrying --- {\"retry\": 0}")
    assert diagnose(error).category == "transient"


def test_output_that_ends_in_network_retry_warnings_never_succeeded() -> None:
    error = ("warning: spurious network error (2 tries remaining): [28] Timeout was reached (failed to download any "
             "data for `serde v1.0.200` within 30s)\n"
             "warning: spurious network error (1 tries remaining): [28] Timeout was reached (failed to download any "
             "data for `serde v1.0.200` within 30s)")
    assert diagnose(error, "cargo fetch").category == "transient"


def test_an_api_code_for_a_missing_resource_inside_a_bad_request_type_is_not_found() -> None:
    error = ('{"error":{"code":"resource_missing","message":"No such customer: \'cus_123\'","param":"customer",'
             '"type":"invalid_request_error"}}')
    assert diagnose(error).category == "file_not_found"


def test_a_bot_missing_permissions_is_refused() -> None:
    assert diagnose('{"message": "Missing Permissions", "code": 50013}').category == "permission_denied"


@pytest.mark.parametrize("error", [
    "No replacement was performed, old_str `def foo(x):` did not appear verbatim in /repo/src/app.py.",
    "No replacement was performed. Multiple occurrences of old_str `return None` in lines [12, 48]. Please ensure "
    "it is unique",
    "String to replace not found in file.\nString: def load(path):",
    "Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set "
    "replace_all to true.",
])
def test_an_edit_whose_old_text_is_not_in_the_file_once_is_a_bad_argument(error: str) -> None:
    out = diagnose(error, "str_replace_editor str_replace /repo/src/app.py")
    assert out.category == "invalid_arguments" and "copy them exactly" in out.fix


@pytest.mark.parametrize("error", [
    "Error: browser_navigate failed: net::ERR_NAME_NOT_RESOLVED at https://docs.example.org/",
    "page.goto: net::ERR_CONNECTION_REFUSED at http://localhost:3000/\nCall log:\n  - navigating to "
    "\"http://localhost:3000/\", waiting until \"load\"",
])
def test_a_browsers_network_error_is_transient(error: str) -> None:
    assert diagnose(error).category == "transient"
