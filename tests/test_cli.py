import os
import re
import subprocess
import sys


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "supervisor_mcp", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})


def test_demo_drives_every_packaged_scenario():
    proc = run("demo")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert len(re.findall(r"^\[\d\] ", proc.stdout, re.M)) == 4
    assert "missing_dependency" in proc.stdout and "paging_crawl" in proc.stdout
    assert "session demo-run: 4 calls" in proc.stdout


def test_invalid_setting_is_named_without_a_traceback():
    proc = run("serve", SUPERVISOR_OBS_THRESHOLD_CHARS="lots")
    assert proc.returncode == 2
    assert "obs_threshold_chars" in proc.stderr and "Traceback" not in proc.stderr


def test_patch_prints_the_generic_host_patch():
    proc = run("patch", "generic")
    assert proc.returncode == 0 and "inefficiency_analysis" in proc.stdout
