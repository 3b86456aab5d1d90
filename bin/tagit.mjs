#!/usr/bin/env node
// `npx tagit <command>`: the sources through tsx in a checkout with its dev dependencies, as `npm start` runs
// them; otherwise the built CLI (dist/server/cli.js), as in the image, whose packages are production ones only.
import { existsSync } from "node:fs";

const built = new URL("../dist/server/cli.js", import.meta.url);
const source = new URL("../server/cli.ts", import.meta.url);

const tsx = existsSync(source) ? await import("tsx/esm/api").catch(() => undefined) : undefined;
if (tsx) {
  tsx.register();
  const { main } = await import(source.href);
  await main();
} else {
  const { main } = await import(built.href);
  await main();
}
