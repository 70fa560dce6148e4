/** The draft page tests/e2e/dev-server.ts adds to its copy of site-config/ (and to the header menu). */
export const DRAFT = { slug: "careers", heading: "Careers at Vistaar", menuLabel: "Careers" };
