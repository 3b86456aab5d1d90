// The uploaded files of bench:backup's data set. bench-data.ts gives every member one `uploads` row whose files
// do not exist (rows only); here the first `uploads` of those rows are kept, every file they name (original,
// thumbnail, scrambled copy) is written to DATA_DIR/uploads with incompressible bytes, the other rows are
// removed, and every post is pointed at one of the kept uploads (posts share images), so each upload row and
// each post names files that exist.
import { randomFillSync } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/** What both pg.Client and PGlite offer. */
type Client = { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

/** Bytes of one upload's files, drawn evenly from these ranges: a resized photo, its scrambled copy, a thumbnail. */
const ORIGINAL = [400_000, 800_000] as const;
const SCRAMBLED = [200_000, 400_000] as const;
const THUMBNAIL = [20_000, 60_000] as const;
/** The mean bytes of one upload's three files. */
export const UPLOAD_BYTES =
  (ORIGINAL[0] + ORIGINAL[1] + SCRAMBLED[0] + SCRAMBLED[1] + THUMBNAIL[0] + THUMBNAIL[1]) / 2;

/**
 * Keeps `uploads` rows of the bench data set (members 1 to `uploads`), writes their files into `uploadsDir`, and
 * points the posts at them; answers how many files and bytes were written.
 */
export async function placeUploadedFiles(client: Client, uploadsDir: string, uploads: number) {
  const started = performance.now();
  await client.query(
    `DELETE FROM uploads WHERE original_path NOT IN
       (SELECT '/uploads/' || md5('upload' || i) || '.jpg' FROM generate_series(1, $1::int) i)`,
    [uploads],
  );
  const { rows } = (await client.query(
    "SELECT original_path, thumbnail_path, scrambled_path FROM uploads ORDER BY original_path",
  )) as { rows: { original_path: string; thumbnail_path: string; scrambled_path: string }[] };
  if (rows.length !== uploads) throw new Error(`expected ${uploads} uploads rows, found ${rows.length}`);

  await mkdir(uploadsDir, { recursive: true });
  const buffer = Buffer.alloc(ORIGINAL[1]);
  let seed = 1;
  /** A size within `range`, the same from run to run. */
  const sizeIn = ([low, high]: readonly [number, number]) => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return low + (seed % (high - low));
  };
  let files = 0;
  let bytes = 0;
  for (const row of rows) {
    for (const [url, range] of [
      [row.original_path, ORIGINAL],
      [row.thumbnail_path, THUMBNAIL],
      [row.scrambled_path, SCRAMBLED],
    ] as const) {
      const size = sizeIn(range);
      randomFillSync(buffer, 0, size);
      await writeFile(path.join(uploadsDir, url.slice("/uploads/".length)), buffer.subarray(0, size));
      files += 1;
      bytes += size;
    }
  }
  const written = performance.now();

  // Post j shows upload 1 + j % uploads (its name is "bench post <j>"). The table's indexes (but its primary
  // key's) go while every row is rewritten, and are built again after (at the full size 50–82 s, not 177 s).
  const { rows: indexes } = (await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = 'tagged_posts'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  )) as { rows: { name: string; definition: string }[] };
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await client.query(
    `UPDATE tagged_posts p SET original_image = u.original_path, scrambled_image = u.scrambled_path,
            thumbnail_image = u.thumbnail_path
       FROM (SELECT i, '/uploads/' || md5('upload' || i) || '.jpg' AS original_path,
                    '/uploads/' || md5('upload' || i) || '-scrambled.jpg' AS scrambled_path,
                    '/uploads/' || md5('upload' || i) || '-thumb.webp' AS thumbnail_path
               FROM generate_series(1, $1::int) i) u
      WHERE u.i = 1 + substr(p.post_name, 12)::int % $1::int`,
    [uploads],
  );
  // The update left a dead row version of every post behind: rewrite the table so it is as a restore makes it.
  await client.query("VACUUM FULL tagged_posts");
  for (const index of indexes) await client.query(index.definition);
  await client.query("VACUUM ANALYZE");
  console.log(
    `uploaded files: ${files.toLocaleString("en")} (${(bytes / 1e9).toFixed(2)} GB) written in ${((written - started) / 1000).toFixed(1)} s; posts pointed at them in ${((performance.now() - written) / 1000).toFixed(1)} s`,
  );
  return { files, bytes };
}
