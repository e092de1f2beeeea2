"""Line signatures of the network and the servers behind it: dropped connections, names that do not resolve,
servers overloaded or sealed, certificates the client does not trust."""

from __future__ import annotations

from supervisor_mcp.heuristics.errors.names import Rule
from supervisor_mcp.heuristics.errors.signature import IGNORECASE, Signature, sig

NETWORK_SIGNATURES: tuple[Signature, ...] = (
    # --- the network
    sig(Rule.SOCKET_DROPPED, "transient",
        "socket hang up|econnaborted|connection to|closed|network|handshake|i/o timeout",
        r"socket hang up|\bECONNABORTED\b|Connection to \S{1,200} refused|"
        r"connection (?:was )?(?:closed|reset) (?:unexpectedly|by (?:the )?(?:remote|peer|server))|"
        r"\bERR_NETWORK\b|\bNetworkError\b|TLS handshake timeout|i/o timeout",
        flags=IGNORECASE, example="Error: socket hang up\n    at TLSSocket.onHangUp (_tls_wrap.js:1124:19)",
        advice=("The connection dropped or was refused mid-request: the network or the server, not the request.",
                "Retry with backoff (a few seconds, then longer); if it persists, check the service is up and "
                "reachable from here.")),
    sig(Rule.DNS_FAILED, "transient", "resolving|resolve hostname|enotfound|no such host|server misbehaving",
        r"Temporary failure resolving|Could not resolve hostname|getaddrinfo ENOTFOUND|\bENOTFOUND\b|"
        r"no such host|server misbehaving",
        example=("Err:1 http://archive.ubuntu.com/ubuntu focal InRelease\n"
                 "  Temporary failure resolving 'archive.ubuntu.com'"),
        advice=("A host name did not resolve: DNS or the network is down or unreachable from here.",
                "Retry with backoff; if it persists, check the network (ping 1.1.1.1; cat /etc/resolv.conf) and the "
                "host name's spelling.")),
    # A secrets store that starts sealed refuses every read with 503 until an operator unseals it: waiting does not.
    sig(Rule.SEALED, "precondition_failed", "is sealed",
        r"\bVault is sealed\b", priority=92,
        example='Error reading secret/data/app: Error making API request.\nCode: 503. Errors:\n\n* Vault is sealed',
        advice=("The Vault server is sealed: it holds its data but refuses every request until it is unsealed.",
                "Unseal it (vault operator unseal with the unseal keys, or check why auto-unseal failed: its KMS "
                "and the server log), then repeat the call; retrying while sealed fails the same way.")),
    sig(Rule.OVERLOADED, "transient", "overloaded|529|api error: 5",
        # A bare 529 is as likely a count or a duration in a log ("529 ms"): only in an HTTP status's words.
        r"(?-i:\b(?:HTTP|[Ss]tatus|[Cc]ode)\b)[^\n]{0,12}\b529\b|\b529\b[^\n]{0,5}(?:Overloaded|Site Overloaded)|"
        r"\boverloaded\b|"
        r"API Error: 5\d\d\b", fault="tool", flags=IGNORECASE,
        example="API Error: 529 Overloaded. This is a server-side issue, usually temporary.",
        advice=("The provider is overloaded (HTTP 529/5xx): a server-side condition.",
                "Wait and retry with backoff (honour Retry-After if given); nothing in the request needs to change.")),
    # TLS that cannot verify the peer: a missing CA, an expired or misnamed certificate. It arrives inside
    # connection errors, but a retry meets the same certificate.
    sig(Rule.TLS_UNTRUSTED, "precondition_failed",
        "certificate|x509|unable_to_verify|cert_has_expired|self_signed_cert",
        r"x509: certificate (?:signed by unknown authority|has expired|is (?:not valid|valid for)|relies on legacy)|"
        r"SSL certificate problem|CERTIFICATE_VERIFY_FAILED|certificate verify failed|"
        r"unable to get local issuer certificate|self[- ]signed certificate in certificate chain|"
        r"\bUNABLE_TO_VERIFY_LEAF_SIGNATURE\b|\bCERT_HAS_EXPIRED\b|\bSELF_SIGNED_CERT_IN_CHAIN\b",
        priority=72,
        example="Unable to connect to the server: x509: certificate signed by unknown authority",
        advice=("TLS could not verify the server's certificate (an unknown or private CA, an expired "
                "certificate, or a host name it does not cover); a retry meets the same certificate.",
                "Give the client the right CA bundle (SSL_CERT_FILE, REQUESTS_CA_BUNDLE, NODE_EXTRA_CA_CERTS, or "
                "the kubeconfig's certificate-authority), or check the host name and the clock; do not turn "
                "verification off.")),
)
