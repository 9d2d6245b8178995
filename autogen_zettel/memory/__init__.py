"""One agent's memory (:class:`Zettelkasten`) and the hub that holds a process's tenants."""

from autogen_zettel.memory.hub import MemoryHub, validate_tenant_name
from autogen_zettel.memory.tenant import Zettelkasten

__all__ = ["MemoryHub", "Zettelkasten", "validate_tenant_name"]
