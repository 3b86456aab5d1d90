import { chromium } from "playwright";
import { startServer } from "/work/main/bench/servers.ts";

const { port, child } = await startServer("web-app-server.ts");
const origin = `http://localhost:${port}`;
const res = await fetch(`${origin}/api/auth/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    firstName: "Bench",
    lastName: "Member",
    email: `s${Date.now()}@example.com`,
    password: "bench-web-password",
  }),
});
const cookie = /tagit_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
await ctx.addCookies([{ name: "tagit_session", value: cookie, url: origin }]);
const page = await ctx.newPage();
for (const p of (process.env.PAGES ?? "/dashboard").split(",")) {
  await page.goto(origin + p);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${p.replace(/\W/g, "_")}.png` });
  if (process.env.FULL)
    await page.screenshot({ path: `/tmp/shots/${p.replace(/\W/g, "_")}-full.png`, fullPage: true });
}
await browser.close();
child.kill("SIGTERM");
