import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gracefulShutdown } from "./shutdown.js";

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

    await expect(get(port, "/fast", new http.Agent({ keepAlive: false }))).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(s.onClosed).not.toHaveBeenCalled();
    expect(s.exit).not.toHaveBeenCalled();

    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: "slow done" });
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalled());
    expect(s.events).toEqual(["slow answer sent", "database closed", "exit 0"]);
  });

  it("an idle keep-alive connection does not hold the stop", async () => {
    const { server, port } = await startServer();
    servers.push(server);
    const s = setup(5_000);
    const agent = new http.Agent({ keepAlive: true });
    expect(await get(port, "/fast", agent)).toEqual({ status: 200, body: "fast" });

    const started = Date.now();
    gracefulShutdown({ server, ...s })("SIGINT");
    await vi.waitFor(() => expect(s.exit).toHaveBeenCalledWith(0));
    expect(Date.now() - started).toBeLessThan(1_000);
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
