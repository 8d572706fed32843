import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs/promises";
import { defineConfig, transformWithEsbuild, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * `import source from "./file.js?inline-script"`: the file's text, minified, as a string, for a
 * script the server writes into the page (app/site/site.js: the public pages' behaviour).
 */
function inlineScript(): Plugin {
  const SUFFIX = "?inline-script";
  return {
    name: "inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const { code } = await transformWithEsbuild(await fs.readFile(file, "utf8"), file, { loader: "js", minify: true, target: "es2020", charset: "utf8" });
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}

export default defineConfig({
  plugins: [inlineScript(), tailwindcss(), reactRouter(), tsconfigPaths()],
  build: { assetsInlineLimit: 0 },
});
