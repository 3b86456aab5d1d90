import { timestamp } from "drizzle-orm/pg-core";

/** Set by the database on insert and by Drizzle on every update, so no caller stamps it by hand. */
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
