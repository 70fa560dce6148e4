/**
 * What an author likely meant by a value a field's rule refused, most likely first: the same text
 * without look-alike characters, a web address with https://, a name as an id, a phone number's
 * digits, a time on the 24-hour clock. A message offers the first one that keeps the field's rules.
 */
import { slugOf } from "../lib/slug.ts";
import { straighten } from "./characters.ts";

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/.*)?$/i;

export function likelyValues(typed: string): string[] {
  const out: string[] = [];
  const add = (value: string) => {
    if (value !== "" && !out.includes(value)) out.push(value);
  };
  const base = straighten(typed);
  add(base);
  // A web address: https:// in front of a bare domain, http:// made https://, without a slash at the end.
  const web = /^http:\/\//i.test(base) ? `https://${base.slice("http://".length)}` : DOMAIN.test(base) ? `https://${base}` : base;
  add(web);
  add(web.replace(/\/+$/, ""));
  // A page of this site: "/" in front of "about-us".
  if (/^[a-z0-9][a-z0-9-]*(\/[a-z0-9-]+)*$/i.test(base) && !DOMAIN.test(base)) add(`/${base.toLowerCase()}`);
  // A name as an id: lower-case words joined by hyphens ("Farah Khan" -> "farah-khan").
  add(slugOf(base));
  add(base.toLowerCase());
  // A phone number or a code: its digits, with and without the + of a country code.
  if (/^[+\d\s().-]+$/.test(base)) {
    const digits = base.replace(/\D/g, "");
    add(`+${digits}`);
    add(digits);
  }
  // A time: "9:00", "9.00", "8 pm" -> "09:00", "09:00", "20:00".
  const time = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s?m\.?)?$/i.exec(base);
  if (time) {
    const [, h = "0", m = "00", half] = time;
    const hour = half ? (Number(h) % 12) + (half.toLowerCase() === "p" ? 12 : 0) : Number(h);
    add(`${String(hour).padStart(2, "0")}:${m}`);
  }
  return out;
}
