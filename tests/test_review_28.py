"""Inputs a review of stop 28's advice and rules found them misreading; each must stay read right."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import diagnose


def test_a_snippet_run_from_stdin_is_the_agents_own_frame() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "<stdin>", line 3, in <module>\n'
                   '  File "/v/lib/python3.11/site-packages/pandas/core/frame.py", line 3761, in __getitem__\n'
                   "    indexer = self.columns.get_loc(key)\nKeyError: 'price'\n", "python - <<'EOF'")
    assert "installed package" not in out.root_cause
    assert "available keys" in out.fix


def test_a_node_es_module_frame_is_the_agents_own_frame() -> None:
    out = diagnose("TypeError: Cannot read properties of undefined (reading 'guild')\n"
                   "    at Handler.run (/srv/bot/node_modules/chatlib/src/handler.js:41:22)\n"
                   "    at main (file:///srv/bot/index.mjs:12:3)\n", "node index.mjs")
    assert "installed package" not in out.root_cause


def test_a_relative_ruby_frame_is_the_agents_own_frame() -> None:
    out = diagnose("/home/u/.rvm/gems/ruby-3.2.1/gems/logger-1.6.0/lib/logger.rb:384:in `level': undefined method "
                   "`[]' for nil:NilClass (NoMethodError)\n        from app.rb:12:in `<main>'\n", "ruby app.rb")
    assert "installed package" not in out.root_cause


def test_a_gopath_checkout_is_the_agents_code_not_gos_runtime() -> None:
    out = diagnose("panic: runtime error: invalid memory address or nil pointer dereference\n"
                   "github.com/lib/pq.(*conn).query(0x0)\n\t/go/pkg/mod/github.com/lib/pq@v1.10.9/conn.go:871 +0x2b\n"
                   "main.main()\n\t/go/src/app/main.go:12 +0x45\n", "go run .")
    assert "installed package" not in out.root_cause


def test_a_path_alias_is_not_read_as_an_npm_package() -> None:
    out = diagnose("src/components/ui/button.tsx(3,10): error TS2305: Module '\"@/lib/utils\"' has no exported "
                   "member 'cn'.", "npx tsc --noEmit")
    assert "npm ls" not in out.fix


def test_a_default_export_imported_by_name_is_not_a_version_mismatch() -> None:
    out = diagnose("src/App.tsx(2,10): error TS2614: Module '\"react-select\"' has no exported member 'Select'. "
                   "Did you mean to use 'import Select from \"react-select\"' instead?", "npx tsc")
    assert "release" not in out.fix


def test_a_browser_only_package_loaded_on_the_server_is_not_a_toolchain_mismatch() -> None:
    out = diagnose("/app/node_modules/chart-widget/dist/index.js:1\nvar w = window.innerWidth;\n        ^\n\n"
                   "ReferenceError: window is not defined\n"
                   "    at Object.<anonymous> (/app/node_modules/chart-widget/dist/index.js:1:9)\n"
                   "    at Object.<anonymous> (/app/server.js:3:15)\n", "node server.js")
    assert "toolchain" not in out.fix


def test_a_terraform_warning_inside_a_module_does_not_take_the_errors_place() -> None:
    out = diagnose('│ Warning: Argument is deprecated\n│\n│   on .terraform/modules/vpc/main.tf line 1023, in resource '
                   '"aws_eip" "nat":\n╵\n╷\n│ Error: Unsupported argument\n│\n│   on main.tf line 12, in resource '
                   '"aws_instance" "web":\n│   12:   ami_id = "x"\n│\n│ An argument named "ami_id" is not expected '
                   "here.\n", "terraform plan")
    assert "installed source" not in out.root_cause


def test_a_standard_submodule_never_imported_is_told_to_import_it() -> None:
    out = diagnose('  File "/app/server.py", line 9, in <module>\n'
                   '    handler = logging.handlers.RotatingFileHandler("app.log")\n'
                   "AttributeError: module 'logging' has no attribute 'handlers'\n", "python server.py")
    assert "import logging.handlers" in out.fix


def test_a_local_file_that_shadows_a_module_is_named_for_renaming() -> None:
    out = diagnose("AttributeError: module 'random' has no attribute 'randint' (consider renaming '/app/random.py' "
                   "since it has the same name as the standard module named 'random' and prevents importing that "
                   "standard module)", "python /app/main.py")
    assert "Rename /app/random.py" in out.fix


def test_a_distutils_submodule_missing_on_an_older_python_is_not_blamed_on_its_removal() -> None:
    out = diagnose("ModuleNotFoundError: No module named 'distutils.cmd'", "python3.10 -m pip install .")
    assert "3.12 removed" not in out.root_cause


def test_a_removed_module_an_installed_package_imports_points_at_that_package() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "/app/main.py", line 1, in <module>\n    import oldlib\n'
                   '  File "/v/lib/python3.12/site-packages/oldlib/__init__.py", line 2, in <module>\n    import imp\n'
                   "ModuleNotFoundError: No module named 'imp'\n", "python /app/main.py")
    assert "Upgrade oldlib" in out.fix


def test_a_3_13_removal_is_not_installed_from_the_registry() -> None:
    out = diagnose("ModuleNotFoundError: No module named 'aifc'", "python transcribe.py")
    assert "pip install aifc" not in out.fix


def test_a_lock_wait_before_a_later_failure_does_not_hide_it() -> None:
    out = diagnose("    Blocking waiting for file lock on package cache\n   Compiling csvtool v0.1.0\n"
                   "thread 'main' panicked at src/main.rs:22:41:\nindex out of bounds: the len is 3 but the index is 3",
                   "cargo run -- data.csv")
    assert out.category == "runtime_error"


def test_yarn_waiting_on_another_instance_is_transient_when_nothing_else_failed() -> None:
    out = diagnose("Waiting for the other yarn instance to finish (41234)", "yarn install")
    assert out.category == "transient"
    assert "still waiting" in out.root_cause


def test_one_repository_that_did_not_resolve_does_not_hide_a_package_that_does_not_exist() -> None:
    out = diagnose("Hit:1 http://deb.debian.org/debian bookworm InRelease\n"
                   "Err:4 https://packages.example.com/apt stable InRelease\n"
                   "  Temporary failure resolving 'packages.example.com'\nReading package lists...\n"
                   "E: Unable to locate package python3.12-venv", "apt-get install -y python3.12-venv")
    assert out.category == "missing_dependency"
    assert "apt-cache search" in out.fix


def test_a_passing_test_named_for_a_non_zero_exit_is_still_a_pass() -> None:
    out = diagnose("  cli\n    ✓ prints the version\n    ✓ returns a non-zero exit code when the config is missing\n\n"
                   "  2 passing (41ms)\n", "npm test")
    assert out.category == "not_an_error"


def test_an_azure_vcpu_quota_is_not_told_to_switch_api_key_or_model() -> None:
    out = diagnose('{"code":"QuotaExceeded","message":"Operation could not be completed as it results in exceeding '
                   'approved standardDSv3Family Cores quota."}', "az vm create -n vm1 --size Standard_D4s_v3")
    assert "model" not in out.fix


def test_a_misspelled_apache_directive_is_told_to_check_the_spelling() -> None:
    out = diagnose("Invalid command 'ServerNmae', perhaps misspelled or defined by a module not included in the "
                   "server configuration", "sudo apachectl configtest")
    assert "spelling" in out.fix


def test_a_powershell_path_that_does_not_exist_is_not_installed_with_winget() -> None:
    out = diagnose(".\\venv\\Scripts\\activate : The term '.\\venv\\Scripts\\activate' is not recognized as the name "
                   "of a cmdlet, function, script file, or operable program.", ".\\venv\\Scripts\\activate")
    assert "winget" not in out.fix


def test_a_lowercase_cmdlet_is_installed_as_a_module() -> None:
    out = diagnose("install-module : The term 'install-module' is not recognized as the name of a cmdlet, function, "
                   "script file, or operable program.", "install-module Az")
    assert "Install-Module" in out.fix


def test_a_powershell_message_wrapped_before_of_a_is_read() -> None:
    out = diagnose("Connect-AzAccount : The term 'Connect-AzAccount' is not recognized as the name\nof a cmdlet, "
                   "function, script file, or operable program.", "Connect-AzAccount")
    assert out.category == "missing_dependency"


def test_a_module_run_with_dash_m_gets_its_own_help_command() -> None:
    out = diagnose("usage: server.py [-h] [--cgi] [--bind ADDRESS] [port]\n"
                   "server.py: error: unrecognized arguments: --host 0.0.0.0", "python3 -m http.server 8000 --host 0.0.0.0")
    assert "`python3 -m http.server --help`" in out.fix


def test_a_prefix_command_that_rejected_its_own_option_is_named_alone() -> None:
    out = diagnose("sudo: unrecognized option '--preserve'\nusage: sudo -h | -K | -k | -V", "sudo --preserve apt-get "
                   "install -y jq")
    assert "run by" not in out.root_cause


def test_a_bsd_tool_is_not_told_it_is_older_than_the_docs() -> None:
    out = diagnose("grep: invalid option -- P\nusage: grep [-abcdDEFGHhIiJLlMmnOopqRSsUVvwXxZz] [-A num] [-B num]",
                   "grep -P '\\d{3}' contacts.txt")
    assert "older" not in out.fix
    assert "BSD" in out.fix


def test_kubectl_exec_of_a_flag_is_not_told_to_drop_its_separator() -> None:
    out = diagnose('OCI runtime exec failed: exec failed: unable to start container process: exec: "-c": executable '
                   "file not found in $PATH: unknown", "kubectl exec -it api-7d9 -- -c web sh")
    assert "-c CONTAINER -- CMD" in out.fix


def test_a_go_compile_error_inside_the_module_cache_asks_for_the_go_version() -> None:
    out = diagnose("# golang.org/x/sys/unix\n/root/go/pkg/mod/golang.org/x/sys@v0.18.0/unix/syscall.go:83:16: "
                   "undefined: unsafe.Slice\nnote: module requires Go 1.17", "go build ./...")
    assert "go version" in out.fix


def test_a_windows_standard_library_path_is_read_as_the_standard_library() -> None:
    out = diagnose("ImportError: cannot import name 'Mapping' from 'collections' "
                   "(C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\lib\\collections\\__init__.py)",
                   "python app.py")
    assert "python --version" in out.fix


def test_a_windows_standard_library_frame_is_not_the_agents_line() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "C:\\proj\\main.py", line 26, in <module>\n'
                   '    key = os.environ["API_KEY"]\n'
                   '  File "C:\\Python310\\lib\\os.py", line 680, in __getitem__\n    raise KeyError(key) from None\n'
                   "KeyError: 'API_KEY'\n", "python main.py")
    assert "main.py:26" in out.root_cause


def test_a_lock_wait_the_run_went_on_past_is_not_the_failure() -> None:
    out = diagnose("yarn install v1.22.19\nWaiting for the other yarn instance to finish (41234)\n"
                   "[1/4] Resolving packages...\nerror Couldn't find package \"reactt@^18.2.0\" required by "
                   "\"webapp@1.0.0\" on the \"npm\" registry.", "yarn install")
    assert "waiting" not in out.root_cause


def test_a_hyphenated_program_is_not_read_as_a_cmdlet() -> None:
    out = diagnose("docker-compose : The term 'docker-compose' is not recognized as the name of a cmdlet, function, "
                   "script file, or operable program.", "docker-compose up -d")
    assert "Install-Module" not in out.fix


def test_a_removed_module_the_agents_own_file_imports_is_not_blamed_on_the_framework() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "/app/.venv/bin/flask", line 8, in <module>\n'
                   '  File "/app/.venv/lib/python3.12/site-packages/flask/cli.py", line 335, in locate_app\n'
                   "    __import__(module_name)\n  File \"/app/app.py\", line 3, in <module>\n    import imp\n"
                   "ModuleNotFoundError: No module named 'imp'\n", "flask --app app run")
    assert "importlib" in out.fix
    assert "flask" not in out.fix


def test_an_older_python_printed_earlier_in_a_log_does_not_decide_the_version() -> None:
    out = diagnose("nox > Creating virtual environment (virtualenv) using python3.11 in .nox/tests-3-11\n"
                   "nox > Session tests-3.11 was successful in 9 seconds.\nE   ModuleNotFoundError: No module named "
                   "'imp'", "nox")
    assert "importlib" in out.fix


def test_a_removed_module_missing_on_a_python_that_still_ships_it_is_the_distributions_package() -> None:
    out = diagnose("ModuleNotFoundError: No module named 'distutils'", "python3.10 setup.py build")
    assert "python3-distutils" in out.fix
    assert "pip install distutils" not in out.fix


def test_a_distutils_part_a_dependency_still_imports_names_setuptools() -> None:
    out = diagnose('  File "/v/.venv/lib/python3.11/site-packages/numpy/distutils/ccompiler.py", line 20, in <module>'
                   "\n    from distutils.msvccompiler import get_build_version\n"
                   "ModuleNotFoundError: No module named 'distutils.msvccompiler'", "pip install .")
    assert "setuptools<74" in out.fix


def test_a_scripts_own_getopts_is_not_called_a_bsd_tool() -> None:
    out = diagnose("deploy.sh: illegal option -- x\nUsage: deploy.sh [-e env] [-t tag]", "./scripts/deploy.sh -x")
    assert "BSD" not in out.fix


def test_a_launchers_child_script_keeps_its_own_usage() -> None:
    out = diagnose("usage: train.py [-h] [--batch-size BATCH_SIZE]\ntrain.py: error: unrecognized arguments: "
                   "--bath-size 32", "python -m torch.distributed.run --nproc_per_node 2 train.py --bath-size 32")
    assert "`train.py`" in out.root_cause


def test_a_wrapper_word_inside_an_earlier_path_is_not_a_prefix_command() -> None:
    out = diagnose("xargs: invalid option -- 'z'\nUsage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...",
                   "find /srv/farm/logs -name '*.log' -print0 | xargs -z rm")
    assert "run by" not in out.root_cause


def test_a_syntax_error_inside_node_modules_below_nodes_header_is_a_version_mismatch() -> None:
    out = diagnose("/app/node_modules/undici/lib/web/fetch/index.js:1\nconst { foo } = bar ?? {}\n"
                   "                     ^\n\nSyntaxError: Unexpected token '?'\n"
                   "    at wrapSafe (internal/modules/cjs/loader.js:915:16)\n", "node server.js")
    assert "`undici`" in out.root_cause


def test_a_later_compile_error_does_not_replace_the_deciding_one() -> None:
    out = diagnose("src/api.ts(14,22): error TS2304: Cannot find name 'fetchJsn'.\n"
                   "src/dates.ts(1,10): error TS2305: Module '\"date-fns\"' has no exported member "
                   "'formatISODuration'.", "npx tsc --noEmit")
    assert "date-fns" not in out.root_cause


def test_a_project_folder_import_is_not_an_npm_package() -> None:
    out = diagnose("src/pages/Home.tsx(4,10): error TS2305: Module '\"src/lib/utils\"' has no exported member 'cn'.",
                   "npx tsc --noEmit")
    assert "npm ls" not in out.fix


def test_a_browser_global_under_node_gets_the_server_rendering_advice() -> None:
    out = diagnose("ReferenceError: window is not defined\n    at Object.<anonymous> (/app/node_modules/chart-widget/"
                   "dist/index.js:1:9)\n    at Object.<anonymous> (/app/server.js:3:15)", "node server.js")
    assert "typeof window" in out.fix


def test_pythons_shadowing_hint_in_an_import_error_names_the_file() -> None:
    out = diagnose("ImportError: cannot import name 'randint' from 'random' (consider renaming '/app/random.py' since "
                   "it has the same name as the standard library module named 'random')", "python /app/main.py")
    assert "Rename /app/random.py" in out.fix


def test_an_async_node_frame_of_the_agents_is_read() -> None:
    out = diagnose("TypeError: Cannot read properties of undefined (reading 'map')\n"
                   "    at normalizeRows (/srv/app/node_modules/tablekit/lib/rows.js:41:22)\n"
                   "    at async loadReport (/srv/app/src/report.js:18:15)\n", "node src/index.js")
    assert "installed package" not in out.root_cause


def test_a_conda_standard_library_on_windows_is_the_standard_library() -> None:
    out = diagnose("ImportError: cannot import name 'Mapping' from 'collections' "
                   "(C:\\Users\\dev\\miniconda3\\Lib\\collections\\__init__.py)", "python app.py")
    assert "python --version" in out.fix


def test_a_path_powershell_split_at_its_space_is_told_to_quote_it() -> None:
    out = diagnose("C:\\Program : The term 'C:\\Program' is not recognized as the name of a cmdlet, function, "
                   "script file, or operable program.", "C:\\Program Files\\Git\\bin\\bash.exe --version")
    assert "call operator" in out.fix


def test_a_missing_submodule_of_a_released_package_is_told_to_import_it() -> None:
    out = diagnose("AttributeError: module 'PIL' has no attribute 'Image'", "python thumbs.py")
    assert "import PIL.Image" in out.fix


def test_a_module_error_without_its_own_location_ignores_a_warnings_location_after_it() -> None:
    out = diagnose('│ Error: Invalid function argument\n│\n│ Invalid value for "path" parameter: no file exists.\n'
                   "│\n│ Warning: Argument is deprecated\n│\n│   on .terraform/modules/vpc/main.tf line 1023, in "
                   'resource "aws_eip" "nat":\n', "terraform plan")
    assert "installed source" not in out.root_cause


def test_a_removed_module_is_told_its_replacement_when_the_action_shows_a_newer_python() -> None:
    out = diagnose("ModuleNotFoundError: No module named 'imp'", "python3.12 legacy.py")
    assert "importlib" in out.fix


def test_the_system_pip_without_distutils_on_an_older_python_is_the_distributions_package() -> None:
    out = diagnose('  File "/usr/lib/python3/dist-packages/pip/_internal/locations/_distutils.py", line 9, in <module>'
                   "\n    from distutils.cmd import Command as DistutilsCommand\n"
                   "ModuleNotFoundError: No module named 'distutils.cmd'", "python3.10 -m pip install -r req.txt")
    assert "python3-distutils" in out.fix


def test_an_argument_a_terraform_block_does_not_take_is_a_config_error_not_a_cli_one() -> None:
    out = diagnose('Error: Unsupported argument\n\n  on main.tf line 12, in resource "aws_instance" "web":\n'
                   '  12:   ami_id = "ami-123"\n\nAn argument named "ami_id" is not expected here.', "terraform plan")
    assert "--help" not in out.fix
    assert "`ami_id`" in out.fix


def test_a_null_read_with_no_location_in_the_output_asks_for_the_stack_first() -> None:
    out = diagnose("NoMethodError: undefined method `[]' for nil:NilClass", "bundle exec rake import")
    assert "Get the location first" in out.fix


def test_a_null_read_with_a_location_keeps_the_handle_it_there_advice() -> None:
    out = diagnose("rake aborted!\nundefined method `start_with?' for nil:NilClass\n"
                   "/home/u/app/Rakefile:5:in `<top (required)>'", "rake")
    assert "Get the location first" not in out.fix


def test_visual_studios_exception_details_give_the_message_of_the_message_line() -> None:
    out = diagnose("System.InvalidOperationException\n  HResult=0x80131509\n  Message=Unable to resolve service for "
                   "type 'System.String' while attempting to activate 'App.Resolver'.\n  Source=Microsoft.Extensions."
                   "DependencyInjection\n  StackTrace:", "dotnet run")
    assert "Unable to resolve service" in out.root_cause
    assert "register it" in out.fix
