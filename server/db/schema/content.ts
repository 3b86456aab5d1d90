import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_BANNER_TEXT,
  DEFAULT_GREETING_CONTENT,
  DEFAULT_HIDE_SEARCHES_CONTENT,
  DEFAULT_SAVED_IMAGES_CONTENT,
  DEFAULT_TERMS_TITLE,
} from "#contract/content-defaults.ts";
import { updatedAt } from "./columns.ts";

/** Singleton (id = 1): the greeting shown once per session after sign-in. */
export const greetingsPopup = pgTable(
  "greetings_popup",
  {
    id: integer().primaryKey().default(1),
    isEnabled: boolean().notNull().default(true),
    content: text().notNull().default(DEFAULT_GREETING_CONTENT),
    updatedAt: updatedAt(),
  },
  (t) => [check("greetings_popup_singleton_check", sql`${t.id} = 1`)],
);

/** Singleton (id = 1): the "Image Saved!" dialog; content is HTML. */
export const savedImagesPopup = pgTable(
  "saved_images_popup",
  {
    id: integer().primaryKey().default(1),
    isEnabled: boolean().notNull().default(true),
    content: text().notNull().default(DEFAULT_SAVED_IMAGES_CONTENT),
    updatedAt: updatedAt(),
  },
  (t) => [check("saved_images_popup_singleton_check", sql`${t.id} = 1`)],
);

/** Singleton (id = 1): the "How to Hide My Searches" dialog. */
export const hideSearchesPopup = pgTable(
  "hide_searches_popup",
  {
    id: integer().primaryKey().default(1),
    isEnabled: boolean().notNull().default(true),
    content: text().notNull().default(DEFAULT_HIDE_SEARCHES_CONTENT),
    updatedAt: updatedAt(),
  },
  (t) => [check("hide_searches_popup_singleton_check", sql`${t.id} = 1`)],
);

/** Singleton (id = 1): the text drawn as a banner across downloaded post images. */
export const imageBanner = pgTable(
  "image_banner",
  {
    id: integer().primaryKey().default(1),
    text: text().notNull().default(DEFAULT_BANNER_TEXT),
    isEnabled: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check("image_banner_singleton_check", sql`${t.id} = 1`)],
);

/** Singleton (id = 1): the terms and conditions (HTML). No row until an administrator creates them. */
export const terms = pgTable(
  "terms",
  {
    id: integer().primaryKey().default(1),
    title: varchar({ length: 255 }).notNull().default(DEFAULT_TERMS_TITLE),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [check("terms_singleton_check", sql`${t.id} = 1`)],
);

/** Singleton (id = 1): the dashboard's "What We Do" text. */
export const whatWeDoContent = pgTable(
  "what_we_do_content",
  {
    id: integer().primaryKey().default(1),
    content: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("what_we_do_content_singleton_check", sql`${t.id} = 1`)],
);

/** Help text shown by the help icon of a named UI section. */
export const helpContent = pgTable(
  "help_content",
  {
    id: uuid().primaryKey().defaultRandom(),
    sectionName: varchar({ length: 100 }).notNull(),
    title: varchar({ length: 255 }).notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("help_content_section_name_unique").on(t.sectionName)],
);

/** Named UI sections and their six-digit codes; a missing section reads as code 199. */
export const uiSections = pgTable(
  "ui_sections",
  {
    id: uuid().primaryKey().defaultRandom(),
    sectionName: text().notNull(),
    code: integer().notNull(),
    title: text(),
    type: text(),
    route: text(),
    tags: text(),
    description: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ui_sections_section_name_unique").on(t.sectionName),
    uniqueIndex("ui_sections_code_unique").on(t.code),
    index("ui_sections_type_idx").on(t.type),
  ],
);
