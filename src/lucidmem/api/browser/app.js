// lucidmem memory browser: a thin page over the REST API (/api/v1). No framework, no build,
// no third-party code. Every value from the server is rendered with textContent, never as
// HTML. The key lives in sessionStorage: it is gone when the tab closes.
"use strict";

const API = "/api/v1";
const PAGE_SIZE = 50;
const $ = (id) => document.getElementById(id);
const state = { offset: 0, next: null, mode: "list", items: [], selected: null };

function session() {
  return {
    key: sessionStorage.getItem("lucidmem.key") || "",
    user: sessionStorage.getItem("lucidmem.user") || "",
    context: sessionStorage.getItem("lucidmem.context") || "",
  };
}

function url(path, params = {}) {
  const s = session();
  const query = new URLSearchParams();
  if (s.user) query.set("user_id", s.user);
  if (s.context) query.set("context", s.context);
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) value.forEach((v) => query.append(name, v));
    else if (value !== undefined && value !== null && value !== "") query.set(name, value);
  }
  const text = query.toString();
  return API + path + (text ? "?" + text : "");
}

async function call(method, path, { params, body } = {}) {
  const headers = { Authorization: "Bearer " + session().key };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url(path, params), {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && data.message ? data.message : response.statusText;
    throw new Error(response.status + ": " + message);
  }
  return data;
}

function say(text, isError = false) {
  const status = $("status");
  status.textContent = text;
  status.className = isError ? "error" : "";
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  row.appendChild(td);
  return td;
}

function when(iso) {
  return iso ? iso.replace("T", " ").slice(0, 16) : "";
}

function render(items, total) {
  const body = $("items").querySelector("tbody");
  body.replaceChildren();
  for (const item of items) {
    const row = document.createElement("tr");
    cell(row, when(item.occurred_at), "when");
    cell(row, item.kind, "kind");
    cell(row, item.name || item.role || "", "who");
    cell(row, item.text, "text");
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = "open";
    open.addEventListener("click", () => openItem(item));
    row.appendChild(document.createElement("td")).appendChild(open);
    body.appendChild(row);
  }
  const paged = state.mode === "list";
  $("prev").disabled = !paged || state.offset === 0;
  $("next").disabled = !paged || state.next === null || state.next === undefined;
  $("page").textContent = paged
    ? `items ${state.offset + 1}–${state.offset + items.length} of ${total}`
    : `${total} results`;
}

async function listItems() {
  state.mode = "list";
  const kind = $("kind").value;
  const page = await call("GET", "/memories", {
    params: { limit: PAGE_SIZE, offset: state.offset, kinds: kind ? [kind] : undefined },
  });
  const items = page.items;
  state.items = items;
  state.next = page.next_offset;
  render(items, page.total);
  if (!items.length) say(state.offset ? "No more items." : "Nothing stored yet.");
}

async function search(query) {
  state.mode = "search";
  const kind = $("kind").value;
  const hits = await call("POST", "/memories/search", {
    body: { query, limit: PAGE_SIZE, kinds: kind ? [kind] : undefined },
  });
  state.items = hits.map((hit) => hit.item);
  render(state.items, hits.length);
  if (!hits.length) say("No match.");
}

async function openItem(item) {
  state.selected = item;
  $("detail").hidden = false;
  $("detail-id").textContent = item.id;
  $("detail-text").value = item.text;
  $("detail").scrollIntoView({ block: "nearest" });
  const history = await call("GET", "/memories/" + encodeURIComponent(item.id) + "/history");
  const list = $("history");
  list.replaceChildren();
  for (const entry of history) {
    const li = document.createElement("li");
    const text = entry.after ? entry.after.text : entry.before ? entry.before.text : "";
    li.textContent = `${when(entry.at)} ${entry.action}: ${text ?? ""}`;
    list.appendChild(li);
  }
}

async function refresh() {
  const query = $("query").value.trim();
  if (state.mode === "search" && query) await search(query);
  else await listItems();
}

function guard(action) {
  return async (event) => {
    if (event) event.preventDefault();
    say("");
    try {
      await action(event);
    } catch (error) {
      say(error.message, true);
    }
  };
}

function showApp(open) {
  $("app").hidden = !open;
  $("disconnect").hidden = !open;
}

function wire() {
  $("connect").addEventListener("submit", guard(async () => {
    sessionStorage.setItem("lucidmem.key", $("key").value);
    sessionStorage.setItem("lucidmem.user", $("user").value.trim());
    sessionStorage.setItem("lucidmem.context", $("context").value.trim());
    $("key").value = "";
    state.offset = 0;
    showApp(true);
    await listItems();
  }));
  $("disconnect").addEventListener("click", () => {
    sessionStorage.clear();
    showApp(false);
    $("items").querySelector("tbody").replaceChildren();
    say("");
  });
  $("search-form").addEventListener("submit", guard(async () => {
    const query = $("query").value.trim();
    state.offset = 0;
    if (query) await search(query);
    else await listItems();
  }));
  $("list-all").addEventListener("click", guard(async () => {
    $("query").value = "";
    state.offset = 0;
    await listItems();
  }));
  $("prev").addEventListener("click", guard(async () => {
    state.offset = Math.max(0, state.offset - PAGE_SIZE);
    await listItems();
  }));
  $("next").addEventListener("click", guard(async () => {
    state.offset += PAGE_SIZE;
    await listItems();
  }));
  $("recall-form").addEventListener("submit", guard(async () => {
    const topic = $("topic").value.trim();
    if (!topic) return;
    const recall = await call("GET", "/recall", { params: { topic } });
    $("recall").hidden = false;
    $("recall").textContent = recall.answer || "Nothing remembered about that.";
  }));
  $("save").addEventListener("click", guard(async () => {
    const item = state.selected;
    const updated = await call("PATCH", "/memories/" + encodeURIComponent(item.id), {
      body: { text: $("detail-text").value },
    });
    await refresh();
    await openItem(updated);
    say(`Saved (version ${updated.version}).`);
  }));
  $("delete").addEventListener("click", guard(async () => {
    const item = state.selected;
    if (!window.confirm("Delete this item? It cannot be undone.")) return;
    await call("DELETE", "/memories/" + encodeURIComponent(item.id));
    $("detail").hidden = true;
    await refresh();
    say("Deleted.");
  }));
  $("close-detail").addEventListener("click", () => { $("detail").hidden = true; });
  $("export").addEventListener("click", guard(async () => {
    const document_ = await call("GET", "/export");
    const blob = new Blob([JSON.stringify(document_, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `lucidmem-${document_.user_id}-${document_.context}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
    say(`Exported ${document_.records.length} records.`);
  }));
  $("delete-all").addEventListener("click", guard(async () => {
    const typed = window.prompt("This forgets everything about you in this context. " +
                                "Type DELETE to confirm.");
    if (typed !== "DELETE") return;
    const result = await call("DELETE", "/memories");
    state.offset = 0;
    await listItems();
    say(`Deleted ${result.deleted} items.`);
  }));
  if (session().key) {
    showApp(true);
    guard(listItems)();
  }
}

document.addEventListener("DOMContentLoaded", wire);
