// @vitest-environment jsdom
/**
 * The contact form's rules and request, without a browser: the precompiled
 * validator against the SPEC s5 messages, the body format of SPEC s7, the
 * Idempotency-Key reuse, the answers of a real HTTP server, the toast limits.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, render } from "@testing-library/react";
import { Ajv } from "ajv";
import toast, { useToasterStore } from "react-hot-toast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { RJSFSchema } from "@rjsf/utils";
import * as precompiled from "@/generated/contact-form-validator";
import { CONTACT_FORM_FIELDS } from "@/generated/contact-form-fields";
import { composeBody, contactSchema, IdempotencyKeys, sendEnquiry, toRequest, transformErrors, type EnquiryValues } from "@/enquiry/enquiry";
import Toasts, { MAX_VISIBLE_TOASTS, TOAST_OPTIONS } from "@/enquiry/Toasts";
import { composeFromForm, enquiryErrors, formPage } from "../../server/enquiry/form-post.ts";

const schema = contactSchema as RJSFSchema;
const validator = createPrecompiledValidator(precompiled, schema);
const valid: EnquiryValues = { name: "Asha", email: "asha@example.com", subject: "Shop", phone: "12345", message: "Hello" };

function errorsFor(data: Partial<EnquiryValues>): Record<string, string[]> {
  const { errorSchema } = validator.validateFormData(data, schema, undefined, transformErrors);
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errorSchema)) {
    const list = (value as { __errors?: string[] }).__errors;
    if (list) out[field] = list;
  }
  return out;
}

describe("validation (SPEC s5) with the precompiled validator", () => {
  it("an empty form gets every required message, each under its own field", () => {
    expect(errorsFor({})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      phone: ["phone number is required"],
      message: ["Message is required"],
    });
  });

  it("a complete enquiry has no errors", () => {
    expect(errorsFor(valid)).toEqual({});
  });

  it.each([
    ["a.b_c-d@mail.example.com", true],
    ["x@y.co", true],
    ["UPPER@EXAMPLE.INFO", true],
    ["x@y.museum", false],
    ["x@y.c", false],
    ["x+tag@y.com", false],
    ["x y@z.com", false],
    ["x@z", false],
    ["@z.com", false],
    ["x@z.c0m", false],
  ])("email %s valid: %s", (email, ok) => {
    expect(errorsFor({ ...valid, email })).toEqual(ok ? {} : { email: ["Invalid email format"] });
  });

  it("maximum lengths apply, counted in characters", () => {
    expect(errorsFor({ ...valid, message: "é".repeat(5000) })).toEqual({});
    expect(errorsFor({ ...valid, message: "x".repeat(5001) })).toEqual({ message: ["Message must be at most 5000 characters"] });
    expect(errorsFor({ ...valid, name: "😀".repeat(100) })).toEqual({});
  });

  it("agrees with Ajv compiling the same schema at run time", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const check = ajv.compile(schema);
    for (const email of ["x@y.co", "x@y.museum", "a_b@c-d.org", "bad"]) {
      expect(Object.keys(errorsFor({ ...valid, email })).length === 0).toBe(check({ ...valid, email }));
    }
  });

  it("the placeholder's fields match the schema (labels, order, required marks)", () => {
    expect(CONTACT_FORM_FIELDS.map((f) => [f.name, f.label, f.requiredMark])).toEqual([
      ["name", "Name", true],
      ["email", "Email", true],
      ["subject", "Subject", true],
      ["phone", "Phone", false],
      ["message", "Message", true],
    ]);
  });
});

describe("the plain form, before and without JavaScript", () => {
  const field = (name: string) => CONTACT_FORM_FIELDS.find((f) => f.name === name)!;
  it("carries the browser's own checks, from the same schema", () => {
    expect(
      CONTACT_FORM_FIELDS.map((f) => [
        f.name,
        f.required,
        "maxLength" in f ? f.maxLength : undefined,
        f.textarea ? "textarea" : "inputType" in f ? f.inputType : "",
      ]),
    ).toEqual([
      ["name", true, 100, "text"],
      ["email", true, 254, "email"],
      ["subject", true, 150, "text"],
      ["phone", true, 30, "tel"],
      ["message", true, 5000, "textarea"],
    ]);
  });
  it.each(["a.b_c-d@mail.example.com", "x@y.co", "x@y.museum", "x+tag@y.com", "x@z"])(
    "its e-mail pattern, as a browser reads it, agrees with the schema on %s",
    (email) => {
      const pattern = (field("email") as { pattern: string }).pattern;
      expect(new RegExp(`^(?:${pattern})$`, "v").test(email)).toBe(Object.keys(errorsFor({ ...valid, email })).length === 0);
    },
  );
  it.each<[string, Partial<EnquiryValues>]>([
    ["empty", {}],
    ["empty strings", { name: "", email: "", subject: "", phone: "", message: "" }],
    ["a bad e-mail", { ...valid, email: "x@y.museum" }],
    ["too long", { ...valid, name: "n".repeat(101), message: "m".repeat(5001) }],
    ["complete", valid],
  ])("the server's check of it gives the generated form's message for each field: %s", (_name, values) => {
    const generated = Object.fromEntries(
      Object.entries(errorsFor(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== "")))).map(([f, list]) => [f, list[0]]),
    );
    expect(enquiryErrors(values)).toEqual(generated);
  });
  it("the server stores what the generated form sends for the same values", () => {
    const { subject, body } = toRequest(valid, "x@y.co");
    expect(composeFromForm(valid)).toEqual({ subject, body });
  });
  it("the answer to a form with mistakes: the same page, static, filled in, the messages under their fields", () => {
    const page = `<!DOCTYPE html><html><head><template data-deferred><script>boot()</script></template></head><body><form id="enquiry-form" method="post" action="/send-email"><input id="enquiry_name" name="name" required=""/><input id="enquiry_email" name="email" type="email"/><textarea id="enquiry_message" name="message"></textarea></form><script>(function(){})()</script><script type="application/ld+json">{}</script></body></html>`;
    const html = formPage(
      page,
      { name: "Asha <b>", email: "a@b", message: "Hi & bye" },
      { email: "Invalid email format" },
      "Your enquiry was not sent: one field needs your attention.",
    )!;
    expect(html).not.toContain("boot()");
    expect(html).not.toContain("(function(){})()");
    expect(html).toContain('<script type="application/ld+json">{}</script>');
    expect(html).toContain('<input id="enquiry_name" name="name" required value="Asha &lt;b&gt;">');
    expect(html).toContain(
      '<input id="enquiry_email" name="email" type="email" value="a@b" aria-invalid="true" aria-describedby="enquiry_email__error" autofocus><ul id="enquiry_email__error" class="mt-1 text-sm text-red-600"><li>Invalid email format</li></ul>',
    );
    expect(html).toContain('<textarea id="enquiry_message" name="message">Hi &amp; bye</textarea>');
    expect(html).toMatch(
      /<form id="enquiry-form" method="post" action="\/send-email"><div role="alert" class="[^"]+">Your enquiry was not sent: one field needs your attention.<\/div>/,
    );
    expect(formPage("<html><body><p>no form</p></body></html>", {}, {}, "x")).toBeUndefined();
  });
});

describe("the request (SPEC s7)", () => {
  it("body: labelled name, email, phone and message, one per paragraph; to and subject as given", () => {
    expect(composeBody(valid)).toBe("Name: Asha\n\nEmail: asha@example.com\n\nPhone: 12345\n\nMessage: Hello");
    expect(toRequest(valid, "hello@company.in")).toEqual({ to: "hello@company.in", subject: "Shop", body: composeBody(valid) });
    expect(toRequest(valid, "hello@company.in", "bot")).toMatchObject({ website: "bot" });
  });

  it("the same submission keeps its Idempotency-Key; a changed or successful one gets a new key", () => {
    let n = 0;
    const keys = new IdempotencyKeys(() => `key-${++n}`);
    const req = toRequest(valid, "a@b.co");
    expect(keys.keyFor(req)).toBe("key-1");
    expect(keys.keyFor({ ...req })).toBe("key-1");
    expect(keys.keyFor({ ...req, subject: "Other" })).toBe("key-2");
    keys.clear();
    expect(keys.keyFor({ ...req, subject: "Other" })).toBe("key-3");
  });
});

describe("sendEnquiry against a real HTTP server", () => {
  let server: Server;
  let base = "";
  const seen: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ headers: req.headers, body });
        const mode = JSON.parse(body).subject as string;
        if (mode === "error") res.writeHead(429, { "content-type": "application/json" }).end('{"error":"Too many enquiries"}');
        else if (mode === "html") res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
        else res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("posts JSON with the Idempotency-Key and reads success", async () => {
    expect(await sendEnquiry(base, toRequest(valid, "a@b.co"), "key-12345678")).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.headers["idempotency-key"]).toBe("key-12345678");
    expect(JSON.parse(last.body)).toEqual(toRequest(valid, "a@b.co"));
  });

  it("an answer with an error field is a failure with its text", async () => {
    expect(await sendEnquiry(base, toRequest({ ...valid, subject: "error" }, "a@b.co"), "k-12345678")).toEqual({ ok: false, message: "Too many enquiries" });
  });

  it("a parse failure or an unreachable server is a failure with the exception's message", async () => {
    const parse = await sendEnquiry(base, toRequest({ ...valid, subject: "html" }, "a@b.co"), "k-12345678");
    expect(parse.ok).toBe(false);
    expect((parse as { message: string }).message).toMatch(/JSON/);
    const down = await sendEnquiry("http://127.0.0.1:1", toRequest(valid, "a@b.co"), "k-12345678");
    expect(down).toEqual({ ok: false, message: "fetch failed" });
  });
});

describe("toasts (SPEC s8, s9)", () => {
  it("durations and colours", () => {
    expect(TOAST_OPTIONS).toMatchObject({ success: { duration: 2000 }, error: { duration: 4000 }, loading: { duration: Infinity }, blank: { duration: 4000 } });
    expect(TOAST_OPTIONS.style).toEqual({ background: "#1e293b", color: "#ffffff" });
  });

  it(`at most ${MAX_VISIBLE_TOASTS} are visible at once`, async () => {
    // jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    let visible = 0;
    function Probe() {
      visible = useToasterStore().toasts.filter((t) => t.visible).length;
      return null;
    }
    render(
      <>
        <Toasts />
        <Probe />
      </>,
    );
    await act(async () => {
      for (let i = 0; i < 30; i++) toast.loading(`Toast ${i}`);
    });
    expect(visible).toBe(20);
    await act(async () => {
      toast.error("One more");
    });
    expect(visible).toBe(20);
  });
});

describe("markdown (src/enquiry/plain-markdown.tsx)", () => {
  it("the form's UI schema asks for no markdown, which the production build leaves out of the form's code", async () => {
    const ui = JSON.stringify((await import("../../schemas/forms/contact.ui.json")).default);
    expect(ui).not.toMatch(/enableMarkdown/);
  });
  it("renders text as text, as @rjsf/core's messages pass it", async () => {
    const { Markdown } = await import("@/enquiry/plain-markdown");
    const { container } = render(<p>{Markdown({ children: "Unsupported field schema for `x`", options: { disableParsingRawHTML: true } })}</p>);
    expect(container.textContent).toBe("Unsupported field schema for `x`");
  });
});
