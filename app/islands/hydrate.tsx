import { useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * The browser's half of an island (components/Island.tsx): each container `[data-island=name]` the
 * server rendered is hydrated with the same component, on its own root, from the props in the JSON
 * script beside it. After the first paint: when the browser is idle, or at once on the visitor's
 * first interaction with the page (pointer, focus, key), whichever comes first. A hydrated
 * container says so (`data-hydrated`), which the end-to-end tests wait for.
 */
export function hydrateIslands<P extends object>(name: string, Component: ComponentType<P>) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of EVENTS) document.removeEventListener(type, run, true);
    document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`).forEach((container) => {
      const source = container.nextElementSibling;
      const props = (source instanceof HTMLScriptElement && source.hasAttribute("data-island-props") ? JSON.parse(source.textContent || "{}") : {}) as P;
      hydrateRoot(
        container,
        <Hydrated container={container}>
          <Component {...props} />
        </Hydrated>,
        { identifierPrefix: `${name}-` },
      );
    });
  };
  for (const type of EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
  const idle = (
    window as Window & {
      requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    }
  ).requestIdleCallback;
  if (idle) idle(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

const EVENTS = ["pointerdown", "focusin", "keydown"] as const;
/** the longest an island waits for an idle browser */
const IDLE_TIMEOUT_MS = 2000;

function Hydrated({ container, children }: { container: HTMLElement; children: React.ReactNode }) {
  useEffect(() => {
    container.dataset.hydrated = "";
  }, [container]);
  return children;
}
