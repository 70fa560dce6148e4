/**
 * SEO: the validation rules on broken copies of the real content (title
 * 10-60 characters, description 50-160, titles unique across pages and
 * service pages), and what the head of a page says (JSON-LD included).
 */
import { describe, expect, it } from "vitest";
import { loadSite } from "@/content/site";
import { pageMeta } from "@/content/seo";
import { problemsAfter, replaceOnce, repoRoot } from "../helpers/site-copy";

describe("SEO validation rules are content errors with file:line:column", () => {
  it("a title longer than 60 characters", () => {
    const title = "About Us | Vistaar Technologies, AI and software engineers Pun";
    expect(title.length).toBe(62);
    expect(problemsAfter((s) => s.edit("pages/about-us.json", replaceOnce('"title": "About Us | Vistaar Technologies"', `"title": "${title}"`)))).toEqual([
      'site-config/pages/about-us.json:3:12  title  "title" is too long (62 characters; at most 60). Shorten it.',
    ]);
  });
  it("a title shorter than 10 characters", () => {
    expect(problemsAfter((s) => s.edit("pages/about-us.json", replaceOnce('"title": "About Us | Vistaar Technologies"', '"title": "About"')))).toEqual([
      'site-config/pages/about-us.json:3:12  title  "title" is too short (5 characters; at least 10). Write a little more.',
    ]);
  });
  it("a description shorter than 50 or longer than 160 characters", () => {
    const lines = problemsAfter((s) => {
      s.edit("pages/thank-you.json", (t) => t.replace(/"description": "[^"]*"/, '"description": "Thanks."'));
      s.edit("pages/contact-us.json", (t) => t.replace(/"description": "[^"]*"/, `"description": "${"Tell us about your project. ".repeat(6)}"`));
    });
    expect(lines).toEqual([
      'site-config/pages/contact-us.json:4:18  description  "description" is too long (168 characters; at most 160). Shorten it.',
      'site-config/pages/thank-you.json:4:18  description  "description" is too short (7 characters; at least 50). Write a little more.',
    ]);
  });
  it("two pages with the same title: the second names the first", () => {
    expect(
      problemsAfter((s) =>
        s.edit("pages/thank-you.json", replaceOnce('"title": "Thank You | Vistaar Technologies"', '"title": "Contact Us | Vistaar Technologies"')),
      ),
    ).toEqual([
      'site-config/pages/thank-you.json:3:12  title  the title "Contact Us | Vistaar Technologies" is already the title of /contact-us (site-config/pages/contact-us.json:3:12). Give every page its own title: search results and browser tabs show it to tell pages apart.',
    ]);
  });
  it("a service page title (name + template titleSuffix) that is too long, or the same as a page's", () => {
    const lines = problemsAfter((s) => {
      s.edit("collections/services.json", replaceOnce('"name": "Cloud Services"', '"name": "Cloud Services for Startups and Enterprises"'));
      s.edit("collections/services.json", replaceOnce('"name": "Data Science"', '"name": "Contact Us"'));
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^site-config\/collections\/services\.json:\d+:15 {2}item 18 \(data-science\) > name {2}the title "Contact Us \| Vistaar Technologies" is already the title of \/contact-us \(site-config\/pages\/contact-us\.json:3:12\)\./,
    );
    expect(lines[1]).toMatch(
      /^site-config\/collections\/services\.json:\d+:15 {2}item 20 \(cloud-services\) > name {2}the title of its page, "Cloud Services for Startups and Enterprises \| Vistaar Technologies" \(the name followed by the titleSuffix of site-config\/templates\/service\.json\) is too long \(66 characters; at most 60\)\. Search results cut longer titles/,
    );
  });
  it("a draft page does not clash with a published one", () => {
    expect(
      problemsAfter((s) =>
        s.edit(
          "pages/thank-you.json",
          replaceOnce('"title": "Thank You | Vistaar Technologies",', '"title": "Contact Us | Vistaar Technologies",\n  "status": "draft",'),
        ),
      ),
    ).toEqual([]);
  });
});

describe("the head of a page", () => {
  const real = loadSite(repoRoot);
  const settings = real.site!.settings;
  const ldOf = (tags: ReturnType<typeof pageMeta>) =>
    tags.flatMap((t) => ("script:ld+json" in t ? [JSON.parse(JSON.stringify(t["script:ld+json"])) as Record<string, unknown>] : []));

  it("has the title, description, canonical and link-preview tags with an absolute 1200x630 image", () => {
    const tags = pageMeta({ path: "/about-us", title: "About Us | Vistaar Technologies", description: "d".repeat(60) }, settings);
    expect(tags).toContainEqual({ title: "About Us | Vistaar Technologies" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.vistaartechnologies.in/about-us" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://www.vistaartechnologies.in/media/share.png" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });
  it("marks noindex pages", () => {
    expect(pageMeta({ path: "/thank-you", title: "Thank You | X", description: "x", noindex: true }, settings)).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
  it("JSON-LD: the company with its Pune address, phone, e-mail, profiles and Mon-Sat 09:00-20:00 hours", () => {
    const [org] = ldOf(pageMeta({ path: "/", title: "Home page title", description: "x" }, settings));
    expect(org).toMatchObject({
      "@type": "ProfessionalService",
      telephone: "+919822045310",
      email: "hello@vistaartechnologies.in",
      address: { addressLocality: "Pune", postalCode: "411045" },
      sameAs: [settings.social.linkedin, settings.social.instagram, settings.social.facebook],
      openingHoursSpecification: [
        {
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((d) => `https://schema.org/${d}`),
          opens: "09:00",
          closes: "20:00",
        },
      ],
    });
  });
  it("JSON-LD on a service page: Service and a BreadcrumbList Home > Services > the service", () => {
    const service = real.collections!.services.find((s) => s.id === "devOps")!;
    const ld = ldOf(pageMeta({ path: "/services/devOps", title: "DevOps | Vistaar Technologies", description: service.smallDescription, service }, settings));
    expect(ld.map((x) => x["@type"])).toEqual(["ProfessionalService", "Service", "BreadcrumbList"]);
    expect(ld[2]!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.vistaartechnologies.in/" },
      { "@type": "ListItem", position: 2, name: "Services", item: "https://www.vistaartechnologies.in/services" },
      { "@type": "ListItem", position: 3, name: "DevOps", item: "https://www.vistaartechnologies.in/services/devOps" },
    ]);
  });
});
