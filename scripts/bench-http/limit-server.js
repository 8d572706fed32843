// @ts-check
/**
 * The "limit" of npm run bench:http: a bare node:http server, in its own process (as the app is),
 * that answers every request with the bytes and headers it was last given. The parent sends
 * { status, headers, body (base64) } over IPC; the server answers { ready: true } once it serves
 * them. It listens on 127.0.0.1 only and stops when the parent disconnects.
 */
import http from "node:http";

/** @type {{ status: number, headers: Record<string, string | string[]>, body: Buffer }} */
let page = { status: 503, headers: {}, body: Buffer.alloc(0) };

const server = http.createServer((_req, res) => {
  res.writeHead(page.status, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 65_000;

process.on("message", (/** @type {any} */ msg) => {
  if (msg && msg.type === "page") {
    page = { status: msg.status, headers: msg.headers, body: Buffer.from(msg.body, "base64") };
    process.send?.({ type: "ready" });
  }
});
process.on("disconnect", () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });
});
