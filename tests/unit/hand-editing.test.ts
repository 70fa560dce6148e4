/**
 * Mistakes made by hand in a text editor (the second round of hand-editing, issue 34): each one is
 * reported, in words that describe it, with the exact lines pinned. Small broken copies of the real
 * content, as in content-errors.test.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copySite, problemsAfter, replaceOnce, type SiteCopy } from "../helpers/site-copy";

/** Writes raw bytes over site-config/<file>: an editor saving in another encoding. */
const writeBytes = (s: SiteCopy, file: string, bytes: Uint8Array) => writeFileSync(join(s.root, "site-config", file), bytes);

/** contact-us.json with "Café" in its description, as `encode` saves it. */
const withCafe = (s: SiteCopy, encode: (text: string) => Uint8Array) =>
  writeBytes(s, "pages/contact-us.json", encode(s.read("pages/contact-us.json").replace("office in Baner, Pune", "office at Café Pune")));

const SAVE_AS_UTF8 = "this file is not saved as UTF-8";
const HINT = "In your editor, choose Save with encoding > UTF-8";

const utf16le = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));

describe("a file in another encoding is reported at its first unreadable byte, never shown garbled", () => {
  it("Latin-1", () => {
    const lines = problemsAfter((s) => withCafe(s, (t) => new Uint8Array(Buffer.from(t, "latin1"))));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${SAVE_AS_UTF8}: the character after`);
    expect(lines[0]).toContain(HINT);
    expect(lines).toMatchSnapshot();
  });
  it("UTF-16 with its byte order mark", () => {
    const lines = problemsAfter((s) => withCafe(s, (t) => new Uint8Array([0xff, 0xfe, ...utf16le(t)])));
    expect(lines).toMatchSnapshot();
  });
  it("UTF-16 without a byte order mark", () => {
    const lines = problemsAfter((s) => withCafe(s, utf16le));
    expect(lines).toMatchSnapshot();
  });
  it('"UTF-8 with BOM"', () => {
    const lines = problemsAfter((s) => withCafe(s, (t) => new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(t, "utf8")])));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(HINT);
    expect(lines).toMatchSnapshot();
  });
  it("text that was garbled before it was saved as UTF-8 (a \uFFFD in it)", () => {
    const lines = problemsAfter((s) => s.edit("pages/contact-us.json", replaceOnce("office in Baner, Pune", "office at Caf\uFFFD Pune")));
    expect(lines).toMatchSnapshot();
  });
});

describe("an empty file says it is empty", () => {
  it("a 0-byte services.json", () => {
    const lines = problemsAfter((s) => s.write("collections/services.json", ""));
    expect(lines).toEqual([
      "site-config/collections/services.json:1:1  (whole file)  the file is empty. Undo the change in your editor, or restore the file from version control (git checkout -- site-config/collections/services.json).",
    ]);
  });
  it("a page file holding only blank lines", () => {
    expect(problemsAfter((s) => s.write("pages/thank-you.json", "\n\n  \n"))).toMatchSnapshot();
  });
});

describe("a page file that cannot be a page says why, with a fix that fits", () => {
  const page = (s: SiteCopy) => s.read("pages/thank-you.json");
  it.each([
    ["the server's enquiry address", "pages/send-email.json"],
    ["the folder of the site's pictures", "pages/media.json"],
    ["the folder of the build's scripts", "pages/assets.json"],
    ["a static host's rules", "pages/_headers.json"],
    ["a name Windows keeps for a device", "pages/con.json"],
    ["a name with capitals and a space, whose address is a page already", "pages/About Us.json"],
    ["a name with capitals and a space", "pages/Landing Page.json"],
    ["a page in a folder named as a service", "pages/services/web-development.json"],
    ["a page in a folder named as no service", "pages/services/edge-computing.json"],
    ["a page in any other folder", "pages/blog/first-post.json"],
  ])("%s (%s)", (_name, file) => {
    const lines = problemsAfter((s) => {
      const text = page(s);
      mkdirSync(join(s.root, "site-config", file, ".."), { recursive: true });
      s.write(file, text);
    });
    expect(lines).toHaveLength(1);
    expect(lines).toMatchSnapshot();
  });
});

describe("e-mail addresses: the message names the slip", () => {
  it.each([
    ["no @", "hello.vistaartechnologies.in"],
    ["a space after it", "hello@vistaartechnologies.in "],
    ["mailto: in front", "mailto:hello@vistaartechnologies.in"],
    ["two @", "hello@@vistaartechnologies.in"],
    ["no domain ending", "hello@vistaartechnologies"],
  ])("%s", (_name, email) => {
    const lines = problemsAfter((s) => s.edit("settings.json", replaceOnce('"email": "hello@vistaartechnologies.in"', `"email": ${JSON.stringify(email)}`)));
    expect(lines).toHaveLength(1);
    expect(lines).toMatchSnapshot();
  });
});

describe("a deleted page file that others link to", () => {
  it("is one error about the missing file, naming every link to it", () => {
    const lines = problemsAfter((s) => rmSync(join(s.root, "site-config", "pages", "contact-us.json")));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("this page file is missing");
    expect(lines).toMatchSnapshot();
  });
  it("one link to a page that does not exist is still its own error, with a suggestion", () => {
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"href": "/"', '"href": "/contat-us"')))).toMatchSnapshot();
  });
});

describe("sections that may appear once per page", () => {
  it("a second contact section is an error naming the first", () => {
    const lines = problemsAfter((s) =>
      s.edit("pages/contact-us.json", (t) => {
        const page = JSON.parse(t) as { sections: { type?: string }[] };
        // The page places the shared contact section; a copy of it written in place is a second one.
        page.sections.push((JSON.parse(s.read("shared/contact.json")) as { section: { type: string } }).section);
        return JSON.stringify(page, null, 2);
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines).toMatchSnapshot();
  });
});

describe("a word longer than a phone's line", () => {
  const WORD = "A".repeat(60);
  it("in the hero headline and in a text-block heading: a warning each, the build goes on", () => {
    const lines = problemsAfter((s) => {
      s.edit("pages/home.json", replaceOnce("Transforming Your Vision into Reality with Cutting-Edge Solutions", `Your ${WORD}`));
      s.edit("pages/about-us.json", replaceOnce('"heading": "Who Are We?"', `"heading": "Who ${WORD}?"`));
    });
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.includes("warning:"))).toBe(true);
    expect(lines).toMatchSnapshot();
  });
  it("e-mail and web addresses in a text are not words", () => {
    const site = copySite();
    try {
      site.edit(
        "pages/thank-you.json",
        replaceOnce("get in touch with you soon!", "write from hello@vistaartechnologies-pune-india.in or www.vistaartechnologiespune.in!"),
      );
      expect(problemsAfter((s) => s.write("pages/thank-you.json", site.read("pages/thank-you.json")))).toEqual([]);
    } finally {
      site.remove();
    }
  });
});
