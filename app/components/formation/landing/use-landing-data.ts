import { useEffect, useState } from "react";
import { emptyLanding, type FormationLandingData } from "./FormationLanding";

/** What /formation's clientLoader hands over: the data to come, so that the spinner shows at once. */
export type PendingLanding = { pending: Promise<FormationLandingData> };

/**
 * The data /formation shows, or null while the first client-side load runs (the spinner).
 * The server-rendered data is shown first; each client-side load (arriving from another page, or
 * a revalidation after an enrolment) hands over a promise, and while it runs the data already on
 * screen stays there, so that a revalidation keeps the page and its dialog. A failed load is
 * logged and, when nothing is on screen yet, shows the defaults and the empty state
 * (docs/product.md, "Errors and failures").
 */
export function useLandingData(loaderData: FormationLandingData | PendingLanding): FormationLandingData | null {
  const pending = "pending" in loaderData ? loaderData.pending : null;
  // the data last shown: the server's at first, then each load's once it has arrived
  const [shown, setShown] = useState<FormationLandingData | null>(pending ? null : (loaderData as FormationLandingData));
  useEffect(() => {
    if (!pending) return;
    let live = true;
    pending.then(
      (d) => {
        if (live) setShown(d);
      },
      (err) => {
        console.error("Formations : chargement impossible", err);
        if (live) setShown((last) => last ?? emptyLanding());
      },
    );
    return () => {
      live = false;
    };
  }, [pending]);
  return pending ? shown : (loaderData as FormationLandingData);
}
