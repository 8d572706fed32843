import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseServerConfig } from "./config.js";

describe("server configuration", () => {
  it("resolves BUILD_DIR (default build) and reads --dev", () => {
    expect(parseServerConfig({}, ["node", "server/index.js"])).toEqual({ buildDir: path.resolve("build"), dev: false, workers: 1 });
    expect(parseServerConfig({ BUILD_DIR: "build-e2e" }, ["node", "server/index.js", "--dev"])).toEqual({ buildDir: path.resolve("build-e2e"), dev: true, workers: 1 });
  });

  it("refuses a blank BUILD_DIR with one clear line", () => {
    expect(() => parseServerConfig({ BUILD_DIR: "   " }, [])).toThrow("Configuration invalide — BUILD_DIR: chemin vide");
  });

  it("runs WORKERS processes: a number, or auto for one per core; always one with --dev", () => {
    expect(parseServerConfig({ WORKERS: "2" }, []).workers).toBe(2);
    expect(parseServerConfig({ WORKERS: "auto" }, []).workers).toBe(Math.min(os.availableParallelism(), 32));
    expect(parseServerConfig({ WORKERS: "4" }, ["--dev"]).workers).toBe(1);
    expect(parseServerConfig({ WORKERS: "" }, []).workers).toBe(1);
  });

  it("refuses a WORKERS value that is not auto or 1 to 32", () => {
    for (const bad of ["0", "33", "deux", "1.5"]) expect(() => parseServerConfig({ WORKERS: bad }, []), bad).toThrow(/Configuration invalide — WORKERS/);
  });
});
