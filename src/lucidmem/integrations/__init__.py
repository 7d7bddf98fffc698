"""Adapters for the frameworks assistants are built with, each an optional extra:

- :mod:`lucidmem.integrations.langgraph` — ``LucidmemStore``, a LangGraph ``BaseStore``
  (``pip install 'lucidmem[langgraph]'``);
- :mod:`lucidmem.integrations.langchain` — ``LucidmemChatMessageHistory``, a LangChain
  chat message history (``pip install 'lucidmem[langchain]'``).

Nothing here is imported by ``import lucidmem``: import the adapter you use.
"""
