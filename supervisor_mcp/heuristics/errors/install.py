"""What to install, or which import to fix, for a missing module, command or system library."""

from __future__ import annotations

import re

from supervisor_mcp.heuristics.errors.finding import ErrorContext, Finding
from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.packages import (
    HEADER_PACKAGES,
    PIP_NAMES,
    install_command,
    is_known_distribution,
    is_stdlib,
    looks_local,
    pip_name,
)
from supervisor_mcp.heuristics.errors.removed_stdlib import removed_from_stdlib
from supervisor_mcp.heuristics.errors.signature import SHARED_OBJECT
from supervisor_mcp.heuristics.observation.clip import clip
from supervisor_mcp.heuristics.observation.code_paths import installed_package, is_runtime_path
from supervisor_mcp.heuristics.observation.shell import shell_quote

_SHARED_OBJECT = re.compile(SHARED_OBJECT)
# Missing modules outside Python: the fix is that ecosystem's installer, not pip.

_OTHER_ECOSYSTEMS = {
    Rule.NODE_MODULE: ("Node module", "If `{module}` is a package, npm install {word} in the folder with "
                       "package.json; "
                    "if it is a relative path, check it from the requiring file (ls, find . -name)."),
    Rule.GO_MISSING: ("Go package", "go get {word} (then go mod tidy), or fix the import path."),
    Rule.JAVA_MISSING: ("Java class", "Add the jar or dependency that provides {module} to the classpath or build "
                     "file, or fix the class name."),
    Rule.RUBY_MISSING: ("Ruby library", "gem install {word} (or add it to the Gemfile and bundle install)."),
}
# Other languages' loaders name what is missing in their own words; each has its own installer.
_LOADERS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple((re.compile(p), what, fix) for p, what, fix in (
    (r"Can't locate (?P<name>[\w/]{1,200})\.pm in @INC", "Perl module",
     "cpanm {name_q} (or add it to the cpanfile and run carton install); if it is the project's own module, "
     "run with -Ilib (or use lib) so perl finds it. Then run the script again."),
    (r"there is no package called [‘'\"](?P<name>[\w.]{1,100})[’'\"]", "R package",
     "Rscript -e 'install.packages(\"{name}\", repos = \"https://cloud.r-project.org\")' (a Bioconductor "
     "package: BiocManager::install), then rerun."),
    (r"Package (?P<name>\w{1,100}) (?:not found in current path|\[[0-9a-f-]{36}\] is required but does not)|"
     r"Package \S{1,100} does not have (?P<name2>\w{1,100}) in its dependencies", "Julia package",
     "julia --project -e 'import Pkg; Pkg.add(\"{name}\")' in the project that runs the script, then rerun."),
    (r"\(module (?P<name>[\w.]{1,100}) is not available\)", "Elixir module",
     "If `{name}` is the project's own module, check its name and that its file compiles; otherwise add the "
     "Hex package that provides it to deps in mix.exs and run mix deps.get. Then rerun."),
    (r"module '(?P<name>[\w.-]{1,100})' not found:", "Lua module",
     "Find the rock that provides `{name}` (luarocks search {name_q}) and luarocks install it, or fix "
     "package.path if it is the project's own file; then rerun."),
    (r"Couldn't resolve the package '(?P<name>\w{1,100})'", "Dart package",
     "dart pub add {name_q} (flutter pub add in a Flutter app), then build again."),
    (r"no such module '(?P<name>[\w.]{1,100})'", "Swift module",
     "Add the package that provides `{name}` to Package.swift (dependencies and the target's dependencies), "
     "run swift package resolve, then build again."),
    (r"Could not find module [‘'`](?P<name>[\w.]{1,100})[’'`]", "Haskell module",
     "Add the package that provides `{name}` to build-depends in the .cabal file (or package.yaml), then "
     "build again."),
    (r"Library \"(?P<name>[\w.-]{1,100})\" not found", "OCaml library",
     "opam install {name_q} (or fix the name in the dune file's libraries), then dune build."),
    (r"object (?P<name>\w{1,80}) is not a member of package [\w.]{1,100}(?:\n|$)", "Scala package",
     "Add the library that provides `{name}` to libraryDependencies in build.sbt (if the package is the "
     "project's own, check the name's spelling instead), then sbt compile."),
    (r"The specified module '(?P<name>[\w.-]{1,100})(?<!\.psm1)(?<!\.psd1)(?<!\.dll)' was not loaded",
     "PowerShell module",
     "Install-Module {name_q} -Scope CurrentUser, then Import-Module it again."),
    (r"couldn't resolve module/action '(?!ansible\.builtin\.)(?P<name>\w{1,60}\.\w{1,60})\.", "Ansible collection",
     "ansible-galaxy collection install {name_q} (or list it in requirements.yml), then rerun the playbook."),
))


def loader_advice(text: str) -> tuple[str, str] | None:
    """(root_cause, fix) when a language's own loader names the package it could not find."""
    for pattern, what, fix in _LOADERS:
        match = pattern.search(text)
        if match:
            name = match.group("name") or match.groupdict().get("name2") or ""
            name = name.replace("/", "::") if what == "Perl module" else name
            return (f"The {what} `{name}` is not installed.",
                    fix.format(name=name, name_q=shell_quote(name)))
    return None


def _shared_library(linux_name: str, macos_name: str) -> tuple[str, str]:
    """Advice for a library the dynamic loader could not open: a runtime path problem, not a -dev package."""
    if macos_name:
        base = macos_name.rsplit("/", 1)[-1]
        return (f"The dynamic library `{macos_name}` is not where the program expects it.",
                f"See what the binary needs (otool -L on it) and find the library (find / -name {shell_quote(base)} "
                "2>/dev/null): install or reinstall the package that ships that version (brew), or rebuild the "
                "program against the version you have; an @rpath name is looked up in the binary's rpath entries.")
    return (f"The shared library `{linux_name}` is not installed or not on the loader's path.",
            f"Find it (ldconfig -p | grep {shell_quote(linux_name.split('.so')[0])}; find / -name "
            f"{shell_quote(linux_name)} 2>/dev/null): install the package that ships that version, or add its "
            "directory to LD_LIBRARY_PATH; a build made against another version needs a matching library or a "
            "rebuild.")


_NO_MODULE = re.compile(r"No module named '?([\w.]{1,100})'?")
# subprocess starting a program by name that is not installed (diagnose.py knows it by subprocess's frame)
_NO_PROGRAM = re.compile(r"\[Errno 2\] No such file or directory: '([\w./+-]{1,200})'$")


# PowerShell's own commands are an approved verb, a dash and a noun, and come in modules (any case: the shell
# ignores it); anything else, docker-compose or clang-format, is a program on PATH.
_CMDLET = re.compile(
    r"^(?:Add|Clear|Close|Copy|Enter|Exit|Find|Format|Get|Hide|Join|Lock|Move|New|Open|Optimize|Pop|Push|Redo|"
    r"Remove|Rename|Reset|Resize|Search|Select|Set|Show|Skip|Split|Step|Switch|Undo|Unlock|Watch|Connect|"
    r"Disconnect|Read|Receive|Send|Write|Backup|Checkpoint|Compare|Compress|Convert|ConvertFrom|ConvertTo|"
    r"Dismount|Edit|Expand|Export|Group|Import|Initialize|Limit|Merge|Mount|Out|Publish|Restore|Save|Sync|"
    r"Unpublish|Update|Approve|Assert|Build|Complete|Confirm|Deny|Deploy|Disable|Enable|Install|Invoke|Register|"
    r"Request|Restart|Resume|Start|Stop|Submit|Suspend|Uninstall|Unregister|Wait|Debug|Measure|Ping|Repair|"
    r"Resolve|Test|Trace|Block|Grant|Protect|Revoke|Unblock|Unprotect|Use)-\w{1,80}$", re.IGNORECASE)


def _powershell_command(cmd: str, action: str) -> tuple[str, str]:
    path = "\\" in cmd or "/" in cmd
    if path and re.search(rf"{re.escape(cmd)} [^\s-]", action):
        return (f"PowerShell split the path at its space and looked for `{cmd}`.",
                "Quote the whole path and run it with the call operator: & \"C:\\Program Files\\...\\tool.exe\" "
                "ARGS.")
    if path:
        return (f"PowerShell found nothing at `{cmd}`: that path does not exist from here.",
                "Check the path from the current folder (Get-ChildItem on its folder): a virtual environment may "
                "not be created yet or have another name (.venv), or the script sits elsewhere.")
    if _CMDLET.match(cmd):
        return (f"PowerShell knows no command `{cmd}`: the module that provides it is not installed or not imported.",
                f"Find its module (Find-Module -Command {cmd}), then Install-Module NAME -Scope CurrentUser and "
                "Import-Module NAME; check the spelling of the cmdlet too.")
    return (f"PowerShell found no command, script or program `{cmd}`: it is not installed or not on PATH.",
            f"Install it (winget, choco or scoop), or call it by its full path; a script in this folder needs "
            f".\\{cmd.removeprefix('.').removeprefix(chr(92))}. Open a new shell after installing so that PATH is "
            "read again ($env:PATH).")


def explain_missing(finding: Finding, ctx: ErrorContext) -> tuple[str, str]:
    g, msg = finding.groups, finding.message
    program = _NO_PROGRAM.match(msg) if finding.exception and finding.exception.name == "FileNotFoundError" else None
    cmd = g.get("cmd") or g.get("cmd2") or (program.group(1) if program else None)
    if cmd and finding.rule == Rule.PS_NOT_RECOGNIZED:
        return _powershell_command(cmd, ctx.action)
    if cmd:
        return (f"The command `{cmd}` is not installed or not on PATH.",
                f"Use an equivalent that exists ({'python -m ' if cmd.startswith('py') else 'which -a '}"
                f"{shell_quote(cmd)}), "
                f"or install it: {install_command(cmd)}.")
    if finding.rule == Rule.SHARED_LIB:
        return _shared_library(g.get("lib") or "", g.get("lib2") or "")
    lib = g.get("lib") or g.get("lib2") or g.get("lib3") or ""
    if lib in HEADER_PACKAGES:
        return (f"The header `{lib}` is missing: its development package is not installed.",
                f"apt-get install -y {HEADER_PACKAGES[lib]} (on Fedora or RHEL the -devel package of the same "
                "library)" + ("; a conda or pyenv Python has its own headers: build with that environment's python"
                              if lib == "Python.h" else "") + ", then build again; or use a prebuilt wheel or "
                "binary that does not need to compile.")
    if lib:
        return (f"The system library or header `{lib}` is missing.",
                f"Install the package that ships it (apt-file search {shell_quote(lib)}; e.g. apt-get install -y the "
                "matching lib...-dev package), or use a build/wheel that does not need it.")
    module = g.get("module") or g.get("module2") or g.get("module3") or g.get("module4") or _module_of(msg)
    if finding.rule == Rule.GO_MISSING and module and "." not in module.split("/")[0]:
        # (no domain in the first path element: a standard-library package, which only a newer Go has)
        return (f"`{module}` is a standard-library package the Go toolchain in use does not have: it is older than "
                "the code needs.",
                "Check go version against the go line in go.mod, and install a newer Go (or set GOTOOLCHAIN) "
                "rather than go get.")
    ecosystem = _OTHER_ECOSYSTEMS.get(Rule(finding.rule)) if finding.rule in _OTHER_ECOSYSTEMS else None
    if module and ecosystem:
        what, fix = ecosystem
        return (f"The {what} `{module}` is not installed or not resolvable.",
                fix.format(module=module, word=shell_quote(module)))
    shared = _SHARED_OBJECT.search(ctx.envelope.body)
    if not module and shared:
        return _shared_library(shared.group("lib"), "")
    if not module:
        return loader_advice(ctx.envelope.body) or ("A required program or module is missing.",
                f"Install it or use what is available; {clip(msg, 120, ellipsis=True)}")
    removed = removed_from_stdlib(module, ctx)
    if removed is not None:
        return removed
    interp = g.get("interp")
    if interp:
        return (f"The interpreter {interp} has no module `{module}`.",
                f"Use the interpreter of the project's environment (which -a python python3), or install it there: "
                f"{shell_quote(interp)} -m pip install {shell_quote(pip_name(module))}"
                + ("; or run the project's own test runner (e.g. bin/test, "
                   "tests/runtests.py)." if module == "pytest" else "."))
    if finding.fault == "agent" and "." in module and looks_local(module):
        parent, _, sub = module.rpartition(".")
        return (f"`{parent}` imports fine but has no submodule `{sub}`: the import path is wrong.",
                f"List what exists: python -c {_listing(parent)}, then import from the module that defines what you "
                "need.")
    if (module == module.split(".")[0] and not is_stdlib(module) and not is_known_distribution(module)
            and _in_project_path(module, ctx.envelope.body)):
        return (f"`{module}` is the project's own package (its folder is on the failing path), and it is not "
                "importable from where Python runs.",
                f"Install the project into this environment (python -m pip install -e . from the folder that holds "
                f"its pyproject.toml or setup.py) or run from that folder with PYTHONPATH=.; a registry package named "
                f"`{module}` would be a released copy, not this working tree.")
    if finding.fault == "agent" and looks_local(module, f"{ctx.error}\n{ctx.action}"):
        top = module.split(".", 1)[0]
        return (f"`{module}` is not an installed package; it looks like your own module, and it is not importable "
                "from where Python runs.",
                f"Check that it exists (find . -name {shell_quote(top + '*')} -not -path '*/.git/*' | head), that a "
                "package directory has __init__.py, and run from its parent directory or set PYTHONPATH; a Django app "
                "in INSTALLED_APPS must be such an importable package.")
    dist = pip_name(module)
    top = module.split(".")[0]
    note = f" (import name `{top}`, package name `{dist}`)" if top in PIP_NAMES else ""
    known = top in PIP_NAMES or is_known_distribution(top)
    return (f"The Python module `{module}` is not installed in this environment.",
            f"pip install {shell_quote(dist)}{note}, using the same interpreter that runs the code "
            f"(python -m pip install {shell_quote(dist)})"
            + ("." if known else f"; if `{top}` is meant to be your own module, run from the folder that holds it "
               "or add that folder to PYTHONPATH."))


def _in_project_path(module: str, body: str) -> bool:
    """Whether a path in the output runs through a folder named `module` outside installed packages."""
    folder = re.compile(rf"[\\/]{re.escape(module)}[\\/]")
    return any(folder.search(token) and installed_package(token) is None and not is_runtime_path(token)
               for token in re.findall(r"[^\s'\"()]{3,300}", body[-8000:]))


def _listing(package: str) -> str:
    return shell_quote(f"import {package}, pkgutil; print([m.name for m in pkgutil.iter_modules({package}.__path__)])")


def _module_of(msg: str) -> str:
    match = _NO_MODULE.search(msg)
    return match.group(1) if match else ""
