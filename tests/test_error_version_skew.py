"""Advice for failures that sit in installed code or in a version mismatch, not in the agent's own code."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors import diagnose

_NODE_TRACE = ("TypeError: Cannot read properties of undefined (reading 'guild')\n"
               "    at Handler.run (/srv/bot/node_modules/chatlib/src/handler.js:41:22)\n"
               "    at Client.emit (node:events:517:28)\n"
               "    at Socket.onData (/srv/bot/node_modules/wsock/lib/socket.js:90:12)\n")


def test_a_null_read_whose_every_frame_is_installed_names_the_package_and_not_the_line() -> None:
    out = diagnose(_NODE_TRACE, "node index.js")
    assert "`chatlib`" in out.root_cause
    assert "Do not patch the installed copy of chatlib" in out.fix


def test_a_null_read_with_one_frame_in_the_agents_code_keeps_the_fix_the_line_advice() -> None:
    out = diagnose(_NODE_TRACE + "    at main (/srv/bot/index.js:12:3)\n", "node index.js")
    assert "installed" not in out.fix
    assert "handle the empty case" in out.fix


def test_the_innermost_gem_of_a_version_managers_path_is_the_package() -> None:
    out = diagnose("/home/u/.rvm/gems/ruby-3.2.1/gems/logger-1.6.0/lib/logger.rb:384:in `level': undefined method "
                   "`[]' for nil:NilClass (NoMethodError)\n"
                   "        from /home/u/.rvm/gems/ruby-3.2.1/gems/jekyll-3.9.3/lib/jekyll/log_adapter.rb:43:in `x'\n",
                   "bundle exec jekyll serve")
    assert "`logger`" in out.root_cause


def test_a_key_error_raised_in_site_packages_is_not_told_to_use_get() -> None:
    out = diagnose('Traceback (most recent call last):\n'
                   '  File "/usr/lib/python3.11/site-packages/knack/cli.py", line 233, in invoke\n'
                   "    cmd = self.table[args[0]]\n"
                   "KeyError: '3'\n")
    assert ".get()" not in out.fix
    assert "knack" in out.fix


def test_a_missing_table_raised_in_a_library_keeps_the_create_the_schema_advice() -> None:
    out = diagnose('Traceback (most recent call last):\n'
                   '  File "/v/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec\n'
                   "    cursor.execute(statement, parameters)\n"
                   "sqlite3.OperationalError: no such table: users\n")
    assert "create the schema" in out.fix


def test_a_removed_name_of_a_released_library_asks_for_its_version_not_the_spelling() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "train.py", line 4, in <module>\n'
                   "    x = np.float(3)\nAttributeError: module 'numpy' has no attribute 'float'\n", "python train.py")
    assert "installed version" in out.fix
    assert "numpy" in out.fix


def test_a_missing_attribute_of_a_checkout_of_the_package_itself_keeps_the_spelling_advice() -> None:
    out = diagnose("astropy/units/tests/test_format.py:88: in test_to_string\n    s = u.format.Latex2.to_string(unit)\n"
                   "E   AttributeError: module 'astropy.units.format' has no attribute 'Latex2'\n",
                   "pytest astropy/units/tests/test_format.py")
    assert "installed version" not in out.fix


def test_a_standard_library_name_missing_in_this_python_asks_for_the_python_version() -> None:
    out = diagnose("AttributeError: module 'collections' has no attribute 'MutableMapping'\n", "python run.py")
    assert "python --version" in out.fix


def test_a_partially_initialized_module_is_not_read_as_a_version_mismatch() -> None:
    out = diagnose("AttributeError: partially initialized module 'numpy' has no attribute 'array' (most likely due "
                   "to a circular import)\n", "python numpy_demo.py")
    assert "installed version" not in out.fix


def test_a_jvm_linkage_error_asks_to_align_jar_versions() -> None:
    out = diagnose('Exception in thread "main" java.lang.NoSuchMethodError: \'void com.acme.Util.check(boolean)\'\n'
                   "\tat com.example.App.main(App.java:10)\n", "java -jar app.jar")
    assert "dependency:tree" in out.fix
    assert "spelling" not in out.fix


def test_a_package_without_the_export_the_code_imports_asks_for_its_version() -> None:
    out = diagnose("SyntaxError: The requested module 'chartkit' does not provide an export named 'LineChart'\n",
                   "node app.mjs")
    assert "npm ls chartkit" in out.fix


def test_a_compile_error_inside_cargos_registry_asks_for_the_toolchain_not_an_edit() -> None:
    out = diagnose("error[E0061]: this function takes 2 arguments but 1 argument was supplied\n"
                   "   --> /home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/sometool-5.7.0/src/os.rs:9:16\n"
                   "    |\n", "cargo install sometool")
    assert "`sometool`" in out.root_cause
    assert "rustc --version" in out.fix


def test_a_compile_error_in_the_agents_crate_keeps_the_arguments_advice() -> None:
    out = diagnose("error[E0061]: this function takes 2 arguments but 1 argument was supplied\n"
                   "  --> src/main.rs:9:16\n    |\n", "cargo build")
    assert "rustc --version" not in out.fix


def test_a_python_file_in_site_packages_that_does_not_parse_asks_for_the_python_version() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "run.py", line 1, in <module>\n    import fastlib\n'
                   '  File "/v/lib/python3.7/site-packages/fastlib/core.py", line 12\n'
                   "    match cmd:\n          ^\nSyntaxError: invalid syntax\n", "python run.py")
    assert "python --version" in out.fix


def test_a_usage_block_printed_by_the_program_a_wrapper_ran_is_attributed_to_that_program() -> None:
    out = diagnose("error: unknown option `initial-branch'\n"
                   "usage: git init [-q | --quiet] [--bare] [--template=<template-directory>]\n", "saleor init")
    assert out.root_cause.startswith("`git` (run by `saleor`)")
    assert "git --version" in out.fix


def test_a_missing_required_argument_is_not_told_the_program_may_be_old() -> None:
    out = diagnose("usage: app.py [-h] --input INPUT\napp.py: error: the following arguments are required: --input\n",
                   "python app.py")
    assert "--version" not in out.fix
    assert "`python app.py --help`" in out.fix


def test_a_syntax_error_inside_an_installed_gem_asks_for_the_ruby_version() -> None:
    out = diagnose("/home/u/.rvm/gems/ruby-1.9.3/gems/oldgem-0.1.0/lib/oldgem.rb:12: syntax error, unexpected ':', "
                   "expecting keyword_then or ';' or '\\n'\n", "oldgem list")
    assert "`oldgem`" in out.root_cause
    assert "ruby --version" in out.fix


def test_an_unsupported_argument_inside_a_downloaded_terraform_module_asks_for_the_modules_version() -> None:
    out = diagnose('Error: Unsupported argument\n\n  on .terraform/modules/vpc/main.tf line 47, in resource "aws_eip" '
                   '"nat":\n  47:   vpc = true\n\nAn argument named "vpc" is not expected here.\n', "terraform plan")
    assert "`vpc`" in out.root_cause
    assert "terraform version" in out.fix


def test_a_module_python_removed_from_its_standard_library_is_not_installed_from_the_registry() -> None:
    out = diagnose('Traceback (most recent call last):\n  File "setup.py", line 1, in <module>\n'
                   "    from distutils.core import setup\nModuleNotFoundError: No module named 'distutils'\n",
                   "python setup.py build")
    assert "setuptools" in out.fix
    assert "pip install distutils" not in out.fix


def test_a_parse_error_in_a_lake_package_asks_for_the_toolchain_not_an_edit() -> None:
    out = diagnose("error: ././.lake/packages/batteries/lakefile.lean:12:4: error: unexpected token; expected command\n"
                   "error: build failed")
    assert "installed source of `batteries`" in out.root_cause and "lean-toolchain" in out.fix
