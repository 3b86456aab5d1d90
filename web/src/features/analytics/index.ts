/**
 * What other features may use of analytics; biome.json lets only notifications import it (and only this
 * file). The bell keeps the events live for the whole app and words each action as the activity list does.
 */
export { actionText } from "./analytics-display.ts";
export { useLiveAnalytics } from "./use-tagg-analytics.ts";
