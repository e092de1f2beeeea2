"""More toolchains in their own words (Groovy, Emacs and Common Lisp, Racket, TeX, embedded linkers, older Go,
pnpm, CI plugins, installers that need an elevated shell, notebooks, deploy CLIs): each once read as another
mechanism or as nothing at all."""

from __future__ import annotations

import pytest

from supervisor_mcp.heuristics.errors import diagnose


@pytest.mark.parametrize(("error", "action", "category"), [
    ("groovy.lang.MissingPropertyException: No such property: buildTag for class: groovy.lang.Binding\n"
     "\tat groovy.lang.Binding.getVariable(Binding.java:63)", "", "undefined_name"),
    ("Warning (initialization): An error occurred while loading '/home/u/.emacs':\n\n"
     "Symbol's function definition is void: use-pakage", "emacs", "undefined_name"),
    ("; caught WARNING:\n;   undefined function: COMMON-LISP-USER::FOO\ndebugger invoked on a UNDEFINED-FUNCTION: "
     "The function COMMON-LISP-USER::FOO is undefined.", "sbcl --script main.lisp", "undefined_name"),
    ("init.el:88:1:Error: End of file during parsing", "emacs --batch -f batch-byte-compile init.el",
     "syntax_error"),
    ("./main.go:14: cannot use n (type int64) as type int in argument to strconv.Itoa", "go build",
     "invalid_arguments"),
])
def test_a_languages_own_words_name_the_mechanism(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "action"), [
    ("standard-module-name-resolver: collection not found\n  for module path: json-pointer\n  collection: "
     "\"json-pointer\"", "racket main.rkt"),
    ("! LaTeX Error: File `minted.sty' not found.\n\nType X to quit or <RETURN> to proceed,", "pdflatex paper.tex"),
    ("ERR_PNPM_PEER_DEP_ISSUES  Unmet peer dependencies\n\n.\n└─┬ vite-ssg\n  └── ✕ missing peer vue-router@^4.0.1",
     "pnpm install"),
])
def test_a_package_the_toolchain_never_installed_is_a_missing_dependency(error: str, action: str) -> None:
    assert diagnose(error, action).category == "missing_dependency"


def test_a_tex_input_file_of_the_project_that_is_missing_stays_a_missing_file() -> None:
    assert diagnose("! LaTeX Error: File `chapters/intro.tex' not found.", "pdflatex thesis.tex").category \
        == "file_not_found"


def test_an_image_larger_than_the_boards_flash_is_a_resource_limit() -> None:
    error = ("arm-none-eabi/bin/ld: firmware.elf section `.text' will not fit in region `FLASH'\n"
             "arm-none-eabi/bin/ld: region `FLASH' overflowed by 2048 bytes\ncollect2: error: ld returned 1 exit status")
    assert diagnose(error, "pio run").category == "resource_limit"


def test_a_child_killed_by_signal_11_crashed() -> None:
    error = "Running: make install\nError: module libfoo: Child process killed by signal 11"
    assert diagnose(error, "flatpak-builder build app.json").category == "runtime_error"


def test_a_ci_plugin_that_finds_no_files_for_its_glob_is_a_missing_file() -> None:
    error = ("No files found matching 'reports/**/*.xml'\n"
             "Error: The plugin junit-annotate post-command hook exited with status 1")
    assert diagnose(error).category == "file_not_found"


def test_an_installer_that_asks_for_an_elevated_prompt_lacks_permission() -> None:
    error = ("Installation of Chocolatey to default folder requires Administrative permissions. Please run from "
             "elevated prompt.")
    assert diagnose(error).category == "permission_denied"


def test_a_notebook_kernel_that_died_is_not_a_normal_result() -> None:
    error = "Kernel Restarting\nThe kernel for analysis.ipynb appears to have died. It will restart automatically."
    assert diagnose(error).category != "not_an_error"


def test_a_deploy_cli_that_ends_on_its_own_word_of_success_worked() -> None:
    error = ("i  functions: checking for compilation errors...\n+  functions: packaged functions successfully\n\n"
             "+  Deploy complete!")
    assert diagnose(error, "firebase deploy").category == "not_an_error"


@pytest.mark.parametrize(("error", "action", "category"), [
    ("/usr/bin/which: no sbatch in (/usr/local/bin:/usr/bin:/bin)", "which sbatch", "missing_dependency"),
    ("mpirun was unable to find the specified executable file, and therefore\ndid not launch the job.",
     "mpirun -np 2 ./solver", "missing_dependency"),
    ("==> Error: cannot load package 'zlib' from the 'builtin' repository: name 'license' is not defined",
     "spack install zlib", "undefined_name"),
    ("[!] No `Podfile' found in the project directory.", "pod install", "file_not_found"),
    ("kernel.cu(38): error: expected a type specifier\n1 error detected in the compilation of \"kernel.cu\".",
     "nvcc -c kernel.cu", "syntax_error"),
    ("Request [GET https://download.packages.unity.com/com.x/-/com.x-1.0.0.tgz] failed with status code [502]",
     "", "transient"),
    ("error Failed to build iOS project. We ran \"xcodebuild\" command but it exited with error code 65. To debug "
     "build logs further, consider building your app with Xcode.app.\n\n** BUILD FAILED **", "npx react-native run-ios",
     "unknown"),
    ("lib/spaceship/client.rb:69:in `send_login_request': Invalid username and password combination "
     "(Spaceship::Client::InvalidUserCredentialsError)", "fastlane pilot upload", "permission_denied"),
    ("4>EXEC : error : System.UnauthorizedAccessException: Der Zugriff auf den Pfad \"g:\\\\Engine\\\\a.dll\" wurde "
     "verweigert.", "", "permission_denied"),
])
def test_hpc_mobile_and_game_toolchains_in_their_own_words(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "action", "category"), [
    ("CMake Error at /opt/ros/noetic/share/catkin/cmake/catkinConfig.cmake:83 (find_package):\n"
     "  Could not find a package configuration file provided by\n  \"tf2_eigen\" with any of the following names:",
     "catkin build", "missing_dependency"),
    ("MSBUILD : error MSB1009: 项目文件不存在。\n开关:/src/App/App.csproj", "dotnet build /src/App/App.csproj",
     "file_not_found"),
    ("Error parsing subtasks: Expected ',' or '}' after property value in JSON at position 16968 (line 223 column "
     "33)", "", "syntax_error"),
    ("npm ERR! could not determine executable to run\n\nnpm ERR! A complete log of this run can be found in:",
     "npx install left-pad", "invalid_arguments"),
    ("Lmod has detected the following error: The following module(s) are unknown: \"cuda/12.9\"\n\n"
     "Please check the spelling or version number.", "module load cuda/12.9", "missing_dependency"),
    ("error: file not found: Main.java\nUsage: javac <options> <source files>\nuse --help for a list of possible "
     "options", "javac Main.java", "file_not_found"),
])
def test_build_and_environment_tools_in_their_own_words(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


def test_a_usage_text_after_an_unknown_option_stays_a_bad_argument() -> None:
    error = "javac: invalid flag: -sourcee\nUsage: javac <options> <source files>"
    assert diagnose(error, "javac -sourcee 8 A.java").category == "invalid_arguments"


@pytest.mark.parametrize(("error", "action", "category"), [
    ("Build step 'Publish JUnit test result report' changed build result to UNSTABLE\nFinished: UNSTABLE", "",
     "test_failure"),
    ("run failed: error preparing engine: Could not find the following tasks in project: lnit", "turbo run lnit",
     "invalid_arguments"),
    ("scons: *** No SConstruct file found.", "scons", "file_not_found"),
    ("##[error]notFound:PathDoesNotExist", "", "file_not_found"),
    ("Failed to retrieve the policy list: Unexpected response code: 403 (Permission denied)", "consul acl policy list",
     "permission_denied"),
])
def test_ci_and_infrastructure_tools_in_their_own_words(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "action", "category"), [
    ("Error: etcdserver: mvcc: database space exceeded", "etcdctl put /k v", "resource_limit"),
    ('{"error":"partial write: max-series-per-database limit exceeded: (1000000) dropped=1"}', "", "resource_limit"),
    ("upstream connect error or disconnect/reset before headers. reset reason: connection failure", "curl svc",
     "transient"),
    ('nginx: [emerg] open() "/var/log/nginx" failed (21: Is a directory)', "nginx -t", "file_not_found"),
    ("failed parsing config: /etc/loki/config.yaml does not exist, set config.file for custom config path", "",
     "file_not_found"),
    ("error: error parsing query: found FROM, expected identifier at line 1, char 8", "influx -execute 'SELECT FROM'",
     "syntax_error"),
    ("AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 172.17.0.2. "
     "Set the 'ServerName' directive globally to suppress this message\n[Mon Jan 29 12:34:29.145285 2018] "
     "[mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.25 (Debian) configured -- resuming normal operations",
     "apache2-foreground", "not_an_error"),
])
def test_servers_and_data_systems_in_their_own_words(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


def test_a_sys_crates_missing_system_library_is_named():
    out = diagnose("pkg-config exited with status code 1\n\n  The system library `webkit2gtk-4.1` required by crate "
                   "`webkit2gtk-sys` was not found.\n")
    assert out.category == "missing_dependency" and "webkit2gtk-4.1" in out.root_cause


def test_a_qt_module_qmake_does_not_know_is_a_missing_package():
    out = diagnose("Project ERROR: Unknown module(s) in QT: script\nmake: *** [sub-shared-all] Error 3\n", "make all")
    assert out.category == "missing_dependency" and "script" in out.root_cause


@pytest.mark.parametrize(("error", "action", "category"), [
    ("! Undefined control sequence.\n<argument> \\bbl@ini@loaded\n\nl.3188 \\end{document}\n", "make", "undefined_name"),
    ("-[SpecSpec when_tapped_should_inform_the_presenter]\n** TEST FAILED **\n", "rake test", "test_failure"),
    ("Error: Problem validating fields in app.json.\n • Field: android - should NOT have additional property "
     "'useNextNotificationsApi'.\n", "", "invalid_arguments"),
    ("/opt/ssh_config: line 10: Bad configuration option: pubkeyacceptedalgorithms\n"
     "/opt/ssh_config: terminating, 1 bad configuration options\n", "ssh -F /opt/ssh_config host", "invalid_arguments"),
    ("convert: no decode delegate for this image format `HEIC' @ error/constitute.c/ReadImage/746.\n", "",
     "missing_dependency"),
    ("OSError: org/model does not appear to have a file named config.json. Checkout "
     "'https://huggingface.co/org/model/main' for available files.\n", "", "file_not_found"),
    ("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: "
     "49152.\n", "", "resource_limit"),
    ("  Output:  C:\\app\\res\\drawable\\launch_background.xml:12: error: not well-formed (invalid token).\n", "",
     "syntax_error"),
    ("DatabaseError: 250001 (08001): Failed to connect to DB: acct.snowflakecomputing.com:443. Incorrect username "
     "or password was specified\n", "", "permission_denied"),
])
def test_tools_outside_the_seventeen_in_their_own_words(error: str, action: str, category: str) -> None:
    assert diagnose(error, action).category == category


@pytest.mark.parametrize(("error", "category"), [
    ("Found pkg-config: /usr/bin/pkg-config (0.29.1)\ndata/meson.build:78:0: ERROR: Native dependency 'glib-2.0' "
     "not found\n", "missing_dependency"),
    ("checking for mysql_query() in -lmysqlclient... no\n*** extconf.rb failed ***\nCould not create Makefile due to "
     "some reason, probably lack of necessary\nlibraries and/or headers.  Check the mkmf.log file for more details.\n",
     "missing_dependency"),
    ("Cannot contact agent-1: hudson.remoting.ChannelClosedException: Channel \"unknown\": Remote call on "
     "JNLP4-connect connection from 10.0.0.1/10.0.0.1:52068 failed. The channel is closing down or has closed down\n",
     "transient"),
])
def test_build_and_ci_tools_name_their_mechanism(error: str, category: str) -> None:
    assert diagnose(error).category == category


def test_a_tool_that_says_which_size_to_increase_has_hit_a_limit():
    out = diagnose("nginx: [emerg] could not build the server_names_hash, you should increase "
                   "server_names_hash_bucket_size: 32\nnginx: configuration file /etc/nginx/nginx.conf test failed\n",
                   "nginx -t")
    assert out.category == "resource_limit"


def test_a_directive_that_expects_more_arguments_is_a_bad_call():
    out = diagnose("[ALERT] 083/124408 (30991) : parsing [/etc/haproxy/haproxy.cfg:103] : 'server' expects <name> "
                   "and <addr>[:<port>] as arguments.\n[ALERT] 083/124408 (30991) : Fatal errors found in "
                   "configuration.\n")
    assert out.category == "invalid_arguments"


def test_a_hub_repo_without_the_file_names_the_file_not_the_url():
    out = diagnose("OSError: org/model does not appear to have a file named config.json. Checkout "
                   "'https://huggingface.co/org/model/main' for available files.\n")
    assert "`config.json`" in out.root_cause and "https:" not in out.fix
