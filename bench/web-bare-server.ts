// The baseline for bench/web: one plain HTML page (a heading and a paragraph, no script, no stylesheet)
// served by Fastify and @fastify/static, the way the app serves its files. Prints its port on stdout.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { serveBench } from "./servers.ts";

const root = await mkdtemp(path.join(tmpdir(), "tagit-bench-bare-web-"));
await writeFile(
  path.join(root, "index.html"),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A plain page: the fastest a page can load on this machine." />
    <title>Baseline</title>
  </head>
  <body>
    <main>
      <h1>Baseline</h1>
      <p>A static page with no script and no stylesheet, served the way Tagit serves its files.</p>
    </main>
  </body>
</html>
`,
);
const app = Fastify();
await app.register(fastifyStatic, { root });
await serveBench(app);
