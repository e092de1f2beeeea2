"""A database object a migration creates that the database already has: the history and the schema disagree.

The object may hold data (a populated column, a table), so the advice never drops it; it reconciles the history.
"""

from __future__ import annotations

import re

# (the object's name right before "already exists": a duplicate key's "Key (id)=(1) already exists" is data)
SCHEMA_OBJECT_EXISTS = re.compile(
    r"\b(?:column|relation|table|index|constraint|type|sequence|view|trigger|schema) [`\"'\[]?[\w.$-]{1,100}"
    r"[`\"'\]]?(?: of relation [`\"']?[\w.$-]{1,100}[`\"']?)? already exists\b|"
    r"\bBase table or view already exists\b|\bDuplicate column name\b", re.IGNORECASE)

MIGRATION_DRIFT = (
    "The database already has it, so the migration history and the schema disagree (a migration ran twice, or the "
    "object was made outside the migrations): mark that migration applied (alembic stamp, manage.py migrate --fake, "
    "prisma migrate resolve --applied) or make it skip what exists. Do not drop the existing object: it may hold "
    "data.")
