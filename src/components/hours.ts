import type { SiteSettings } from "@/generated/content";

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const SHORT: Record<string, string> = { Monday: "Mon", Tuesday: "Tue", Wednesday: "Wed", Thursday: "Thu", Friday: "Fri", Saturday: "Sat", Sunday: "Sun" };

function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "Mon - Sat 9:00 AM - 8:00 PM, Sunday closed" from the structured opening hours. */
export function formatHours(hours: SiteSettings["openingHours"]): string {
  const parts = hours.map((run) => {
    const days = WEEK.filter((d) => run.days.includes(d));
    const [first] = days;
    const last = days.at(-1);
    // The schema requires at least one day per run.
    if (first === undefined || last === undefined) throw new Error("An opening-hours run has no days.");
    const label = days.length === 1 ? SHORT[first] : `${SHORT[first]} - ${SHORT[last]}`;
    return `${label} ${clock(run.opens)} - ${clock(run.closes)}`;
  });
  const closed = WEEK.filter((d) => !hours.some((run) => run.days.includes(d)));
  return [...parts, ...closed.map((d) => `${d} closed`)].join(", ");
}
