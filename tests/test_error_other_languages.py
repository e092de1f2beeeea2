"""Languages and tools outside the corpus's seventeen ecosystems (Perl, R, Julia, Haskell, Elixir, Dart,
Swift, Scala, Lua, OCaml, PowerShell, Ansible, Clojure, F#, Fortran, MATLAB): the same mechanisms in their
own words, and install advice in their own installers' terms."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize(("error", "action", "category"), [
    ("Global symbol \"$count\" requires explicit package name (did you forget to declare \"my $count\"?) at "
     "report.pl line 18.", "perl report.pl", "undefined_name"),
    ("Error in summarise_data(df) : could not find function \"summarise_data\"\nExecution halted",
     "Rscript stats.R", "undefined_name"),
    ("src/Lib.hs:12:15: error:\n    Variable not in scope: lenght :: [a] -> Int", "stack build", "undefined_name"),
    ("[error] /app/src/main/scala/Main.scala:5:13: not found: value prinltn", "sbt compile", "undefined_name"),
    ("File \"bin/main.ml\", line 3, characters 9-14:\nError: Unbound value prnt", "dune build", "undefined_name"),
    ("lua: main.lua:5: attempt to call a nil value (global 'prnt')", "lua main.lua", "undefined_name"),
    ("Syntax error compiling at (app/core.clj:12:3).\nUnable to resolve symbol: prnitln in this context",
     "lein run", "undefined_name"),
    ("/app/Program.fs(5,13): error FS0039: The value or constructor 'prntfn' is not defined.", "dotnet build",
     "undefined_name"),
    ("main.f90:12:15:\nError: Symbol 'totl' at (1) has no IMPLICIT type", "gfortran main.f90", "undefined_name"),
])
def test_a_name_not_in_scope_is_undefined_in_every_language(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "action", "category"), [
    ("src/Lib.hs:8:10: error:\n    • Couldn't match expected type ‘Int’ with actual type ‘[Char]’", "cabal build",
     "invalid_arguments"),
    ("e: file:///app/src/main/kotlin/Main.kt:7:21 Type mismatch: inferred type is String but Int was expected",
     "gradle build", "invalid_arguments"),
    ("/app/Sources/App/main.swift:9:22: error: cannot convert value of type 'String' to expected argument type "
     "'Int'", "swift build", "invalid_arguments"),
    ("lib/main.dart:15:23: Error: The argument type 'String' can't be assigned to the parameter type 'int'.",
     "dart run", "invalid_arguments"),
    ("Error: This expression has type string but an expression was expected of type\n         int", "dune build",
     "invalid_arguments"),
])
def test_a_value_of_the_wrong_type_is_a_bad_argument_not_a_test_verdict(error: str, action: str,
                                                                        category: str) -> None:
    assert diagnose(error, action).category == category


def test_julia_exception_behind_load_error_is_read_by_its_own_type() -> None:
    diag = diagnose("ERROR: LoadError: UndefVarError: `total` not defined\nStacktrace:\n [1] top-level scope",
                    "julia run.jl")
    assert diag.category == "undefined_name"


def test_julia_parse_error_wrapped_in_load_error_is_a_syntax_error() -> None:
    diag = diagnose("ERROR: LoadError: syntax: incomplete: \"function\" at /app/run.jl:3 requires end",
                    "julia run.jl")
    assert diag.category == "syntax_error"


def test_elixir_exception_is_read_by_its_type() -> None:
    diag = diagnose("** (FunctionClauseError) no function clause matching in MyApp.Parser.parse/1", "mix run")
    assert diag.category == "invalid_arguments"


def test_elixir_library_catch_all_is_read_by_its_message() -> None:
    diag = diagnose("** (Postgrex.Error) ERROR 42703 (undefined_column) column \"createdAt\" does not exist",
                    "mix run")
    assert diag.category == "undefined_name"


def test_r_script_stopped_by_an_uncaught_error_is_a_runtime_error() -> None:
    diag = diagnose("Error in x + 1 : non-numeric argument to binary operator\nExecution halted", "Rscript calc.R")
    assert diag.category == "runtime_error"


@pytest.mark.parametrize(("error", "action", "fix"), [
    ("Can't locate JSON/XS.pm in @INC (you may need to install the JSON::XS module) (@INC contains: /etc/perl) at "
     "script.pl line 5.", "perl script.pl", "cpanm JSON::XS"),
    ("Error in library(ggplot2) : there is no package called 'ggplot2'\nExecution halted", "Rscript plot.R",
     "install.packages(\"ggplot2\", repos = "),
    ("ERROR: LoadError: ArgumentError: Package CSV not found in current path.", "julia run.jl", "Pkg.add(\"CSV\")"),
    ("** (UndefinedFunctionError) function Jason.encode!/1 is undefined (module Jason is not available)",
     "mix run", "mix deps.get"),
    ("lib/api.dart:1:8: Error: Couldn't resolve the package 'http' in 'package:http/http.dart'.", "dart run",
     "dart pub add http"),
    ("File \"bin/dune\", line 4, characters 12-17:\nError: Library \"yojson\" not found.", "dune build",
     "opam install yojson"),
    ("ERROR! couldn't resolve module/action 'community.docker.docker_container'. This often indicates a "
     "misspelling, missing collection, or incorrect module path.", "ansible-playbook site.yml",
     "ansible-galaxy collection install community.docker"),
])
def test_missing_package_advice_uses_the_languages_own_installer(error: str, action: str, fix: str) -> None:
    diag = diagnose(error, action)
    assert diag.category == "missing_dependency" and fix in diag.fix


def test_fortran_module_file_not_found_is_a_missing_library() -> None:
    diag = diagnose("Fatal Error: Cannot open module file 'netcdf.mod' for reading at (1): No such file or "
                    "directory\ncompilation terminated.", "gfortran main.f90")
    assert diag.category == "missing_dependency" and "netcdf.mod" in diag.root_cause


def test_ansible_recap_with_nothing_failed_is_not_an_error() -> None:
    recap = ("PLAY RECAP *********************************************************************\n"
             "web1                       : ok=12   changed=3    unreachable=0    failed=0    skipped=1    "
             "rescued=0    ignored=0")
    assert diagnose(recap, "ansible-playbook site.yml").category == "not_an_error"


def test_zod_expected_received_is_a_rejected_value_not_a_test_verdict() -> None:
    diag = diagnose("Error HH8: There's one or more errors in your config file:\n\n  * Invalid account: #0 for "
                    "network: sepolia - Expected string, received undefined", "npx hardhat run deploy.js")
    assert diag.category == "invalid_arguments"


@pytest.mark.parametrize(("error", "action", "category"), [
    ("nodes/cornelius_head.lua:80: attempt to index field \"character\" (a nil value)", "love .", "runtime_error"),
    ("Error: can't find file 'compiler/crystal/tools/dependencies'", "crystal build src/cli.cr", "file_not_found"),
    ("Simple chord...error: FileNotFound", "zig build run", "file_not_found"),
    ("[error] (integration/test:test) sbt.TestsFailedException: Tests unsuccessful", "sbt test", "test_failure"),
    ("sbt.ResolveException: unresolved dependency: com.example#plugin_2.12;1.0: not found", "sbt update",
     "missing_dependency"),
    ("app.nim(110, 39) Error: type mismatch: got <string, string>\nbut expected one of:\nproc calc(s: string): int",
     "nim c app.nim", "invalid_arguments"),
    ("Paket failed with\n-> There was a version conflict during package resolution.", "paket install",
     "precondition_failed"),
    ("error: failed to load language plugin nodejs: no language plugin 'pulumi-language-nodejs' found in the "
     "workspace or on your $PATH", "pulumi up", "missing_dependency"),
    ("ERROR: no such package 'llama': BUILD file not found in any of the following directories. Add a BUILD file "
     "to a directory to mark it as a package.", "bazel run //llama:app", "file_not_found"),
    ("error: The module's source code could not be parsed: Expected ';', got 'with' at file:///app/src/main.ts:43:48",
     "deno run main.ts", "syntax_error"),
])
def test_each_platforms_own_wording_decides_its_category(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


def test_chefs_relay_of_an_exit_status_is_not_a_test_verdict() -> None:
    relay = ("Mixlib::ShellOut::ShellCommandFailed\n------------------------------------\nExpected process to exit "
             "with [0], but received ''\n---- Begin output of chef-server-ctl install ----\nSTDOUT: \nSTDERR: \n"
             "---- End output of chef-server-ctl install ----")
    assert diagnose(relay, "chef-client").category == "unknown"


@pytest.mark.parametrize(("error", "category"), [
    ("Le fichier spécifié est introuvable.", "file_not_found"),
    ("系统找不到指定的路径。", "file_not_found"),
    ("Zugriff verweigert", "permission_denied"),
    ("アクセスが拒否されました。", "permission_denied"),
    ("fatal: 不是 git 仓库（或者任何父目录）：.git", "file_not_found"),
])
def test_windows_and_git_messages_in_other_locales_are_read_not_taken_for_success(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_msvc_missing_include_is_a_missing_library_with_windows_advice() -> None:
    diag = diagnose("main.cpp(1): fatal error C1083: Cannot open include file: 'curl/curl.h': No such file or "
                    "directory", "cl main.cpp")
    assert diag.category == "missing_dependency" and "vcpkg search" in diag.fix and "apt-get" not in diag.fix


@pytest.mark.parametrize(("error", "category"), [
    ("main.obj : error LNK2019: unresolved external symbol \"void __cdecl helper(void)\" (?helper@@YAXXZ) referenced "
     "in function main", "missing_dependency"),
    ("main.cpp(9): error C2660: 'add': function does not take 3 arguments", "invalid_arguments"),
    ("SCRIPT ERROR: Parse Error: Identifier \"velocty\" not declared in the current scope.", "undefined_name"),
    ("SCRIPT ERROR: Invalid get index 'position' (on base: 'null instance').", "runtime_error"),
])
def test_msvc_and_godot_wordings(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_output_in_an_unread_language_is_unknown_with_advice_to_rerun_in_english() -> None:
    diag = diagnose("ファイルが壊れています。")
    assert diag.category == "unknown" and "LC_ALL=C" in diag.fix


@pytest.mark.parametrize(("error", "category"), [
    ("CompilerError: Stack too deep. Try compiling with `--via-ir` (cli) or the equivalent `viaIR: true`.",
     "resource_limit"),
    ("Error: Rank mismatch between actual argument at (1) and actual argument at (2) (scalar and rank-1)",
     "invalid_arguments"),
    ("/src/debug.fsx(57,24): error FS0039: The value, constructor, namespace or type 'Loggers' is not defined",
     "undefined_name"),
    ("Too many input arguments.", "invalid_arguments"),
    ("signal.c:1:1: error: unable to build C object: unable to build C object: FileNotFound", "file_not_found"),
    ("bun install v1.2.0\nerror: lockfile had changes, but lockfile is frozen\nnote: try re-running without "
     "--frozen-lockfile and commit the updated lockfile", "precondition_failed"),
    ("> 2 files found with path 'lib/arm64-v8a/libc++_shared.so' from inputs:", "precondition_failed"),
    ("pub get failed (server unavailable) -- attempting retry 6 in 32 seconds...", "transient"),
    ("ERROR: unable to select packages:\n  so:libcrypto.so.3 (no such package):\n    required by: app-1.0-r0[so:libcrypto.so.3]",
     "missing_dependency"),
])
def test_wordings_from_a_fresh_batch_of_other_platforms(error: str, category: str) -> None:
    assert diagnose(error).category == category


@pytest.mark.parametrize("output", [
    "==> Linting .\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed",
    "── R CMD check results ── pkg 0.1.0 ────\nDuration: 2m 3.1s\n\n0 errors ✔ | 0 warnings ✔ | 1 note ✖",
    "AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using 172.26.0.2. Set the "
    "'ServerName' directive globally to suppress this message",
])
def test_a_run_that_only_noted_something_is_not_an_error(output: str) -> None:
    assert diagnose(output).category == "not_an_error"


def test_rspec_style_expected_got_on_two_lines_is_a_test_failure() -> None:
    report = ("  ✖  verify-patches: All patches should be installed (\n     expected: 0\n          got: 94\n\n"
              "     (compared using ==)\n     )")
    assert diagnose(report, "inspec exec test/integration").category == "test_failure"


@pytest.mark.parametrize(("error", "category"), [
    ("SCRIPT ERROR: _process: Invalid call. Nonexistent function 'is_playing_scene' in base 'EditorInterface'.",
     "undefined_name"),
    ("/root/app/src/server/types.nim(1, 61) Error: cannot open file: ws", "missing_dependency"),
    ("Exception thrown: java.lang.ClassCastException (java.lang.Long cannot be cast to clojure.lang.IFn)",
     "runtime_error"),
    ("[00:50:58] error: memory usage peaked at 8761503744 bytes, exceeding the declared upper bound of 7800000000\n"
     "[00:50:58] Build Summary: 2/5 steps succeeded; 1 failed", "resource_limit"),
    ("Microsoft.FSharp.Targets(224,9): error MSB6006: \"RunFsc.cmd\" exited with code -1073741571.", "resource_limit"),
    ("failing test: Test Failed at /home/dev/pkg/test/runtests.jl:78\n  Expression: 1 == 2\n   Evaluated: 1 == 2",
     "test_failure"),
    ("fatal: 不是一个 git 仓库（或者任何父目录）：.git", "file_not_found"),
    ("\"error_description\": \"The request is missing a required parameter, includes an unsupported parameter value\"",
     "invalid_arguments"),
])
def test_wordings_from_the_last_fresh_batch(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_an_edg_front_ends_undefined_identifier_is_an_undefined_name():
    out = diagnose('kernel.cu(215): error: too few arguments in function call\n'
                   'kernel.cu(321): error: identifier "HALFSIZE" is undefined\n'
                   '15 errors detected in the compilation of "kernel.cpp1.ii".\n', "make")
    assert out.category == "undefined_name"


@pytest.mark.parametrize(("error", "category"), [
    ("In lib/telnet/src/telnet.cr:113:46\n\nError: undefined method 'size' for Nil (compile-time type is "
     "(String | Nil))\n", "runtime_error"),
    ("devicetree error: boards/shields/oled.overlay:7 (column 15): parse error: undefined node label 'oled'\n",
     "undefined_name"),
    ("  Liquid Exception: Liquid syntax error (line 30): Unknown tag 'link' in _includes/navbar.html\n",
     "undefined_name"),
])
def test_a_name_nothing_defines_or_a_nil_in_other_toolchains(error: str, category: str) -> None:
    assert diagnose(error).category == category
