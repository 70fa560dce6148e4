/**
 * The inbox's parts on their own: retention over an outbox whose files are dated in the past (all
 * of an enquiry's files go, the young stay), the daily run, the activity log after a crash cut its
 * last line, the inbox's store on disk, the CSV's defused formulas, and the plain words for what a
 * mail server says.
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { Outbox } from "../../server/enquiry/outbox";
import { DAY_MS, deleteExpired, everyDay } from "../../server/enquiry/retention";
import { ActivityLog } from "../../studio/activity";
import { plainConfigFault, plainFailure, plainRefusal } from "../../studio/inbox";
import { csvField, toCsv } from "../../studio/inbox-export";
import { InboxStore } from "../../studio/inbox-store";

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

const enquiry = (subject: string) => ({
  subject,
  text: `Name: A\n\nEmail: a@example.com\n\nPhone: 1\n\nMessage: ${subject}`,
  replyTo: "a@example.com",
  clientIp: "127.0.0.1",
});

/** Dates an enquiry's file, and the time written in it, `days` ago. */
function age(outbox: Outbox, folder: "new" | "sent" | "dead" | "spam", id: string, days: number) {
  const path = outbox.path(folder, id);
  const when = new Date(Date.now() - days * DAY_MS);
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), receivedAt: when.toISOString() }));
  utimesSync(path, when, when);
}

describe("retention", () => {
  test("deletes every file of the enquiries older than the limit, in every folder, and keeps the younger", async () => {
    const outbox = new Outbox(temp("retention-"));
    await outbox.init();
    const old = (await outbox.store(enquiry("old, waiting"), null)).id;
    const refused = (await outbox.store(enquiry("old, refused"), null)).id;
    const sent = (await outbox.store(enquiry("old, sent"), null)).id;
    const trap = await outbox.storeSpam(enquiry("old spam"), "http://spam.example");
    const young = (await outbox.store(enquiry("young"), null)).id;
    const edge = (await outbox.store(enquiry("29 days"), null)).id;
    await outbox.recordDelivery(old, { attempts: 2, nextAt: new Date().toISOString(), lastError: "ECONNREFUSED" });
    await outbox.markDead(refused, "550 Mailbox unavailable");
    await outbox.markSent(sent, "250 OK");
    age(outbox, "new", old, 31);
    age(outbox, "dead", refused, 40);
    age(outbox, "sent", sent, 400);
    age(outbox, "spam", trap, 31);
    age(outbox, "new", edge, 29);

    const removed = await deleteExpired(outbox, 30);
    expect(removed.sort()).toEqual([old, refused, sent, trap].sort());
    expect(await outbox.list("new")).toEqual([young, edge].sort());
    for (const folder of ["sent", "dead", "spam"] as const) expect(readdirSync(join(outbox.dir, folder))).toEqual([]);
    // The worker's record of each went with it.
    expect(readdirSync(join(outbox.dir, "state"))).toEqual([]);
  });

  test("the time written in the file counts when it is the earlier: a copied file does not outlive the limit", async () => {
    const outbox = new Outbox(temp("retention-"));
    await outbox.init();
    const id = (await outbox.store(enquiry("copied"), null)).id;
    const path = outbox.path("new", id);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), receivedAt: new Date(Date.now() - 10 * DAY_MS).toISOString() }));
    expect(await deleteExpired(outbox, 5)).toEqual([id]);
  });

  test("runs at once, then once a day", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const stop = await everyDay(run, () => {});
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DAY_MS - 1000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(3 * DAY_MS);
    expect(run).toHaveBeenCalledTimes(3);
  });
});

describe("the outbox as the inbox reads it", () => {
  test("Send again moves a refused one back into new/ with its Message-ID, its reason gone; twice does nothing", async () => {
    const outbox = new Outbox(temp("resend-"));
    await outbox.init();
    const { id } = await outbox.store(enquiry("refused"), null);
    const messageId = (await outbox.read(id)).messageId;
    await outbox.markDead(id, "550 Mailbox unavailable");
    expect(await outbox.reason(id)).toMatch(/^\d{4}-\d\d-\d\dT\S+ 550 Mailbox unavailable$/);
    expect(await outbox.resend(id)).toBe(true);
    expect(await outbox.resend(id)).toBe(false);
    expect(await outbox.pending()).toEqual([id]);
    expect((await outbox.read(id)).messageId).toBe(messageId);
    expect(readdirSync(join(outbox.dir, "dead"))).toEqual([]);
  });

  test("ids are only the outbox's own names: nothing outside its folders can be read, resent or removed", async () => {
    const outbox = new Outbox(temp("ids-"));
    await outbox.init();
    writeFileSync(join(outbox.dir, "secret"), "x");
    for (const id of ["../secret", "..", "new/../../secret", ".hidden", "a/b"]) {
      expect(await outbox.resend(id)).toBe(false);
      expect(await outbox.remove(id)).toBe(false);
    }
    expect(existsSync(join(outbox.dir, "secret"))).toBe(true);
  });
});

describe("the activity log", () => {
  test("one JSON line per event, in order; a line a crash cut short is skipped and the next starts on its own line", () => {
    const log = new ActivityLog(join(temp("activity-"), "activity.log"));
    log.record("ravi@example.com", "enquiry.view", { id: "k1" });
    appendFileSync(log.file, '{"time":"2026-01-01T00:00:00.000Z","who":"asha@exa');
    log.record("asha@example.com", "enquiries.export", { format: "csv", count: 2 });
    expect(log.read().map((e) => [e.who, e.what])).toEqual([
      ["ravi@example.com", "enquiry.view"],
      ["asha@example.com", "enquiries.export"],
    ]);
    expect(readFileSync(log.file, "utf8").split("\n").filter(Boolean)).toHaveLength(3);
    expect(log.read((e) => e.what === "enquiries.export")[0]?.details).toEqual({ format: "csv", count: 2 });
  });
});

describe("the inbox's store", () => {
  test("a change is on disk when it returns; another process reads it; forgetting removes it", () => {
    const file = join(temp("store-"), "inbox.json");
    const store = new InboxStore(file);
    store.change("k1", { status: "in progress", assignee: "asha@example.com" }, { email: "ravi@example.com", name: "Ravi Kumar" }, "new");
    store.change("k1", { note: "Called back" }, { email: "asha@example.com", name: "Asha Rao" }, "new");
    const again = new InboxStore(file);
    expect(again.get("k1")).toMatchObject({
      status: "in progress",
      assignee: "asha@example.com",
      notes: [{ by: "asha@example.com", name: "Asha Rao", text: "Called back" }],
      changed: { by: "asha@example.com" },
    });
    expect(again.get("constructor")).toBeUndefined();
    again.forget(["k1"]);
    expect(new InboxStore(file).ids()).toEqual([]);
  });
});

describe("words and files", () => {
  test("CSV fields are quoted, and one a spreadsheet would run as a formula is defused", () => {
    expect(csvField('He said "hi", twice')).toBe('"He said ""hi"", twice"');
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    for (const start of ["+", "-", "@"]) expect(csvField(`${start}1`)).toBe(`"'${start}1"`);
    expect(toCsv([]).startsWith('\uFEFF"Received","Name"')).toBe(true);
  });

  test("what a mail server said, in plain words", () => {
    expect(plainRefusal("Can't send mail - all recipients were rejected: 550 Mailbox unavailable", "sales@example.com")).toBe(
      "The mail server refused to deliver it to sales@example.com: that mailbox is unavailable: it may not exist, or it does not take mail from the site (550).",
    );
    expect(plainRefusal("unreadable: Unexpected token", null)).toContain("could not be read");
    expect(plainFailure("connect ECONNREFUSED 127.0.0.1:2525")).toContain("could not be reached");
    expect(plainFailure("421 Try again later")).toContain("try again later (421)");
    expect(plainConfigFault("Invalid login: 535 Authentication credentials invalid")).toContain("refuses its login");
  });
});
