import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, hashFile, inputsHash } from "./build-summary";

/** `npm start` builds only when the sources changed since the build there (issue 30). */
describe("the build's inputs hash", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  function project() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-inputs-"));
    dirs.push(dir);
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    write("app/root.tsx", "export default function Root() {}");
    write("app/lib/format.ts", "export const a = 1;");
    write("app/lib/format.test.ts", "test");
    write("public/favicon.svg", "<svg/>");
    write("package-lock.json", "{}");
    write("vite.config.ts", "export default {}");
    return { dir, write };
  }

  it("is the same for the same sources, and changes with a source, a public file, the lock file or the bundler's configuration", () => {
    const { dir, write } = project();
    const first = inputsHash(dir);
    expect(inputsHash(dir)).toBe(first);
    for (const [file, text] of [
      ["app/lib/format.ts", "export const a = 2;"],
      ["public/favicon.svg", "<svg></svg>"],
      ["package-lock.json", '{"v":2}'],
      ["vite.config.ts", "export default { build: {} }"],
      ["app/routes/new.tsx", "export default function New() {}"],
    ]) {
      const before = inputsHash(dir);
      write(file, text);
      expect(inputsHash(dir), file).not.toBe(before);
    }
  });

  it("leaves the tests out: editing one does not rebuild", () => {
    const { dir, write } = project();
    const before = inputsHash(dir);
    write("app/lib/format.test.ts", "another test");
    expect(inputsHash(dir)).toBe(before);
  });

  it("a build is current only when its recorded hash matches and the server's bundle and the islands' manifest are there", () => {
    const { dir } = project();
    const build = path.join(dir, "build");
    const hash = inputsHash(dir);
    expect(buildIsCurrent(build, hash)).toBe(false);
    fs.mkdirSync(path.join(build, "server"), { recursive: true });
    fs.mkdirSync(path.join(build, "client", "assets", "islands"), { recursive: true });
    fs.writeFileSync(path.join(build, "server", "index.js"), "");
    fs.writeFileSync(hashFile(build), `${hash}\n`);
    expect(buildIsCurrent(build, hash)).toBe(false); // no islands yet
    fs.writeFileSync(path.join(build, "client", "assets", "islands", "manifest.json"), "{}");
    expect(buildIsCurrent(build, hash)).toBe(true);
    expect(buildIsCurrent(build, "0".repeat(64))).toBe(false);
  });
});
