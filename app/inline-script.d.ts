/** A script's text, minified at build, for the server to write into a page (vite.config.ts, inlineScript). */
declare module "*?inline-script" {
  const source: string;
  export default source;
  /** A TypeScript script's hashed file in the browser's build, the same text (null in development). */
  export const url: string | null;
}
