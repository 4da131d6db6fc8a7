"""The `athanor` command: serve, and a client for every call of the API."""
