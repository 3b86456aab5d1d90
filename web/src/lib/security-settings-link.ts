/** The router state that asks the dashboard to open its Security settings dialog as it opens. */
const OPEN_SECURITY_SETTINGS = { open: "security-settings" } as const;

/**
 * A link to Security settings from outside the dashboard (the admin panel's unlock, when no second factor is set
 * up): `<Link {...SECURITY_SETTINGS_LINK}>`.
 */
export const SECURITY_SETTINGS_LINK = { to: "/dashboard", state: OPEN_SECURITY_SETTINGS } as const;

/** Whether a location's state asks for Security settings (see SECURITY_SETTINGS_LINK). */
export const asksForSecuritySettings = (state: unknown): boolean =>
  typeof state === "object" && state !== null && Reflect.get(state, "open") === OPEN_SECURITY_SETTINGS.open;
