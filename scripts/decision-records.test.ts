import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Holds docs/decisions/README.md to the records: one row per record, in number order, with the record's status.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");

type Link = { number: string; file: string };
const linksIn = (text: string): Link[] =>
  [...text.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)].map(([, number = "", file = ""]) => ({ number, file }));
const numbers = (links: Link[]) => [...new Set(links.map((link) => link.number))].sort().join(", ");

const records = readdirSync(dir)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    // The lines above the first section: the heading, Status, Date, Amended by, Amends.
    const [above = ""] = text.split("\n## ");
    const header = above.split("\n");
    const statusLine = header.find((line) => line.startsWith("Status:")) ?? "(no Status line)";
    return {
      file,
      number: file.slice(0, 3),
      heading: /^# (\d{3}) — /.exec(text)?.[1],
      statusLine,
      supersededBy: statusLine.startsWith("Status: Superseded by") ? linksIn(statusLine) : [],
      amendedBy: header.filter((line) => line.startsWith("Amended by:")).flatMap(linksIn),
    };
  });

const statusOf = (record: (typeof records)[number]) =>
  record.supersededBy.length > 0
    ? `Superseded by ${numbers(record.supersededBy)}`
    : `Accepted${record.amendedBy.length > 0 ? `, amended by ${numbers(record.amendedBy)}` : ""}`;

// A row: | [NNN](file.md) | title | status | what still holds |
const rows = [
  ...readFileSync(path.join(dir, "README.md"), "utf8").matchAll(
    /^\| \[(\d{3})\]\(([^)]+)\) \|[^|\n]*\|([^|\n]*)\|/gm,
  ),
].map(([, number, file, status]) => ({ number, file, status: status?.trim() }));

describe("decision records", () => {
  it("are headed with the number of their file name", () => {
    const mismatched = records
      .filter((record) => record.heading !== record.number)
      .map(
        (record) => `${record.file} is headed # ${record.heading ?? "(no NNN —)"}, not # ${record.number}`,
      );
    expect(mismatched, "a record's heading number differs from its file name's").toEqual([]);
  });

  it("say Accepted or Superseded by in their status line", () => {
    const other = records
      .filter(
        (record) =>
          !/^Status: (Accepted|Superseded by \[\d{3}\]\(.+\)(, \[\d{3}\]\(.+\))*)$/.test(record.statusLine),
      )
      .map((record) => `${record.file}: ${record.statusLine}`);
    expect(other).toEqual([]);
  });

  it("each have one row in the README, in number order, linking their file", () => {
    expect(rows.map((row) => `${row.number} ${row.file}`)).toEqual(
      records.map((record) => `${record.number} ${record.file}`),
    );
  });

  it("have the README's status match their Status and Amended by lines", () => {
    expect(rows.map((row) => `${row.number} ${row.status}`)).toEqual(
      records.map((record) => `${record.number} ${statusOf(record)}`),
    );
  });

  it("are superseded or amended only by later records that exist", () => {
    const files = new Set(records.map((record) => record.file));
    const broken = records.flatMap((record) =>
      [...record.supersededBy, ...record.amendedBy]
        .filter(
          (link) =>
            !files.has(link.file) || !link.file.startsWith(link.number) || link.number <= record.number,
        )
        .map((link) => `${record.file} → [${link.number}](${link.file})`),
    );
    expect(broken, "a Superseded by or Amended by link names no later record").toEqual([]);
  });
});
