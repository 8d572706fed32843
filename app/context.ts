import { createContext, RouterContextProvider } from "react-router";
import type { StaffSession } from "./.server/session";

/**
 * What the HTTP server (server/app.js) hands to every loader, action and middleware, read with
 * `context.get(requestInfo)`.
 */
export interface RequestInfo {
  /** per-request CSP nonce for inline scripts */
  nonce: string;
  /** the client's address, as Express computed it with TRUST_PROXY */
  clientIp: string;
  /** the body was over its limit and was not read (app/.server/request-limits.ts answers 413) */
  bodyTooLarge?: boolean;
  /** a public page rendered for every visitor (server/page-cache.js): rendered whole, not streamed */
  renderWhole?: boolean;
}

export const requestInfo = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });

/** The signed-in staff member, set by the `admin` route's middleware for every admin route. */
export const staffContext = createContext<StaffSession | null>(null);

/** The load context of one request (server/app.js calls it through the build's entry module). */
export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfo, info);
  return context;
}
