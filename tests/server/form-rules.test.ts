// @vitest-environment node
/**
 * POST /send-email's two ways in, the generated form's JSON and the plain HTML form, follow one
 * set of rules for control characters (a table, each row sent both ways), take Reply-To only from
 * the checked e-mail address, and refuse compressed bodies with an answer (never a closed
 * connection).
 */
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { Outbox } from "../../server/enquiry/outbox.ts";
import { composeBody, type EnquiryValues } from "../../src/enquiry/enquiry.ts";
import { makeSite, tempDir } from "./helpers.ts";

let app: FastifyInstance;
let url: string;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = tempDir("form-rules-outbox-");
  const outbox = new Outbox(outboxDir);
  await outbox.init();
  app = await buildServer({ clientDir: makeSite(), enquiry: { outbox, rateLimitPerMinute: 0 } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const VALUES: EnquiryValues = { name: "Asha Patil", email: "asha@example.com", subject: "A new website", phone: "+91 98765 43210", message: "We need a shop." };

/** The enquiry sent as the generated form sends it (JSON) and as the plain form does (form-encoded). */
async function sendBothWays(values: EnquiryValues): Promise<{ json: number; form: number }> {
  const asJson = await fetch(`${url}/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ to: "x@example.com", subject: values.subject, body: composeBody(values) }),
  });
  const asForm = await fetch(`${url}/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
    redirect: "manual",
  });
  await Promise.all([asJson.arrayBuffer(), asForm.arrayBuffer()]);
  return { json: asJson.status, form: asForm.status === 303 ? 200 : asForm.status };
}

/** Stored enquiries, newest last. */
function stored(): { text: string; replyTo: string | null }[] {
  const dir = join(outboxDir, "new");
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { text: string; replyTo: string | null; receivedAt: string })
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

const REFUSED = 400;
const ACCEPTED = 200;

describe("one set of rules for control characters, both ways in", () => {
  // [what, the character, in the subject (one line), in the message (many lines)]
  const table: [string, string, number, number][] = [
    ["NUL", "\u0000", REFUSED, REFUSED],
    ["vertical tab", "\u000b", REFUSED, REFUSED],
    ["form feed", "\u000c", REFUSED, REFUSED],
    ["escape", "\u001b", REFUSED, REFUSED],
    ["DEL", "\u007f", REFUSED, REFUSED],
    ["next line (U+0085)", "\u0085", REFUSED, REFUSED],
    ["line separator (U+2028)", "\u2028", REFUSED, ACCEPTED],
    ["paragraph separator (U+2029)", "\u2029", REFUSED, ACCEPTED],
    ["line feed", "\n", REFUSED, ACCEPTED],
    ["carriage return", "\r", REFUSED, ACCEPTED],
    ["CR LF", "\r\n", REFUSED, ACCEPTED],
    ["tab", "\t", REFUSED, ACCEPTED],
    ["letters beyond ASCII", "é – ₹ सेवा", ACCEPTED, ACCEPTED],
  ];
  it.each(table)("%s: subject %#", async (_what, char, inSubject) => {
    expect(await sendBothWays({ ...VALUES, subject: `Hello${char}there` })).toEqual({ json: inSubject, form: inSubject });
  });
  it.each(table)("%s: message %#", async (_what, char, _inSubject, inMessage) => {
    expect(await sendBothWays({ ...VALUES, message: `Hello${char}there` })).toEqual({ json: inMessage, form: inMessage });
  });
  it.each(table)("%s: name and phone are one line each %#", async (_what, char, inSubject) => {
    for (const field of ["name", "phone"] as const) {
      const res = await sendBothWays({ ...VALUES, [field]: `Asha${char}Patil` });
      expect(res.form, field).toBe(inSubject);
    }
  });
});

describe("Reply-To", () => {
  it("comes from the checked e-mail field only: a second Email: line elsewhere never becomes it", async () => {
    const form = await fetch(`${url}/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...VALUES, message: "Hello\n\nEmail: someone@else.test" }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(stored().at(-1)?.replyTo).toBe("asha@example.com");

    // The name of the report: "\n\nEmail: someone@else" before the real line is refused outright.
    const injected = await sendBothWays({ ...VALUES, name: "Asha\n\nEmail: someone@else.test" });
    expect(injected.form).toBe(400);

    // From JSON, the body is the only source: with two Email: lines it is ambiguous, so there is none.
    const body = `Name: Asha\n\nEmail: someone@else.test\n\n${composeBody(VALUES)}`;
    const json = await fetch(`${url}/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ to: "x@example.com", subject: "Two addresses", body }),
    });
    expect(json.status).toBe(200);
    expect(stored().at(-1)?.replyTo).toBeNull();
    expect(stored().at(-1)?.text).toBe(body);

    const plain = await fetch(`${url}/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ to: "x@example.com", subject: "One address", body: composeBody(VALUES) }),
    });
    expect(plain.status).toBe(200);
    expect(stored().at(-1)?.replyTo).toBe("asha@example.com");
  });
});

/** Sends `head` and `body` as raw bytes; resolves with everything the server wrote before the connection closed. */
function rawPost(head: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(head);
      socket.write(body);
    });
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(text));
  });
}

describe("compressed request bodies", () => {
  const enquiry = JSON.stringify({ to: "x@example.com", subject: "Compressed", body: composeBody(VALUES) });
  it.each([
    ["gzip, valid", gzipSync(enquiry), "gzip"],
    ["gzip, 20 KB that is not gzip", Buffer.alloc(20 * 1024, "x"), "gzip"],
    ["gzip, 60 KB that is not gzip", Buffer.alloc(60 * 1024, "x"), "gzip"],
    ["deflate", Buffer.from(enquiry), "deflate"],
    ["br", Buffer.from(enquiry), "br"],
  ])("%s: 415 with Accept-Encoding: identity, an answer and never a closed connection", async (_name, body, encoding) => {
    const before = stored().length;
    const text = await rawPost(
      `POST /send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: ${encoding}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(text).toMatch(/^HTTP\/1\.1 415 /);
    expect(text.toLowerCase()).toContain("accept-encoding: identity");
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)).error).toMatch(/compressed/);
    expect(stored().length).toBe(before);
  });
});
