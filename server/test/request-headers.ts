import { TEST_PUBLIC_URL } from "./test-app.ts";

/** The Origin header of a request from the web app itself, which the origin check lets change state. */
export const SAME_ORIGIN = { origin: TEST_PUBLIC_URL };

/** Headers of a signed-in browser request from our own origin. */
export const asMember = (cookie: string) => ({ cookie, ...SAME_ORIGIN });
