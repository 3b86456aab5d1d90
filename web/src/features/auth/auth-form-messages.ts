/** Said by the register form's validation (auth-resolvers.ts) and shown as a toast by the form. */
export const PASSWORD_MISMATCH = "Passwords do not match";
