"""Adapters for the frameworks assistants are built with, each an optional extra:

- :mod:`lucidmem.integrations.langgraph` — ``LucidmemStore``, a LangGraph ``BaseStore``
  (``pip install 'lucidmem[langgraph]'``);
- :mod:`lucidmem.integrations.langchain` — ``LucidmemChatMessageHistory``, a LangChain
  chat message history (``pip install 'lucidmem[langchain]'``);
- :mod:`lucidmem.integrations.llamaindex` — ``LucidmemMemoryBlock``, a LlamaIndex memory
  block (``pip install 'lucidmem[llamaindex]'``);
- :mod:`lucidmem.integrations.openai_agents` — ``LucidmemSession``, an OpenAI Agents SDK
  session, and ``memory_search_tool`` (``pip install 'lucidmem[openai-agents]'``);
- :mod:`lucidmem.integrations.pydantic_ai` — ``memory_toolset``, remember/search/recall
  tools for a pydantic-ai agent (``pip install 'lucidmem[pydantic-ai]'``).

Nothing here is imported by ``import lucidmem``: import the adapter you use.
"""
