"""Advice for a transient failure: wait as long as the server asks, and say when retrying unchanged cannot help
(a limit counted over hours, nothing listening locally, a stated request rate, a client that already retried)."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.observation.clip import clip

_RETRY_AFTER = re.compile(
    r"retry[- ]after[\"']?[:=]?\s*(\d{1,5}(?:\.\d+)?)|(?:try again|retry) in (\d{1,5}(?:\.\d+)?)\s*s", re.IGNORECASE
)
# A rate limit counted over hours or a day: a retry within seconds meets it again.
_LONG_WINDOW = re.compile(r"\bpull rate limit\b|\btoomanyrequests\b|\brate limit[^\n]{0,60}\bper (?:hour|day)\b|"
                          r"\bdaily (?:rate )?limit\b", re.IGNORECASE)
# A refused connection to this machine: nothing listens there, and waiting does not start it.
_LOOPBACK_REFUSED = re.compile(
    r"(?:ECONNREFUSED|[Cc]onnection refused)[^\n]{0,80}(?:127\.0\.0\.1|localhost|\[?::1\]?:)|"
    r"(?:127\.0\.0\.1|localhost)[:\d]{0,6}[^\n]{0,80}(?:ECONNREFUSED|[Cc]onnection refused)")
# A client that already retried on its own (pip's urllib3, the OpenAI SDK's loop): repeating it repeats the waits.
_RETRIED = re.compile(
    r"Retrying \(Retry\(total=|\b_retry_request\b|\bRetrying in \d|\bretr(?:y|ied) \d{1,2} (?:of|/) \d{1,2}\b",
    re.IGNORECASE)
# A rate the provider states for this account ("your QPS is 1", "Limit: 3 requests per minute").
_STATED_RATE = re.compile(r"\b(?:QPS|RPS|RPM)\b(?: is|:| limit(?: is)?) ?(\d{1,6})\b|"
                          r"\b(\d{1,6}) requests? (?:per|/) ?(?:second|minute|min)\b", re.IGNORECASE)
# A limit the response says is the one for callers who did not authenticate (GitHub's, Docker Hub's anonymous pulls).
_ANONYMOUS = re.compile(r"authenticated requests get a higher|unauthenticated (?:requests|rate|users)|"
                        r"anonymous (?:requests|pulls|users)", re.IGNORECASE)
# An action that starts a server in the background before calling it: a refused connection is a readiness race.
_STARTS_IN_BACKGROUND = re.compile(r"(?<![&|])&(?![&>])|\bnohup\b|\bup -d\b|\brun -d\b")


def transient_advice(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    """(root_cause, fix) for a failure outside the call: when to retry, and when a retry cannot help."""
    body = ctx.envelope.body
    line = clip(finding.evidence[0] if finding.evidence else "", 160, ellipsis=True)
    wait = _RETRY_AFTER.search(body)
    long_window = not wait and _LONG_WINDOW.search(body) is not None
    delay = "wait 2 s, then 4 s, then 8 s"
    if wait:
        delay = f"wait {next(x for x in wait.groups() if x)} s (the server's Retry-After)"
    cause = f"A temporary failure outside your control: {line}."
    fix = f"Retry the same call unchanged after a pause: {delay}; at most 3 attempts, then report or work around it."
    if long_window:
        # (Docker Hub counts pulls per 6 hours, many APIs per day: a retry in seconds meets the same limit)
        fix = ("This limit counts over hours or a day, so retrying in seconds fails again: authenticate for a higher "
               "limit (docker login, an API token), use a mirror or a cache, or wait for the reset it names.")
    local = ctx.action and not re.search(r"https?://|curl|wget|pip|requests", ctx.action)
    if finding.rule in (Rule.TIMEOUT, Rule.EXIT_TIMEOUT) and local:
        fix += " If the command is slow by nature (a whole test suite, a big build), narrow it instead of repeating it."
    if finding.rule == Rule.DNS:
        fix += " If name resolution keeps failing the machine is offline: use what is installed locally."
    if long_window:
        pass  # already the most specific advice
    elif _LOOPBACK_REFUSED.search(finding.evidence[0] if finding.evidence else ""):
        if _STARTS_IN_BACKGROUND.search(ctx.action):
            fix = ("The server this command started in the background was not listening yet: wait until its port "
                   "answers (poll it, e.g. until curl -s localhost:PORT; do sleep 1; done, with a limit) before "
                   "calling.")
        else:
            fix = ("Nothing is listening on that port of this machine: start the service (or check the host and port "
                   "the client is given) and call again; waiting does not start it.")
    elif (re.search(r"\b429\b|rate.?limit|too many requests", line, re.IGNORECASE)
          and (rate := _STATED_RATE.search(body)) and not wait
          and not re.search(r"tokens? per min", body, re.IGNORECASE)):
        per = "minute" if re.search(r"RPM|min", rate.group(0), re.IGNORECASE) else "second"
        allowed = rate.group(1) or rate.group(2)
        fix = (f"The provider allows {allowed} request{'' if allowed == '1' else 's'} per {per} for this account: "
               "pace the calls under it (one at a time, a pause between them) or raise the plan; a burst of retries "
               "meets the same limit.")
    elif re.search(r"\b429\b|rate.?limit|too many requests", line, re.IGNORECASE) and _ANONYMOUS.search(body):
        fix = ("The limit is the one for unauthenticated callers: authenticate (a token such as GITHUB_TOKEN, gh auth "
               "login, an API key) for a higher one, or wait for the reset time the response names; retrying in "
               "seconds meets the same limit.")
    elif _RETRIED.search(body) and not _RETRIED.search(body.rstrip().rsplit("\n", 1)[-1]):
        # (the retries are over: the last line is the failure, not another retry under way)
        timeout = "pip --timeout 60" if "pip" in ctx.action else "the client's timeout option"
        fix = (f"The client already retried and every try failed: change something before running it again (a longer "
               f"timeout such as {timeout}, another mirror, proxy or network) or come back later.")
    return cause, fix
