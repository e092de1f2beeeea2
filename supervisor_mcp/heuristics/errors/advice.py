"""Root cause and fix text for failures outside the agent's code: domain rules, permissions, the
network, budgets, CLI usage, and errors too vague to read.
"""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.resource_advice import resource_advice
from supervisor_mcp.heuristics.errors.signature import BAD_LOGIN
from supervisor_mcp.heuristics.errors.transient_advice import transient_advice
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.shell import shell_quote

_TOTALS = re.compile(
    r"total (?:price )?is \$?(?P<total>\d+(?:\.\d+)?),? but (?:paid|got|received) \$?(?P<paid>\d+(?:\.\d+)?)",
    re.IGNORECASE,
)
_ENTITY_ON = re.compile(
    r"\b(?P<what>\w{1,40}) (?P<id>[\w-]{2,40}) (?:is )?not available on (?:date )?(?P<date>[\w-]{4,20})", re.IGNORECASE
)
# An id looks like one: it has a digit, an underscore or an inner capital (HAT030, credit_card_1, XEWRD9).
_NOT_FOUND = re.compile(
    r"^(?:Error: )?(?:(?:some|the|a|an) )?(?P<noun>(?:[\w-]{1,40} ){0,3}?[\w-]{1,40})"
    r"(?: (?P<id>(?=[\w@.-]{0,60}[\d_])[\w@.-]{2,60}))? (?:not found|does not exist)",
    re.IGNORECASE,
)
def _rule_text(finding: Finding, ctx: ErrorContext) -> str:
    line = finding.evidence[0] if finding.evidence else ctx.envelope.body
    return clip(re.sub(r"^\s*(?:Error|ERROR|error)\s*[:!-]\s*", "", line), 200, ellipsis=True)


_GIT_STATES = {
    "unrelated": "The two branches share no commit. Check that you pulled the right remote and branch; if joining "
                 "them is intended, git pull --allow-unrelated-histories (or rebase one onto the other).",
    "upstream": "Set the branch's upstream as you push: git push -u origin BRANCH.",
    "refspec": "The branch named does not exist locally, or has no commit yet: commit first, or push the branch that "
               "exists (git branch -a).",
    "remote": "A remote by that name is already set: git remote -v, then git remote set-url NAME URL instead of add.",
    "dirty": "Commit or stash the local changes (git stash), run the command, then git stash pop.",
    "owner": "Another user owns the repository: run as that user, or mark it safe (git config --global --add "
             "safe.directory PATH) if you trust it.",
}


def _precondition(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    if finding.rule == Rule.VCS_STATE:
        state = next((k for k in _GIT_STATES if finding.groups.get(k)), "dirty")
        return "The repository is not in the state this command needs.", _GIT_STATES[state]
    rule, body = _rule_text(finding, ctx), ctx.envelope.body
    cause = f"The tool refused the call by its rules or current state: \"{rule}\"."
    totals = _TOTALS.search(body)
    if totals:
        total, paid = float(totals.group("total")), float(totals.group("paid"))
        diff = round(total - paid, 2)
        gap = f"short by {diff:g}" if diff > 0 else f"over by {-diff:g}"
        return cause, (f"Make the payment amounts sum to exactly {total:g} (they sum to {paid:g}, {gap}). Recompute "
                       "the total from the quoted prices of every item times its quantity plus any extras, then "
                       "retry.")
    on = _ENTITY_ON.search(body)
    if on:
        return cause, (f"{on.group('what')} {on.group('id')} cannot be used on {on.group('date')}: search again "
                       "for that date, pick an option whose status is available, or ask the user for another "
                       "date. Do not resend the same option.")
    if re.search(r"balance is not enough|insufficient|not enough balance", rule, re.IGNORECASE):
        return cause, ("The chosen payment method cannot cover the amount: check the balances in the user's details "
                       "and pay with a method that covers it (or split the amount, if the rules allow), or tell the "
                       "user.")
    if re.search(r"not enough seats|no seats|sold out|out of stock", rule, re.IGNORECASE):
        return cause, ("Check availability again and pick another option (item, class, date) with enough "
                       "availability for every unit or person the request covers.")
    if re.search(r"cannot be|can't be|not allowed|not permitted|not eligible|only .{0,30}(?:can|may)", rule, re.I):
        return cause, (f"The rule forbids this operation as requested. Choose an allowed alternative that satisfies "
                       f"\"{rule}\" (another method, item or operation), or explain the constraint to the user.")
    nf = _NOT_FOUND.search(rule)
    if finding.rule == Rule.DOMAIN_NOT_FOUND and nf:
        noun = nf.group("noun").strip().lower().replace(" ", "_")
        fields = ctx.obs.call.params
        key = next((k for k in fields if k.lower().startswith(noun.split("_")[-1])), "")
        sent = f" (you sent {key}={fields[key]!r})" if key else ""
        ident = f" {nf.group('id')}" if nf.group("id") else ""
        return cause, (f"The {nf.group('noun').strip()}{ident} does not exist{sent}. Re-read the exact id from an "
                       "earlier lookup (profile, search or list results; ids are case-sensitive) or ask the user to "
                       "confirm it; do not guess.")
    if re.search(r"already|exists", rule, re.IGNORECASE):
        return cause, ("It exists already: use or update the existing one instead of creating it (mkdir -p, "
                       "overwrite, a new name).")
    if finding.rule == Rule.GIT_STATE and re.search(r"needs merge|resolve your current index|CONFLICT \(", body):
        return cause, ("A merge or rebase stopped on conflicts: edit the files git lists (remove the conflict "
                       "markers), git add them, then git merge --continue or git rebase --continue; or abandon it "
                       "with git merge --abort / git rebase --abort.")
    if finding.rule == Rule.GIT_STATE:
        return cause, ("The change no longer matches the current file or branch: re-read the current content (git "
                       "status, git diff, sed -n) and redo the edit against it; resolve conflict markers if any.")
    return cause, f"Change the call so that it satisfies the rule (\"{rule}\"); the same call will be rejected again."


_INSTALLS = (
    (re.compile(r"\bnpm\b[^\n]{0,200}(?:\s-g\b|--global\b(?!-))"),
     re.compile(r"/(?:usr|opt)/[\w/.-]{0,60}node_modules"),
     "Do not use sudo: give npm a prefix you own (npm config set prefix ~/.npm-global, then add "
     "~/.npm-global/bin to PATH) or use a Node version manager (nvm), and install again."),
    (re.compile(r"\bpip3?\s+install\b"), re.compile(r"/usr/(?:local/)?lib/python[\d.]*/(?:site|dist)-packages"),
     "Do not use sudo: install into a virtual environment (python3 -m venv .venv && .venv/bin/pip install ...) "
     "or with pip install --user."),
    (re.compile(r"\bgem\s+install\b"), re.compile(r"/(?:Library|usr|var)/[\w/.-]{0,40}/gems/"),
     "Do not use sudo: gem install --user-install, or a Ruby version manager (rbenv, rvm) that keeps gems in "
     "your home."),
)


# On Windows a file another process holds open refuses a rename or delete with EPERM or EBUSY.
_LOCKED = re.compile(r"NtSetInformationFile|used by another process|\bEBUSY\b|resource busy or locked", re.IGNORECASE)
# A server refusing who the client says it is (a database login, an API key), not a file's mode.
_CREDENTIALS = re.compile(
    r"authentication failed|access denied for user|login failed|bad credentials|invalid (?:api[ _]key|credentials|"
    rf"password|token)|api key not valid|unauthori[sz]ed|\b401\b|{BAD_LOGIN}", re.IGNORECASE)


# Listening on a port below 1024 without root (Go's "listen tcp :80: bind", node's "listen EACCES ... 0.0.0.0:80").
_PRIVILEGED_PORT = re.compile(r"\b(?:bind|listen)\b[^\n]{0,60}?(?::|port )(?P<port>[1-9]\d{0,2}|10[01]\d|102[0-3])\b"
                              r"(?![.\d])", re.IGNORECASE)
# A client that found no credentials at all (nothing to check for expiry or scope: they must be set up).
_NO_CREDENTIALS = re.compile(r"NoCredentialsError|Unable to locate credentials|DefaultCredentialsError|"
                             r"could not find default credentials|\bno credentials\b", re.IGNORECASE)
# A 403 without a word about the credentials: the caller is known, the resource refused to it.
# (an HTTP 403 as a status, not "line 403" or a folder named 403)
_FORBIDDEN = re.compile(r"(?:HTTP|[Ss]tatus|[Cc]ode|[Ee]rror|\()[^\n]{0,12}(?<![\w/.-])403(?![\w/.-])|"
                        r"(?<![\w/.-])403 (?:Forbidden|Client Error)|\bForbidden\b")
# Words that put a 403 back on the credentials (an expired session, a missing login, a bad key or signature).
_ABOUT_LOGIN = re.compile(r"authenticat|\blog(?:ged)? ?in\b|password|credential|\btoken\b|api[ _-]?key|signature|"
                          r"session|expired", re.IGNORECASE)
# A provider that serves no requests from the caller's country or region (OpenAI's, Gemini's, Qwen's wording).
_GEO_BLOCKED = re.compile(r"unsupported_country_region_territory|Country, region, or territory not supported|"
                          r"User location is not supported|not (?:available|supported) in your (?:country|region)",
                          re.IGNORECASE)
# A known identity refused one action (AWS, Azure and GCP IAM, a database's privileges): a right to grant,
# not a credential to fix.
_AUTHORIZATION = re.compile(
    r"is not authorized to perform:? (?P<action>[\w:*./-]{1,120})|does not have authorization to perform action "
    r"'(?P<a2>[^'\n]{1,120})'|Permission '(?P<a3>[\w.]{1,120})' denied|"
    r"permission denied for (?:table|schema|database|relation|sequence|function|view) (?P<object>[\w.\"]{1,120})",
    re.IGNORECASE)


def _permission(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    line = finding.evidence[0] if finding.evidence else ""
    if finding.rule == Rule.READ_ONLY:
        return ("The file system is read-only here.",
                "Write to a writable location (/tmp or your working directory) instead.")
    if re.search(r"\bdevice unauthori[sz]ed\b", line):
        return ("The Android device has not authorised this computer for USB debugging.",
                "Unlock the device and accept the 'Allow USB debugging?' prompt (revoke and replug if none shows), "
                "then adb kill-server; adb devices.")
    if _LOCKED.search(line):
        return (f"Another process holds the file open, so it cannot be moved or deleted: "
                f"{clip(line, 120, ellipsis=True)}.",
                "Close what holds it (an editor, a running dev server or watcher, antivirus or the search indexer), "
                "then run again; ownership and sudo do not help with a lock.")
    if granted := _AUTHORIZATION.search(line):
        what = next((g for g in granted.groups() if g), "")
        right = f" on {what}" if granted.group("object") else f" to {what}"
        return (f"The identity was recognised but lacks the right{right}: "
                f"{clip(line, 140, ellipsis=True)}.",
                "Grant that right to the user or role in use (an IAM policy, a role binding, a GRANT on the object) "
                "or run as an identity that has it; other credentials for the same identity will not help.")
    if port := _PRIVILEGED_PORT.search(line):
        return (f"Only root may listen on port {port.group('port')} (ports below 1024 are privileged).",
                "Listen on a port of 1024 or above (and map or proxy it to the low one), or grant the binary "
                "CAP_NET_BIND_SERVICE (setcap 'cap_net_bind_service=+ep' BINARY); do not run the server as root.")
    if _NO_CREDENTIALS.search(line):
        return (f"No credentials are configured for this client: {clip(line, 140, ellipsis=True)}.",
                "Set them up where the client looks (aws configure or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or a "
                "profile; gcloud auth application-default login; the SDK's documented variable), then run again.")
    if _GEO_BLOCKED.search(ctx.envelope.body):
        return (f"The provider refuses requests from this location: {clip(line, 140, ellipsis=True)}.",
                "Use an endpoint or region it serves (its international endpoint, a cloud region where the model is "
                "offered); another key from the same place will not help.")
    tail = ctx.envelope.body[-2000:]
    if _FORBIDDEN.search(line) and not _CREDENTIALS.search(tail) and not _ABOUT_LOGIN.search(tail):
        return (f"The service accepted the caller but refuses it this resource (403): "
                f"{clip(line, 140, ellipsis=True)}.",
                "Check which identity is in use (aws sts get-caller-identity, gh auth status, the key's project) and "
                "whether it may access that resource (a bucket or repository policy, an organisation's rule, a "
                "token's scopes); ask the owner for access or get the resource elsewhere. Retrying the same call "
                "fails again.")
    if finding.rule == Rule.HTTP_AUTH or _CREDENTIALS.search(line):
        return (f"The service refused the credentials ({clip(line, 120, ellipsis=True)}).",
                "Check the credentials it was sent (user and password, API key or token: set, not expired, right "
                "scope); retrying unchanged will fail again.")
    for installer, where, fix in _INSTALLS:
        # Decided by the command, or by the path the refused line names: not by any traceback frame that
        # happens to sit under site-packages.
        if installer.search(ctx.action) or where.search(line):
            # An install into a root-owned prefix: sudo would work once and leave root-owned files behind.
            return (f"The package manager cannot write to a system-wide location: {clip(line, 140, ellipsis=True)}.",
                    fix)
    script = re.search(r"(\./[\w./-]{1,200}|/[\w./-]{1,200}\.(?:sh|py)): Permission denied", line)
    if script or ctx.envelope.returncode == 126:
        target = script.group(1) if script else "the script"
        word = shell_quote(target) if script else "SCRIPT"
        return (f"{target} is not executable.",
                f"chmod +x {word} or run it through its interpreter (bash {word} / python {word}).")
    return (f"The process lacks permission: {clip(line, 160, ellipsis=True)}.",
            "Find what was refused: a file or directory (ls -l it, then fix its ownership or mode, or use a path you "
            "own; not sudo) or an account, role or token (use one that has the right); do not retry unchanged.")


def _unknown(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    code = ctx.envelope.returncode
    status = f"exit code {code}" if code is not None else "an error"
    return (f"The command failed with {status} and its output does not say why.",
            "Rerun it with stderr and the status shown (CMD 2>&1; echo \"exit=$?\") or with a verbose flag, then "
            "decide.")


def _fine(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    return ("The output shows no failure (exit code 0, no error message).", "Carry on; read the output as the result.")


ADVICE = {
    "precondition_failed": _precondition, "permission_denied": _permission, "transient": transient_advice,
    "resource_limit": resource_advice, "unknown": _unknown, "not_an_error": _fine,
}
