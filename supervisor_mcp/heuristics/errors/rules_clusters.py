"""Line signatures of containers, clusters and infrastructure tools: ports in use, daemons, images,
Kubernetes objects, kinds and quotas, Terraform's working directory, MCP servers' processes. Each names a
mechanism those tools share and carries its fix.
"""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

CLUSTER_SIGNATURES: tuple[Signature, ...] = (
    sig(Rule.ADDRESS_IN_USE, "precondition_failed",
        "address already in use|eaddrinuse|port is already allocated|only one usage of each socket address",
        # (above the transient signatures: a daemon wraps the bind failure in an HTTP 500, which is not the cause)
        r"[Aa]ddress already in use|\bEADDRINUSE\b|port is already allocated|"
        r"Only one usage of each socket address \(protocol/network address/port\) is normally permitted",  # Windows
        priority=71,
        example="Error: listen EADDRINUSE: address already in use :::3000",
        advice=("Another process already listens on that port.",
                "Stop it (lsof -i :PORT or ss -ltnp to find it) or use another port; retrying unchanged fails.")),
    # Windows refusing a bind (WSAEACCES): the port sits in a range Hyper-V, WSL or Docker reserved, or another
    # process holds it exclusively; no credential or file mode is involved.
    sig(Rule.PORT_RESERVED, "precondition_failed", "forbidden by its access permissions",
        r"(?:bind|listen)[^\n]{0,120}forbidden by its access permissions", priority=91,
        example=("Error: listen EACCES: permission denied 0.0.0.0:3000 ... bind: An attempt was made to access a "
                 "socket in a way forbidden by its access permissions."),
        advice=("Windows will not let this program listen on that port: it is in a reserved (excluded) range or held "
                "exclusively by another process.",
                "List the reserved ranges (netsh interface ipv4 show excludedportrange protocol=tcp) and pick a port "
                "outside them, or free them (as administrator: net stop winnat, then net start winnat).")),
    # Android keeps an installed app's signing key: a build signed with another key cannot update it.
    sig(Rule.APP_SIGNATURE_MISMATCH, "precondition_failed", "install_failed_update_incompatible",
        r"INSTALL_FAILED_UPDATE_INCOMPATIBLE", priority=72,
        example=("adb: failed to install app-debug.apk: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package "
                 "com.example.app signatures do not match newer version; ignoring!]"),
        advice=("The device already has this app signed with another key, so the new build cannot update it.",
                "Uninstall the installed copy (adb uninstall PACKAGE; its data is lost) or sign with the same key, "
                "then install again.")),
    sig(Rule.DAEMON_DOWN, "precondition_failed", "docker daemon|connection to the server|dial unix",
        r"Is the docker daemon running\?|the docker daemon is not running|"
        r"The connection to the server \S{1,200} was refused|"
        # any daemon's unix socket missing (snapd, containerd, a language server): it is not running
        r"dial unix \S{1,200}\.sock(?:et)?: connect: no such file or directory",
        priority=88,  # above the missing socket or pipe it reports: the daemon is what is absent
        example=("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon "
                 "running?"),
        advice=("The daemon or cluster API this command talks to is not running or not configured here.",
                "Start it (e.g. sudo systemctl start docker) or point the client at the right server/context "
                "(kubectl config current-context), then retry.")),
    # An image or tag the registry does not have is a name or version never published, as npm's ETARGET and go's
    # unknown revision are: the call names something that is not there (no labelled row reads it as a missing file).
    sig(Rule.IMAGE_PULL, "invalid_arguments",
        "manifest|pull access denied|errimagepull|imagepullbackoff|failed to pull|failed to resolve source metadata",
        r"manifest (?:for \S{1,200} )?(?:not found|unknown)|pull access denied for \S{1,200}|"
        r"\bErrImagePull\b|\bImagePullBackOff\b|repository does not exist|"
        r"Failed to pull image \"[^\"\n]{1,200}\": [^\n]{0,300}\bnot found\b|"
        # BuildKit's FROM of a tag that does not exist
        r"failed to resolve source metadata for \S{1,300}: (?![^\n]{0,300}no match for platform)"
        r"[^\n]{0,300}\bnot found$",
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
    # The provider contradicted its own plan: a bug in the provider, not in the configuration. Nothing in the
    # text says what to change, so it stays unknown, and outranks the domain prose it carries.
    sig(Rule.TF_PROVIDER_BUG, "unknown", "produced inconsistent|produced an unexpected new value",
        r"Provider produced inconsistent (?:final plan|result after apply)|produced an unexpected new value",
        priority=56, fault="tool", confidence=0.6,
        example=("│ Error: Provider produced inconsistent final plan\n│ \n│ This is a bug in the provider, which "
                 "should be reported in the provider's own issue tracker."),
        advice=("The provider contradicted its own plan (a bug in the provider, as Terraform says), not a fault "
                "in the configuration.",
                "Run the apply again (it often converges on the second run); if it persists, pin another version "
                "of the provider in required_providers and report it to the provider's issue tracker.")),
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
    sig(Rule.MCP_CLOSED, "unknown", "-32000|mcp server",
        r"MCP error -32000: Connection closed|MCP server [\"'][^\"'\n]{1,100}[\"'] failed to start: [^\n]{0,40}"
        r"Connection closed",
        example="Error during discovery for MCP server 'docs': MCP error -32000: Connection closed",
        advice=("The MCP server's process exited (or never started), so the client's connection closed; the "
                "reason is in the server's own stderr, not in this message.",
                "Run the server's command by hand in a terminal to see why it exits (a missing runtime or "
                "package, a bad argument, a missing environment variable), fix that, then reconnect.")),
    # A database client's socket is missing because the server is not up yet (a container still starting).
    sig(Rule.DB_NOT_UP, "transient", "could not connect to server|connection to server on socket|[2002]|local mysql",
        r"could not connect to server: No such file or directory|SQLSTATE\[HY000\] \[2002\] No such file or directory|"
        r"Can't connect to local MySQL server through socket '[^'\n]{1,200}' \(2\)|"
        r"connection to server on socket \"[^\"\n]{1,200}\" failed: No such file or directory", priority=86,
        example='psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file '
                "or directory",
        advice=("The database server's socket does not exist: the server is not running (yet).",
                "Start the server or wait for its container to be ready (pg_isready), then run the command again.")),
    # A manifest (a chart's rendered template) that does not match the API's schema: the document, not a flag.
    sig(Rule.MANIFEST_SCHEMA, "invalid_arguments", "error validating data",
        r"error validating data: ValidationError\((?P<field>[\w.\[\]-]{1,200})\)",
        example='error: error validating "deploy.yaml": error validating data: ValidationError(Deployment.spec): '
                'unknown field "replica" in io.k8s.api.apps.v1.DeploymentSpec',
        advice=("The manifest does not match the Kubernetes schema at {field}.",
                "Fix that field in the manifest (for a Helm chart, in its template or values; helm template "
                "shows what it renders), then check it with kubectl apply --dry-run=server before applying.")),
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
    # A container over its own memory limit is killed by the kernel: the limit is too low for it, the opposite
    # of a cluster without room for what it asks.
    sig(Rule.CONTAINER_OOM, "resource_limit", "oomkilled",
        r"\bOOMKilled\b(?![\":\s]{0,3}false)",
        example="    State:          Terminated\n      Reason:       OOMKilled\n      Exit Code:    137",
        advice=("The container used more memory than its own limit allows, and the kernel killed it (exit 137).",
                "Raise the container's memory limit (resources.limits.memory, docker run --memory) above what the "
                "process needs, or make the process use less (smaller batches, fewer workers); a lower limit "
                "kills it sooner.")),
    sig(Rule.CLUSTER_CAPACITY, "resource_limit", "insufficient|exceeded quota|evicted",
        r"\d{1,5} Insufficient (?:cpu|memory|nvidia\.com/gpu)|exceeded quota:|"
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
    # The API server's 404 for a whole path: no API group or aggregated API serves it (a CRD not installed,
    # metrics-server absent), rather than one named object missing.
    sig(Rule.API_NOT_SERVED, "undefined_name", "could not find the requested resource",
        r"the server could not find the requested resource", priority=86,
        example="Error from server (NotFound): the server could not find the requested resource",
        advice=("The cluster serves nothing at that API path: the resource type or the API group behind it (a "
                "CRD, metrics-server, another aggregated API) is not installed or not at this version.",
                "List what the server serves (kubectl api-resources; kubectl get apiservices) and install the "
                "component that provides it, or use a kind and version it lists.")),
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
    # The server has no such kind at that version: a name that does not exist (the corpus's labels agree).
    sig(Rule.KIND_VERSION, "undefined_name", "no matches for kind",
        r"no matches for kind \"(?P<kind>\w{1,80})\" in version \"(?P<version>[\w./-]{1,100})\"",
        example=('error: unable to recognize "ingress.yaml": no matches for kind "Ingress" in version '
                 '"extensions/v1beta1"'),
        advice=("This cluster does not serve {kind} at {version}: the manifest names an API version that was "
                "removed or never existed.", "Use the version the server serves (kubectl api-resources | grep "
                "-i {kind}) in the manifest's apiVersion, then apply again.")),
    # A container (or WSL) runs no init system, so systemctl has nothing to talk to.
    sig(Rule.NO_SYSTEMD, "precondition_failed", "booted with systemd",
        r"System has not been booted with systemd as init system", priority=88,
        example="System has not been booted with systemd as init system (PID 1). Can't operate.",
        advice=("This machine (a container, or WSL without systemd) runs no systemd, so systemctl cannot manage "
                "services here.",
                "Start the program directly (its own command in the foreground or with &), or use the image's "
                "own way to run services; do not retry systemctl.")),
    # Logs or exec asked of a container that is still being created: it will be there shortly.
    sig(Rule.CONTAINER_STARTING, "transient", "waiting to start",
        r"is waiting to start: (?:ContainerCreating|PodInitializing)",
        example='Error from server (BadRequest): container "web" in pod "web-7d9c" is waiting to start: '
                'ContainerCreating',
        advice=("The container is still being created, so it has no logs or shell yet.",
                "Wait for it (kubectl wait --for=condition=Ready pod/NAME --timeout=120s), then ask again; if it "
                "stays there, kubectl describe pod NAME shows what it waits on.")),
    # `kubectl get` rows and a rollout past its deadline: a state, not why it is in it; describe and the
    # previous logs say that.
    sig(Rule.STATUS_TABLE, "unknown",
        "crashloopbackoff|imagepullbackoff|errimagepull|progress deadline|progressdeadline",
        r"^(?:\S+[ \t]+){1,2}\d+/\d+[ \t]+(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull|Error|"
        r"CreateContainerConfigError)[ \t]+\d+|"
        r"^[ \t]*[Rr]eason:[ \t]+(?:CrashLoopBackOff|ImagePullBackOff|ErrImagePull)[ \t]*$|"
        r"exceeded its progress deadline|\bProgressDeadlineExceeded\b",
        priority=86,
        example="web-7d9f8c6b5-x2x9q   0/1   CrashLoopBackOff   5   3m",
        advice=("This shows the pods' state (crashing, unable to pull an image, or never ready before the rollout's "
                "deadline), not the reason.",
                "Read the reason: kubectl describe pod NAME (its Events), and kubectl logs NAME --previous for a "
                "container that keeps exiting.")),
    sig(Rule.CRASH_LOOP, "runtime_error", "crashloopbackoff",
        r"\bCrashLoopBackOff\b", example='Warning  BackOff  kubelet  Back-off restarting failed container web in pod '
                                          '"web-0": CrashLoopBackOff',
        advice=("The container starts and exits again and again: the program inside fails at start.",
                "Read its logs from the last crash (kubectl logs POD --previous) and fix that error.")),
)
