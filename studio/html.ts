/**
 * The studio's few pages of its own (sign-in, an invitation, the second step, your sign-in and
 * sessions): plain HTML forms, every value escaped, styled by one static stylesheet. The only
 * script is the passkeys' (/studio-assets/passkeys.js, a file: the policy allows no inline script);
 * without it everything but passkeys works.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Marks text as HTML already made here (escaped where it holds values). */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** Markup made here or by a library (an attribute, the QR code's SVG): put in as it is. */
export const raw = (text: string) => new Html(text);

/** A template that escapes every value but Html and lists of Html. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts.map((v) => (v instanceof Html ? v.text : v === null || v === undefined || v === false ? "" : escapeHtml(String(v)))).join("");
    out += strings[i + 1] ?? "";
  });
  return new Html(out);
}

export interface Field {
  name: string;
  label: string;
  type: string;
  value: string;
  autocomplete: string;
  readonly?: boolean;
  /** For a code: digits on a phone's keyboard. */
  inputmode?: string;
  hint?: string;
}

export interface FormPage {
  title: string;
  /** Said above the form (an error), or "". */
  message: string;
  /** "alert" (an error: read at once) or "status" (news). */
  tone?: "alert" | "status";
  /** A line under the title, or "". */
  intro?: string;
  fields: Field[];
  hidden: Record<string, string>;
  action: string;
  button: string;
  /** What follows the form (other ways to sign in). */
  after?: Html;
  /** Loads the passkeys' script. */
  passkeys?: boolean;
}

export function fieldHtml(f: Field, describedBy = ""): Html {
  const hint = f.hint ? `${f.name}-hint` : "";
  const described = [hint, describedBy].filter(Boolean).join(" ");
  return html`<label for="${f.name}">${f.label}</label>${f.hint ? html`<p class="hint" id="${hint}">${f.hint}</p>` : ""}<input id="${f.name}" name="${f.name}" type="${f.type}" value="${f.value}" autocomplete="${f.autocomplete}"${new Html(f.readonly ? " readonly" : " required")}${new Html(f.inputmode ? ` inputmode="${escapeHtml(f.inputmode)}"` : "")}${new Html(described ? ` aria-describedby="${escapeHtml(described)}"` : "")}>`;
}

export function layout({
  title,
  body,
  head,
  passkeys = false,
  wide = false,
}: {
  title: string;
  body: Html;
  head?: Html;
  passkeys?: boolean;
  wide?: boolean;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="/studio-assets/sign-in.css">
  ${head?.text ?? ""}
  ${passkeys ? '<script type="module" src="/studio-assets/passkeys.js"></script>' : ""}
</head>
<body>
  <main${wide ? ' class="wide"' : ""}>
${body.text}
  </main>
</body>
</html>
`;
}

export function page(_kind: "sign-in", p: FormPage): string {
  const fields = p.fields.map((f) => fieldHtml(f, p.message && (f.type === "password" || f.inputmode) ? "message" : ""));
  const hidden = Object.entries(p.hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  const body = html`    <h1>${p.title}</h1>
    ${p.intro ? html`<p>${p.intro}</p>` : ""}
    <p id="message" role="${p.tone ?? "alert"}" data-message${new Html(p.message ? "" : " hidden")}>${p.message}</p>
    ${
      p.action
        ? html`<form method="post" action="${p.action}">
      ${fields}
      ${hidden}
      <button type="submit">${p.button}</button>
    </form>`
        : ""
    }
    ${p.after ?? ""}`;
  return layout({ title: p.title, body, passkeys: p.passkeys });
}
