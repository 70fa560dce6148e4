/**
 * The activity list: the studio's activity log (activity.ts) in plain words, newest first, filtered
 * by person and by file. Publishers see everyone's; editors their own.
 */
import type { FastifyInstance } from "fastify";
import type { ActivityItem, ActivityList } from "../builder/shared/types.ts";
import type { Account } from "./accounts.ts";
import type { ActivityEntry } from "./activity.ts";
import type { StudioContext } from "./context.ts";

/** How many lines one answer holds at most. */
const MOST = 500;

const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const text = (v: unknown) => (typeof v === "string" ? v : "");
const changes = (n: unknown) => (n === 1 ? "1 change" : `${Number(n) || 0} changes`);

/** What an entry says, as a person would put it. */
export function inWords({ what, details = {} }: ActivityEntry): string {
  const d = details;
  switch (what) {
    case "save":
    case "page.create":
    case "page.rename":
    case "page.delete":
    case "picture.add":
    case "shared.create":
    case "restore":
      return text(d.change) || what;
    case "discard":
      return `Put ${list(d.paths).join(", ")} back as published`;
    case "publish":
      if (d.status === "published") return `Published ${list(d.files).join(", ") || "everything waiting"} (${changes(d.changes)})`;
      if (d.status === "refused") return `A publish was refused: ${text(d.reason)}`;
      if (d.status === "conflict") return "A publish stopped: something was changed both in the drafts and on the live site";
      return "Publish: nothing was waiting";
    case "schedule.add":
      return `Scheduled a publish of ${list(d.asked).join(", ") || "everything waiting"} for ${text(d.when)}`;
    case "schedule.change":
      return `Moved the scheduled publish of ${list(d.asked).join(", ") || "everything waiting"} to ${text(d.when)}`;
    case "schedule.cancel":
      return `Cancelled the publish of ${list(d.asked).join(", ") || "everything waiting"} scheduled for ${text(d.when)}`;
    case "schedule.run":
      return d.status === "failed"
        ? `Scheduled publish (${text(d.when)}) failed: ${text(d.reason)}`
        : `Scheduled publish (${text(d.when)}) of ${list(d.asked).join(", ") || "everything waiting"} went live`;
    case "review.ask":
      return `Asked for a review of ${list(d.paths).join(", ")}${text(d.note) ? `: “${text(d.note)}”` : ""}`;
    case "review.return":
      return `Sent ${list(d.paths).join(", ")} back to ${text(d.toName) || text(d.to)}: “${text(d.comment)}”`;
    case "preview.make":
      return `Made a preview link of ${list(d.asked).join(", ") || "everything waiting"}, valid until ${text(d.expires).slice(0, 10)}`;
    case "preview.revoke":
      return `Revoked a preview link of ${list(d.asked).join(", ") || "everything waiting"}`;
    case "sign-in":
      return `Signed in (${text(d.how) || "password"}) from ${text(d.address)}`;
    case "sign-in.failed":
      return `A failed sign-in (${text(d.step) || "password"}) from ${text(d.address)}`;
    case "account.change":
      return `Changed their sign-in: ${text(d.what)}`;
    case "account.add":
      return `Account added: ${text(d.email)} (${text(d.role)})`;
    case "account.reset":
      return `Account reset: ${text(d.email)}${d.ended ? `, ${changes(d.ended).replace("change", "session")} ended` : ""}`;
    case "account.update":
      return `Account changed: ${text(d.email)}${d.role ? ` (now ${text(d.role)})` : ""}`;
    case "account.remove":
      return `Account removed: ${text(d.email)}`;
    case "enquiry.view":
      return "Opened an enquiry";
    case "enquiries.list":
      return "Looked at the enquiries";
    case "enquiries.export":
      return "Exported enquiries";
    case "enquiries.erase":
      return "Erased a person's enquiries";
    case "enquiry.change":
      return "Changed an enquiry";
    case "enquiry.resend":
      return "Sent an enquiry to the team again";
    case "enquiries.retention":
      return "Deleted enquiries older than the retention period";
    default:
      return what;
  }
}

export async function activityRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }) {
  const { activity, accounts } = ctx;
  app.get<{ Querystring: { who?: string; path?: string } }>(
    "/__edit/api/studio/activity",
    {
      schema: {
        querystring: {
          type: "object",
          properties: { who: { type: "string", maxLength: 320 }, path: { type: "string", maxLength: 1024 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply): Promise<ActivityList> => {
      reply.header("Cache-Control", "no-store");
      const me = request.account as Account;
      // An editor sees their own activity only, whatever they ask.
      const who = me.role === "publisher" ? request.query.who : me.email;
      const { path } = request.query;
      const paths = (e: ActivityEntry) => [...list(e.details?.paths), ...list(e.details?.asked)];
      const all = activity.read();
      const entries = all.filter((e) => (!who || e.who === who) && (!path || paths(e).includes(path)));
      const name = (email: string) => accounts.find(email)?.name ?? email;
      const items: ActivityItem[] = entries
        .slice(-MOST)
        .reverse()
        .map((e) => ({ time: e.time, who: e.who, name: name(e.who), what: e.what, text: inWords(e), paths: [...new Set(paths(e))] }));
      const everyone = me.role === "publisher" ? [...new Set(all.map((e) => e.who))] : [me.email];
      return { items, people: everyone.map((email) => ({ email, name: name(email) })).sort((a, b) => a.name.localeCompare(b.name)) };
    },
  );
}
