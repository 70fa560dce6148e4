/** The studio's few pages of its own (sign-in, an invitation): plain HTML forms, every value escaped, styled by one static stylesheet. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface FormPage {
  title: string;
  /** Said above the form (an error), or "". */
  message: string;
  fields: { name: string; label: string; type: string; value: string; autocomplete: string; readonly?: boolean }[];
  hidden: Record<string, string>;
  action: string;
  button: string;
}

export function page(_kind: "sign-in", p: FormPage): string {
  const fields = p.fields
    .map(
      (f) =>
        `<label for="${escapeHtml(f.name)}">${escapeHtml(f.label)}</label><input id="${escapeHtml(f.name)}" name="${escapeHtml(f.name)}" type="${escapeHtml(f.type)}" value="${escapeHtml(f.value)}" autocomplete="${escapeHtml(f.autocomplete)}"${f.readonly ? " readonly" : " required"}${p.message && f.type === "password" ? ' aria-describedby="message"' : ""}>`,
    )
    .join("\n      ");
  const hidden = Object.entries(p.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(p.title)}</title>
  <link rel="stylesheet" href="/studio-assets/sign-in.css">
</head>
<body>
  <main>
    <h1>${escapeHtml(p.title)}</h1>
    ${p.message ? `<p id="message" role="alert">${escapeHtml(p.message)}</p>` : ""}
    ${
      p.action
        ? `<form method="post" action="${escapeHtml(p.action)}">
      ${fields}
      ${hidden}
      <button type="submit">${escapeHtml(p.button)}</button>
    </form>`
        : ""
    }
  </main>
</body>
</html>
`;
}
