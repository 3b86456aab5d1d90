/**
 * A recent sign-in in the web app: a call answered 403 `reauth_required` asks the member to confirm it is them
 * (password, code or passkey, through whatever prompt is mounted) and, once they have, is sent again. No React
 * here: `apiRequest` asks, the prompt component answers.
 */
type Ask = () => Promise<boolean>;

let ask: Ask | null = null;
let pending: Promise<boolean> | null = null;

/** The mounted prompt registers how to ask (null when it unmounts). */
export function setReauthenticationPrompt(prompt: Ask | null) {
  ask = prompt;
}

/**
 * Whether the member confirmed it was them: false when they cancelled or nothing can ask. Calls that need it
 * at the same time share one prompt.
 */
export function askToReauthenticate(): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  pending ??= ask().finally(() => {
    pending = null;
  });
  return pending;
}
