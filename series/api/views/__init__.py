"""API views: one per operation, thin: parse → service → serialise."""
