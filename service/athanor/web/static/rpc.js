// A small client for the Connect protocol (JSON): unary calls and server streams.
// The server side is connect-python; this speaks the protocol's documented wire form.

const SERVICE = "/athanor.v1.Athanor/";

// `?updates=full`: the table fetches its view and moves whole after every move (see
// updates.js). Read here, as the first modules load: a seat link's address is
// rewritten before the table's page starts.
export const FULL_UPDATES = new URLSearchParams(location.search).get("updates") === "full";

export class RpcError extends Error {
  constructor(code, message, info = null) {
    super(message);
    this.code = code; // Connect code: "invalid_argument", "failed_precondition", ...
    this.info = info; // google.rpc.ErrorInfo as JSON ({reason, domain, metadata}) or null
  }
}

// worth trying again with the same request (a lost link, a restart, a slow watcher)
export const RETRYABLE = new Set(["unavailable", "deadline_exceeded", "resource_exhausted", "unknown", "internal", "network"]);

function headers(token, contentType) {
  const h = { "content-type": contentType, "connect-protocol-version": "1" };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

function errorOf(body, status) {
  const err = body && typeof body === "object" ? body : {};
  const info = (err.details || []).find((d) => d.type === "google.rpc.ErrorInfo");
  return new RpcError(err.code || (status >= 500 ? "unavailable" : "unknown"), err.message || `HTTP ${status}`, info ? info.debug || null : null);
}

export async function call(method, request, token, signal) {
  let response;
  try {
    response = await fetch(SERVICE + method, {
      method: "POST",
      headers: headers(token, "application/json"),
      body: JSON.stringify(request),
      signal,
    });
  } catch (e) {
    throw new RpcError("network", "no connection to the server");
  }
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (!response.ok) throw errorOf(body, response.status);
  return body;
}

// Calls onMessage for each message of a server stream; resolves when the stream ends
// well, rejects with an RpcError otherwise.
export async function stream(method, request, token, onMessage, signal) {
  const json = new TextEncoder().encode(JSON.stringify(request));
  const frame = new Uint8Array(5 + json.length);
  new DataView(frame.buffer).setUint32(1, json.length);
  frame.set(json, 5);
  let response;
  try {
    response = await fetch(SERVICE + method, {
      method: "POST",
      headers: headers(token, "application/connect+json"),
      body: frame,
      signal,
    });
  } catch (e) {
    throw new RpcError("network", "no connection to the server");
  }
  if (!response.ok || !response.body) {
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    throw errorOf(body, response.status);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = new Uint8Array(0);
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (e) {
      throw new RpcError("network", "the connection was lost");
    }
    if (chunk.done) throw new RpcError("network", "the stream ended early");
    const joined = new Uint8Array(buffer.length + chunk.value.length);
    joined.set(buffer);
    joined.set(chunk.value, buffer.length);
    buffer = joined;
    while (buffer.length >= 5) {
      const flags = buffer[0];
      const size = new DataView(buffer.buffer, buffer.byteOffset).getUint32(1);
      if (buffer.length < 5 + size) break;
      const data = JSON.parse(decoder.decode(buffer.subarray(5, 5 + size)) || "{}");
      buffer = buffer.slice(5 + size);
      if (flags & 2) {
        if (data.error) throw errorOf(data.error, 200);
        return;
      }
      onMessage(data);
    }
  }
}

export function commandId() {
  // getRandomValues works on plain http too (randomUUID needs a secure context)
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
