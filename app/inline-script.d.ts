/** A script's text, minified at build, for the server to write into a page (vite.config.ts, inlineScript). */
declare module "*?inline-script" {
  const source: string;
  export default source;
}
