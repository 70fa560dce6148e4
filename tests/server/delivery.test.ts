// @vitest-environment node
/**
 * Delivery through a real SMTP server (smtp-server): only ever to MAIL_TO,
 * the SPEC's body format, nothing lost or doubled while the mail server is
 * down, permanent refusals set aside in dead/.
 */
import { afterEach, describe, expect, it } from "vitest";
import { isConfigurationFault, isPermanent } from "../../server/enquiry/worker.ts";
import {
  PORTS,
  formBody,
  listOutbox,
  makeSite,
  postEnquiry,
  readEnquiry,
  startServer,
  startSmtp,
  tempDir,
  waitFor,
  type RunningServer,
  type TestSmtp,
} from "./helpers.ts";

const MAIL_TO = "sales@example.com";
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function serverWithSmtp(port: number, smtpPort: number, login = ""): Promise<{ server: RunningServer; outbox: string }> {
  const outbox = tempDir("outbox-smtp-");
  const server = await startServer({
    PORT: String(port),
    SITE_DIR: makeSite(),
    OUTBOX_DIR: outbox,
    MAIL_TO,
    MAIL_FROM: "Website <web@example.com>",
    SMTP_URL: `smtp://${login}127.0.0.1:${smtpPort}`,
    SMTP_RETRY_BASE_MS: "100",
    SMTP_RETRY_MAX_MS: "400",
    RATE_LIMIT_PER_MINUTE: "0",
  });
  cleanup.push(() => server.stop());
  return { server, outbox };
}

function track(smtp: TestSmtp): TestSmtp {
  cleanup.push(() => smtp.close());
  return smtp;
}

describe("no open relay", () => {
  it("whatever the request's to says, mail reaches only MAIL_TO, with the SPEC body and a validated Reply-To", async () => {
    const smtp = track(await startSmtp(PORTS.smtp1));
    const { server } = await serverWithSmtp(PORTS.delivery, PORTS.smtp1);
    const tricks = [
      "attacker@evil.test",
      "victim1@evil.test, victim2@evil.test",
      `${MAIL_TO}\r\nBcc: victim3@evil.test`,
      `${MAIL_TO}>, <victim4@evil.test`,
      "",
    ];
    const fields = { name: "Asha Patil", email: "asha@example.com", phone: "+91 98765 43210", message: "We need a shop.\nWith two lines." };
    for (const [i, to] of tricks.entries()) {
      const res = await postEnquiry(server.url, { to, subject: `Enquiry ${i}`, body: formBody(fields) });
      expect(res.status).toBe(200);
    }
    // The visitor's "email" with a header injection attempt: stored, but no Reply-To.
    await postEnquiry(server.url, { to: MAIL_TO, subject: "Enquiry injected", body: formBody({ ...fields, email: "x@y.co\r\nBcc: victim5@evil.test" }) });

    await waitFor(
      () => `6 messages at the SMTP server; got ${smtp.received.length}; server said:\n${server.output()}`,
      () => smtp.received.length >= 6,
      15_000,
    );
    for (const mail of smtp.received) {
      expect(mail.rcptTo).toEqual([MAIL_TO]);
      expect(mail.mailFrom).toBe("web@example.com");
      expect(mail.headers.to).toBe(MAIL_TO);
      expect(mail.headers.cc).toBeUndefined();
      expect(mail.headers.bcc).toBeUndefined();
      expect(mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"))).not.toMatch(/evil\.test/);
    }
    const bySubject = new Map(smtp.received.map((m) => [m.headers.subject, m]));
    const first = bySubject.get("Enquiry 0")!;
    expect(first.headers["reply-to"]).toBe("asha@example.com");
    expect(first.text).toBe("Name: Asha Patil\n\nEmail: asha@example.com\n\nPhone: +91 98765 43210\n\nMessage: We need a shop.\nWith two lines.");
    expect(first.headers["content-type"]).toMatch(/^text\/plain/);
    expect(bySubject.get("Enquiry injected")!.headers["reply-to"]).toBeUndefined();
  });
});

describe("SMTP down, then up", () => {
  it("20 enquiries accepted while the mail server is down are all delivered exactly once when it returns", async () => {
    // Nothing listens on the SMTP port yet: connections are refused.
    const { server, outbox } = await serverWithSmtp(PORTS.smtpDown, PORTS.smtp2);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await postEnquiry(
        server.url,
        { to: MAIL_TO, subject: `Down ${i}`, body: formBody({ name: `N${i}`, email: `n${i}@example.com`, phone: "1", message: `m${i}` }) },
        { "Idempotency-Key": `down-test-key-${i}` },
      );
      expect(res.status).toBe(200);
      ids.push(res.json.id as string);
    }
    expect(listOutbox(outbox, "new")).toEqual([...ids].sort());
    // The worker has tried and failed (the mail server really was down for them).
    await waitFor("a failed delivery attempt", () => /delivery of \S+ failed \(attempt 2/.test(server.output()));
    expect(listOutbox(outbox, "sent")).toEqual([]);

    const smtp = track(await startSmtp(PORTS.smtp2));
    await waitFor("all 20 moved to sent/", () => listOutbox(outbox, "sent").length === 20 && listOutbox(outbox, "new").length === 0, 60_000);

    // Files reach sent/ only after the server accepted them, so nothing more can arrive now.
    expect(smtp.received).toHaveLength(20);
    const messageIds = smtp.received.map((m) => m.headers["message-id"]);
    expect(new Set(messageIds).size).toBe(20);
    const expected = ids.map((id) => readEnquiry(outbox, "sent", id).messageId as string);
    expect([...messageIds].sort()).toEqual([...expected].sort());
    expect(smtp.received.map((m) => m.headers.subject).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Down ${i}`).sort());
    expect(listOutbox(outbox, "dead")).toEqual([]);
  });
});

describe("permanent refusal", () => {
  it("a 5xx answer moves the enquiry to dead/ with the reason, and it is not retried", async () => {
    const smtp = track(await startSmtp(PORTS.smtp3, { reject: { code: 550, message: "Mailbox unavailable" } }));
    const { server, outbox } = await serverWithSmtp(PORTS.dead, PORTS.smtp3);
    const res = await postEnquiry(server.url, { to: MAIL_TO, subject: "Refused", body: formBody({ name: "A", email: "a@b.co", phone: "1", message: "m" }) });
    const id = res.json.id as string;
    await waitFor("the enquiry in dead/", () => listOutbox(outbox, "dead").includes(id));
    expect(listOutbox(outbox, "dead")).toEqual([id, `${id}.reason.txt`]);
    expect(listOutbox(outbox, "new")).toEqual([]);
    expect(readEnquiry(outbox, "dead", id).subject).toBe("Refused");
    expect(smtp.received).toHaveLength(0);
  });
});

describe("a wrong SMTP password", () => {
  it("535 keeps every enquiry in new/ with a loud log; once the password is right, all are delivered once", async () => {
    let password = "the-old-password";
    const smtp = track(await startSmtp(PORTS.smtpAuth, { auth: { user: "web", password: () => password } }));
    const { server, outbox } = await serverWithSmtp(PORTS.authFault, PORTS.smtpAuth, "web:s3cret@");
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const res = await postEnquiry(server.url, {
        to: MAIL_TO,
        subject: `Login ${i}`,
        body: formBody({ name: "A", email: "a@b.co", phone: "1", message: `m${i}` }),
      });
      ids.push(res.json.id as string);
    }
    await waitFor("two refused logins in the log", () => server.output().split("CONFIGURATION ERROR").length > 2);
    expect(server.output()).toMatch(/535 Authentication credentials invalid.*Check SMTP_URL/);
    expect(listOutbox(outbox, "dead")).toEqual([]);
    expect(listOutbox(outbox, "new")).toEqual([...ids].sort());
    expect(smtp.received).toHaveLength(0);

    // The mail account's password is fixed (SMTP_URL had the right one): everything goes, once each.
    password = "s3cret";
    await waitFor("all three delivered", () => listOutbox(outbox, "sent").length === 3);
    expect(listOutbox(outbox, "dead")).toEqual([]);
    expect(listOutbox(outbox, "new")).toEqual([]);
    expect(smtp.received.map((m) => m.headers.subject).sort()).toEqual(["Login 1", "Login 2", "Login 3"]);
    expect(server.output()).toContain("accepts our login again");
  });
});

describe("which failures are whose", () => {
  const err = (code: string, responseCode?: number) => Object.assign(new Error(code), { code, responseCode });
  it.each([
    ["550 mailbox unavailable", err("EENVELOPE", 550), "message"],
    ["552 too large", err("EMESSAGE", 552), "message"],
    ["553 bad address", err("EENVELOPE", 553), "message"],
    ["554 content refused", err("EMESSAGE", 554), "message"],
    ["535 wrong password", err("EAUTH", 535), "configuration"],
    ["530 login required", err("EENVELOPE", 530), "configuration"],
    ["534 mechanism too weak", err("EAUTH", 534), "configuration"],
    ["TLS failure", err("ETLS"), "configuration"],
    ["451 try later", err("EENVELOPE", 451), "later"],
    ["connection refused", err("ECONNECTION"), "later"],
  ])("%s: %s", (_name, e, whose) => {
    expect(isPermanent(e) ? "message" : isConfigurationFault(e) ? "configuration" : "later").toBe(whose);
  });
});
