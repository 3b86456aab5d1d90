#!/usr/bin/env node
// `npx tagit <command>`: the built CLI (dist/server/cli.js) in a package built for production; the sources
// through tsx in a checkout, as `npm start` runs them.
import { existsSync } from "node:fs";

const built = new URL("../dist/server/cli.js", import.meta.url);
const source = new URL("../server/cli.ts", import.meta.url);

if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import(source.href);
  await main();
} else {
  const { main } = await import(built.href);
  await main();
}
