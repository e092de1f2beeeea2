"""The three capabilities as broadcast to hosts (the paper's names; AWorld's Guard does the same)."""

from __future__ import annotations

from supervisor_mcp import __version__
from supervisor_mcp.models import Capabilities, Capability, Engine

ACTION_SEMANTICS = {
    "approve": "Leave the step as it is and carry on (productive repetition is fine).",
    "provide_guidance": "Append supervisor_note to the observation and follow it on the next step.",
    "correct_observation": "Replace the observation in your context with the returned synthesis or "
    "corrected_observation; the original stays readable at raw_ref.",
    "run_verification": "Before going on, run verification_task with your own tools.",
}

_CAPABILITIES = [
    (
        "Error Root Cause Diagnosis",
        "error_analysis",
        "A tool call, command or code run failed (traceback, stderr, non-zero exit, rejected call): "
        "call it before retrying.",
        ["provide_guidance", "correct_observation", "run_verification"],
    ),
    (
        "Structured Information Synthesis",
        "sub_agent_result_synthesis",
        "A tool result, web page or sub-agent report is long or noisy (over about 3,000 characters): "
        "call it and continue from its synthesis.",
        ["approve", "correct_observation"],
    ),
    (
        "Workflow Efficiency Assessment",
        "inefficiency_analysis",
        "Before deciding the next move or answering, or when steps start to repeat (paging through a "
        "file, re-running the same failing command): send the recent steps.",
        ["approve", "provide_guidance"],
    ),
]

INSTRUCTIONS = """\
supervisor-mcp watches your run and saves tokens. Pass the task verbatim and one stable session_id.
- A tool failed? Call error_analysis(task, error, action) before retrying.
- A result, page or sub-agent report over ~3,000 chars? Call sub_agent_result_synthesis(task, result)
  and keep its `synthesis` instead of the raw text.
- Reviewing your progress, or repeating yourself? Call inefficiency_analysis(task, recent_steps).
Apply the returned action: approve = carry on; provide_guidance = append supervisor_note and follow it;
correct_observation = replace the observation; run_verification = run verification_task first.
"""


def build_capabilities(engine: Engine) -> Capabilities:
    return Capabilities(
        server="supervisor-mcp",
        version=__version__,
        engine=engine,
        capabilities=[
            Capability(
                name=name, tool=tool, when_to_call=when, actions=actions,
                action_semantics={a: ACTION_SEMANTICS[a] for a in actions},
            )
            for name, tool, when, actions in _CAPABILITIES
        ],
    )
