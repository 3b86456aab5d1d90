import { Readable } from "node:stream";

/** One array item as it sits in the file: indented by two spaces, as `JSON.stringify(list, null, 2)` would. */
const itemText = (item: unknown) => `  ${JSON.stringify(item, null, 2).replaceAll("\n", "\n  ")}`;

/**
 * A JSON array written page by page as it is read: the next page is asked for only when the reader wants
 * more, so a long list (a member's whole history) never sits in memory at once. The text is the same as
 * `JSON.stringify(allItems, null, 2)` followed by a newline.
 */
export function jsonArrayStream(pages: AsyncIterable<readonly unknown[]>): Readable {
  async function* text() {
    let first = true;
    for await (const page of pages) {
      if (page.length === 0) continue;
      yield Buffer.from(`${first ? "[\n" : ",\n"}${page.map(itemText).join(",\n")}`);
      first = false;
    }
    yield Buffer.from(first ? "[]\n" : "\n]\n");
  }
  return Readable.from(text(), { objectMode: false });
}

/** A list read whole (a short one), as the one page of a `jsonArrayStream`; read only when the stream is. */
export async function* onePage<T>(read: () => Promise<readonly T[]>): AsyncGenerator<readonly T[]> {
  yield await read();
}
