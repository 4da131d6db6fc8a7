"""The store's suite (tests/store) again, on a Redis Cluster of three masters.

The same test functions, imported: this folder's conftest makes `backend` (and so
`store`, `feeds` and the raw `client`) the cluster, emptied before each test.
"""

from tests.store.test_batching import *  # noqa: F403
from tests.store.test_event_store import *  # noqa: F403
from tests.store.test_feed import *  # noqa: F403
