"""Use cases: create, act, view, watch, log, verify, import. No gRPC here."""
