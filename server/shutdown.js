// Graceful stop of the HTTP server, resetting no connection. From the stop on:
// 1. The backlog is taken first. A connection that the system has accepted for the listening
//    socket waits in its backlog until the process takes it, and libuv takes one per turn of the
//    event loop: under load, dozens wait there for seconds, their request often already sent.
//    Closing the socket then resets every one of them (Linux answers them with RST; the client
//    cannot tell whether its request ran). So the listener stays open until a turn of the event
//    loop takes no connection (BACKLOG_DRAIN_MAX_MS at most). Meanwhile the requests already read
//    are answered as before, but no new one is read from a kept-alive connection (each new render
//    would lengthen the turns): a connection with no request running is paused until step 2.
// 2. The listener is closed: a new connection is refused (ECONNREFUSED), which a load balancer or
//    a browser takes as "try elsewhere" at once.
// 3. Every request received is answered, with `Connection: close` when its headers have not gone
//    out yet, and its connection is closed right after that answer. Until then no answer says
//    close: a client told so would connect again into the backlog being taken.
// 4. A keep-alive connection with no request running is closed once it has stayed idle for
//    IDLE_GRACE_MS and a turn of the event loop has read nothing more from it: a request that a
//    client had sent on it just before, or just after an answer that had promised keep-alive,
//    arrives within that time and is answered (with `Connection: close`) instead of being reset.
// 5. `drainMs` after the signal, what is still open is cut.
// Then `onClosed` runs (closing the database) and `exit` reports. Kept apart from index.js so
// that a test can drive it on a real server. A server that does not listen itself (an HTTP worker
// fed by the primary's connections, server/index.js) skips 1 and 2: the primary does them.
import net from "node:net";

/**
 * How long an idle keep-alive connection stays open during the stop: the time for a request
 * already sent to arrive (a round trip), far below the drain time.
 */
export const IDLE_GRACE_MS = 500;

/**
 * At most this long is spent taking the backlog before the listener is closed anyway (a flood
 * of new connections never leaves it empty). Under a normal load it takes a few milliseconds.
 */
export const BACKLOG_DRAIN_MAX_MS = 5_000;

/**
 * Closes a listening server once the connections waiting in its backlog have been taken: when a
 * turn of the event loop, begun after the call, has taken no connection (the poll of that turn
 * found the listening socket empty), the socket is closed in the check phase of the same turn.
 * The connections taken meanwhile are the server's, as usual.
 * @param {import("node:net").Server} server
 * @param {number} [maxMs]
 * @returns {Promise<{ taken: number, timedOut: boolean }>} how many connections were taken meanwhile
 */
export function closeListener(server, maxMs = BACKLOG_DRAIN_MAX_MS) {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve({ taken: 0, timedOut: false });
      return;
    }
    const deadline = Date.now() + maxMs;
    let taken = 0;
    let thisTurn = 0;
    let first = true;
    const count = () => {
      taken++;
      thisTurn++;
    };
    server.on("connection", count);
    const turn = () => {
      // the first check phase may follow a poll that took a connection before the call
      const empty = !first && thisTurn === 0;
      if (empty || Date.now() >= deadline) {
        server.off("connection", count);
        // Not http's server.close(): since Node 19 it also destroys the idle keep-alive
        // connections at once, resetting a request that is already on its way.
        net.Server.prototype.close.call(server);
        resolve({ taken, timedOut: !empty });
        return;
      }
      first = false;
      thisTurn = 0;
      // an immediate set during the check phase runs in the next turn, after its poll
      setImmediate(turn);
    };
    setImmediate(turn);
  });
}

/**
 * @param {object} options
 * @param {import("node:http").Server} options.server - call before the first connection arrives
 * @param {() => Promise<void>} options.onClosed - runs once every connection is closed
 * @param {import("pino").Logger} options.logger
 * @param {(code: number) => void} options.exit
 * @param {number} [options.drainMs]
 * @param {number} [options.backlogMs] - at most this long taking the backlog (BACKLOG_DRAIN_MAX_MS)
 * @returns {(signal: string) => void} the function to call on SIGTERM/SIGINT (idempotent)
 */
export function gracefulShutdown({ server, onClosed, logger, exit, drainMs = 10_000, backlogMs = BACKLOG_DRAIN_MAX_MS }) {
  let stopping = false;
  /** the backlog is being taken: no new request is read from a connection that has none running */
  let holding = false;
  /** the listener is closed: every answer from now on says close */
  let closing = false;
  let finished = false;
  /** @type {Set<import("node:net").Socket>} every open connection */
  const connections = new Set();
  /** @type {Map<import("node:net").Socket, Set<import("node:http").ServerResponse>>} the answers not finished, per connection */
  const answering = new Map();
  /** @type {Set<import("node:net").Socket>} connections paused while the backlog is taken */
  const held = new Set();
  /** @type {NodeJS.Timeout | undefined} */
  let force;

  /**
   * Reads no new request from this connection until the listener is closed: the renders a new
   * request would start make each turn of the event loop long, and each turn takes only one
   * connection from the backlog. A request already read is answered as usual.
   * @param {import("node:net").Socket} socket
   * @param {boolean} [fresh] - just accepted: http has made it flow, and the 'resume' it emits on
   *   the next tick would start reading again, so the pause waits for the check phase (a new
   *   connection is read at the earliest in the next poll)
   */
  function hold(socket, fresh = false) {
    if (!holding || socket.destroyed) return;
    held.add(socket);
    // nor does http's keep-alive timeout close it meanwhile: a request may be waiting on it
    socket.setTimeout(0);
    if (!fresh) socket.pause();
    else
      setImmediate(() => {
        if (held.has(socket)) socket.pause();
      });
  }

  /** @param {import("node:http").ServerResponse} res */
  function closeAfter(res) {
    if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /** @param {import("node:net").Socket} socket */
  function closeWhenIdle(socket) {
    const readBefore = socket.bytesRead;
    setTimeout(() => {
      // one more turn of the event loop reads what the client may have sent meanwhile
      setImmediate(() => {
        if (socket.destroyed || answering.has(socket)) return;
        if (socket.bytesRead !== readBefore) closeWhenIdle(socket); // a request is coming in
        else socket.destroy();
      });
    }, IDLE_GRACE_MS).unref();
  }

  /** the server's own count of connections is down to zero too (it counts one opened before this module's listener) */
  let drained = false;

  async function finish() {
    if (finished || !closing || !drained || connections.size > 0) return;
    finished = true;
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
  }

  server.on("connection", (socket) => {
    connections.add(socket);
    hold(socket, true);
    if (closing) closeWhenIdle(socket);
    socket.once("close", () => {
      connections.delete(socket);
      void finish();
    });
  });
  // before the app's own listener, so that a request arriving during the stop is marked first
  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    if (closing) closeAfter(res);
    const running = answering.get(socket) ?? new Set();
    answering.set(socket, running.add(res));
    res.once("close", () => {
      running.delete(res);
      if (running.size > 0) return;
      answering.delete(socket);
      hold(socket);
      if (closing) closeWhenIdle(socket);
    });
  });

  return function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "shutdown", signal, connections: connections.size, running: answering.size }, "stopping: taking the backlog, then no new connections, finishing the requests received");
    force = setTimeout(() => {
      logger.warn({ event: "shutdown_forced" }, `requests still running after ${drainMs / 1000} s: closing them`);
      if (server.listening) net.Server.prototype.close.call(server);
      closing = true;
      for (const socket of connections) socket.destroy();
      server.closeAllConnections();
      void finish();
    }, drainMs);
    force.unref();
    const listening = server.listening;
    holding = listening;
    for (const socket of connections) if (!answering.has(socket)) hold(socket);
    // net's 'close': the listener is closed and the connections it accepted are all closed
    server.once("close", () => {
      drained = true;
      void finish();
    });
    // a server fed with connections (an HTTP worker) never listened: its 'close' comes at once
    if (!server.listening) net.Server.prototype.close.call(server);
    void closeListener(server, backlogMs).then(({ taken, timedOut }) => {
      if (timedOut) logger.warn({ event: "shutdown_backlog_left", taken }, `connections still arriving after ${backlogMs / 1000} s: the listener is closed anyway`);
      else if (listening) logger.info({ event: "shutdown_listening_stopped", taken }, "no new connections");
      holding = false;
      closing = true;
      for (const running of answering.values()) for (const res of running) closeAfter(res);
      for (const socket of held) socket.resume();
      held.clear();
      for (const socket of connections) if (!answering.has(socket)) closeWhenIdle(socket);
      void finish();
    });
  };
}
