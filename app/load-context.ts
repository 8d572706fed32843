/** What the HTTP server (server/app.js) hands to every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    /** per-request CSP nonce for inline scripts */
    nonce: string;
    /** the client's address, as Express computed it with TRUST_PROXY */
    clientIp: string;
  }
}

export {};
