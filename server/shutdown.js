// Graceful stop of the HTTP server. From the stop on:
// - no new connection is accepted;
// - every request already received is answered, with `Connection: close` when its headers have
//   not gone out yet, and its connection is closed right after that answer;
// - a keep-alive connection with no request running is closed once it has stayed idle for
//   IDLE_GRACE_MS: a request that a client had sent on it just before the stop, or just after
//   an answer that had promised keep-alive, arrives within that time and is answered (with
//   `Connection: close`) instead of being reset;
// - after `drainMs`, what is still open is cut.
// Then `onClosed` runs (closing the database) and `exit` reports. Kept apart from index.js so
// that a test can drive it on a real server.
import net from "node:net";

/**
 * How long an idle keep-alive connection stays open during the stop: the time for a request
 * already sent to arrive (a round trip), far below the drain time.
 */
export const IDLE_GRACE_MS = 500;

/**
 * @param {object} options
 * @param {import("node:http").Server} options.server - call before the first connection arrives
 * @param {() => Promise<void>} options.onClosed - runs once every connection is closed
 * @param {import("pino").Logger} options.logger
 * @param {(code: number) => void} options.exit
 * @param {number} [options.drainMs]
 * @returns {(signal: string) => void} the function to call on SIGTERM/SIGINT (idempotent)
 */
export function gracefulShutdown({ server, onClosed, logger, exit, drainMs = 10_000 }) {
  let stopping = false;
  /** @type {Set<import("node:net").Socket>} every open connection */
  const connections = new Set();
  /** @type {Map<import("node:net").Socket, Set<import("node:http").ServerResponse>>} the answers not finished, per connection */
  const answering = new Map();

  /** @param {import("node:http").ServerResponse} res */
  function closeAfter(res) {
    if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /** @param {import("node:net").Socket} socket */
  function closeWhenIdle(socket) {
    setTimeout(() => {
      if (!answering.has(socket)) socket.destroy();
    }, IDLE_GRACE_MS).unref();
  }

  server.on("connection", (socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  // before the app's own listener, so that a request arriving during the stop is marked first
  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    if (stopping) closeAfter(res);
    const running = answering.get(socket) ?? new Set();
    answering.set(socket, running.add(res));
    res.once("close", () => {
      running.delete(res);
      if (running.size > 0) return;
      answering.delete(socket);
      if (stopping) closeWhenIdle(socket);
    });
  });

  return function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "shutdown", signal, connections: connections.size, running: answering.size }, "stopping: no new connections, finishing the requests received");
    const force = setTimeout(() => {
      logger.warn({ event: "shutdown_forced" }, `requests still running after ${drainMs / 1000} s: closing them`);
      server.closeAllConnections();
    }, drainMs);
    force.unref();
    for (const running of answering.values()) for (const res of running) closeAfter(res);
    for (const socket of connections) if (!answering.has(socket)) closeWhenIdle(socket);
    // Stop listening. Not http's server.close(): since Node 19 it also destroys the idle
    // keep-alive connections at once, resetting a request that is already on its way.
    net.Server.prototype.close.call(server, async () => {
      clearTimeout(force);
      let code = 0;
      try {
        await onClosed();
      } catch (err) {
        code = 1;
        logger.error({ err }, "error while closing the database");
      }
      logger.info({ event: "stopped" }, "stopped");
      exit(code);
    });
  };
}
