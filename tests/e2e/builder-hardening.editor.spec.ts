/**
 * The page builder in Chromium, as attacked and as misused.
 *
 * Clickjacking: another site frames the page builder (its address opens a chosen file) and asks the
 * visitor to click where the builder's buttons are. The builder may be framed only by its own
 * pages, so Chromium shows nothing in the frame and the clicks reach nothing.
 *
 * A picture over the upload limit gets its message, where it used to get a reset connection.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { devRoot } from "./dev-fixture";

const root = devRoot(Number(process.env.E2E_EDITOR_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 200));
const FILE = "site-config/pages/web-development.json";

test("a cross-site page cannot show the builder in a frame, so clicks there reach nothing", async ({ page, baseURL }) => {
  const builder = `${baseURL}/__edit?file=${encodeURIComponent(FILE)}`;
  // The other site (127.0.0.1 is another site than localhost): a frame over the whole window, and a note to click.
  const other = createServer((_req, res) =>
    res
      .writeHead(200, { "Content-Type": "text/html" })
      .end(
        `<!DOCTYPE html><title>Win a prize</title><p>Click twice to win</p><iframe src="${builder}" style="position:fixed;inset:0;width:100%;height:100%;border:0"></iframe>`,
      ),
  );
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  try {
    const answer = page.waitForResponse((r) => r.url() === builder);
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/prize`, { waitUntil: "load" });
    const headers = (await answer).headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");

    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // Chromium replaces a frame it refuses with its error page: no builder, no buttons.
    expect(frame!.url()).not.toContain("/__edit");
    await expect(frame!.getByRole("button")).toHaveCount(0);
    for (const [x, y] of [
      [80, 80],
      [640, 400],
    ] as const)
      await page.mouse.click(x, y);
    expect(existsSync(join(root, FILE))).toBe(true);
  } finally {
    other.close();
  }
});

test("the builder's own pages still frame it: its canvas shows the page being edited", async ({ page }) => {
  await page.goto(`/__edit?file=${encodeURIComponent(FILE)}`);
  await expect(page.frameLocator('iframe[title^="Preview of the page"]').locator("main [data-section]").first()).toBeVisible({ timeout: 30_000 });
});

test("a picture over the limit, sent from the browser, gets the 413 message, not a broken connection", async ({ page }) => {
  await page.goto("/__edit");
  const answer = await page.evaluate(async () => {
    const res = await fetch("/__edit/api/upload", {
      method: "POST",
      headers: { "x-site-editor": "1", "x-file-name": "huge.png", "Content-Type": "application/octet-stream" },
      body: new Blob([new Uint8Array(26 * 1024 * 1024)]),
    });
    return { status: res.status, body: (await res.json()) as { error?: string } };
  });
  expect(answer.status).toBe(413);
  expect(answer.body.error).toBe("The picture is too large: the limit is 25 MB.");
});
