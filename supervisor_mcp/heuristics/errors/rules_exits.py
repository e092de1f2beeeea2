"""Line signatures for how a process ended: an exit status or a signal that names the mechanism.

Build tools, shells, CI runners and launchers report a child's end in their own words ("Error 127",
"exited with code 139", "Killed: 9"); the number or the signal says what happened, whoever printed it.
These are part of the mechanism signatures (rules_mechanisms.py), in the same place of their order.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

# How tools word a process's exit status before the number: "exit code 137", "exited with status 139",
# "returned non-zero exit status 127", docker build's "returned a non-zero code: 139", rake's "Command failed
# with status (127)".
_EXIT = (r"(?:exit(?:ed)?(?: with)? (?:code|status):? ?|exit code |returned non-zero exit status |\bcode |"
         r"returned a non-zero code: |\bstatus \()")

EXIT_SIGNATURES: tuple[Signature, ...] = (
    # An option, or the `--` separator, where the program's name goes: nothing is missing, the call is misordered.
    sig(Rule.FLAG_AS_PROGRAM, "invalid_arguments", "executable file not found",
        r"exec: \"(?P<arg>-[^\"\n]{0,60})\": executable file not found", priority=90,
        example=('OCI runtime exec failed: exec failed: unable to start container process: exec: "--": executable '
                 'file not found in $PATH: unknown'),
        advice=("`{arg}` was run as the program: an option or the `--` separator stands where the command's name "
                "goes.",
                "Put the exec command's own options before the container name (and, for kubectl, before its `--`); "
                "the first word after them must be the program to run: docker exec NAME CMD ARGS, kubectl exec POD "
                "-c CONTAINER -- CMD ARGS.")),
    sig(Rule.EXIT_127, "missing_dependency", "error 127|command not found|127|executable file not found",
        rf"\] Error 127$|^[^\n]{{0,200}}: Command not found$|{_EXIT}127\b|"
        r"executable file not found in \$PATH", flags=IGNORECASE, priority=89,  # a 'Permission denied' exec is 127 too
        example="make[2]: sh: Command not found\nmake[2]: *** [gnulib-version.c] Error 127",
        advice=("A program the build runs is not installed or not on PATH (exit status 127).",
                "Find which command is missing in the lines above the error and install it (or fix PATH), then "
                "rebuild.")),
    # E2BIG outranks the exit status 127 that a shell or make reports for it: nothing is missing.
    sig(Rule.ARG_LIST_TOO_LONG, "resource_limit", "argument list too long|argument line too long|e2big",
        r"Argument list too long|argument line too long|\bE2BIG\b", flags=IGNORECASE, priority=91,
        example="make[1]: /bin/sh: Argument list too long\nmake[1]: *** [erlang.mk:4724: app] Error 127",
        advice=("The command line is longer than the system allows (E2BIG): too many or too long arguments, often "
                "a glob that expanded to thousands of files.",
                "Pass the arguments in batches (find ... -exec CMD {{}} +, or printf '%s\\0' ... | xargs -0 CMD), "
                "a response file (@args.txt) if the tool reads one, or a directory instead of every file in it.")),
    sig(Rule.SEGFAULT, "runtime_error", "segmentation fault|sigsegv|core dumped|139",
        rf"Segmentation fault|\bSIGSEGV\b|core dumped|{_EXIT}139\b|signal 11\b",
        example="Segmentation fault (core dumped)",
        advice=("The process crashed on an invalid memory access (SIGSEGV).",
                "Run it under a debugger or with a backtrace (gdb -batch -ex run -ex bt --args CMD, or the "
                "language's fault handler, e.g. python -X faulthandler) to find the crashing call; a native "
                "extension built for another version is a common cause.")),
    # A signal in the text names who stopped the process, whatever printed it (a shell, make, a CI runner,
    # docker, a JVM launcher): SIGKILL is nearly always an out-of-memory killer, SIGTERM and SIGINT come
    # from outside (a time limit, a cancelled job, a container stopping), not from the command.
    sig(Rule.SIGKILLED, "resource_limit", "137|sigkill|signal: killed|killed: 9|signal 9|signal terminated program",
        rf"{_EXIT}137\b|"
        r"\bSIGKILL\b|signal: killed|^Killed: 9$|(?:killed by|terminated by|received) signal 9\b|"
        # gcc's driver when the kernel killed its compiler (cc1plus, lto1), in English or the user's locale
        r"\b(?:Killed|Morto|Getötet|已杀死|Убито) signal terminated program\b",
        fault="environment", flags=IGNORECASE,
        example="Process finished with exit code 137 (interrupted by signal 9: SIGKILL)",
        advice=("The process was killed with SIGKILL (exit 137): almost always the kernel's or the container's "
                "out-of-memory killer, sometimes a hard time limit.",
                "Check for the OOM killer (dmesg | tail, or the container's OOMKilled state), then give it more memory "
                "or process less at once (fewer parallel jobs: make -j1, --max-workers 1; smaller batches); "
                "rerunning unchanged fails again.")),
    sig(Rule.SIGTERMED, "transient", "143|sigterm|signal: terminated|terminated|signal 15",
        rf"{_EXIT}143\b|"
        r"\bSIGTERM\b|signal: terminated|^Terminated$|(?:killed by|terminated by|received) signal 15\b",
        fault="environment", flags=IGNORECASE, confidence=0.7,
        example="make: *** [Makefile:12: test] Terminated\nERROR: script returned exit code 143",
        advice=("The process was stopped from outside with SIGTERM (exit 143): a time limit, a cancelled job or a "
                "container shutting down, not a failure of the command itself.",
                "Rerun it; if it is stopped again at the same point, find the limit that stops it (the job's timeout, "
                "`timeout`, the container's stop) and raise it or run less at once.")),
    sig(Rule.INTERRUPTED, "transient", "130|sigint|keyboardinterrupt|interrupted",
        rf"{_EXIT}130\b|"
        r"\bSIGINT\b|^KeyboardInterrupt$|(?:killed by|terminated by|received) signal 2\b",
        fault="environment", flags=IGNORECASE, confidence=0.7,
        example="^C\nKeyboardInterrupt\nerror: script \"dev\" exited with code 130",
        advice=("The process was interrupted (SIGINT, exit 130), by Ctrl-C or by a harness that stops commands "
                "that run too long; the output says nothing about the command being wrong.",
                "Rerun it; if it is a server or a long job, run it in the background (nohup CMD > log 2>&1 &) or "
                "with a shorter scope so it finishes within the time limit.")),
)
