import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Rules outside the WCAG 2.0/2.1 A and AA tags, checked whatever axe rates their impact: `label-content-name-mismatch`
 * (WCAG 2.5.3, label in name) ships as an experimental rule, off unless named; `heading-order` (a best practice,
 * "moderate") is how a screen-reader user skims a page by its headings, and Lighthouse counts it.
 */
const EXTRA_RULES = ["label-content-name-mismatch", "heading-order"];

/**
 * Waits (up to 3 s) for finite animations and transitions to end — a toast fading in or out, a dialog opening —
 * since a half-transparent element fails colour contrast only while it moves. Endless ones (spinners) are
 * ignored.
 */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/**
 * Toasts stacked behind the front one (their content faded to nothing on purpose) and toasts on their way out are
 * decoration, not content: their half-drawn text would fail colour contrast depending on timing alone.
 */
const FADED_TOASTS = ['[data-sonner-toast][data-front="false"]', '[data-sonner-toast][data-removed="true"]'];

/**
 * Serious or critical axe violations, and any of the extra rules', on the page as it is now (dialogs included),
 * once it has settled.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string) {
  await settleAnimations(page);
  const builder = () =>
    FADED_TOASTS.reduce((axe, selector) => axe.exclude(selector), new AxeBuilder({ page }));
  const tagged = await builder().withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const extra = await builder().withRules(EXTRA_RULES).analyze();
  const violations = [
    ...tagged.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    ),
    ...extra.violations,
  ].map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(violations, `axe violations on ${what}`).toEqual([]);
}
