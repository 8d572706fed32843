import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gracefulShutdown, IDLE_GRACE_MS } from "./shutdown.js";

/** A real HTTP server whose /slow requests wait until the test releases them. */
async function startServer(events: string[] = []) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let arrived: () => void = () => {};
  const slowArrived = new Promise<void>((r) => (arrived = r));
  const server: Server = http.createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/slow") {
      arrived();
      await released;
      res.on("finish", () => events.push("slow answer sent"));
    }
    res.end(req.url === "/slow" ? "slow done" : "fast");
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  return { server, port, release, slowArrived };
}

function get(port: number, path: string, agent?: http.Agent) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

function setup(drainMs = 5_000) {
  const events: string[] = [];
  const exit = vi.fn((code: number) => events.push(`exit ${code}`));
  const onClosed = vi.fn(async () => {
    events.push("database closed");
  });
  return { events, exit, onClosed, drainMs, logger: pino({ level: "silent" }) };
}

describe("graceful shutdown", () => {
  it("refuses new connections, lets the request in flight finish, then closes the database and exits 0", async () => {
    const s = setup();
    const { server, port, release, slowArrived } = await startServer(s.events);
    servers.push(server);
    const shutdown = gracefulShutdown({ server, ...s });

    const slow = get(port, "/slow", new http.Agent({ keepAlive: false }));
    await slowArrived;
    shutdown("SIGTERM");

    // the backlog (empty here) is taken within a turn or two of the event loop, then the door shuts
    await vi.waitFor(() => expect(server.listening).toBe(false));
    await expect(get(port, "/fast", new http.Agent({ keepAlive: false }))).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(s.onClosed).not.toHaveBeenCalled();
    expect(s.exit).not.toHaveBeenCalled();

    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: "slow done" });
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalled());
    expect(s.events).toEqual(["slow answer sent", "database closed", "exit 0"]);
  });

  it("an idle keep-alive connection does not hold the stop: it is closed after the grace time", async () => {
    const { server, port } = await startServer();
    servers.push(server);
    const s = setup(5_000);
    const shutdown = gracefulShutdown({ server, ...s });
    const agent = new http.Agent({ keepAlive: true });
    expect(await get(port, "/fast", agent)).toEqual({ status: 200, body: "fast" });

    const started = Date.now();
    shutdown("SIGINT");
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0));
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_GRACE_MS - 20);
    expect(Date.now() - started).toBeLessThan(IDLE_GRACE_MS + 500);
    agent.destroy();
  });

  it("a request still running after the drain time is cut, and the database is still closed", async () => {
    const { server, port, slowArrived } = await startServer();
    servers.push(server);
    const s = setup(300);
    const slow = get(port, "/slow", new http.Agent({ keepAlive: false }));
    await slowArrived;

    const started = Date.now();
    gracefulShutdown({ server, ...s })("SIGTERM");
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(s.onClosed).toHaveBeenCalledTimes(1);
  });

  it("runs once when the signal comes twice, and exits 1 when the database fails to close", async () => {
    const { server } = await startServer();
    servers.push(server);
    const s = setup();
    s.onClosed.mockRejectedValueOnce(new Error("disk gone"));
    const shutdown = gracefulShutdown({ server, ...s });
    shutdown("SIGTERM");
    shutdown("SIGINT");
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(s.exit).toHaveBeenCalledTimes(1);
    expect(s.exit).toHaveBeenCalledWith(1);
    expect(s.onClosed).toHaveBeenCalledTimes(1);
  });
});

/** A GET that records everything about its answer, or the error code that ended it. */
function fetchOn(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status: number; body: string; connection?: string; reused: boolean } | { error: string }>((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, reused: req.reusedSocket }));
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/** A server whose /slow/{i} answers after i × `stepMs`, and /stream after the test releases it. */
async function startLoadServer(stepMs: number) {
  const state = { received: 0, answered: 0, stopped: false, answeredAfterStop: new Set<string>() };
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  const server = http.createServer(async (req, res) => {
    state.received++;
    res.on("finish", () => state.answered++);
    if (req.url === "/stream") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first part, ");
      await released;
      res.end("last part");
      return;
    }
    const i = Number(/^\/slow\/(\d+)$/.exec(req.url ?? "")?.[1] ?? 0);
    await new Promise((r) => setTimeout(r, i * stepMs));
    res.setHeader("Content-Type", "text/plain");
    // the headers go out with this end(): once the listener is closed, they say close
    if (!server.listening) state.answeredAfterStop.add(req.url ?? "");
    res.end(`done ${req.url}`);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { server, port: (server.address() as AddressInfo).port, state, release };
}

describe("graceful shutdown under load, on keep-alive connections", () => {
  it("answers the 50 requests already sent, those after the stop with Connection: close, resets none, and stops without waiting for the drain time", async () => {
    const { server, port, state } = await startLoadServer(10);
    const s = setup(10_000);
    const shutdown = gracefulShutdown({ server, ...s });
    const agent = new http.Agent({ keepAlive: true });
    // 50 connections opened and kept alive by a first round of requests
    const warm = await Promise.all(Array.from({ length: 50 }, () => fetchOn(agent, port, "/slow/0")));
    expect(warm.every((r) => "status" in r && r.status === 200 && r.connection === "keep-alive")).toBe(true);

    const answers = Array.from({ length: 50 }, (_, i) => fetchOn(agent, port, `/slow/${i}`));
    await vi.waitFor(() => expect(state.received).toBe(100));
    await vi.waitFor(() => expect(state.answered).toBeGreaterThanOrEqual(75));
    state.stopped = true;
    shutdown("SIGTERM");
    const stoppedAt = Date.now();

    const results = await Promise.all(answers);
    const lastAnswerAt = Date.now();
    results.forEach((r, i) => {
      expect(r, `request ${i}`).toMatchObject({ status: 200, body: `done /slow/${i}`, reused: true });
      const after = state.answeredAfterStop.has(`/slow/${i}`);
      expect("connection" in r && r.connection, `request ${i}`).toBe(after ? "close" : "keep-alive");
    });
    expect(state.answeredAfterStop.size).toBeGreaterThanOrEqual(10);
    expect(state.answeredAfterStop.size).toBeLessThanOrEqual(25);
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0));
    // the connections idle since their answer close after the grace time, not after the drain time
    expect(Date.now() - lastAnswerAt).toBeLessThan(IDLE_GRACE_MS + 500);
    expect(Date.now() - stoppedAt).toBeLessThan(IDLE_GRACE_MS + 1_000);
    agent.destroy();
  });

  it("clients that keep sending on their connections get every request they sent answered; only new connections are refused", async () => {
    const { server, port, state } = await startLoadServer(0);
    const s = setup(5_000);
    const shutdown = gracefulShutdown({ server, ...s });
    const outcomes: { answers: number; closes: number; error?: string }[] = [];
    let sending = true;
    const clients = Array.from({ length: 20 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const mine = { answers: 0, closes: 0, error: undefined as string | undefined };
      outcomes.push(mine);
      while (sending) {
        const r = await fetchOn(agent, port, "/slow/3");
        if ("error" in r) {
          mine.error = r.error;
          break;
        }
        expect(r).toMatchObject({ status: 200, body: "done /slow/3" });
        mine.answers++;
        if (r.connection === "close") mine.closes++;
      }
      agent.destroy();
    });
    await vi.waitFor(() => expect(state.answered).toBeGreaterThanOrEqual(200));
    state.stopped = true;
    shutdown("SIGTERM");
    const stoppedAt = Date.now();
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0), { timeout: 6_000 });
    const stopTook = Date.now() - stoppedAt;
    sending = false;
    await Promise.all(clients);

    // every request that reached the server was answered in full
    expect(outcomes.reduce((n, o) => n + o.answers, 0)).toBe(state.received);
    for (const o of outcomes) {
      // the last answer on each connection said close; the next request found the door shut, unsent
      expect(o.closes).toBe(1);
      expect(o.error).toBe("ECONNREFUSED");
    }
    expect(stopTook).toBeLessThan(IDLE_GRACE_MS + 1_000);
  });

  it("an answer that had promised keep-alive before the stop leaves its connection open for a request sent meanwhile, then closes it", async () => {
    const { server, port, state, release } = await startLoadServer(0);
    const s = setup(10_000);
    const shutdown = gracefulShutdown({ server, ...s });
    const follows = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const quiet = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = fetchOn(follows, port, "/stream");
    const other = fetchOn(quiet, port, "/stream");
    // both answers have sent their headers (keep-alive) and a first part before the stop
    await vi.waitFor(() => expect(state.received).toBe(2));
    shutdown("SIGTERM");
    release();
    expect(await first).toMatchObject({ status: 200, body: "first part, last part", connection: "keep-alive" });
    const releasedAt = Date.now();
    // sent on the same connection after the stop: answered, and told that the connection closes
    expect(await fetchOn(follows, port, "/slow/1")).toMatchObject({ status: 200, body: "done /slow/1", connection: "close", reused: true });
    expect(await other).toMatchObject({ status: 200, connection: "keep-alive" });
    // the quiet connection is closed once idle for the grace time, and the stop completes
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0), { timeout: 4_000 });
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(IDLE_GRACE_MS - 100);
    expect(Date.now() - releasedAt).toBeLessThan(IDLE_GRACE_MS + 500);
    follows.destroy();
    quiet.destroy();
  });
});

/** Blocks the event loop, as a burst of renders does: meanwhile the system accepts connections into the backlog. */
function busy(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe("graceful shutdown with connections waiting in the backlog", () => {
  it("takes the connections the system had already accepted, answers them with Connection: close, resets none, then refuses", async () => {
    const { server, port } = await startLoadServer(0);
    const s = setup(10_000);
    const shutdown = gracefulShutdown({ server, ...s });
    // 10 connections kept alive by a first answer
    const kept = new http.Agent({ keepAlive: true });
    const warm = await Promise.all(Array.from({ length: 10 }, () => fetchOn(kept, port, "/slow/0")));
    expect(warm.every((r) => "status" in r && r.connection === "keep-alive")).toBe(true);

    const fresh = new http.Agent({ keepAlive: true });
    const onKept = Array.from({ length: 10 }, () => fetchOn(kept, port, "/slow/0"));
    const onNew = Array.from({ length: 30 }, () => fetchOn(fresh, port, "/slow/0"));
    // The 30 connections are opened (connect() runs on the next tick), then the process is busy:
    // they complete in the system's backlog, not taken yet, when the stop comes (libuv takes one
    // connection per turn of the event loop, so under load they wait there).
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        busy(150);
        shutdown("SIGTERM");
        resolve();
      }),
    );

    const results = await Promise.all([...onKept, ...onNew]);
    results.forEach((r, i) => expect(r, `request ${i}`).toMatchObject({ status: 200, body: "done /slow/0", connection: "close" }));
    expect(results.filter((r) => "reused" in r && !r.reused)).toHaveLength(30);
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0));
    expect(await fetchOn(new http.Agent(), port, "/slow/0")).toEqual({ error: "ECONNREFUSED" });
    kept.destroy();
    fresh.destroy();
  });

  it("connections held while new ones keep coming: not closed by the keep-alive timeout, their next request read and answered with Connection: close once the listener is closed", async () => {
    const { server, port, release } = await startLoadServer(0);
    server.keepAliveTimeout = 100;
    const s = setup(10_000);
    // the backlog's limit far above what the test waits (on a loaded machine its steps take long):
    // the listener closes when the flood stops, not at the limit
    const shutdown = gracefulShutdown({ server, ...s, backlogMs: 5_000 });
    // raw keep-alive connections (an http.Agent would not reuse a socket with so short a timeout)
    const open = () => {
      const socket = net.connect(port, "127.0.0.1");
      const c = { socket, received: "", ended: undefined as string | undefined, answers: 0 };
      socket.on("data", (chunk: Buffer) => {
        c.received += chunk.toString("latin1");
        c.answers = c.received.split(/done \/slow\/0|last part/).length - 1;
      });
      socket.on("error", (err: NodeJS.ErrnoException) => (c.ended = err.code));
      socket.on("close", () => (c.ended ??= "closed"));
      return c;
    };
    const lastAnswer = (c: ReturnType<typeof open>) => c.received.slice(c.received.lastIndexOf("HTTP/1.1 "));
    const ask = (c: ReturnType<typeof open>, path: string) => c.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    // idle when the stop comes
    const idle = open();
    ask(idle, "/slow/0");
    await vi.waitFor(() => expect(idle.answers).toBe(1));
    expect(lastAnswer(idle)).toMatch(/\r\nConnection: keep-alive\r\n/i);
    // answering when the stop comes (its headers, saying keep-alive, are out), finishing meanwhile
    const busy = open();
    ask(busy, "/stream");
    await vi.waitFor(() => expect(busy.received).toContain("first part"));

    // a new connection at every turn of the event loop: the backlog is never found empty, so it
    // is taken until the flood stops, longer than the keep-alive timeout
    const flood: net.Socket[] = [];
    let flooding = true;
    const connectOne = () => {
      if (!flooding) return;
      flood.push(net.connect(port, "127.0.0.1").on("error", () => {}));
      setImmediate(connectOne);
    };
    connectOne();
    await new Promise((r) => setTimeout(r, 20));
    shutdown("SIGTERM");
    release();
    await vi.waitFor(() => expect(busy.answers).toBe(1));
    expect(lastAnswer(busy)).toMatch(/\r\nConnection: keep-alive\r\n/i);
    ask(idle, "/slow/0");
    ask(busy, "/slow/0");
    await new Promise((r) => setTimeout(r, 300));
    expect(server.listening).toBe(true);
    for (const c of [idle, busy]) {
      expect(c.ended).toBeUndefined();
      expect(c.answers, "not read before the listener closes").toBe(1);
    }
    flooding = false;
    for (const c of [idle, busy]) {
      await vi.waitFor(() => expect(c.answers).toBe(2));
      expect(lastAnswer(c)).toMatch(/^HTTP\/1\.1 200 [^]*\r\nConnection: close\r\n/i);
      await vi.waitFor(() => expect(c.ended).toBe("closed"));
    }
    for (const c of flood) c.destroy();
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0), { timeout: 3_000 });
  });
});
