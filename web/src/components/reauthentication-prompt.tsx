import { lazy, Suspense, useEffect, useState } from "react";
import { setReauthenticationPrompt } from "#web/lib/reauthentication.ts";

// The form's code arrives only when a call first asks the member to confirm it is them.
const ReauthenticationDialog = lazy(() => import("./reauthentication-dialog.tsx"));

/**
 * Answers `apiRequest` when the server wants a recent sign-in (403 `reauth_required`): shows the dialog and
 * says whether the member proved it is them. Mounted once, with the app's providers.
 */
export function ReauthenticationPrompt() {
  const [resolve, setResolve] = useState<((reauthenticated: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthenticationPrompt(() => new Promise<boolean>((done) => setResolve(() => done)));
    return () => setReauthenticationPrompt(null);
  }, []);

  if (!resolve) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticationDialog
        onDone={(reauthenticated) => {
          resolve(reauthenticated);
          setResolve(null);
        }}
      />
    </Suspense>
  );
}
