import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";

export type ZipStreamEntry = {
  /** When the file was last changed, as unzip tools show it. */
  mtime: Date;
  /**
   * Deflate the bytes (text), or store them as they are (images, which are compressed already: deflating
   * them again costs time and saves nothing).
   */
  compress: boolean;
  /** The exact size when known beforehand: a source that delivers another number of bytes fails the archive. */
  size?: number;
};

export type ZipWriter = {
  /** The archive's bytes as they are made, to be read once (an HTTP response); it ends after `end()`. */
  readonly output: Readable;
  /** Adds a small file held in memory (deflated). */
  addBuffer(name: string, data: Buffer, mtime: Date): void;
  /**
   * Adds a file whose bytes come from `source` and resolves once the source has been read to its end. The
   * source is read only as fast as `output` is read, so awaiting each call before opening the next source
   * keeps one source open at a time and memory bounded by the streams' buffers, whatever the files' sizes.
   * Rejects when the source fails or when `output` was closed before its end (the source is then destroyed).
   */
  addStream(name: string, source: Readable, entry: ZipStreamEntry): Promise<void>;
  /** Writes the central directory and ends `output`; resolves once all of it has been read. */
  end(): Promise<void>;
  /**
   * Ends the archive unfinished: `output` fails with `error`, so its reader's download fails instead of
   * holding a shorter archive that looks complete.
   */
  abort(error: Error): void;
  /** Whether `output` was closed before its end without `abort` (the reader went away). */
  readonly abandoned: boolean;
};

/** A zip archive streamed as it is written (yazl), one entry after another. */
export function createZipWriter(): ZipWriter {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  let aborted = false;
  let abandoned = false;

  output.once("close", () => {
    if (!output.readableEnded && !aborted) abandoned = true;
    current?.destroy();
  });
  // A source of the wrong size, or a failure inside yazl: the archive cannot be finished.
  zip.on("error", (err: Error) => abort(err));

  function abort(error: Error) {
    if (aborted || output.destroyed) return;
    aborted = true;
    current?.destroy();
    output.destroy(error);
  }

  return {
    output,
    get abandoned() {
      return abandoned;
    },
    addBuffer(name, data, mtime) {
      zip.addBuffer(data, name, { mtime, compress: true });
    },
    async addStream(name, source, { mtime, compress, size }) {
      if (output.destroyed) {
        source.destroy();
        throw new Error("the archive was closed before this entry");
      }
      current = source;
      try {
        // Listening before yazl pipes the source, so neither its end nor its failure can be missed.
        const done = finished(source);
        zip.addReadStreamLazy(name, { mtime, compress, ...(size !== undefined && { size }) }, (give) =>
          give(null, source),
        );
        await done;
      } finally {
        current = undefined;
      }
    },
    async end() {
      const done = finished(output);
      zip.end();
      await done;
    },
    abort,
  };
}
