// @vitest-environment happy-dom
// The script as the page runs it: the bundle the inline-script plugin makes (vite.config.ts), in its own file:
// the instance it starts cannot be stopped.
import { build } from "esbuild";
import { expect, it, vi } from "vitest";
import type { SiteWindow } from "./chrome";
import "./chrome";

it("starts by itself, once, when inlined as a classic script, and not when imported", async () => {
  const w = window as SiteWindow;
  expect([w.__site, document.documentElement.dataset.site]).toEqual([undefined, undefined]);
  const observed: Element[] = [];
  vi.stubGlobal("ResizeObserver", class { observe = (el: Element) => observed.push(el); });
  const out = await build({ entryPoints: ["app/site/chrome.ts"], bundle: true, format: "iife", minify: true, write: false, target: "es2020" });
  document.body.innerHTML = `<nav data-site-nav><div data-nav-row></div><button id="a" data-dropdown aria-expanded="false"></button></nav><script></script>`;
  vi.spyOn(document, "currentScript", "get").mockReturnValue(document.querySelector("script"));
  const run = () => new Function(out.outputFiles[0].text)();
  run();
  run();
  expect([w.__site, document.documentElement.dataset.site]).toEqual([true, "ready"]);
  expect(observed).toHaveLength(1);
  document.querySelector<HTMLElement>("#a")!.click();
  expect(document.querySelector("#a")!.getAttribute("aria-expanded")).toBe("true");
  document.querySelector<HTMLElement>("#a")!.click();
  expect(document.querySelector("#a")!.getAttribute("aria-expanded")).toBe("false");
});
