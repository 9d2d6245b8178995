"""The shape of a tenant database's schema, compared by tests/test_schema_fold.py: every table's
columns (name, type, not null, default, key), its indexes and their columns, the triggers'
text, WITHOUT ROWID, the meta keys a new tenant gets and the rows of ``link_seq``."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path


def schema_shape(path: str | Path) -> dict:
    con = sqlite3.connect(str(path))
    try:
        rows = con.execute(
            "select type, name, tbl_name, sql from sqlite_master "
            "where name not like 'sqlite_autoindex%' and tbl_name != '_sqlite_migrations' order by type, name"
        ).fetchall()
        shape: dict = {
            "objects": [[t, n, tbl] for t, n, tbl, _ in rows],
            "tables": {},
            "indexes": {},
            "triggers": {},
        }
        for kind, name, _, sql in rows:
            if kind == "table":
                shape["tables"][name] = {
                    "columns": [
                        [r[1], r[2].upper(), r[3], r[4], r[5], r[6]]
                        for r in con.execute(f"pragma table_xinfo('{name}')")
                    ],
                    "without_rowid": bool(re.search(r"without\s+rowid", sql or "", re.I)),
                    "indexes": sorted(
                        [r[1], r[2], r[3], r[4]] for r in con.execute(f"pragma index_list('{name}')")
                    ),
                }
            elif kind == "index":
                shape["indexes"][name] = [list(r) for r in con.execute(f"pragma index_xinfo('{name}')")]
            elif kind == "trigger":
                shape["triggers"][name] = " ".join(sql.split()).lower()
        shape["meta_keys"] = sorted(k for (k,) in con.execute("select key from meta"))
        shape["link_seq"] = [list(r) for r in con.execute("select * from link_seq")]
        return shape
    finally:
        con.close()
