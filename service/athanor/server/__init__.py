"""The athanor server put together: Redis, the game service, the gRPC port and the web
port, started and stopped as one (and `--workers`: several such processes)."""
