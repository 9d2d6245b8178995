"""The link edits of maintenance and conflict resolution (merge, prune, redirect), beside the
plain link reads and writes of :class:`~autogen_zettel.store.db.CardDB`. Held as
:attr:`CardDB.link_upkeep <autogen_zettel.store.db.CardDB.link_upkeep>`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from autogen_zettel.base.cards import DIRECTED, Link, LinkKind
from autogen_zettel.store.connection import Tables, chunks, marks

__all__ = ["LinkUpkeep"]


class LinkUpkeep:
    """Bulk link edits of one tenant database; each tells the database whose links changed."""

    def __init__(self, db: Tables):
        self._db = db

    def strong_pairs(self, min_weight: float) -> list[tuple[str, str, float]]:
        """Pairs linked STRONGLY_RELATED at ``min_weight`` or more (cosine), strongest first."""
        with self._db.lock:
            rows = self._db.db.query(
                "select src, dst, weight from links where kind = ? and weight >= ? order by weight desc",
                [LinkKind.STRONGLY_RELATED.value, min_weight],
            )
            return [(r["src"], r["dst"], r["weight"]) for r in rows]

    def delete_among(self, ids: Iterable[str], kinds: Iterable[LinkKind]) -> None:
        """Delete links of ``kinds`` whose two ends are both in ``ids``."""
        ids = list(dict.fromkeys(ids))
        kinds = [k.value for k in kinds]
        if len(ids) < 2:
            return
        with self._db.atomic():
            for chunk in chunks(ids, 300):
                m = marks(len(chunk))
                self._db.db.execute(
                    f"delete from links where kind in ({marks(len(kinds))}) and src in ({m}) and dst in "
                    f"({marks(len(ids))})",
                    [*kinds, *chunk, *ids],
                )
            self._db.links.note_changes(ids)

    def delete_below(self, thresholds: Mapping[LinkKind, float]) -> int:
        """Delete links of each kind whose weight is below that kind's threshold; returns how many."""
        n = 0
        with self._db.atomic():
            for kind, limit in thresholds.items():
                n += self._db.db.execute(
                    "delete from links where kind = ? and weight < ?", [kind.value, limit]
                ).rowcount
            self._db.links.note_changes(None)
        return n

    def learned(self) -> list[tuple[str, str, str, float, datetime | None]]:
        """``(src, kind, dst, strength, strength_at)`` of every link that learned a gain from use."""
        with self._db.lock:
            return [
                (r[0], r[1], r[2], r[3], datetime.fromisoformat(r[4]) if r[4] else None)
                for r in self._db.db.execute(
                    "select src, kind, dst, strength, strength_at from links where strength is not null"
                )
            ]

    def delete_learned_below(self, limit: float, keep: Iterable[LinkKind]) -> int:
        """Delete links whose learned gain is below ``limit``, except those of ``keep``; returns how many."""
        keep = [k.value for k in keep]
        with self._db.atomic():
            rows = self._db.db.execute(
                f"select src, dst from links where strength < ? and kind not in ({marks(len(keep))})",
                [limit, *keep],
            ).fetchall()
            if not rows:
                return 0
            n = self._db.db.execute(
                f"delete from links where strength < ? and kind not in ({marks(len(keep))})", [limit, *keep]
            ).rowcount
            self._db.links.note_changes({end for row in rows for end in row})
        return n

    def redirect(self, old: str, new: str) -> None:
        """Move every link of ``old`` to ``new`` (keeping the larger weight; no self-links), and
        its conflicts with it."""
        db = self._db.db
        with self._db.atomic():
            # in the order they were written, so the moved links keep it among themselves
            rows = list(db.query("select * from links where src = ? or dst = ? order by seq", [old, old]))
            db.execute("delete from links where src = ? or dst = ?", [old, old])
            # old's neighbours each lost a link (named, so recall's adjacency stays loaded)
            self._db.links.note_changes({old, new, *(r["src"] for r in rows), *(r["dst"] for r in rows)})
            links = []
            for r in rows:
                src = new if r["src"] == old else r["src"]
                dst = new if r["dst"] == old else r["dst"]
                if src != dst:
                    links.append(
                        Link(
                            src,
                            dst,
                            LinkKind(r["kind"]),
                            r["weight"],
                            datetime.fromisoformat(r["created_at"]) if r["created_at"] else None,
                        )
                    )
            self._db.links.add(links)
            # what the moved links learned from use goes with them, unless the survivor's own
            # link to that card learned something already
            for r in rows:
                src = new if r["src"] == old else r["src"]
                dst = new if r["dst"] == old else r["dst"]
                if src == dst or r.get("strength") is None:
                    continue
                if LinkKind(r["kind"]) not in DIRECTED and dst < src:
                    src, dst = dst, src
                db.execute(
                    "update links set strength = ?, strength_at = ? "
                    "where src = ? and kind = ? and dst = ? and strength is null",
                    [r["strength"], r["strength_at"], src, r["kind"], dst],
                )
            db.execute("update or ignore conflicts set active_id = ? where active_id = ?", [new, old])
            db.execute("update or ignore conflicts set other_id = ? where other_id = ?", [new, old])
            db.execute(
                "delete from conflicts where active_id = ? or other_id = ? or active_id = other_id",
                [old, old],
            )
