import type { PGlite, Transaction } from "@electric-sql/pglite";
import { type Attributes, SpanKind } from "@opentelemetry/api";
import {
  ATTR_DB_COLLECTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from "@opentelemetry/semantic-conventions";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type pg from "pg";
import { summarizeQuery } from "#server/tracing/query-summary.ts";
import { errorType, inTrace, recordFailure, tracer } from "#server/tracing/spans.ts";
import * as schema from "./schema/index.ts";

/** Our tables' names: the only names a query's span may carry. */
const TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);

type QuerySpanName = { summary: string; attributes: Attributes };

/**
 * A statement's span name and attributes, kept by its text: the app's statements are few and repeat, and
 * reading one costs a few regexes.
 */
const spanNames = new Map<string, QuerySpanName>();
const SPAN_NAMES_KEPT = 2_000;

function spanNameOf(sql: string): QuerySpanName {
  let known = spanNames.get(sql);
  if (!known) {
    const { operation, table, summary } = summarizeQuery(sql, TABLES);
    known = {
      summary,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        [ATTR_DB_OPERATION_NAME]: operation,
        [ATTR_DB_QUERY_SUMMARY]: summary,
        ...(table && { [ATTR_DB_COLLECTION_NAME]: table }),
      },
    };
    // Statements with values written into their text would never repeat: the cache starts again when full.
    if (spanNames.size >= SPAN_NAMES_KEPT) spanNames.clear();
    spanNames.set(sql, known);
  }
  return known;
}

/**
 * One query in a span of the current trace named by its kind and table (`SELECT tagged_posts`), never its text
 * or values. Queries outside a request or a job (the change feed, the session cache) start no trace.
 */
function inQuerySpan<T>(sql: unknown, run: () => Promise<T>): Promise<T> {
  if (typeof sql !== "string" || !inTrace()) return run();
  const { summary, attributes } = spanNameOf(sql);
  const span = tracer().startSpan(summary, { kind: SpanKind.CLIENT, attributes });
  return run().then(
    (result) => {
      span.end();
      return result;
    },
    (err: unknown) => {
      recordFailure(span, err);
      span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, errorType(err));
      span.end();
      throw err;
    },
  );
}

/**
 * Traces the promise queries of a node-postgres pool (which runs them with callbacks on its clients, untraced) or
 * client (a pooled one as the pool connects it: transactions query it directly). A query with a callback or a
 * streamed one (COPY, a cursor) returns something else and is passed through as it is.
 */
export function traceQueries(client: pg.ClientBase | pg.Pool) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const [first] = args;
      const streamed = typeof (first as { submit?: unknown } | null)?.submit === "function";
      if (streamed || typeof args.at(-1) === "function") return query(...args);
      const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
      return inQuerySpan(text, () => query(...args) as Promise<unknown>);
    },
  });
}

type Queries = Pick<PGlite, "query" | "exec">;

function tracedQueries<C extends Queries>(client: C, extra: Partial<PGlite> = {}): C {
  const traced: Partial<PGlite> = {
    query: ((sql: string, ...rest: unknown[]) =>
      inQuerySpan(sql, () =>
        (client.query as (...a: unknown[]) => Promise<unknown>)(sql, ...rest),
      )) as PGlite["query"],
    exec: ((sql: string, ...rest: unknown[]) =>
      inQuerySpan(sql, () =>
        (client.exec as (...a: unknown[]) => Promise<unknown>)(sql, ...rest),
      )) as PGlite["exec"],
    ...extra,
  };
  return new Proxy(client, {
    get(target, key) {
      if (key in traced) return traced[key as keyof typeof traced];
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Traces PGlite's queries, those of its transactions included. */
export function tracePglite(client: PGlite): PGlite {
  const transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => work(tracedQueries(tx)))) as PGlite["transaction"];
  return tracedQueries(client, { transaction });
}
