// Graceful stop of the HTTP server: refuse new connections, let the requests in flight finish
// (up to `drainMs`, then close what is still open), run `onClosed` (closing the database), and
// report through `exit`. Kept apart from index.js so that a test can drive it on a real server.

/**
 * @param {object} options
 * @param {import("node:http").Server} options.server
 * @param {() => Promise<void>} options.onClosed - runs once every connection is closed
 * @param {import("pino").Logger} options.logger
 * @param {(code: number) => void} options.exit
 * @param {number} [options.drainMs]
 * @returns {(signal: string) => void} the function to call on SIGTERM/SIGINT (idempotent)
 */
export function gracefulShutdown({ server, onClosed, logger, exit, drainMs = 10_000 }) {
  let stopping = false;
  return function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "shutdown", signal }, "stopping: no new connections, draining requests");
    const force = setTimeout(() => {
      logger.warn({ event: "shutdown_forced" }, `requests still running after ${drainMs / 1000} s: closing them`);
      server.closeAllConnections();
    }, drainMs);
    force.unref();
    server.close(async () => {
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
    // keep-alive connections with no request running would otherwise hold the server open
    server.closeIdleConnections();
  };
}
