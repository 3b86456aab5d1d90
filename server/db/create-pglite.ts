import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * An embedded database: on disk under `dataDir`, or in memory without one. pg_trgm: the admin lists' search
 * indexes (migration 0005, decision 024) need it, as on PostgreSQL. A file of its own, so that the operator's
 * commands open one without loading the app's data access.
 */
export const createPglite = (dataDir?: string) =>
  PGlite.create(dataDir ? { dataDir, extensions: { pg_trgm } } : { extensions: { pg_trgm } });
