import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (let i = 0; i < 4; i++) {
const p = await b.newPage({ viewport: { width: 375, height: 740 } });
await p.goto("http://127.0.0.1:4199/");
await p.waitForFunction(() => "__reactRouterDataRouter" in window && document.readyState === "complete");
await p.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 500) { scrollTo(0, y); await new Promise((r) => setTimeout(r, 40)); } });
await p.waitForTimeout(2500);
console.log(await p.evaluate(() => ({ h: document.body.scrollHeight, y: scrollY, els: [...document.querySelectorAll("[data-aos]")].filter((e) => !e.className.includes("aos-animate")).map((e) => [e.parentElement.dataset.section, e.className, Math.round(e.getBoundingClientRect().top + scrollY)]) })));
await p.close();
}
await b.close();
