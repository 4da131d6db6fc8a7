"""The gRPC face of the service: servicer, errors to status codes, the gRPC port."""
