"""Line signatures of the platforms agents drive: databases, containers and clusters, version
control, build systems and package managers. Each names a mechanism those tools share (a missing
table, a port in use, an image that cannot be pulled, a version no registry has), not one
project's wording, and carries the fix for that mechanism.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

PLATFORM_SIGNATURES: tuple[Signature, ...] = (
    # --- databases
    sig(Rule.DB_AUTH, "permission_denied", "access denied for user|password authentication failed|ora-01017|1045",
        r"Access denied for user|password authentication failed for user|ORA-01017|\[1045\]", flags=IGNORECASE,
        priority=91,
        example="SQLSTATE[HY000] [1045] Access denied for user 'app'@'localhost' (using password: YES)",
        advice=("The database refused these credentials.",
                "Check the user, password and host in the connection settings (and that the user may connect from "
                "this host); retrying with the same credentials fails the same way.")),
    sig(Rule.DB_MISSING_OBJECT, "undefined_name", "does not exist|doesn't exist|unknown column|ora-00942",
        r"(?:relation|column|table) \"?[\w.]{1,100}\"? does not exist(?!, skipping)|Table '[\w.]{1,100}' doesn't exist|"
        r"Unknown column '[^'\n]{1,100}'|ORA-00942",
        example='ERROR:  relation "orders" does not exist\nLINE 1: SELECT * FROM orders;',
        advice=("The query names a table or column the database does not have (wrong name, or a migration not "
                "applied).",
                "List what exists (\\dt / SHOW TABLES / the schema), then fix the name or run the pending "
                "migrations.")),
    # The root of a Composer "could not be resolved": an extension of PHP itself is not installed.
    sig(Rule.PHP_EXTENSION_MISSING, "missing_dependency", "php extension",
        r"requested PHP extension (?:ext-)?(?P<ext>[\w-]{1,40}) [^\n]{0,20}is missing from your system", priority=97,
        example="  - The requested PHP extension ext-intl * is missing from your system. Install or enable PHP's intl "
                "extension.",
        advice=("PHP's {ext} extension is not installed or not enabled for the PHP that runs Composer.",
                "Install it with the system's package manager (e.g. php-{ext} / php8.x-{ext}, or "
                "docker-php-ext-install in an image) or enable it in php.ini, then run Composer again.")),
    # `dotnet NAME`: no built-in command and no dotnet-NAME tool on PATH.
    sig(Rule.DOTNET_TOOL_MISSING, "missing_dependency", "could not execute because",
        r"Could not execute because the specified command or file was not found", priority=86,
        example="Could not execute because the specified command or file was not found.\nPossible reasons for this "
                "include:\n  * You misspelled a built-in dotnet command.",
        advice=("dotnet found no built-in command and no dotnet-prefixed tool by that name.",
                "Install the tool (dotnet tool install --global dotnet-NAME, or a local tool manifest) or check the "
                "command's spelling (dotnet --help).")),
    # git and docker run `git-NAME` / a CLI plugin for a subcommand they lack; these well-known ones are
    # installed separately, so "not a git command" means the plugin is missing, not a typo.
    sig(Rule.PLUGIN_MISSING, "missing_dependency", "is not a git command|is not a docker command",
        r"^(?P<tool>git|docker): '(?P<plugin>lfs|flow|annex|crypt|secrets?|filter-repo|absorb|compose|buildx|scout|"
        r"sbom|scan)' is not a (?:git|docker) command", priority=96,
        example="git: 'lfs' is not a git command. See 'git --help'.",
        advice=("`{tool} {plugin}` is a separately installed plugin, and it is not installed here.",
                "Install it ({tool}-{plugin} from the system's package manager, or the {tool} plugin's release), "
                "then run the command again.")),
    sig(Rule.DB_EXTENSION_MISSING, "missing_dependency", "extension control file",
        r'[Cc]ould not open extension control file "(?P<path>[^"\n]{1,300})"', priority=96,
        example='ERROR:  could not open extension control file "/usr/share/postgresql/16/extension/vector.control": '
                "No such file or directory",
        advice=("The database extension is not installed on the server: {path} is missing.",
                "Install the extension's package for this server version (e.g. postgresql-16-postgis-3, "
                "postgresql-16-pgvector), then run CREATE EXTENSION again.")),
    # A full connection pool (too many clients) is a limit of the server: see cues.py.
    sig(Rule.DB_BUSY, "transient", "deadlock|lock wait timeout",
        r"deadlock detected|Deadlock found when trying to get lock|Lock wait timeout exceeded",
        example="ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction",
        advice=("The database was busy (a deadlock, a lock wait or its connection limit), not the query itself.",
                "Retry the transaction after a short backoff; if it recurs, shorten transactions or pool "
                "connections.")),
    # --- ports, containers and clusters
    sig(Rule.ADDRESS_IN_USE, "precondition_failed", "address already in use|eaddrinuse|port is already allocated",
        r"[Aa]ddress already in use|\bEADDRINUSE\b|port is already allocated", priority=56,
        example="Error: listen EADDRINUSE: address already in use :::3000",
        advice=("Another process already listens on that port.",
                "Stop it (lsof -i :PORT or ss -ltnp to find it) or use another port; retrying unchanged fails.")),
    sig(Rule.DAEMON_DOWN, "precondition_failed", "is the docker daemon running|connection to the server",
        r"Is the docker daemon running\?|The connection to the server \S{1,200} was refused",
        example=("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon "
                 "running?"),
        advice=("The daemon or cluster API this command talks to is not running or not configured here.",
                "Start it (e.g. sudo systemctl start docker) or point the client at the right server/context "
                "(kubectl config current-context), then retry.")),
    sig(Rule.IMAGE_PULL, "file_not_found", "manifest|pull access denied|errimagepull|imagepullbackoff",
        r"manifest (?:for \S{1,200} )?(?:not found|unknown)|pull access denied for \S{1,200}|"
        r"\bErrImagePull\b|\bImagePullBackOff\b|repository does not exist",
        example=("Error response from daemon: manifest for library/nginx:1.99 not found: manifest unknown: "
                 "manifest unknown"),
        advice=("The image or tag cannot be pulled: it does not exist under that name, or the registry needs "
                "a login.",
                "Check the image name and tag on the registry (docker search, or the registry's page); log in "
                "(docker login) if it is private.")),
    # The API server words "namespace is terminating" as a 403: a state, not a missing right.
    sig(Rule.NAMESPACE_TERMINATING, "precondition_failed", "being terminated",
        r"in namespace \S{1,100} because it is being terminated", priority=92,
        example=('Error from server (Forbidden): error when creating "app.yaml": configmaps "app" is forbidden: '
                 "unable to create new content in namespace web because it is being terminated"),
        advice=("The namespace is being deleted, so nothing new can be created in it.",
                "Wait until the namespace is gone (kubectl get ns), recreate it, then apply again.")),
    # `terraform plan` / `helm diff` with --detailed-exitcode exit 2 to say "there are changes": an answer.
    sig(Rule.DETAILED_EXITCODE, "not_an_error", "detailed-exitcode",
        r"identified at least one change, exiting with non-zero exit code|\(detailed-exitcode parameter enabled\)",
        example="Error: identified at least one change, exiting with non-zero exit code (detailed-exitcode parameter "
                "enabled)",
        advice=("With --detailed-exitcode a non-zero status only says that the plan or diff has changes.",
                "Carry on: read the changes it listed; drop --detailed-exitcode if a plain success status is "
                "wanted.")),
    # A working directory `terraform init` has not (re)initialised: its modules, providers or backend.
    sig(Rule.TF_INIT_REQUIRED, "precondition_failed",
        "inconsistent dependency lock|backend initialization required|module not installed|required plugins are not",
        r"Error: (?:Inconsistent dependency lock file|Backend initialization required|Module not installed|"
        r"Required plugins are not installed)",
        example="Error: Backend initialization required, please run \"terraform init\"",
        advice=("This working directory is not initialised for its configuration: its modules, providers or backend "
                "changed since `terraform init` last ran.",
                "Run terraform init (terraform init -upgrade if the lock file pins other versions), then repeat "
                "the command.")),
    # An MCP client's stdio transport closed: the server process exited, and why is in its stderr.
    sig(Rule.MCP_CLOSED, "unknown", "-32000",
        r"MCP error -32000: Connection closed",
        example="Error during discovery for MCP server 'docs': MCP error -32000: Connection closed",
        advice=("The MCP server's process exited (or never started), so the client's connection closed; the "
                "reason is in the server's own stderr, not in this message.",
                "Run the server's command by hand in a terminal to see why it exits (a missing runtime or "
                "package, a bad argument, a missing environment variable), fix that, then reconnect.")),
    # A database client's socket is missing because the server is not up yet (a container still starting).
    sig(Rule.DB_NOT_UP, "transient", "could not connect to server|connection to server on socket",
        r"could not connect to server: No such file or directory|"
        r"connection to server on socket \"[^\"\n]{1,200}\" failed: No such file or directory", priority=86,
        example='psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file '
                "or directory",
        advice=("The database server's socket does not exist: the server is not running (yet).",
                "Start the server or wait for its container to be ready (pg_isready), then run the command again.")),
    # A namespace's ResourceQuota refuses with 403 Forbidden, but what is spent is a budget, not a right.
    sig(Rule.CLUSTER_QUOTA, "resource_limit", "exceeded quota", r"is forbidden: exceeded quota: [^\n]{0,300}",
        priority=92,
        example=('Error from server (Forbidden): error when creating "pod.yaml": pods "web" is forbidden: '
                 "exceeded quota: compute, requested: limits.cpu=2, used: limits.cpu=4, limited: limits.cpu=4"),
        advice=("The namespace's resource quota has no room left for what this object requests.",
                "Lower the object's requests/limits, delete what is no longer needed in the namespace, or ask for a "
                "larger quota (kubectl describe quota shows what is used).")),
    # The API server's validation verdict `<field>: Forbidden: ...` on a field that cannot change after
    # creation: the object's state, not the caller's rights.
    sig(Rule.FIELD_IMMUTABLE, "precondition_failed", "immutable|may not be changed|cannot be changed",
        r"[\w\].\[]{1,200}: (?:Forbidden|Invalid value: [^\n]{0,200}): [^\n]{0,200}"
        r"(?:immutable|may not be changed|cannot be changed)", priority=92,
        example=('The PersistentVolumeClaim "data" is invalid: spec: Forbidden: spec is immutable after creation '
                 "except resources.requests for bound claims"),
        advice=("The object already exists, and the field being changed cannot change after creation.",
                "Delete and recreate the object with the new value (mind the data it holds), or change only the "
                "fields that may be updated.")),
    sig(Rule.CLUSTER_FORBIDDEN, "permission_denied", "forbidden|unauthorized",
        r"Error from server \(Forbidden\)|is forbidden: User \"[^\"\n]{1,200}\" cannot|"
        r"You must be logged in to the server", flags=IGNORECASE, priority=91,
        example=('Error from server (Forbidden): pods is forbidden: User "dev" cannot list resource "pods" in API '
                 'group "" in the namespace "prod"'),
        advice=("The cluster's access control refuses this identity that action.",
                "Use a context or service account with the right role (kubectl auth can-i VERB RESOURCE to "
                "check), or ask for the role binding.")),
    sig(Rule.CLUSTER_CAPACITY, "resource_limit", "insufficient|exceeded quota|oomkilled|evicted",
        r"\d{1,5} Insufficient (?:cpu|memory|nvidia\.com/gpu)|exceeded quota:|\bOOMKilled\b(?![\":\s]{0,3}false)|"
        r"The node was low on resource",
        example="0/3 nodes are available: 3 Insufficient memory.",
        advice=("The cluster has no room for this workload (requests above what nodes or the quota allow).",
                "Lower the resource requests/limits, free capacity, or add nodes; resubmitting unchanged will "
                "wait again.")),
    sig(Rule.CLUSTER_NOT_FOUND, "file_not_found", "(notfound)|not found",
        r"Error from server \(NotFound\): [^\n]{1,300}",
        example='Error from server (NotFound): deployments.apps "web" not found',
        advice=("The cluster has no such object in this namespace.",
                "List what exists (kubectl get KIND -A) and use the right name and namespace (-n).")),
    sig(Rule.NO_RESOURCE_TYPE, "undefined_name", "doesn't have a resource type",
        r"the server doesn't have a resource type \"(?P<kind>[^\"\n]{1,100})\"",
        example='error: the server doesn\'t have a resource type "deploymnt"',
        advice=("The cluster serves no resource type named {kind}: a misspelt kind, or a CRD that is not installed.",
                "List the types it serves (kubectl api-resources) and use one of those names.")),
    # A kind from an API group outside Kubernetes' own (cert-manager.io, monitoring.coreos.com) is a CRD
    # that is not installed; a built-in kind at a version the server lacks is a manifest's wrong apiVersion.
    sig(Rule.KIND_NOT_INSTALLED, "missing_dependency", "no matches for kind",
        r"no matches for kind \"(?P<kind>\w{1,80})\" in version \"(?![\w.-]{0,200}\.k8s\.io/)"
        r"(?P<group>[\w-]{1,100}(?:\.[\w-]{1,100}){1,8})/\w{1,20}\"",
        example=('error: unable to recognize "cert.yaml": no matches for kind "Certificate" in version '
                 '"cert-manager.io/v1"'),
        advice=("The cluster does not know the kind {kind}: the custom resource definitions of {group} are not "
                "installed.", "Install the operator or CRDs that provide {group} first (its Helm chart or "
                "manifests), then apply again.")),
    sig(Rule.KIND_VERSION, "invalid_arguments", "no matches for kind",
        r"no matches for kind \"(?P<kind>\w{1,80})\" in version \"(?P<version>[\w./-]{1,100})\"",
        example=('error: unable to recognize "ingress.yaml": no matches for kind "Ingress" in version '
                 '"extensions/v1beta1"'),
        advice=("This cluster does not serve {kind} at {version}: the manifest names an API version that was "
                "removed or never existed.", "Use the version the server serves (kubectl api-resources | grep "
                "-i {kind}) in the manifest's apiVersion, then apply again.")),
    # `kubectl get` rows: a pod's state, not why it is in it; describe and the previous logs say that.
    sig(Rule.STATUS_TABLE, "unknown", "crashloopbackoff|imagepullbackoff|errimagepull",
        r"^(?:\S+[ \t]+){1,2}\d+/\d+[ \t]+(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|Error|"
        r"CreateContainerConfigError)[ \t]+\d+|"
        r"^[ \t]*[Rr]eason:[ \t]+(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull)[ \t]*$",
        priority=86,
        example="web-7d9f8c6b5-x2x9q   0/1   CrashLoopBackOff   5   3m",
        advice=("The table shows the pod's state (crashing or unable to pull its image), not the reason.",
                "Read the reason: kubectl describe pod NAME (its Events), and kubectl logs NAME --previous for a "
                "container that keeps exiting.")),
    sig(Rule.CRASH_LOOP, "runtime_error", "crashloopbackoff",
        r"\bCrashLoopBackOff\b", example='Warning  BackOff  kubelet  Back-off restarting failed container web in pod '
                                          '"web-0": CrashLoopBackOff',
        advice=("The container starts and exits again and again: the program inside fails at start.",
                "Read its logs from the last crash (kubectl logs POD --previous) and fix that error.")),
    # --- version control
    sig(Rule.VCS_STATE, "precondition_failed",
        "unrelated histories|no upstream|refspec|already exists|commit your changes|dubious ownership",
        r"refusing to merge unrelated histories|has no upstream branch|src refspec \S{1,200} does not match any|"
        r"remote \S{1,100} already exists|Please commit your changes or stash them|detected dubious ownership",
        example="fatal: The current branch feature has no upstream branch.",
        advice=("The repository is not in the state this command needs.",
                "Read the hint git printed and do that first (set the upstream with git push -u origin BRANCH, "
                "commit or stash local changes, or mark the directory safe), then run the command again.")),
    sig(Rule.VCS_AUTH, "permission_denied", "authentication failed|publickey|could not read username",
        r"Authentication failed for|Permission denied \(publickey|could not read Username for", priority=91,
        example="remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/o/r.git/'",
        advice=("The remote refused these credentials.",
                "Use a valid token or SSH key for this remote (ssh -T git@HOST to test a key); passwords are not "
                "accepted by most hosts.")),
    # --- builds and package managers
    sig(Rule.BUILD_TOOL_MISSING, "missing_dependency",
        "could not find a package configuration|could not find|pkg-config|no cmake_|linker `|visual c++|"
        "by not providing",
        r"Could not find a package configuration file provided by \"?(?P<module>[\w:+-]{1,100})|"
        r"By not providing \"Find(?P<module4>[\w+-]{1,100})\.cmake\"|"
        r"Could NOT find (?P<module2>[\w:+-]{1,100})|Package '?(?P<module3>[\w.+-]{1,100})'?,? was not found in "
        r"the pkg-config search path|No CMAKE_\w{1,20}_COMPILER could be found|linker `\w{1,40}` not found|"
        r"Microsoft Visual C\+\+ [\d.]{1,10} or greater is required",
        example=("CMake Error at CMakeLists.txt:10 (find_package):\n"
                 "  Could NOT find OpenSSL (missing: OPENSSL_LIBRARIES)"),
        advice=("A library or tool the build needs is not installed: `{module}{module2}{module3}{module4}`.",
                "Install its development package (e.g. apt-get install -y libssl-dev, brew install openssl) or "
                "the compiler toolchain, and point the build at it if it lives elsewhere; then rebuild.")),
    # Asked for a target the Makefile does not define (no "needed by": nothing depends on it) versus a
    # prerequisite file that is missing.
    sig(Rule.NO_MAKE_TARGET, "invalid_arguments", "no rule to make target",
        r"No rule to make target [`'](?P<target>[\w:-]{1,80})'\.\s{1,4}Stop\.", priority=86,
        example="make: *** No rule to make target 'biuld'.  Stop.",
        advice=("make has no target named {target}: the Makefile does not define it.",
                "List the targets the Makefile defines (grep -E '^[a-zA-Z0-9_-]+:' Makefile) and run one of "
                "those.")),
    sig(Rule.NO_BUILD_RULE, "file_not_found",
        "no rule to make target|no makefile found|could not find `cargo.toml`|msb1009|go.mod file not found|"
        "does not appear to contain cmakelists.txt",
        r"No rule to make target [`'](?P<path>[^'\n]{1,300})'|No targets specified and no makefile found|"
        r"could not find `Cargo\.toml`|go\.mod file not found|MSB1009: Project file does not exist|"
        r"does not appear to contain CMakeLists\.txt",
        example="make: *** No rule to make target 'src/util.o', needed by 'app'.  Stop.",
        advice=("The build cannot find a file or project it was told to build from.",
                "Run it from the project's root (where the Makefile, Cargo.toml, go.mod or project file is), or fix "
                "the path it names.")),
    sig(Rule.PACKAGE_NOT_IN_REGISTRY, "missing_dependency",
        "404|could not find gem|could not resolve dependencies|could not find artifact",
        r"npm (?:ERR!|error) 404 [^\n]{0,200}(?:Not Found|not in (?:the|this) registry)|"
        r"Could not find gem '[^'\n]{1,100}'|Could not resolve dependencies for project|"
        r"Could not find artifact \S{1,300}",
        example="npm ERR! 404 'left-padd@*' is not in this registry.",
        advice=("The package manager cannot find that package (or that artifact) in its registries.",
                "Check the name's spelling and the registry configuration; if it is private, authenticate to "
                "its registry first.")),
    sig(Rule.NO_MATCHING_VERSION, "invalid_arguments", "etarget|no matching version|failed to select a version",
        r"No matching version found for \S{1,200}|\bETARGET\b|failed to select a version for the requirement",
        example="npm ERR! code ETARGET\nnpm ERR! notarget No matching version found for react@^99.0.0.",
        advice=("No published version matches the version asked for.",
                "List the versions that exist (npm view PKG versions, cargo search, pip index versions PKG) and pin "
                "one of them.")),
    # A resolver's conflict explains the "could not find" lines it prints under it: it outranks them.
    sig(Rule.RESOLVER_CONFLICT, "precondition_failed",
        "conflicting dependencies|resolutionimpossible|could not be resolved|version solving|compatible versions",
        r"conflicting dependencies|ResolutionImpossible|requirements could not be resolved to an installable set|"
        r"version solving failed|could not find compatible versions", priority=96,
        example=("ERROR: Cannot install flask==1.0 and werkzeug==3.0 because these package versions have "
                 "conflicting dependencies."),
        advice=("The requested versions cannot all be installed together.",
                "Relax or align the pins the message names (let the resolver choose one side), then install again; "
                "retrying unchanged fails the same way.")),
    sig(Rule.RUNTIME_VERSION, "precondition_failed",
        "unsupported class file|unsupportedclassversion|does not support targeting|requires python|engine",
        r"Unsupported class file major version|UnsupportedClassVersionError|does not support targeting \.NET|"
        r"requires (?:a different )?Python[ :]|Unsupported engine|The engine \"node\" is incompatible",
        example="error NETSDK1045: The current .NET SDK does not support targeting .NET 8.0.",
        advice=("The installed runtime or SDK is not the version this project needs.",
                "Install or select the version the project declares (its toolchain file, engines field, "
                "python_requires or target framework), then run again.")),
    # --- shells and privileges
    sig(Rule.SUDO_NEEDS_TTY, "permission_denied", "sudo:|sudoers",
        r"sudo: a (?:terminal|password) is required|is not in the sudoers file|sudo: no tty present",
        example=("sudo: a terminal is required to read the password; either use the -S option to read from "
                 "standard input"),
        advice=("sudo needs a password (or a TTY) that a non-interactive agent cannot give.",
                "Do it without root (a user-level install, a path you own), or run in an environment where the "
                "agent already has the rights it needs.")),
    sig(Rule.UNBOUND_VARIABLE, "undefined_name", "unbound variable|uninitialized constant",
        r"^[^\n]{0,200}: \$?(?P<name>\w{1,100}): unbound variable$|uninitialized constant (?P<name2>[\w:]{1,100})",
        example="./deploy.sh: line 12: TARGET_DIR: unbound variable",
        advice=("`{name}{name2}` is used before it is set.",
                "Set or define it before that line (export it, pass it in, or require the file that defines it).")),
    sig(Rule.GENERIC_PARSE, "syntax_error", "syntax error, unexpected",
        r"syntax error, unexpected (?P<detail>[^\n]{1,120})",
        example="app.rb:14: syntax error, unexpected end-of-input, expecting end",
        advice=("The file does not parse: syntax error, unexpected {detail}.",
                "Fix the syntax at the file and line named (an unclosed block or bracket is the usual cause), "
                "then run the language's syntax check (ruby -c, php -l) before running it.")),
)
