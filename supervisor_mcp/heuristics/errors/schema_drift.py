"""A database object a migration creates that the database already has: the history and the schema disagree.

The object may hold data (a populated column, a table), so the advice never drops it; it reconciles the history.
Only a database's own words count (a GraphQL type or a search index that "already exists" is not a table), and only
where the output shows schema work: a migration tool, DDL, or the SQL states of a duplicate table or column.
"""

from __future__ import annotations

import re

# (the object's name right before "already exists": a duplicate key's "Key (id)=(1) already exists" is data)
_OBJECT_EXISTS = re.compile(
    r"\b(?:column|relation|table|index|constraint|sequence|view|trigger) [`\"'\[]?[\w.$-]{1,100}"
    r"[`\"'\]]?(?: of relation [`\"']?[\w.$-]{1,100}[`\"']?)? already exists\b|"
    r"\bBase table or view already exists\b|\bDuplicate column name\b", re.IGNORECASE)
_SCHEMA_WORK = re.compile(
    r"migrat|alembic|flyway|liquibase|prisma|knex|sequelize|\becto\b|diesel|rake db|manage\.py|artisan|"
    r"ALTER TABLE|CREATE TABLE|ADD COLUMN|Duplicate(?:Table|Column|Object)|\b42P07\b|\b42701\b|\b42S01\b|\b42S21\b",
    re.IGNORECASE)

MIGRATION_DRIFT = (
    "The database already has it, so the migration history and the schema disagree (a migration ran twice, or the "
    "object was made outside the migrations): mark that migration applied (alembic stamp, manage.py migrate --fake, "
    "prisma migrate resolve --applied) or make it skip what exists. Do not drop the existing object: it may hold "
    "data.")


def is_migration_drift(line: str, context: str) -> bool:
    """`line` says a table, column or index already exists, and `context` (the output and the command) shows schema
    work."""
    return _OBJECT_EXISTS.search(line) is not None and _SCHEMA_WORK.search(context) is not None
