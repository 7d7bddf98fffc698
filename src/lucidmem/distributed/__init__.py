"""Background work across processes and machines: procrastinate tasks on PostgreSQL."""
