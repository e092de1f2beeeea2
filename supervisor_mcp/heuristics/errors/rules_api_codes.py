"""Line signatures of the error codes services return: AWS's (botocore, the Go SDK under Terraform) and
the snake_case codes of JSON APIs (`{"ok": false, "error": "channel_not_found"}`, `"code":
"invalid_api_key"`, Azure's `(ResourceGroupNotFound)`). A code names its mechanism in any service.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import Signature, sig
from supervisor_mcp.models import ErrorCategory

# AWS's error codes, as botocore ("An error occurred (Code) when calling the Op operation") and the Go
# SDK under Terraform ("api error Code: ...") print them: the code names the mechanism.
_AWS_CODES: tuple[tuple[Rule, ErrorCategory, str, str], ...] = (
    (Rule.AWS_THROTTLED, "transient", r"Throttling(?:Exception)?|TooManyRequestsException|RequestLimitExceeded|"
     r"SlowDown|ProvisionedThroughputExceededException|ServiceUnavailable\w{0,9}|InternalServerError|"
     r"InternalFailure|ModelNotReadyException", "ModelNotReadyException"),
    (Rule.AWS_DENIED, "permission_denied", r"AccessDenied(?:Exception)?|UnauthorizedOperation|"
     r"UnrecognizedClientException|InvalidClientTokenId|ExpiredToken\w{0,9}|SignatureDoesNotMatch|AuthFailure|"
     r"InvalidAccessKeyId", "ExpiredTokenException"),
    # (CloudFormation sends a stack that already exists as a ValidationError: that is state, not a bad call)
    (Rule.AWS_INVALID, "invalid_arguments", r"ValidationException|ValidationError(?![^\n]{0,300}\balready exists\b)|"
     r"InvalidParameter\w{0,20}|"
     r"InvalidRequestException|MalformedPolicyDocument\w{0,9}|InvalidInput|"
     r"Invalid\w{1,40}\.(?:NotFound|Malformed)", "ValidationException"),
    (Rule.AWS_NOT_FOUND, "file_not_found", r"ResourceNotFoundException|NoSuchBucket|NoSuchKey|NoSuchEntity|"
     r"NotFoundException", "NoSuchBucket"),
    (Rule.AWS_LIMIT, "resource_limit", r"LimitExceededException|ServiceQuotaExceededException|"
     r"(?!Request)\w{1,20}LimitExceeded", "ServiceQuotaExceededException"),
    (Rule.AWS_CONFLICT, "precondition_failed", r"ConditionalCheckFailedException|ResourceInUseException|"
     r"ConflictException|BucketAlreadyExists|BucketAlreadyOwnedByYou|EntityAlreadyExists|ResourceConflictException|"
     r"DependencyViolation|Invalid\w{1,40}\.Duplicate", "ResourceInUseException"),
)
_AWS_SIGNATURES = tuple(
    sig(rule, category, "an error occurred (|api error |invalid|requestid: ",
        # (a provider may print the code bare after ": "; only EC2's dotted codes are distinctive there; the Go
        # SDK v2's response error puts it after the request's ids)
        rf"(?:An error occurred \(|\bapi error |: (?=Invalid\w{{1,40}}\.\w{{1,20}}: )|"
        rf"\bRequestID: [\w-]{{1,80}}, (?:HostID: [^,\n]{{1,300}}, )?)(?:{codes})(?:\b(?!:)|: )",
        example=f"An error occurred ({code}) when calling the CreateStack operation: see the message")
    for rule, category, codes, code in _AWS_CODES
)

# A JSON API's own error code, by the words services use in them: a lower-case snake_case value of
# an error/code/type key, or a CamelCase name in parentheses (Azure's). Ranks decide between two codes of one body
# ('invalid_request_error' with 'context_length_exceeded' is a resource limit).
_API_CODES: tuple[tuple[Rule, ErrorCategory, str, str], ...] = (
    (Rule.API_CODE_NOT_FOUND, "file_not_found",
     r"\w{0,40}_not_found|not_found_\w{0,20}|no_such_\w{1,40}|resource_missing",
     "channel_not_found"),
    (Rule.API_CODE_DENIED, "permission_denied", r"invalid_auth|not_authed|invalid_api_key|account_inactive|"
     r"token_(?:revoked|expired)|missing_scope|no_permission|access_denied|unauthori[sz]ed|forbidden|"
     r"permission_(?:denied|error)|authentication_error|"
     # OAuth 2.0's token endpoint codes (RFC 6749, 6750)
     r"invalid_(?:grant|client|token)|unauthorized_client|insufficient_scope|expired_token", "invalid_auth"),
    (Rule.API_CODE_BUSY, "transient", r"ratelimited|rate_limit(?:ed|_exceeded|_error)?|overloaded(?:_error)?|"
     r"service_unavailable|server_error|internal_error|timeout", "internal_error"),
    (Rule.API_CODE_STATE, "precondition_failed", r"not_in_channel|already_\w{1,40}|\w{1,40}_already_exists|"
     r"is_archived|conflict", "not_in_channel"),
)
# The HTTP status a JSON error body states (`"statusCode": 404`, `"status": "NOT_FOUND"`), for a body that
# names no code of its own; only beside an error body's own keys (message, error, detail), so a JSON access
# log's `"statusCode": 404` is not read as the failure. diagnose.py lets words that name a mechanism
# elsewhere (a cue) outrank it.
_STATUS_CLASSES: tuple[tuple[Rule, ErrorCategory, str, str, int, tuple[str, str]], ...] = (
    (Rule.API_STATUS_DENIED, "permission_denied", "40[137]", "PERMISSION_DENIED|UNAUTHENTICATED", 401,
     ("The API (or a proxy, for a 407) refused the request's credentials or their rights, as the status in "
      "its body says.",
      "Check the token or key the request sends, its scopes and the account's access to this resource (or "
      "the proxy's credentials); resending it unchanged is refused again.")),
    (Rule.API_STATUS_NOT_FOUND, "file_not_found", "404|410", "NOT_FOUND", 404,
     ("The API has nothing at what the request names, as the status in its body says: a wrong id, path or "
      "name, or a resource deleted or never created.",
      "List what exists (the API's list endpoint or the service's console) and use an id or path it returns; "
      "check the base URL and API version too.")),
    (Rule.API_STATUS_BUSY, "transient", "408|429|50[0-4]",
     "UNAVAILABLE|DEADLINE_EXCEEDED|RESOURCE_EXHAUSTED|INTERNAL|ABORTED", 503,
     ("The service failed or throttled this request on its side, as the status in its body says.",
      "Retry after a short wait with backoff (honour Retry-After if sent); if it persists, check the "
      "service's status page.")),
    (Rule.API_STATUS_STATE, "precondition_failed", "409|412|423", "FAILED_PRECONDITION|ALREADY_EXISTS", 409,
     ("The API refused the request in the resource's current state, as the status in its body says: it "
      "already exists, changed since it was read, or is locked.",
      "Fetch the resource's current state, then update what exists instead of creating it again (or send "
      "the current version/ETag).")),
    (Rule.API_STATUS_TOO_BIG, "resource_limit", "413", "PAYLOAD_TOO_LARGE", 413,
     ("The API refused the request as too large, as the status in its body says.",
      "Send less per request: split or page the payload, or compress it where the API allows.")),
    (Rule.API_STATUS_INVALID, "invalid_arguments", "400|405|406|415|422",
     "INVALID_ARGUMENT|OUT_OF_RANGE|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED", 422,
     ("The API rejected the request as malformed, invalid or in a form it does not take, as the status in its "
      "body says.",
      "Read the body's message: fix the field or parameter it names, or the Content-Type and Accept headers "
      "for a 415 or 406, as the API's reference describes; then send it again.")),
)
_ERROR_KEY = r"[\"'](?:error|errors|message|detail|title|reason)[\"']\s{0,3}:"
# A canonical word under "code" counts only inside an error object or GraphQL's extensions (a listing of
# records with a "code" field is not a failure).
_CODE_IN_ERROR = (r"[\"'](?:error|extensions)[\"']\s{0,3}:\s{0,3}\{[^{}\n]{0,300}?[\"']code[\"']\s{0,3}:\s{0,3}"
                  r"[\"']")
_STATUS_SIGNATURES = tuple(
    sig(rule, category, "status|code",
        rf"(?:{_ERROR_KEY}[\s\S]{{0,300}}?)(?:"
        rf"[\"'](?:status|statusCode|status_code|code|httpStatus)[\"']\s{{0,3}}:\s{{0,3}}[\"']?(?:{codes})\b(?!\.\d)|"
        rf"[\"']status[\"']\s{{0,3}}:\s{{0,3}}[\"'](?:{words})[\"']|{_CODE_IN_ERROR}(?:{words})[\"'])|"
        rf"(?:[\"'](?:status|statusCode|status_code|code|httpStatus)[\"']\s{{0,3}}:\s{{0,3}}[\"']?(?:{codes})\b(?!\.\d)|"
        rf"[\"']status[\"']\s{{0,3}}:\s{{0,3}}[\"'](?:{words})[\"'])(?=[\s\S]{{0,300}}?{_ERROR_KEY})|"
        # Node's inspection of an error object: unquoted keys, one a line, under the error or its message
        rf"(?:\bError\b|^\s{{1,8}}message: )[^\n]{{0,300}}\n(?:\s{{1,8}}\w{{1,30}}: [^\n]{{0,300}}\n){{0,8}}"
        rf"\s{{1,8}}(?:status|statusCode|code|httpStatus): (?:{codes}),?$",
        priority=40,
        example=f'{{"statusCode": {status}, "message": "see the body"}}', advice=advice)
    for rule, category, codes, words, status, advice in _STATUS_CLASSES
)
# A missing object behind an API is not a file: look it up through the API, not on disk.
_CODE_ADVICE: dict[Rule, tuple[str, str]] = {
    Rule.API_CODE_NOT_FOUND: (
        "The API has no object under the id or name the request gave, as its error code says.",
        "List the objects through the API (its list endpoint or console) and use an id it returns; check the account, "
        "project or workspace and the mode (test or live) the key belongs to."),
}
_INVALID_CODES = (r"invalid_(?:parameter|param|argument|input|value|field)s?|missing_(?:parameter|param|field|"
                  r"argument)s?|validation_(?:error|failed)|bad_request")
_API_CODE_SIGNATURES = tuple(
    sig(rule, category, "error|code|type",
        rf"[\"'](?:error|code|type|error_code)[\"']\s{{0,3}}:\s{{0,3}}[\"'](?:{codes})[\"']",
        example=f"The server responded with: {{'ok': False, 'error': '{code}'}}", advice=_CODE_ADVICE.get(rule))
    for rule, category, codes, code in _API_CODES
) + (
    # A code for a bad parameter, only as the error's own (a warning's code, a log line's or a catalogue's is not).
    sig(Rule.API_CODE_INVALID, "invalid_arguments", "invalid_|missing_|validation_|bad_request",
        rf"[\"'](?:error|error_code)[\"']\s{{0,3}}:\s{{0,3}}[\"'](?:{_INVALID_CODES})[\"']|"
        rf"{_CODE_IN_ERROR}(?:{_INVALID_CODES})[\"']",
        example='{"error": {"code": "invalid_parameter", "message": "limit must be between 1 and 100"}}'),
    sig(Rule.AZURE_NOT_FOUND, "file_not_found", "notfound)",
        r"^\((?P<code>\w{1,60}NotFound)\) ", example="(ResourceGroupNotFound) Resource group 'rg' could not be found."),
)

API_CODE_SIGNATURES: tuple[Signature, ...] = _AWS_SIGNATURES + _API_CODE_SIGNATURES + _STATUS_SIGNATURES
