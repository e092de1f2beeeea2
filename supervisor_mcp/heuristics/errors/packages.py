"""What to install for a missing module or command, and whether the name is a real package at all.

A module that is neither in the standard library nor a well-known distribution is most often the
agent's own code (a script's sibling module, a Django app it configured) that is not on sys.path:
installing it would be wrong, so such names count as the agent's fault.
"""

from __future__ import annotations

import re
import sys

from supervisor_mcp.heuristics.observation.shell import shell_quote

# Import names whose distribution on PyPI is named differently.
PIP_NAMES: dict[str, str] = {
    "yaml": "PyYAML", "cv2": "opencv-python", "PIL": "Pillow", "sklearn": "scikit-learn",
    "skimage": "scikit-image", "bs4": "beautifulsoup4", "dateutil": "python-dateutil",
    "dotenv": "python-dotenv", "jwt": "PyJWT", "Crypto": "pycryptodome", "OpenSSL": "pyOpenSSL",
    "serial": "pyserial", "usb": "pyusb", "magic": "python-magic", "docx": "python-docx",
    "pptx": "python-pptx", "fitz": "PyMuPDF", "attr": "attrs", "google.protobuf": "protobuf",
    "lxml.html.clean": "lxml_html_clean", "MySQLdb": "mysqlclient", "psycopg2": "psycopg2-binary",
    "win32api": "pywin32", "gi": "PyGObject", "Levenshtein": "python-Levenshtein",
    "multipart": "python-multipart", "jose": "python-jose", "slugify": "python-slugify",
    "telegram": "python-telegram-bot", "discord": "discord.py", "tensorflow_hub": "tensorflow-hub",
    "pkg_resources": "setuptools", "setuptools_scm": "setuptools-scm", "sentencepiece": "sentencepiece",
    "faiss": "faiss-cpu", "OpenGL": "PyOpenGL", "wx": "wxPython", "ruamel": "ruamel.yaml",
    "zmq": "pyzmq", "git": "GitPython", "Bio": "biopython", "tomli_w": "tomli-w",
    "typing_extensions": "typing-extensions", "importlib_metadata": "importlib-metadata",
}

KNOWN_DISTRIBUTIONS = frozenset({
    "numpy", "scipy", "pandas", "matplotlib", "seaborn", "requests", "httpx", "aiohttp", "urllib3",
    "pytest", "hypothesis", "nose", "mock", "tox", "coverage", "django", "flask", "fastapi", "starlette",
    "uvicorn", "gunicorn", "sqlalchemy", "alembic", "pydantic", "click", "typer", "rich", "tqdm", "jinja2",
    "markupsafe", "werkzeug", "torch", "torchvision", "tensorflow", "keras", "jax", "transformers",
    "datasets", "tokenizers", "sympy", "networkx", "astropy", "xarray", "dask", "numba", "cython",
    "sphinx", "docutils", "pygments", "babel", "six", "packaging", "setuptools", "wheel", "pip",
    "toml", "tomli", "ujson", "orjson", "simplejson", "lxml", "html5lib", "openpyxl", "xlrd",
    "psutil", "boto3", "botocore", "redis", "pymongo", "celery", "kombu", "grpc", "certifi", "chardet",
    "charset_normalizer", "idna", "cryptography", "nltk", "spacy", "gensim", "statsmodels", "plotly",
    "bokeh", "dash", "streamlit", "gradio", "openai", "anthropic", "litellm", "langchain", "tiktoken",
    "pytz", "tzdata", "arrow", "pendulum", "regex", "black", "flake8", "mypy", "ruff", "pylint",
    "isort", "pyflakes", "pycodestyle", "pluggy", "py", "iniconfig", "attrs", "marshmallow", "jsonschema",
    "pyarrow", "polars", "h5py", "tables", "netCDF4", "shapely", "geopandas", "pyproj", "erfa",
    "pyerfa", "mpmath", "gmpy2", "pexpect", "paramiko", "fabric", "docker", "kubernetes", "selenium",
    "playwright", "scrapy", "trafilatura", "websockets", "websocket", "structlog", "loguru",
    "platformdirs", "filelock", "wrapt", "decorator", "cachetools", "joblib", "threadpoolctl",
    "imageio", "tifffile", "pyparsing", "cycler", "kiwisolver", "fonttools", "contourpy",
} | set(PIP_NAMES))

# Commands whose package is named differently (Debian/Ubuntu).
APT_NAMES: dict[str, str] = {
    "psql": "postgresql-client", "pg_dump": "postgresql-client", "mysql": "default-mysql-client",
    "redis-cli": "redis-tools", "convert": "imagemagick", "rg": "ripgrep", "ag": "silversearcher-ag",
    "dot": "graphviz", "latex": "texlive-latex-base", "pdflatex": "texlive-latex-base",
    "node": "nodejs", "npm": "npm", "g++": "g++", "cc": "build-essential", "gcc": "gcc", "make": "make",
    "ffmpeg": "ffmpeg", "jq": "jq", "curl": "curl", "wget": "wget", "git": "git", "unzip": "unzip",
    "sqlite3": "sqlite3", "pandoc": "pandoc", "xvfb-run": "xvfb", "java": "default-jre",
    "javac": "default-jdk", "tree": "tree", "file": "file", "gdb": "gdb", "strace": "strace",
    "ip": "iproute2", "ping": "iputils-ping", "nc": "netcat-openbsd", "vim": "vim", "nano": "nano",
    # standard tools a minimal image (busybox, slim) may lack: each ships in its base package, not one of its name
    **dict.fromkeys(("install", "realpath", "timeout", "stat", "mktemp", "readlink", "sort", "tr", "cut", "env",
                     "nproc", "sha256sum", "base64", "tee", "du", "df"), "coreutils"),
    "find": "findutils", "xargs": "findutils", "awk": "gawk", "ps": "procps", "which": "debianutils",
}
# Headers whose Debian/Ubuntu package is not named after them.
HEADER_PACKAGES: dict[str, str] = {
    "Python.h": "python3-dev", "ruby.h": "ruby-dev", "zlib.h": "zlib1g-dev", "ffi.h": "libffi-dev",
    "sqlite3.h": "libsqlite3-dev", "libpq-fe.h": "libpq-dev", "openssl/ssl.h": "libssl-dev",
    "openssl/opensslv.h": "libssl-dev", "yaml.h": "libyaml-dev", "bzlib.h": "libbz2-dev", "lzma.h": "liblzma-dev",
    "png.h": "libpng-dev", "jpeglib.h": "libjpeg-dev", "expat.h": "libexpat1-dev", "gmp.h": "libgmp-dev",
    "curl/curl.h": "libcurl4-openssl-dev", "uuid/uuid.h": "uuid-dev", "readline/readline.h": "libreadline-dev",
    "ncurses.h": "libncurses-dev", "curses.h": "libncurses-dev", "libxml/parser.h": "libxml2-dev",
}
PYTHON_TOOLS = frozenset({
    "pytest", "py.test", "black", "flake8", "mypy", "ruff", "pylint", "isort", "tox", "nox", "coverage",
    "sphinx-build", "pip", "pip3", "ipython", "jupyter", "poetry", "pipenv", "uv", "pre-commit",
    "django-admin", "alembic", "uvicorn", "gunicorn", "celery", "twine", "hatch",
})
# Programs a Node project installs into node_modules/.bin (its devDependencies), by the package that ships them.
NODE_TOOLS: dict[str, str] = {
    "tsc": "typescript", "eslint": "eslint", "jest": "jest", "vitest": "vitest", "mocha": "mocha",
    "prettier": "prettier", "webpack": "webpack-cli", "vite": "vite", "rollup": "rollup", "esbuild": "esbuild",
    "babel": "@babel/cli", "ts-node": "ts-node", "tsx": "tsx", "nodemon": "nodemon", "next": "next",
    "nuxt": "nuxt", "ng": "@angular/cli", "react-scripts": "react-scripts", "vue-cli-service": "@vue/cli-service",
    "tailwindcss": "tailwindcss", "postcss": "postcss-cli", "parcel": "parcel", "lerna": "lerna", "nx": "nx",
    "turbo": "turbo", "playwright": "@playwright/test", "cypress": "cypress", "concurrently": "concurrently",
    "cross-env": "cross-env", "rimraf": "rimraf", "husky": "husky", "lint-staged": "lint-staged",
    "tsup": "tsup", "electron": "electron", "astro": "astro", "gatsby": "gatsby-cli", "svelte-kit": "@sveltejs/kit",
}
# Words that reach the shell as "commands" when code or a heredoc body was run by bash by mistake.
CODE_WORDS = frozenset({
    "EOF", "EOL", "END", "PY", "PYEOF", "import", "from", "def", "class", "print", "return", "elif",
    "except", "try:", "finally:", "with", "lambda", "self", "}", "{", "):", "const", "let", "var",
    "function", "pass", "raise", "yield", "async", "await",
})


def pip_name(module: str) -> str:
    if module in PIP_NAMES:
        return PIP_NAMES[module]
    top = module.split(".", 1)[0]
    return PIP_NAMES.get(top, top.replace("_", "-"))


# Standard-library modules a Python release removed (PEP 594, PEP 632, 3.12's imp), each with where its users
# went.
REMOVED_STDLIB: dict[str, tuple[str, str]] = {
    "distutils": ("3.12", "pip install setuptools (it provides distutils again), or port the build to setuptools"),
    "imp": ("3.12", "Use importlib (importlib.util, importlib.import_module) instead of imp"),
    "asynchat": ("3.12", "Use asyncio, or pip install pyasynchat"),
    "asyncore": ("3.12", "Use asyncio, or pip install pyasyncore"),
    "smtpd": ("3.12", "Use aiosmtpd (pip install aiosmtpd)"),
    "cgi": ("3.13", "pip install legacy-cgi, or parse requests with a web framework"),
    "cgitb": ("3.13", "pip install legacy-cgi"),
    "crypt": ("3.13", "Use passlib or bcrypt (pip install), or hashlib"),
    "imghdr": ("3.13", "Use filetype or Pillow to detect image types"),
    "pipes": ("3.13", "Use shlex.quote and subprocess"),
    "telnetlib": ("3.13", "pip install telnetlib3, or use a maintained client"),
    "uu": ("3.13", "Use base64"),
    "audioop": ("3.13", "pip install audioop-lts"),
    "lib2to3": ("3.13", "Use a maintained parser (libcst, parso)"),
    "aifc": ("3.13", "Upgrade the code that reads AIFF files, or use soundfile"),
    "chunk": ("3.13", "Read the IFF chunks with struct"),
    "mailcap": ("3.13", "Use mimetypes"),
    "msilib": ("3.13", "Use a maintained MSI tool (WiX, msitools)"),
    "nis": ("3.13", "Query NIS with a maintained client, or move off NIS"),
    "nntplib": ("3.13", "Use a maintained NNTP client"),
    "ossaudiodev": ("3.13", "Use a maintained audio library (sounddevice, pyalsaaudio)"),
    "sndhdr": ("3.13", "Use filetype or soundfile to detect audio types"),
    "spwd": ("3.13", "Use python-pam, or read the shadow file another way"),
    "sunau": ("3.13", "Use soundfile"),
    "xdrlib": ("3.13", "Pack the data with struct"),
}


def is_stdlib(module: str) -> bool:
    return module.split(".", 1)[0] in sys.stdlib_module_names


def is_known_distribution(module: str) -> bool:
    return module.split(".", 1)[0] in KNOWN_DISTRIBUTIONS or module in KNOWN_DISTRIBUTIONS


_DYNAMIC_IMPORT = re.compile(r"INSTALLED_APPS|apps/registry\.py|\bimport_module\(")


def looks_local(module: str, context: str = "") -> bool:
    """A name that is no installable package: the agent's own module, or a wrong submodule path."""
    if "." in module:
        # Python names the first component that failed, so the parent package imported fine and the
        # submodule path is wrong (namespace distributions such as google.protobuf aside).
        return module not in PIP_NAMES
    if is_stdlib(module) or is_known_distribution(module):
        return False
    # No allowlist of PyPI can be complete (pdfplumber, requests_toolbelt...): call a name the
    # agent's own only when the error or the action shows it as a path of the project, or when it
    # was imported dynamically from configuration the agent wrote (INSTALLED_APPS, import_module).
    if _DYNAMIC_IMPORT.search(context):
        return True
    return re.search(rf"(?:^|[\s/'\"(]){re.escape(module)}(?:/|\.py\b)", context) is not None


def install_command(command: str) -> str:
    if command in PYTHON_TOOLS:
        dist = {"py.test": "pytest", "sphinx-build": "sphinx", "django-admin": "django"}.get(command, command)
        return f"python -m {dist.replace('-', '_')} (if installed as a module) or pip install {dist}"
    if command in NODE_TOOLS:
        # (installed per project, not system-wide: NODE_ENV=production skips devDependencies)
        return (f"npm install in the project (devDependencies included; {NODE_TOOLS[command]} ships it), then "
                f"npx {command} or the package.json script")
    package = APT_NAMES.get(command, command)
    if package in ("coreutils", "findutils"):
        # standard tools missing mostly where apt is not: macOS (zsh) and busybox images
        return (f"apt-get install -y {package} (macOS: brew install {package}, whose GNU tools carry a g prefix, "
                f"e.g. g{command}; Alpine: apk add {package})")
    return f"apt-get install -y {shell_quote(package)}"
