import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";

import { ROOT_ROUTE_ID, type RootData } from "~/lib/root-data";

/**
 * A component that runs in the browser on a page that is otherwise server HTML (issue 27): the
 * server renders it here, in `<div data-island=name>`, with its props in a JSON script beside it
 * (`<` escaped), and the island's module script (app/islands/<name>.client.tsx, built by
 * vite.islands.config.ts) hydrates that container alone with the same component and props
 * (app/islands/hydrate.tsx). Only a page that renders an island downloads its script. The props
 * are the component's whole input: the page is stored whole by the page cache, so they carry
 * nothing about the visitor, and the component reads no context (router, clinic) of the page.
 * On a page React drives (a link from a hydrated page), the component is simply rendered.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const files = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.islands[name];
  return (
    <>
      <div data-island={name}>
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: islandJson(props) }} />
      {files && (
        <>
          {files.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
          <script type="module" src={files.src} />
        </>
      )}
    </>
  );
}

/** JSON that cannot end its script element nor open a comment: `<`, `>`, `&` and the line separators escaped. */
export function islandJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
