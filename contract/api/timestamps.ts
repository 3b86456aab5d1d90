import { z } from "zod";

/** An instant as the API writes it: ISO 8601 in UTC (`2026-01-15T12:00:00.000Z`). */
export const timestampSchema = z.iso.datetime();

/** A calendar day in UTC (`2026-01-15`). */
export const daySchema = z.iso.date();
