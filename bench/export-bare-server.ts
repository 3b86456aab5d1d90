// The baseline for bench:export: a bare node:http server that streams every file of BENCH_EXPORT_DIR into a zip
// with yazl (stored, one file open at a time), with no framework, database, session or JSON. Prints its port.
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { ZipFile } from "yazl";
import { serveBare } from "./servers.ts";

const directory = process.env.BENCH_EXPORT_DIR ?? "";

const server = http.createServer(async (_req, res) => {
  const names = (await readdir(directory)).sort();
  const zip = new ZipFile();
  res.writeHead(200, { "content-type": "application/zip" });
  zip.outputStream.pipe(res);
  for (const name of names) {
    zip.addReadStreamLazy(`images/${name}`, { compress: false }, (give) =>
      give(null, createReadStream(path.join(directory, name))),
    );
  }
  zip.end();
});

serveBare(server);
process.once("SIGTERM", () => server.close(() => process.exit(0)));
