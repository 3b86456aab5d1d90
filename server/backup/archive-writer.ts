import { createHash } from "node:crypto";
import { open } from "node:fs/promises";

const BLOCK = 512;
/** Entries go to the file through one buffer of this size: few, large writes, and memory that stays flat. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Writes a tar file (POSIX ustar) entry by entry, straight to the file through one reused buffer, each entry's
 * SHA-256 taken as its bytes pass. A stream library's entry-by-entry piping cost the backup about twice the time
 * of `tar -c` for the same files; this is the same work in one pass. Entries are regular files with short
 * names (every name of a Tagit archive fits ustar's 100 bytes), which is all an archive needs.
 */
export async function openArchiveWriter(file: string, options: { mode: number; mtime: Date }) {
  const handle = await open(file, "w", options.mode);
  const buffer = Buffer.alloc(WRITE_BUFFER_BYTES);
  let used = 0;

  async function put(bytes: Uint8Array) {
    let rest = bytes;
    while (rest.length > 0) {
      const taken = Math.min(rest.length, buffer.length - used);
      buffer.set(rest.subarray(0, taken), used);
      used += taken;
      rest = rest.subarray(taken);
      if (used === buffer.length) await flush();
    }
  }

  async function flush() {
    let written = 0;
    while (written < used) written += (await handle.write(buffer, written, used - written)).bytesWritten;
    used = 0;
  }

  return {
    /**
     * Adds one entry and returns its SHA-256 (hex). A streamed body must be exactly `size` bytes: tar names the
     * size before the bytes, so a file that grew or shrank while it was read fails the backup.
     */
    async add(name: string, body: Buffer | { chunks: AsyncIterable<Uint8Array>; size: number }) {
      const size = Buffer.isBuffer(body) ? body.length : body.size;
      const hash = createHash("sha256");
      await put(ustarHeader(name, size, options.mode, options.mtime));
      if (Buffer.isBuffer(body)) {
        hash.update(body);
        await put(body);
      } else {
        let seen = 0;
        for await (const chunk of body.chunks) {
          seen += chunk.length;
          if (seen > size) break;
          hash.update(chunk);
          await put(chunk);
        }
        if (seen !== size)
          throw new Error(`${name} changed size while it was read (${size} bytes, then ${seen})`);
      }
      await put(new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK));
      return hash.digest("hex");
    },
    /** Ends the archive (two empty blocks), and returns once its bytes are on the disk. */
    async finish() {
      await put(new Uint8Array(2 * BLOCK));
      await flush();
      await handle.sync();
      await handle.close();
    },
    close: () => handle.close().catch(() => {}),
  };
}

export type ArchiveWriter = Awaited<ReturnType<typeof openArchiveWriter>>;

/** A ustar header block for a regular file: octal numeric fields, the checksum over the block with its own field as spaces. */
export function ustarHeader(name: string, size: number, mode: number, mtime: Date) {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`archive entry name too long for tar: ${name}`);
  header.write(name, 0, 100, "utf8");
  const octal = (value: number, offset: number, width: number) =>
    header.write(`${value.toString(8).padStart(width - 1, "0")}\0`, offset, width, "ascii");
  octal(mode & 0o7777, 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write("        ", 148, 8, "ascii");
  header.write("0", 156, 1, "ascii"); // a regular file
  header.write("ustar\u000000", 257, 8, "ascii");
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(`${checksum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}
