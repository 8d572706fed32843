import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";

import { ROOT_ROUTE_ID, type RootData } from "~/lib/root-data";

/**
 * A component that runs in the browser on a page that is otherwise server HTML (issue 27): the
 * server renders it here, in `<div data-island=name>`, with its props in a JSON script beside it
 * (`<` escaped), and the island's module script (app/islands/<name>.client.tsx, built by
 * vite.islands.config.ts) hydrates that container alone with the same component and props
 * (app/islands/hydrate.tsx). Only a page that renders an island downloads its script, and only once
 * the page has loaded or the visitor first touches it (the page's script, app/site/chrome.ts, asks for
 * the files named by `data-island-src` and `data-island-preload`): the first paint never waits for it. The props
 * are the component's whole input: the page is stored whole by the page cache, so they carry
 * nothing about the visitor, and the component reads no context (router, clinic) of the page.
 * On a page React drives (a link from a hydrated page), the component is simply rendered.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const files = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.islands[name];
  return (
    <>
      {/* the module and its chunks: fetched by the page's script (app/site/chrome.ts) once the page has loaded */}
      <div data-island={name} data-island-src={files?.src} data-island-preload={files?.preload.join(" ") || undefined}>
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: islandJson(props) }} />
    </>
  );
}

/** JSON that cannot end its script element nor open a comment: `<`, `>`, `&` and the line separators escaped. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
