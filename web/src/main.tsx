import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { config as zodConfig } from "zod/v4/core";
import { Providers } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { profileQuery } from "./app/use-profile.ts";
import { queryClient } from "./lib/query-client.ts";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

// zod otherwise probes `new Function` when the first schema loads, which our CSP (no unsafe-eval) reports.
zodConfig({ jitless: true });

// Who is signed in decides every page: ask while the page's own chunk is still loading.
void queryClient.prefetchQuery(profileQuery);
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
