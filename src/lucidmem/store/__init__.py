"""Storage: the narrow :class:`~lucidmem.store.base.Store` interface and its SQLite and
PostgreSQL backends."""
