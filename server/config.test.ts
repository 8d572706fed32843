import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerConfig } from "./config.js";

describe("server configuration", () => {
  it("resolves BUILD_DIR (default build) and reads --dev", () => {
    expect(parseServerConfig({}, ["node", "server/index.js"])).toEqual({ buildDir: path.resolve("build"), dev: false });
    expect(parseServerConfig({ BUILD_DIR: "build-e2e" }, ["node", "server/index.js", "--dev"])).toEqual({ buildDir: path.resolve("build-e2e"), dev: true });
  });

  it("refuses a blank BUILD_DIR with one clear line", () => {
    expect(() => parseServerConfig({ BUILD_DIR: "   " }, [])).toThrow("Configuration invalide — BUILD_DIR: chemin vide");
  });
});
