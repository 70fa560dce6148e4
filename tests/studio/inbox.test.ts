/**
 * The enquiry inbox with its real parts on one machine: the site server (server/main.ts, what
 * `npm start` runs) and the studio (npm run studio's script, on a copy of the project) sharing
 * OUTBOX_DIR, and a real SMTP peer (smtp-server). Retention at the start of each; exports and a
 * person's data deleted on request (the files' contents checked); who may see enquiries (403,
 * no-store, the command line's --enquiries on the running studio); Send again after a refusal;
 * the SMTP configuration fault shown once, to publishers; and kill -9 of the studio during status
 * changes and of the site server during a delivery: nothing lost, no enquiry shown twice.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { Enquiry, FollowUp, InboxList } from "../../builder/shared/inbox";
import { Outbox } from "../../server/enquiry/outbox";
import { DAY_MS } from "../../server/enquiry/retention";
import { ActivityLog } from "../../studio/activity";
import { personKey } from "../../studio/inbox";
import { parseCsv } from "../helpers/csv";
import { StudioClient } from "../helpers/studio-client";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { formBody, listOutbox, makeSite, postEnquiry, type RunningServer, startServer, startSmtp, type TestSmtp, tempDir, waitFor } from "../server/helpers";

const STUDIO_PORT = 9160;
const SITE_PORT = 9161;
const SMTP_PORT = 9162;
const MAIL_TO = "sales@example.com";

let studio: StudioFixture;
const running: { stop(): Promise<void> }[] = [];
const smtps: TestSmtp[] = [];

beforeAll(async () => {
  studio = await studioFixture({ port: STUDIO_PORT, name: "studio-inbox" });
}, 180_000);
afterEach(async () => {
  await studio?.stop();
  for (const server of running.splice(0)) await server.stop();
  for (const smtp of smtps.splice(0)) await smtp.close();
});
afterAll(() => studio?.remove(), 60_000);

/** The site server on this machine, over a tiny built site, with enquiries in `outbox`. */
async function site(outbox: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({
    PORT: String(SITE_PORT),
    SITE_DIR: makeSite(),
    OUTBOX_DIR: outbox,
    MAIL_TO,
    MAIL_FROM: "Website <web@example.com>",
    RATE_LIMIT_PER_MINUTE: "0",
    SMTP_RETRY_BASE_MS: "200",
    SMTP_RETRY_MAX_MS: "1000",
    ...env,
  });
  running.push(server);
  return server;
}

async function smtpPeer(options: Parameters<typeof startSmtp>[1]): Promise<TestSmtp> {
  const smtp = await startSmtp(SMTP_PORT, options);
  smtps.push(smtp);
  return smtp;
}

async function signedIn(who: { email: string; password: string }) {
  const client = new StudioClient(studio.url);
  await client.signIn(who);
  return client;
}

/** The studio's API as the builder asks it (its session, origin and header). */
const api = (client: StudioClient, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${studio.url}/__edit/api${path}`, {
    method: init.method ?? "GET",
    headers: {
      cookie: `${client.session().name}=${client.session().value}`,
      origin: studio.url,
      "x-site-editor": "1",
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });

async function list(client: StudioClient, query = ""): Promise<InboxList> {
  const res = await api(client, `/enquiries${query}`);
  if (res.status !== 200) throw new Error(`The list: ${res.status} ${await res.text()}`);
  return (await res.json()) as InboxList;
}

/** `npm run studio -- <args>` against the running studio. */
function cli(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA: studio.data, STUDIO_REMOTE: studio.remote, STUDIO_PORT: String(STUDIO_PORT) };
  delete env.SITE_ROOT;
  const run = spawnSync(process.execPath, ["--import", "tsx", join(studio.project, "studio", "cli.ts"), ...args], {
    cwd: studio.project,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const person = (name: string, email: string, message: string) => ({ name, email, phone: "+91 98765 43210", message });
/** An enquiry as the contact form sends it; its id. */
async function send(server: RunningServer, subject: string, fields: ReturnType<typeof person>): Promise<string> {
  const res = await postEnquiry(server.url, { to: MAIL_TO, subject, body: formBody(fields) });
  expect(res.status).toBe(200);
  return res.json.id as string;
}

const activity = () => new ActivityLog(join(studio.data, "activity.log"));
const store = () =>
  JSON.parse(readFileSync(join(studio.data, "inbox.json"), "utf8")) as { enquiries: Record<string, { status: string; notes: { text: string }[] }> };

/** Dates an enquiry's file, and the time in it, `days` ago. */
function age(outbox: Outbox, folder: "new" | "dead", id: string, days: number) {
  const path = outbox.path(folder, id);
  const when = new Date(Date.now() - days * DAY_MS);
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), receivedAt: when.toISOString() }));
  utimesSync(path, when, when);
}

describe("retention", () => {
  test("at the studio's start, enquiries older than ENQUIRY_RETENTION_DAYS go with the team's records of them, and it is logged", async () => {
    const dir = tempDir("inbox-retention-");
    const outbox = new Outbox(dir);
    await outbox.init();
    const body = (subject: string) => ({ subject, text: formBody(person("A", "a@example.com", subject)), replyTo: "a@example.com", clientIp: "127.0.0.1" });
    const old = (await outbox.store(body("Three days old"), null)).id;
    const refused = (await outbox.store(body("Refused, three days old"), null)).id;
    await outbox.markDead(refused, "550 Mailbox unavailable");
    const young = (await outbox.store(body("From today"), null)).id;
    age(outbox, "new", old, 3);
    age(outbox, "dead", refused, 3);
    // The team's records: of the old one, the young one, and one the site server deleted already.
    const gone = "k0000000000000000000000000000000000000000";
    const record = {
      status: "in progress",
      assignee: null,
      notes: [{ at: new Date().toISOString(), by: PUBLISHER.email, name: PUBLISHER.name, text: "Called" }],
      changed: null,
    };
    writeFileSync(join(studio.data, "inbox.json"), JSON.stringify({ version: 1, enquiries: { [old]: record, [young]: record, [gone]: record } }));

    await studio.start({ OUTBOX_DIR: dir, ENQUIRY_RETENTION_DAYS: "2" });
    expect([...(await outbox.snapshot()).keys()]).toEqual([young]);
    expect(listOutbox(dir, "dead")).toEqual([]);
    expect(studio.output()).toContain("Retention: deleted 2 enquiries received more than 2 days ago (ENQUIRY_RETENTION_DAYS).");
    expect(Object.keys(store().enquiries)).toEqual([young]);
    const logged = activity().read((e) => e.what === "enquiries.retention");
    expect(logged.at(-1)).toMatchObject({ who: "studio", details: { days: 2, forgotten: 2 } });
    expect([...((logged.at(-1)?.details?.ids as string[] | undefined) ?? [])].sort()).toEqual([old, refused].sort());

    const ravi = await signedIn(PUBLISHER);
    const shown = await list(ravi);
    expect(shown.enquiries.map((e) => e.subject)).toEqual(["From today"]);
    expect(shown.retentionDays).toBe(2);
  }, 120_000);

  test("the site server deletes them too, at its start, and says so", async () => {
    const dir = tempDir("inbox-retention-site-");
    const outbox = new Outbox(dir);
    await outbox.init();
    const old = (await outbox.store({ subject: "Old", text: "t", replyTo: null, clientIp: "127.0.0.1" }, null)).id;
    const young = (await outbox.store({ subject: "Young", text: "t", replyTo: null, clientIp: "127.0.0.1" }, null)).id;
    age(outbox, "new", old, 2);
    const server = await site(dir, { ENQUIRY_RETENTION_DAYS: "1" });
    expect(listOutbox(dir, "new")).toEqual([young]);
    expect(server.output()).toContain("Retention: deleted 1 enquiry received more than 1 days ago (ENQUIRY_RETENTION_DAYS).");
    expect(server.output()).toContain("ENQUIRY_RETENTION_DAYS=1");
  });
});

describe("exports, a person's data, access", () => {
  test("CSV and JSON hold what they say, a person's export only theirs; their deletion is confirmed by count, complete, and logged without their address", async () => {
    const dir = tempDir("inbox-export-");
    const server = await site(dir);
    await studio.start({ OUTBOX_DIR: dir });
    const asha = person("Asha Patel", "asha.patel@example.com", '=HYPERLINK("http://evil.example")\nSecond line');
    const first = await send(server, 'A shop, "quick"', asha);
    const second = await send(server, "Follow-up", { ...asha, email: "Asha.Patel@Example.com", message: "Any news?" });
    const other = await send(server, "Mobile app", person("Vikram Rao", "vikram@example.com", "An app for our stores"));
    const trap = await postEnquiry(server.url, { to: MAIL_TO, subject: "Cheap pills", body: "buy", website: "http://spam.example" });
    expect(trap.status).toBe(200);

    const ravi = await signedIn(PUBLISHER);
    const inbox = await list(ravi);
    expect(inbox.total).toBe(3);
    expect(inbox.counts).toMatchObject({ new: 3, spam: 1 });
    expect(inbox.enquiries.every((e) => e.delivery.state === "kept")).toBe(true);
    expect(inbox.mail).toMatchObject({ smtp: false, mailTo: MAIL_TO, blocked: false });
    const status = await (await api(ravi, "/studio")).json();
    expect(status.enquiries).toEqual({ new: 3, blocked: false });
    // The honeypot's catch is listed under spam.
    expect((await list(ravi, "?status=spam")).enquiries.map((e) => [e.subject, e.delivery.state])).toEqual([["Cheap pills", "trap"]]);

    const changed = await api(ravi, `/enquiries/${first}`, { method: "POST", body: { status: "answered", note: "Sent a quote" } });
    expect(changed.status).toBe(200);

    const csv = await api(ravi, "/enquiries/export?format=csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(["Received", "Name", "E-mail", "Phone", "Subject", "Message", "Status", "Assigned to", "Notes", "Delivery", "Message-ID", "Id"]);
    expect(rows).toHaveLength(5);
    const row = rows.find((r) => r[11] === first)!;
    expect(row.slice(1, 10)).toEqual([
      "Asha Patel",
      "asha.patel@example.com",
      // A leading + is a formula to a spreadsheet too: kept as text.
      "'+91 98765 43210",
      'A shop, "quick"',
      `'=HYPERLINK("http://evil.example")\nSecond line`,
      "answered",
      "",
      expect.stringMatching(/^\d{4}-\S+ Ravi Kumar: Sent a quote$/),
      "kept in the outbox (not e-mailed)",
    ]);

    const json = await api(ravi, "/enquiries/export?format=json");
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const all = (await json.json()) as { exportedBy: string; count: number; enquiries: Record<string, unknown>[] };
    expect(all.exportedBy).toBe(PUBLISHER.email);
    expect(all.count).toBe(4);
    expect(all.enquiries.find((e) => e.id === first)).toMatchObject({
      name: "Asha Patel",
      email: "asha.patel@example.com",
      subject: 'A shop, "quick"',
      message: '=HYPERLINK("http://evil.example")\nSecond line',
      sentFrom: "127.0.0.1",
      status: "answered",
      notes: [{ by: PUBLISHER.email, name: PUBLISHER.name, text: "Sent a quote" }],
    });

    const theirs = (await (await api(ravi, "/enquiries/export?format=json&email=asha.patel%40example.com")).json()) as { enquiries: { id: string }[] };
    expect(theirs.enquiries.map((e) => e.id).sort()).toEqual([first, second].sort());
    const theirCsv = parseCsv(await (await api(ravi, "/enquiries/export?format=csv&email=ASHA.PATEL%40example.com")).text());
    expect(
      theirCsv
        .slice(1)
        .map((r) => r[11])
        .sort(),
    ).toEqual([first, second].sort());

    // Deleting on request: what the person confirms is what is deleted.
    const found = await (await api(ravi, "/enquiries/person?email=asha.patel%40example.com")).json();
    expect(found.enquiries).toHaveLength(2);
    const stale = await api(ravi, "/enquiries/erase", { method: "POST", body: { email: "asha.patel@example.com", count: 1 } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toContain("has 2 enquiries now, not 1");
    expect((await list(ravi)).total).toBe(3);
    const erased = await api(ravi, "/enquiries/erase", { method: "POST", body: { email: "asha.patel@example.com", count: 2 } });
    expect(await erased.json()).toEqual({ deleted: 2 });
    const left = await new Outbox(dir).snapshot();
    expect([...left.keys()]).toHaveLength(2);
    expect(left.has(other)).toBe(true);
    for (const folder of ["new", "sent", "dead", "spam", "state"] as const) for (const name of listOutbox(dir, folder)) expect(name).not.toContain(first);
    expect(store().enquiries[first]).toBeUndefined();
    expect((await list(ravi)).enquiries.map((e) => e.id)).toEqual([other]);
    expect(studio.output()).toContain(`Inbox: ${PUBLISHER.email} deleted 2 enquiries of one person on request.`);

    // Every look and export on record (who, when, which); the person by a key, never their address.
    const log = activity().read();
    expect(log.filter((e) => e.what === "enquiries.export").map((e) => [e.who, e.details?.format, e.details?.count])).toEqual([
      [PUBLISHER.email, "csv", 4],
      [PUBLISHER.email, "json", 4],
      [PUBLISHER.email, "json", 2],
      [PUBLISHER.email, "csv", 2],
    ]);
    expect(log.find((e) => e.what === "enquiries.erase")).toMatchObject({ who: PUBLISHER.email, details: { person: personKey("asha.patel@example.com") } });
    expect([...((log.find((e) => e.what === "enquiries.erase")?.details?.ids as string[] | undefined) ?? [])].sort()).toEqual([first, second].sort());
    expect(log.find((e) => e.what === "enquiry.change")).toMatchObject({ details: { id: first, status: "answered", note: true } });
    expect(log.every((e) => !Number.isNaN(Date.parse(e.time)))).toBe(true);
    expect(readFileSync(activity().file, "utf8").toLowerCase()).not.toContain("asha.patel@example.com");
  }, 120_000);

  test("an editor without the permission gets 403 (no-store) and no count; --enquiries yes on the running studio lets them in at once, no takes it back", async () => {
    const dir = tempDir("inbox-access-");
    const server = await site(dir);
    await studio.start({ OUTBOX_DIR: dir });
    const id = await send(server, "A website", person("Meera Iyer", "meera@example.com", "Hello"));
    const asha = await signedIn(EDITOR);
    for (const path of ["/enquiries", `/enquiries/${id}`, "/enquiries/export?format=csv", "/enquiries/person?email=meera%40example.com"]) {
      const refused = await api(asha, path);
      expect(refused.status, path).toBe(403);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect((await refused.json()).error).toContain("--enquiries yes");
    }
    expect((await api(asha, `/enquiries/${id}`, { method: "POST", body: { status: "spam" } })).status).toBe(403);
    expect((await (await api(asha, "/studio")).json()).enquiries).toBeNull();

    const yes = cli(["user", "update", EDITOR.email, "--enquiries", "yes"]);
    expect(yes.status, yes.out).toBe(0);
    expect(yes.out).toContain(`${EDITOR.email} is now ${EDITOR.name}, an editor, who answers the enquiries; 0 sessions ended.`);
    // The same session: the permission is read on each request.
    const seen = await api(asha, "/enquiries");
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toBe("no-store");
    expect((await (await api(asha, "/studio")).json()).enquiries).toEqual({ new: 1, blocked: false });
    expect(cli(["user", "list"]).out).toMatch(new RegExp(`${EDITOR.email}\\s+editor\\s+enquiries`));

    const no = cli(["user", "update", EDITOR.email, "--enquiries", "no"]);
    expect(no.status, no.out).toBe(0);
    expect((await api(asha, "/enquiries")).status).toBe(403);
    expect(cli(["user", "update", EDITOR.email, "--enquiries", "maybe"]).out).toContain("--enquiries is yes");
  }, 120_000);
});

describe("delivery as the inbox shows it", () => {
  test("refused with 550: the reason in plain words; after the peer accepts, Send again delivers it once", async () => {
    let refuse = true;
    const smtp = await smtpPeer({ reject: () => (refuse ? { code: 550, message: "Mailbox unavailable" } : null) });
    const dir = tempDir("inbox-resend-");
    const server = await site(dir, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await studio.start({ OUTBOX_DIR: dir });
    const id = await send(server, "Refused at first", person("Kiran Shah", "kiran@example.com", "Hello"));
    const ravi = await signedIn(PUBLISHER);
    const refused = await waitFor("the refusal in the inbox", async () => (await list(ravi)).enquiries.find((e) => e.delivery.state === "refused"));
    expect(refused.delivery).toMatchObject({
      reason: `The mail server refused to deliver it to ${MAIL_TO}: that mailbox is unavailable: it may not exist, or it does not take mail from the site (550).`,
      detail: expect.stringContaining("550 Mailbox unavailable"),
    });
    refuse = false;
    expect(await (await api(ravi, `/enquiries/${id}/resend`, { method: "POST", body: {} })).json()).toEqual({ resent: true });
    const sent = await waitFor("sent", async () => {
      const e = (await (await api(ravi, `/enquiries/${id}`)).json()) as Enquiry;
      return e.delivery.state === "sent" ? e : null;
    });
    expect(sent.delivery).toMatchObject({ state: "sent", messageId: expect.stringMatching(/^<.+>$/), sentAt: expect.any(String) });
    const messageId = sent.messageId;
    expect(smtp.received.filter((m) => m.headers["message-id"] === messageId)).toHaveLength(1);
    const again = await api(ravi, `/enquiries/${id}/resend`, { method: "POST", body: {} });
    expect(again.status).toBe(409);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.headers["message-id"] === messageId)).toHaveLength(1);
    expect(
      activity()
        .read((e) => e.what === "enquiry.resend")
        .map((e) => e.details?.id),
    ).toContain(id);
  }, 120_000);

  test("a wrong SMTP password: shown once, to publishers, as the site's configuration; each enquiry just waits", async () => {
    const smtp = await smtpPeer({ auth: { user: "web", password: () => "the right one" } });
    const dir = tempDir("inbox-fault-");
    const server = await site(dir, { SMTP_URL: `smtp://web:wrong@127.0.0.1:${smtp.port}` });
    await studio.start({ OUTBOX_DIR: dir });
    await send(server, "One", person("A", "a@example.com", "m"));
    await send(server, "Two", person("B", "b@example.com", "m"));
    const ravi = await signedIn(PUBLISHER);
    const inbox = await waitFor("the fault in the inbox", async () => {
      const l = await list(ravi);
      return l.mail.blocked ? l : null;
    });
    expect(inbox.mail.fault?.says).toContain("the mail server refuses its login (the user name or password in SMTP_URL)");
    expect(inbox.mail.fault?.detail).toContain("535");
    expect(inbox.enquiries.map((e) => e.delivery)).toEqual([
      expect.objectContaining({ state: "waiting", lastError: null }),
      expect.objectContaining({ state: "waiting", lastError: null }),
    ]);
    expect((await (await api(ravi, "/studio")).json()).enquiries).toEqual({ new: 2, blocked: true });
    // An editor who answers enquiries sees that e-mail is blocked, not the site's settings.
    expect(cli(["user", "update", EDITOR.email, "--enquiries", "yes"]).status).toBe(0);
    const asha = await signedIn(EDITOR);
    expect((await list(asha)).mail).toMatchObject({ blocked: true, fault: null });
    expect(cli(["user", "update", EDITOR.email, "--enquiries", "no"]).status).toBe(0);
  }, 120_000);
});

describe("kill -9", () => {
  const STATUSES: FollowUp[] = ["in progress", "answered", "closed", "new"];

  test("of the studio during status changes: every change it confirmed is there after a restart, and the enquiry is shown once", async () => {
    const dir = tempDir("inbox-kill-studio-");
    const server = await site(dir);
    await studio.start({ OUTBOX_DIR: dir });
    const id = await send(server, "Kept through crashes", person("Ravi Menon", "menon@example.com", "Hello"));
    let confirmed = 0;
    for (let round = 0; round < 3; round++) {
      const ravi = await signedIn(PUBLISHER);
      let stop = false;
      let last = confirmed;
      const changing = (async () => {
        for (let i = confirmed; !stop; i++) {
          const res = await api(ravi, `/enquiries/${id}`, { method: "POST", body: { status: STATUSES[i % 4], note: `note ${i}` } }).catch(() => null);
          if (res?.status !== 200) return;
          last = i + 1;
        }
      })();
      await waitFor("a few changes confirmed", () => last >= confirmed + 3);
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      await studio.stop("SIGKILL");
      stop = true;
      await changing;
      await studio.start({ OUTBOX_DIR: dir });
      const after = (await (await api(await signedIn(PUBLISHER), `/enquiries/${id}`)).json()) as Enquiry;
      const notes = after.notes.map((n) => n.text);
      // Every confirmed one, in order; at most the one in flight besides.
      expect(notes.slice(0, last)).toEqual(Array.from({ length: last }, (_, i) => `note ${i}`));
      expect(notes.length - last).toBeLessThanOrEqual(1);
      expect(after.status).toBe(STATUSES[(notes.length - 1) % 4]);
      const shown = await list(await signedIn(PUBLISHER));
      expect(shown.enquiries.map((e) => e.id)).toEqual([id]);
      expect(shown.total).toBe(1);
      confirmed = notes.length;
    }
  }, 240_000);

  test("of the site server during a delivery: after its restart the enquiry is delivered, accepted once, and shown once as sent", async () => {
    let hold = true;
    // The first message's data reaches the mail server, which never answers it: the site server dies waiting.
    const smtp = await smtpPeer({ beforeAnswer: () => (hold ? new Promise<void>(() => {}) : Promise.resolve()) });
    const dir = tempDir("inbox-kill-site-");
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const server = await site(dir, env);
    await studio.start({ OUTBOX_DIR: dir });
    const id = await send(server, "Sent through a crash", person("Anil Kapoor", "anil@example.com", "Hello"));
    await waitFor("the message at the mail server", () => smtp.offered.length === 1);
    const ravi = await signedIn(PUBLISHER);
    expect((await list(ravi)).enquiries.map((e) => [e.id, e.delivery.state])).toEqual([[id, "waiting"]]);
    await server.stop();
    expect(await server.exited).toBe("SIGKILL");
    expect(listOutbox(dir, "new")).toEqual([id]);

    hold = false;
    await site(dir, env);
    await waitFor("sent/", () => listOutbox(dir, "sent").includes(id), 30_000);
    const messageId = (JSON.parse(readFileSync(join(dir, "sent", id), "utf8")) as { messageId: string }).messageId;
    expect(smtp.received.filter((m) => m.headers["message-id"] === messageId)).toHaveLength(1);
    const shown = await list(ravi);
    expect(shown.enquiries.map((e) => [e.id, e.delivery.state])).toEqual([[id, "sent"]]);
    expect(shown.total).toBe(1);
  }, 120_000);
});
