"""Delivery with capture first: an agent's ``receive``/``send`` (or their ``a_`` twins) wrapped so
that each message is queued for memory before it is delivered (see
:class:`~autogen_zettel.agent.capability.ZettelMemoryCapability`)."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any

__all__ = ["capture_first"]

log = logging.getLogger("autogen_zettel.agent.capability")


def capture_first(
    capture: Callable[[Any, Any], object], deliver: Callable[..., Any], *, asynchronous: bool = False
) -> Callable[..., Any]:
    """``deliver`` (an agent's bound ``receive`` or ``send``, or their ``a_`` twins when
    ``asynchronous``) with ``capture(message, partner)`` run first.

    The wrapper is called exactly as ``deliver`` is: each call is bound to ``deliver``'s own
    signature, so ``sender=``/``recipient=`` by keyword still work, and a wrong call raises
    ``TypeError`` before anything is captured.
    """
    signature = inspect.signature(deliver)

    def captured(args: tuple, kwargs: dict) -> inspect.BoundArguments:
        call = signature.bind(*args, **kwargs)
        try:
            capture(*call.args[:2])  # the message, and the sender or recipient
        except Exception as exc:  # noqa: BLE001 - capture must never break delivery
            # the kind only: the exception text may quote the message
            log.warning(
                "capture failed (%s); the message is delivered but not remembered", type(exc).__name__
            )
        return call

    if asynchronous:

        @functools.wraps(deliver)
        async def wrapped_async(*args: Any, **kwargs: Any) -> Any:
            call = captured(args, kwargs)
            return await deliver(*call.args, **call.kwargs)

        return wrapped_async

    @functools.wraps(deliver)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        call = captured(args, kwargs)
        return deliver(*call.args, **call.kwargs)

    return wrapped
