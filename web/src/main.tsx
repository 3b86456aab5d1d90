import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { config as zodConfig } from "zod/v4/core";
import { HydratedSignal } from "./app/hydrated-signal.tsx";
import { loadMatchedRoutes, restorePageState } from "./app/page-state.ts";
import { Providers } from "./app/providers.tsx";
import { createAppRouter, routes } from "./app/router.tsx";
import { queryClient } from "./lib/query-client.ts";
import { profileQuery } from "./lib/use-profile.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

// zod otherwise probes `new Function` when the first schema loads, which our CSP (no unsafe-eval) reports.
zodConfig({ jitless: true });

const app = (serverRendered: boolean) => (
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter({ serverRendered })} />
    </Providers>
    <HydratedSignal />
  </StrictMode>
);

if (restorePageState(queryClient)) {
  // The server rendered this page (decision 056): React takes over the HTML it sent, with the same answers.
  // As a transition, hydration yields to the browser between components instead of holding the main thread
  // (the page is already shown, and the page's loader holds a press meanwhile until the app says it hydrated).
  void loadMatchedRoutes(routes, window.location).then(() =>
    startTransition(() => {
      hydrateRoot(container, app(true), {
        onRecoverableError: (error) => console.error("Hydration: the page was rendered again", error),
      });
    }),
  );
} else {
  // Who is signed in decides every page: ask while the page's own chunk is still loading.
  void queryClient.prefetchQuery(profileQuery);
  createRoot(container).render(app(false));
}
