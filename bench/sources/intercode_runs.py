"""The run logs InterCode (princeton-nlp/intercode) committed under data/results/, shared by the
converters that read them.

Each results file is one JSON object `{task_id: episode}` written by
experiments/eval_n_turn.py: `turn_history` holds parallel lists `actions`, `observations`,
`rewards` and `valid_action`, `summary.max_reward` the best reward of the episode. The harness ends
an episode as soon as a step scores reward 1 (or at the turn limit), so a run is resolved iff
`summary.max_reward == 1` -- the success criterion of the InterCode paper.

Step mapping: one step per turn. `tool` is `submit` for an action starting with "submit" (CTF flag
submission), `skip` for the action "skip" (the agent gives up; the harness ends the episode), else
the environment's language (`bash` for CTF/Bash, `sql` for SQL); `args.command` is the action verbatim (for turns where the model gave no
parsable command, the harness logged the raw reply text as the action). `observation` is what the
harness fed back, cut with runs_file.cut. `reward` is the harness's reward after that turn (for CTF 1
only on a correct flag; for Bash/SQL the harness silently evaluates after every action -- a 0..1 score
against the gold command's output -- and stops the episode when it reaches 1).
No thought text or exit code is logged: `thought` is "" and `returncode` null.

`error` = `valid_action` is False (the harness's own flag: the command exited non-zero, raised in
`docker exec` / the SQL query raised "Error executing query", or the reply had no command), or the step is a `submit` that scored 0 (a rejected
flag: "Submitted flag is incorrect. Keep trying!").
"""

from __future__ import annotations

import json
from typing import Any

from runs_file import cut, git

SOURCE = "github:princeton-nlp/intercode"


def steps_of(history: dict[str, list[Any]], tool: str) -> list[dict[str, Any]]:
    actions, observations = history["actions"], history["observations"]
    rewards, valid = history["rewards"], history.get("valid_action") or []
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(actions):
        action = action if isinstance(action, str) else json.dumps(action)
        obs = observations[i] if i < len(observations) else ""
        reward = rewards[i] if i < len(rewards) else None
        is_submit = action.strip().lower().startswith("submit")
        rejected = is_submit and reward != 1
        tool_name = "submit" if is_submit else "skip" if action.strip().lower() == "skip" else tool
        steps.append({"index": i, "tool": tool_name, "args": {"command": action},
                      "thought": "", "observation": cut(obs), "returncode": None, "reward": reward,
                      "error": (i < len(valid) and valid[i] is False) or rejected})
    return steps


def episodes(repo: str, rev: str, path: str, prefix: str, model: str, agent: str,
             tool: str = "bash") -> list[dict[str, Any]]:
    """One run per episode of a results file, in task-id order, labelled by summary.max_reward == 1."""
    commit = git(repo, "rev-parse", rev).strip()
    data = json.loads(git(repo, "show", f"{rev}:{path}"))
    rows: list[dict[str, Any]] = []
    for key in sorted(data, key=lambda k: int(k)):
        ep = data[key]
        steps = steps_of(ep["turn_history"], tool)
        if not steps:
            continue
        rows.append({"id": f"{prefix}/{ep['task_id']}", "source": f"{SOURCE}@{commit[:12]}", "agent": agent,
                     "model": model, "task": (ep.get("query") or "")[:4000],
                     "resolved": ep["summary"]["max_reward"] == 1, "max_reward": ep["summary"]["max_reward"],
                     "dataset": ep.get("dataset"), **({"hardness": ep["hardness"]} if "hardness" in ep else {}),
                     "steps": steps})
    return rows
