"""Model APIs and servers: the same status code means different moves by what the body says."""

from supervisor_mcp.heuristics.errors import diagnose


def test_a_per_minute_quota_is_a_rate_limit_worth_waiting_out():
    out = diagnose("google.api_core.exceptions.ResourceExhausted: 429 Quota exceeded for aiplatform.googleapis.com/"
                   "generate_content_requests_per_minute_per_project_per_base_model with base model: gemini-pro.")
    assert out.category == "transient" and out.retryable is True


def test_a_model_the_local_server_never_pulled_is_missing_and_the_fix_pulls_it():
    out = diagnose('ollama._types.ResponseError: model "llama3:70b" not found, try pulling it first')
    assert out.category == "missing_dependency" and "ollama pull llama3:70b" in out.fix


def test_a_deployment_name_azure_does_not_have_is_an_undefined_name_not_a_missing_path():
    out = diagnose("openai.NotFoundError: Error code: 404 - {'error': {'code': 'DeploymentNotFound', 'message': "
                   "'The API deployment for this resource does not exist.'}}")
    assert out.category == "undefined_name"


def test_a_content_filter_refusal_is_a_rejected_state_not_bad_parameters():
    out = diagnose("openai.BadRequestError: Error code: 400 - {'error': {'message': 'Invalid prompt: your prompt was "
                   "flagged as potentially violating our usage policy.', 'type': 'invalid_request_error'}}")
    assert out.category == "precondition_failed" and "filter" in out.root_cause


def test_a_local_servers_maximum_model_length_is_a_context_overflow():
    out = diagnose("ValueError: The decoder prompt (length 9000) is longer than the maximum model length of 8192.")
    assert out.category == "resource_limit"


def test_an_mcp_server_that_failed_to_start_is_unknown_and_says_to_run_it_by_hand():
    out = diagnose('MCP server "github" failed to start: Error: Connection closed')
    assert out.category == "unknown" and "by hand" in out.fix


def test_an_api_clients_own_exception_is_read_by_the_status_it_states():
    out = diagnose("jira.exceptions.JIRAError: JiraError HTTP 401 url: https://acme.atlassian.net/rest/api/2/issue")
    assert out.category == "permission_denied"


def test_an_http_clients_error_with_only_a_reason_phrase_is_read_by_it():
    out = diagnose("HttpError: Not Found\n    at /app/node_modules/@octokit/request/dist-node/index.js:86:21")
    assert out.category == "file_not_found"


def test_gemini_resource_exhausted_is_a_rate_limit_to_wait_out() -> None:
    diag = diagnose("Error during Gemini API call: 429 Resource has been exhausted (e.g. check quota).")
    assert diag.category == "transient" and diag.retryable


def test_invalid_function_schema_is_a_bad_argument() -> None:
    diag = diagnose("Error [AI_APICallError]: Invalid schema for function 'mysql_execute': In context=(), 'required' "
                    "is required to be supplied and to be an array including every key in properties.")
    assert diag.category == "invalid_arguments"


def test_agent_frameworks_request_budget_is_a_resource_limit() -> None:
    diag = diagnose("pydantic_ai.exceptions.UsageLimitExceeded: Exceeded the request_limit of 50 (request_limit=50)")
    assert diag.category == "resource_limit" and not diag.retryable


def test_google_client_error_is_read_by_the_status_it_leads_with() -> None:
    diag = diagnose("google.genai.errors.ClientError: 400 INVALID_ARGUMENT. {'error': {'code': 400, 'message': '* "
                    "GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[filter].properties: "
                    "should be non-empty for OBJECT type\\n', 'status': 'INVALID_ARGUMENT'}}")
    assert diag.category == "invalid_arguments"


def test_model_without_tool_support_is_a_precondition_not_a_bad_request() -> None:
    diag = diagnose("ollama._types.ResponseError: llama3.2 does not support tools (status code: 400)")
    assert diag.category == "precondition_failed"


def test_tool_call_that_does_not_match_its_schema_is_a_bad_argument() -> None:
    diag = diagnose("Error: tool call validation failed: parameters for tool get_weather did not match schema: "
                    "errors: [missing properties: 'city']")
    assert diag.category == "invalid_arguments"


def test_tool_result_over_the_token_cap_is_a_resource_limit() -> None:
    diag = diagnose("Tool result is too large (58213 tokens). Maximum allowed is 25000 tokens. Use offset and limit "
                    "parameters to read the file in chunks.")
    assert diag.category == "resource_limit"


def test_a_loggers_warning_line_alone_is_not_an_error() -> None:
    diag = diagnose("autogen.oai.client: WARNING: Model gpt-4o is not found. The cost will be 0. In your config_list, "
                    "add field {\"price\" : [prompt_price_per_1k, completion_token_price_per_1k]} for customized pricing.")
    assert diag.category == "not_an_error"


def test_a_google_api_quota_sent_as_403_with_its_linked_word_is_a_spent_quota() -> None:
    diag = diagnose('googleapiclient.errors.HttpError: <HttpError 403 when requesting https://www.googleapis.com/'
                    'youtube/v3/search?alt=json returned "The request cannot be completed because you have exceeded '
                    'your <a href="/youtube/v3/getting-started#quota">quota</a>."', "python fetch.py")
    assert diag.category == "resource_limit"
    assert not diag.retryable


def test_a_context_overflow_read_from_the_sdks_exception_gets_the_context_advice() -> None:
    diag = diagnose("openai.error.InvalidRequestError: This model's maximum context length is 4097 tokens. However, "
                    "you requested 5000 tokens (3250 in the messages, 1750 in the completion).", "python app.py")
    assert "context window" in diag.root_cause
    assert "max_tokens" in diag.fix
