// @vitest-environment node
/**
 * POST /send-email against the real server process (server/main.ts): the
 * bad-input matrix, the rate limit, honeypot, idempotency, security headers.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INLINE_SCRIPT, PORTS, formBody, listOutbox, makeSite, postEnquiry, readEnquiry, startServer, tempDir, type RunningServer } from "./helpers.ts";

let server: RunningServer;
let outbox: string;
let ipCounter = 0;
/** A fresh client address per request: the server trusts X-Forwarded-For from 127.0.0.1 here, so cases do not share a rate-limit budget. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const valid = () => ({
  to: "hello@vistaartechnologies.in",
  subject: "A new website",
  body: formBody({ name: "Asha Patil", email: "asha@example.com", phone: "+91 98765 43210", message: "We need a shop." }),
});

beforeAll(async () => {
  outbox = tempDir("outbox-matrix-");
  // RATE_LIMIT_PER_MINUTE left at its default (5).
  server = await startServer({ PORT: String(PORTS.matrix), SITE_DIR: makeSite(), OUTBOX_DIR: outbox, TRUST_PROXY: "127.0.0.1", MAIL_TO: "sales@example.com" });
});
afterAll(async () => {
  await server?.stop();
});

async function raw(init: RequestInit & { headers?: Record<string, string> }, path = "/send-email") {
  const res = await fetch(`${server.url}${path}`, { method: "POST", ...init, headers: { "X-Forwarded-For": freshIp(), ...init.headers } });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text, headers: res.headers };
}

const json = { "Content-Type": "application/json" };

describe("bad input: each case gives its documented status and a JSON error, and stores nothing", () => {
  const big = "x".repeat(1024 * 1024);
  const cases: { name: string; init: RequestInit & { headers?: Record<string, string> }; status: number; error: string }[] = [
    { name: "malformed JSON", init: { headers: json, body: '{"to": "a@b.co", "subject": ' }, status: 400, error: "The request body is not valid JSON." },
    { name: "empty body", init: { headers: json, body: "" }, status: 400, error: "The request body is empty: send the enquiry as a JSON object." },
    {
      name: "text/plain content type",
      init: { headers: { "Content-Type": "text/plain" }, body: JSON.stringify(valid()) },
      status: 415,
      error: "Send the enquiry as JSON (Content-Type: application/json).",
    },
    {
      name: "multipart content type",
      init: { headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x--" },
      status: 415,
      error: "Send the enquiry as JSON (Content-Type: application/json).",
    },
    {
      name: "no content type",
      init: { body: new Blob([JSON.stringify(valid())]) },
      status: 415,
      error: "Send the enquiry as JSON (Content-Type: application/json).",
    },
    {
      name: "missing field",
      init: { headers: json, body: JSON.stringify({ to: "a@b.co", body: "x" }) },
      status: 400,
      error: 'The field "subject" is missing: send to, subject and body.',
    },
    {
      name: "extra field",
      init: { headers: json, body: JSON.stringify({ ...valid(), cc: "x@evil.test" }) },
      status: 400,
      error: 'The field "cc" is not accepted: send only to, subject and body.',
    },
    {
      name: "wrong type (number subject)",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: 42 }) },
      status: 400,
      error: 'The field "subject" must be text.',
    },
    {
      name: "wrong type (array to)",
      init: { headers: json, body: JSON.stringify({ ...valid(), to: ["a@b.co", "c@d.co"] }) },
      status: 400,
      error: 'The field "to" must be text.',
    },
    { name: "body is an array", init: { headers: json, body: "[]" }, status: 400, error: "The request body must be a JSON object." },
    { name: "body is a string", init: { headers: json, body: '"hello"' }, status: 400, error: "The request body must be a JSON object." },
    {
      name: "empty subject",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: "" }) },
      status: 400,
      error: 'The field "subject" must not be empty.',
    },
    {
      name: "subject of spaces only",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: "  \t " }) },
      status: 400,
      error: 'The field "subject" must not be empty.',
    },
    {
      name: "body of blank lines only",
      init: { headers: json, body: JSON.stringify({ ...valid(), body: "\n \n" }) },
      status: 400,
      error: 'The field "body" must not be empty.',
    },
    {
      name: "subject too long",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: "s".repeat(151) }) },
      status: 400,
      error: 'The field "subject" is too long (at most 150 characters).',
    },
    {
      name: "1 MB body",
      init: { headers: json, body: JSON.stringify({ ...valid(), body: big }) },
      status: 413,
      error: "The enquiry is too large: the limit is 64 KiB.",
    },
    {
      name: "CRLF in subject",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: "Hi\r\nBcc: victim@example.org" }) },
      status: 400,
      error: "The subject must be a single line: line breaks and other control characters are not allowed.",
    },
    {
      name: "NUL in subject",
      init: { headers: json, body: JSON.stringify({ ...valid(), subject: "Hi\u0000there" }) },
      status: 400,
      error: "The subject must be a single line: line breaks and other control characters are not allowed.",
    },
    {
      name: "__proto__ key",
      init: { headers: json, body: `{"to":"a@b.co","subject":"s","body":"b","__proto__":{"isAdmin":true}}` },
      status: 400,
      error: 'The request body contains a forbidden key ("__proto__" or "constructor.prototype").',
    },
    {
      name: "constructor.prototype key",
      init: { headers: json, body: `{"to":"a@b.co","subject":"s","body":"b","constructor":{"prototype":{"x":1}}}` },
      status: 400,
      error: 'The request body contains a forbidden key ("__proto__" or "constructor.prototype").',
    },
    {
      name: "bad Idempotency-Key",
      init: { headers: { ...json, "Idempotency-Key": "short" }, body: JSON.stringify(valid()) },
      status: 400,
      error: "The Idempotency-Key header must be 8 to 200 visible ASCII characters (a UUID works).",
    },
    { name: "GET instead of POST", init: { method: "GET" }, status: 405, error: "Use POST to send an enquiry." },
    { name: "OPTIONS", init: { method: "OPTIONS" }, status: 405, error: "Use POST to send an enquiry." },
  ];

  it.each(cases)("$name -> $status", async ({ init, status, error }) => {
    const res = await raw(init);
    expect(res.status).toBe(status);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({ error });
    expect(res.text).not.toMatch(/FST_|ENOSPC|<html|stack/i);
  });

  it("none of them stored anything", () => {
    expect(listOutbox(outbox, "new")).toEqual([]);
    expect(listOutbox(outbox, "tmp")).toEqual([]);
  });
});

describe("the plain form (application/x-www-form-urlencoded, sent without JavaScript)", () => {
  const form = (fields: Record<string, string>) =>
    raw({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString(), redirect: "manual" });
  const fields = { name: "Asha Patil", email: "asha@example.com", subject: "A shop", phone: "12345", message: "Hello" };

  it("a valid form is stored as the generated form would send it, and answered with 303 to /thank-you", async () => {
    const before = listOutbox(outbox, "new");
    const res = await form(fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thank-you");
    const added = listOutbox(outbox, "new").filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
    expect(readEnquiry(outbox, "new", added[0]!)).toMatchObject({
      subject: "A shop",
      text: "Name: Asha Patil\n\nEmail: asha@example.com\n\nPhone: 12345\n\nMessage: Hello",
      replyTo: "asha@example.com",
    });
  });
  it("mistakes: 400 with the form's own messages, and nothing stored", async () => {
    const before = listOutbox(outbox, "new");
    const res = await form({ ...fields, name: "", email: "asha@example" });
    expect(res.status).toBe(400);
    // This test site has no page with the form: the message alone, as text.
    expect(res.text).toBe("Your enquiry was not sent: 2 fields need your attention.");
    expect(listOutbox(outbox, "new")).toEqual(before);
  });
  it("a field that is not the form's, or one sent twice, is refused", async () => {
    expect((await form({ ...fields, to: "x@evil.test" })).status).toBe(400);
    const twice = await raw({
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=a&name=b&email=a@b.co&subject=s&phone=1&message=m",
      redirect: "manual",
    });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('The form field "name" is not accepted');
  });
  it("a filled honeypot: 303 to /thank-you, nothing to deliver; kept in spam/ for the studio's inbox", async () => {
    const before = listOutbox(outbox, "new");
    const trapped = listOutbox(outbox, "spam").length;
    const res = await form({ ...fields, website: "http://spam.example" });
    expect(res.status).toBe(303);
    expect(listOutbox(outbox, "new")).toEqual(before);
    expect(listOutbox(outbox, "spam")).toHaveLength(trapped + 1);
  });
});

describe("accepted enquiries", () => {
  it("stores one file per enquiry, with the request's to ignored and Reply-To only from a valid e-mail", async () => {
    const before = listOutbox(outbox, "new").length;
    const res = await postEnquiry(server.url, { ...valid(), to: "attacker@evil.test" }, { "X-Forwarded-For": freshIp() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true });
    const id = res.json.id as string;
    expect(listOutbox(outbox, "new")).toHaveLength(before + 1);
    const stored = readEnquiry(outbox, "new", id);
    expect(stored).toMatchObject({ subject: "A new website", text: valid().body, replyTo: "asha@example.com" });
    expect(JSON.stringify(stored)).not.toContain("attacker@evil.test");

    const bad = await postEnquiry(
      server.url,
      { ...valid(), body: formBody({ name: "X", email: "x@y.co\r\nBcc: v@example.org", phone: "1", message: "m" }) },
      { "X-Forwarded-For": freshIp() },
    );
    expect(readEnquiry(outbox, "new", bad.json.id as string).replyTo).toBeNull();
  });

  it("the same Idempotency-Key stores one enquiry, also when sent concurrently", async () => {
    const before = listOutbox(outbox, "new").length;
    const key = "5f0c7d1e-8b9a-4c3d-9e2f-1a2b3c4d5e6f";
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postEnquiry(server.url, valid(), { "Idempotency-Key": key, "X-Forwarded-For": freshIp() })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    const again = await postEnquiry(server.url, valid(), { "Idempotency-Key": key, "X-Forwarded-For": freshIp() });
    expect(again.json).toMatchObject({ ok: true, duplicate: true });
    expect(listOutbox(outbox, "new")).toHaveLength(before + 1);
    expect(readEnquiry(outbox, "new", answers[0]!.json.id as string).idempotencyKey).toBe(key);
  });

  it("a filled honeypot answers 200 and stores nothing to deliver: the catch is kept in spam/ with what the bot filled in", async () => {
    const before = listOutbox(outbox, "new");
    const trapped = listOutbox(outbox, "spam");
    const res = await postEnquiry(server.url, { ...valid(), website: "http://spam.example" }, { "X-Forwarded-For": freshIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(listOutbox(outbox, "new")).toEqual(before);
    const [caught] = listOutbox(outbox, "spam").filter((id) => !trapped.includes(id));
    expect(readEnquiry(outbox, "spam", caught!)).toMatchObject({ subject: "A new website", trap: "http://spam.example", replyTo: null });
  });
});

describe("rate limit (default 5 per minute per client)", () => {
  it("12 requests from one IP: 5 accepted, then JSON 429 with Retry-After", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await raw({ headers: { ...json, "X-Forwarded-For": ip }, body: JSON.stringify(valid()) });
      statuses.push(res.status);
      if (res.status === 429) {
        const retry = Number(res.headers.get("retry-after"));
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(60);
        expect(JSON.parse(res.text).error).toMatch(/^Too many enquiries from your address\. Please wait \d+ seconds and try again\.$/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // Another client is not affected.
    expect((await raw({ headers: json, body: JSON.stringify(valid()) })).status).toBe(200);
  });

  it("IPv6: a new address in the same /64 for every request is still one client", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await raw({ headers: { ...json, "X-Forwarded-For": `2001:db8:77:1:${i.toString(16)}:a:b:c` }, body: JSON.stringify(valid()) });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The next /64 is another client.
    expect((await raw({ headers: { ...json, "X-Forwarded-For": "2001:db8:77:2::1" }, body: JSON.stringify(valid()) })).status).toBe(200);
  });
});

describe("security headers", () => {
  const expectCommon = (h: Headers) => {
    expect(h.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBeTruthy();
    expect(h.get("permissions-policy")).toContain("camera=()");
    expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
    // Left out on purpose: it costs every first page a fresh renderer process (server/security.ts).
    expect(h.get("cross-origin-opener-policy")).toBeNull();
    const csp = h.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc.split(" ")[0]).toBe("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-(inline|eval)/);
    return scriptSrc;
  };

  it("an HTML page's CSP allows exactly its inline script by hash (not the JSON-LD block)", async () => {
    const res = await fetch(`${server.url}/`);
    const scriptSrc = expectCommon(res.headers);
    const hash = createHash("sha256").update(INLINE_SCRIPT).digest("base64");
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it("JSON errors, redirects and 404s carry them too", async () => {
    expectCommon((await raw({ headers: json, body: "{" })).headers);
    expectCommon((await fetch(`${server.url}/about-us/`, { redirect: "manual" })).headers);
    expectCommon((await fetch(`${server.url}/missing.png`)).headers);
    const page = await fetch(`${server.url}/about-us`);
    expect(/script-src ([^;]*)/.exec(page.headers.get("content-security-policy") ?? "")?.[1]).toBe("'self'");
  });
});
