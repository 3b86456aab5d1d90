// Every table of the data model, one file per product area.
export * from "./account-alerts.ts";
export * from "./affiliate.ts";
export * from "./analytics.ts";
export * from "./audit.ts";
export * from "./content.ts";
export * from "./costs.ts";
export * from "./jobs.ts";
export * from "./notices.ts";
export * from "./payments.ts";
export * from "./posts.ts";
export * from "./safety.ts";
export * from "./schema-version.ts";
export * from "./second-factor.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
export * from "./taggs.ts";
export * from "./users.ts";
