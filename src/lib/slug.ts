/** A name as lower-case words joined by hyphens, as addresses and ids are written: "About Us" -> "about-us", "Café" -> "cafe". */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
