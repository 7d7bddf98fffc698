# lucidmem: one image for the API, the background workers and the one-shot migration.
# The bundled embedding model ships inside the package; nothing downloads at run time.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LUCIDMEM_DATA_DIR=/var/lib/lucidmem
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir ".[server,postgres]" \
    && useradd --system --home /var/lib/lucidmem lucidmem \
    && mkdir -p /var/lib/lucidmem && chown lucidmem /var/lib/lucidmem
USER lucidmem
EXPOSE 8765
CMD ["lucidmem", "serve", "--host", "0.0.0.0", "--workers", "2"]
