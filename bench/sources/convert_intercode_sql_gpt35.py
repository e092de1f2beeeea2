"""Convert InterCode-SQL runs of gpt-3.5-turbo (the InterCode paper's own 10-turn "try again"
experiment on the Spider dev set, committed in princeton-nlp/intercode) into the supervisor-mcp
trajectory JSONL.

Usage: python convert_intercode_sql_gpt35.py /work/.mirror/princeton-nlp+intercode/repo [out]

Source file: data/results/sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json (1,034 Spider dev
questions, chat policy, model "gpt-3.5" = gpt-3.5-turbo, 10 turns, no handicap). Label:
summary.max_reward == 1 (the harness's reward -- the agent's latest query output against the gold
query's -- reached 1; the episode stops there). Step mapping and the `error` rule: see
intercode_runs.py; every step is tool `sql`."""
from __future__ import annotations

import sys

from intercode_runs import episodes
from runs_file import runs_path, write_runs

PATH = "data/results/sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json"
OUT = runs_path("intercode_sql_gpt35")


def main(repo: str, out: str | None = None) -> None:
    write_runs(out or OUT, episodes(repo, "HEAD", PATH, "spider_dev", model="gpt-3.5-turbo",
                                    agent="intercode-chat-10turn", tool="sql"))


if __name__ == "__main__":
    main(*sys.argv[1:3])
