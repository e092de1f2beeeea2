"""Convert InterCode-CTF runs of GPT-4 (the InterCode paper's own 10-turn experiment, committed in
princeton-nlp/intercode) into the supervisor-mcp trajectory JSONL.

Usage: python convert_intercode_ctf_gpt4.py /work/.mirror/princeton-nlp+intercode/repo [out]

Source file: data/results/ctf/ic_ctf_multiturn_gpt-4_10_turns.json (93 picoCTF tasks, chat policy,
model "gpt-4", 10 turns). Label: summary.max_reward == 1, i.e. the harness accepted the submitted
flag. Step mapping and the `error` rule: see intercode_runs.py."""
from __future__ import annotations

import sys

from intercode_runs import episodes
from runs_file import runs_path, write_runs

PATH = "data/results/ctf/ic_ctf_multiturn_gpt-4_10_turns.json"
OUT = runs_path("intercode_ctf_gpt4")


def main(repo: str, out: str | None = None) -> None:
    write_runs(out or OUT, episodes(repo, "HEAD", PATH, "ctf", model="gpt-4", agent="intercode-chat-10turn"))


if __name__ == "__main__":
    main(*sys.argv[1:3])
