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
