"""Thread pools bounded around our calls, and restored after them (base/threads.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import ConfigError

# The BLAS limit is process-wide and OpenBLAS keeps some of it per thread (a limit set from a
# second thread after the main one has set it is ignored), so what an earlier test or a worker
# thread left behind would decide these checks: each runs in a fresh interpreter instead.
_PROBE = """
import threading
import numpy as np
from threadpoolctl import threadpool_info
from autogen_zettel.base.threads import bounded_threads, rescan_thread_pools

def blas_threads():
    return [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]

np.ones((8, 8)) @ np.ones(8)  # numpy's BLAS is loaded
rescan_thread_pools()
before = blas_threads()
assert before, "numpy should bring a BLAS library"
"""


def run_probe(body: str) -> None:
    script = _PROBE + textwrap.dedent(body)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "2", "OMP_NUM_THREADS": "2"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_blas_is_bounded_inside_and_restored_after():
    run_probe(
        """
        with bounded_threads(1):
            assert blas_threads() == [1] * len(before), blas_threads()
        assert blas_threads() == before, (blas_threads(), before)
        """
    )


def test_zero_leaves_the_pools_alone():
    run_probe(
        """
        with bounded_threads(0):
            assert blas_threads() == before, (blas_threads(), before)
        """
    )


def test_a_block_in_another_thread_leaves_the_limit_to_the_last_block_out():
    # the main thread enters first, as the hub does before its worker starts
    run_probe(
        """
        seen = []

        def other():
            with bounded_threads(1):
                seen.append(blas_threads())

        with bounded_threads(1):
            t = threading.Thread(target=other)
            t.start()
            t.join()
            seen.append(blas_threads())  # the other block has left; ours still holds the limit
        assert seen == [[1] * len(before)] * 2, seen
        assert blas_threads() == before, (blas_threads(), before)
        """
    )


def test_threads_limit_is_a_config_key():
    assert config_from_dict({}).threads.limit == 1
    assert config_from_dict({"threads": {"limit": 0}}).threads.limit == 0
    with pytest.raises(ConfigError, match="threads.limit"):
        config_from_dict({"threads": {"limit": -1}})
    with pytest.raises(ConfigError, match="vectors.engine"):
        config_from_dict({"vectors": {"engine": "faiss"}})


@pytest.mark.integration
def test_torch_int8_minilm_is_recorded_as_another_model_and_stays_close(minilm):
    from autogen_zettel.embed.embedders import FlagEmbedder

    int8 = FlagEmbedder(quantize="int8", runtime="torch")
    texts = ["Caroline went to the LGBTQ support group on Sunday.", "Melanie paints sunsets by the lake."]
    a, b = minilm.encode(texts), int8.encode(texts)
    assert int8.backend == "torch" and int8.name == minilm.name + "+int8" and int8.dim == minilm.dim
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-4)
    assert (a * b).sum(1).min() > 0.8  # close to the float model, not the same vectors
    assert float(b[0] @ b[1]) < float(b[0] @ b[0])
    with pytest.raises(ConfigError, match="quantize"):
        FlagEmbedder(quantize="int4")


def test_a_job_that_waits_for_the_worker_does_not_deadlock():
    """A job calling ``wait`` (a flush from inside a session end's mining) returns at once."""
    from autogen_zettel.base.worker import Worker

    worker, seen = Worker("test-worker"), []
    worker.submit("a", lambda: (worker.wait(), worker.wait("a"), seen.append("inner")))
    worker.submit("a", lambda: seen.append("after"))
    worker.wait()
    worker.close()
    assert seen == ["inner", "after"]
