"""Message validation and the resumable importer."""
