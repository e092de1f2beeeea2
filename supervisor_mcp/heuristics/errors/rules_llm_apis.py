"""Signatures of model APIs and servers: quotas, model ids, safety filters and rejected parameters.

They belong to the mechanism signatures (rules_mechanisms.py), which a line may use to outrank the
exception that carries it: a quota behind a RateLimitError, a model id behind a NotFoundError.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

LLM_API_SIGNATURES: tuple[Signature, ...] = (
    # --- paid APIs: an exhausted quota is not a rate limit (both come as HTTP 429)
    sig(Rule.QUOTA_EXHAUSTED, "resource_limit", "quota|billing|credit balance",
        r"insufficient_quota|exceeded your current quota|check your plan and billing|credit balance is too low|"
        r"quota (?:has been )?exceeded(?![^\n]{0,120}per[ _](?:minute|second))|"
        # (Google's APIs link the word: "exceeded your <a href=...>quota</a>", reason quotaExceeded)
        r"exceeded (?:your|the) (?:monthly |daily )?(?:<a [^>\n]{0,200}>)?quota|"
        r"insufficient (?:[\w-]{1,20} ){0,2}quota\b|"
        r"billing (?:hard )?limit|(?-i:\bquotaExceeded\b)",
        priority=91,  # above the 403 or 429 a provider sends it with: the quota is the mechanism
        fault="environment", flags=IGNORECASE,
        example=("Error code: 429 - {'error': {'message': 'You exceeded your current quota, please check your plan "
                 "and billing details.', 'type': 'insufficient_quota'}}"),
        advice=("The account's or project's quota or credit is used up: the provider refuses every call until it "
                "resets or billing changes.",
                "Do not retry now: check the plan, billing or quota page of this key or project (a daily quota "
                "resets on the provider's schedule), lower what the calls cost, ask for a larger quota, or use "
                "another key.")),
    # One request larger than the per-minute token cap: a wait never lets it through (the 429 it comes with
    # reads as a rate limit).
    sig(Rule.REQUEST_OVER_TPM, "resource_limit", "request too large",
        r"Request too large for [\w./:-]{1,100}[^\n]{0,60}\bper min", priority=91, fault="agent",
        example=("Request too large for gpt-4o on tokens per min (TPM): Limit 30000, Requested 41250. The input or "
                 "output tokens must be reduced in order to run successfully."),
        advice=("This one request needs more tokens than the per-minute limit allows, so waiting does not help.",
                "Send less: trim or summarise the input, lower max_tokens, or split the work into smaller requests "
                "(or use a model or tier with a higher limit).")),
    # A model id the provider does not serve: a name that does not exist, whatever status carries it.
    sig(Rule.MODEL_NOT_FOUND, "undefined_name",
        "model_not_found|does not exist|not_found_error|for api version|deploymentnotfound|valid model identifier",
        r"\bmodel_not_found\b|\bDeploymentNotFound\b|not_found_error['\"],\s{0,3}['\"]message['\"]:\s{0,3}['\"]model:|"
        r"models/(?P<model2>[\w.-]{1,100}) is not found for API version|"  # Gemini
        r"[Tt]he (?:requested )?model [`'\"]?(?P<model>[\w./:-]{1,100})[`'\"]? does not exist|"
        r"is not a local folder and is not a valid model identifier",  # Hugging Face Hub
        priority=86,  # above a NotFoundError's 404 (file_not_found): the model id is what is not there
        example=("Error code: 404 - {'error': {'message': 'The model `gpt-5-turbo` does not exist or you do not have "
                 "access to it.', 'type': 'invalid_request_error', 'param': None, 'code': 'model_not_found'}}"),
        advice=("The provider has no model by the id that was sent.",
                "List the models this key can use (GET /v1/models, or the provider's model page) and send one of "
                "those ids exactly.")),
    # A local model server (Ollama) knows the model's name but has not downloaded its weights.
    sig(Rule.MODEL_NOT_PULLED, "missing_dependency", "try pulling it|pull model manifest",
        r"model [\"'](?P<model>[\w./:-]{1,100})[\"'] not found, try pulling it first|"
        r"pull model manifest: file does not exist",
        example='ollama._types.ResponseError: model "llama3:70b" not found, try pulling it first',
        advice=("The model server knows no local copy of that model: its weights were never pulled.",
                "Pull it first (ollama pull {model_q}), or use a model the server lists (ollama list).")),
    # A provider's safety filter refused the content: a well-formed request its policy rejects.
    sig(Rule.CONTENT_POLICY, "precondition_failed",
        "content_filter|content management policy|usage polic|safety|responsibleaipolicyviolation",
        r"\bcontent_filter\b|content management policy|flagged as potentially violating[^\n]{0,40}usage polic|"
        r"\bfinish_reason\W{1,4}SAFETY\b|blocked due to safety|ResponsibleAIPolicyViolation",
        priority=65,  # above the invalid_request_error that carries it: the parameters were fine
        example=("openai.BadRequestError: Error code: 400 - {'error': {'message': 'Invalid prompt: your prompt was "
                 "flagged as potentially violating our usage policy.', 'type': 'invalid_request_error'}}"),
        advice=("The provider's content filter refused this prompt or its answer; the request itself is valid.",
                "Rephrase or trim the content the filter objects to (quoted web pages and logs are common "
                "triggers); resending it unchanged is refused again.")),
    sig(Rule.API_BAD_REQUEST, "invalid_arguments", "invalid_request_error|unrecognized request argument|unsupported",
        r"Unrecognized request argument supplied: (?P<arg>\w{1,60})|invalid_request_error|"
        r"Unsupported (?:parameter|value): '?(?P<arg2>[\w.]{1,60})",
        example=('{"error": {"message": "Unrecognized request argument supplied: top_k", '
                 '"type": "invalid_request_error"}}'),
        advice=("The API rejected the request's parameters as it was sent.",
                "Send only parameters this API and model accept (drop or rename the one named) as its reference "
                "describes; resending the same request fails the same way.")),
)
