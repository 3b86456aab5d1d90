// Kept apart from the schemas so a page can show it without loading zod (decision 029).
export const DEFAULT_TERMS_TITLE = "Terms and Conditions";
