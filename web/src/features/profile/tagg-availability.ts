import { normaliseTagg, taggProblem } from "#contract/taggs.ts";

/** What the claim card says about the handle being typed. */
export type TaggStatus =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  | { kind: "checking" }
  | { kind: "available"; tagg: string }
  | { kind: "taken" }
  | { kind: "error"; message: string };

/**
 * Checks the typed handle locally with the contract's rules (format, reserved words): the normalised tagg
 * to ask the server about, or the message to show without asking. Pure: unit-tested.
 */
export function checkTaggLocally(input: string): { tagg: string } | { message: string } | null {
  if (!input.trim()) return null;
  const tagg = normaliseTagg(input);
  const problem = taggProblem(tagg);
  return problem ? { message: problem } : { tagg };
}
