/**
 * The inbox's API, for the accounts allowed to see enquiries (403 for anyone else): the list with
 * its search, one enquiry, its follow-up (status, assignee, a note), Send again for a refused one,
 * exports (all, or one person's; CSV or JSON) and a person's enquiries deleted on request. Every
 * answer is `no-store`. Every look at enquiries (the list, one opened), every export and every
 * change goes to the activity log: who, when, which. The open builders hear when the inbox changes
 * (an "enquiries" event, with no content but the id changed and by whom: each asks again with its
 * own permission).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { BadRequest, Conflict, Forbidden, NotFound } from "../builder/server/errors.ts";
import { FOLLOW_UPS, type FollowUp, type InboxList, type PersonsEnquiries } from "../builder/shared/inbox.ts";
import { type Account, canAnswerEnquiries } from "./accounts.ts";
import type { StudioContext } from "./context.ts";
import type { Inbox } from "./inbox.ts";
import { personKey } from "./inbox.ts";
import { toCsv, toJson } from "./inbox-export.ts";

/** The list shows at most this many at once: a search narrows it. */
export const LIST_LIMIT = 200;
const NOTE_MAX = 2000;
/** How often the outbox is looked at for what the site server did (new enquiries, deliveries), while a builder is open. */
const LOOK_MS = 2_000;

const ID = { type: "string", minLength: 1, maxLength: 300 } as const;
const EMAIL = { type: "string", minLength: 3, maxLength: 320 } as const;
const TIME = { type: "string", maxLength: 40 } as const;

const accountOf = (request: FastifyRequest) => request.account as Account;
const who = (request: FastifyRequest) => ({ email: accountOf(request).email, name: accountOf(request).name });

/** An instant from the search (an ISO time), or undefined; a BadRequest for anything else. */
function instant(value: string | undefined, which: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new BadRequest(`The ${which} date is not a date: "${value}".`);
  return time;
}

/** A file name part from an address: letters, digits and hyphens. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");

const unavailable = () =>
  "The studio cannot see the site's enquiries: it reads them from the site server's outbox on this machine. Set OUTBOX_DIR to that folder (the site server's own OUTBOX_DIR) and restart the studio.";

export async function inboxRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }) {
  const { events } = ctx;
  const need = (): Inbox => {
    if (!ctx.inbox) throw new NotFound(unavailable());
    return ctx.inbox;
  };

  // What people read here is personal data: never kept by a browser or a proxy.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  });
  app.addHook("preHandler", async (request) => {
    if (!request.account || !canAnswerEnquiries(request.account))
      throw new Forbidden(
        "Only the people who answer the site's enquiries see them. Ask whoever runs the studio to allow you (npm run studio -- user update <your e-mail> --enquiries yes).",
      );
  });

  // New enquiries and deliveries come from the site server: the builders are told when the outbox changed.
  let seen = "";
  const look = setInterval(() => {
    if (!ctx.inbox || events.size === 0) return;
    void Promise.all([ctx.inbox.outbox.snapshot(), ctx.inbox.outbox.queueState()]).then(
      ([where, queue]) => {
        const now = JSON.stringify([[...where].sort(), queue?.configFault?.since ?? null, queue?.smtp ?? null]);
        if (seen !== "" && now !== seen) events.send("enquiries", {});
        seen = now;
      },
      () => undefined,
    );
  }, LOOK_MS);
  look.unref();
  app.addHook("onClose", async () => clearInterval(look));

  listAndRead(app, ctx, need);
  exportsAndPeople(app, ctx, need);
  followUp(app, ctx, need);
}

/** The list (searched, by follow-up status and dates) and one enquiry, each view recorded. */
function listAndRead(app: FastifyInstance, ctx: StudioContext, need: () => Inbox) {
  const { activity, config } = ctx;
  app.get<{ Querystring: { q?: string; status?: FollowUp | "all"; from?: string; to?: string } }>(
    "/__edit/api/enquiries",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: { q: { type: "string", maxLength: 200 }, status: { type: "string", enum: [...FOLLOW_UPS, "all"] }, from: TIME, to: TIME },
        },
      },
    },
    async (request): Promise<InboxList> => {
      const publisher = accountOf(request).role === "publisher";
      const base = { limit: LIST_LIMIT, people: ctx.inbox?.people() ?? [], retentionDays: config.retentionDays };
      if (!ctx.inbox) {
        const counts = Object.fromEntries(FOLLOW_UPS.map((s) => [s, 0])) as InboxList["counts"];
        return { ...base, unavailable: unavailable(), enquiries: [], total: 0, counts, mail: { smtp: null, mailTo: null, blocked: false, fault: null } };
      }
      const { q, status } = request.query;
      const search = { q, status, from: instant(request.query.from, "from"), to: instant(request.query.to, "to") };
      const { found, counts } = await ctx.inbox.search(search);
      const shown = found.slice(0, LIST_LIMIT);
      // The search's words are left out: they may be someone's name or address.
      activity.record(accountOf(request).email, "enquiries.list", {
        shown: shown.length,
        total: found.length,
        search: { status: status ?? "all", from: request.query.from, to: request.query.to, words: Boolean(q) },
      });
      return {
        ...base,
        unavailable: null,
        // The list's rows: no full message, notes or addresses of origin.
        enquiries: shown.map(({ message: _m, text: _t, notes: _n, clientIp: _c, messageId: _i, changed: _ch, ...summary }) => summary),
        total: found.length,
        counts,
        mail: await ctx.inbox.mail(publisher),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/__edit/api/enquiries/:id",
    { schema: { params: { type: "object", required: ["id"], properties: { id: ID } } } },
    async (request) => {
      const enquiry = await need().one(request.params.id);
      if (!enquiry) throw new NotFound("There is no such enquiry any more: it may have been deleted.");
      activity.record(accountOf(request).email, "enquiry.view", { id: enquiry.id });
      return enquiry;
    },
  );
}

/** Exports (CSV, JSON), and what the studio holds of one person: shown, or erased. */
function exportsAndPeople(app: FastifyInstance, ctx: StudioContext, need: () => Inbox) {
  const { activity, events } = ctx;
  app.get<{ Querystring: { format: "csv" | "json"; email?: string } }>(
    "/__edit/api/enquiries/export",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          required: ["format"],
          properties: { format: { type: "string", enum: ["csv", "json"] }, email: EMAIL },
        },
      },
    },
    async (request, reply) => {
      const inbox = need();
      const { format, email } = request.query;
      const list = email ? await inbox.ofPerson(email) : await inbox.all();
      const by = accountOf(request).email;
      activity.record(by, "enquiries.export", {
        format,
        count: list.length,
        ids: list.map((e) => e.id),
        ...(email ? { person: personKey(email) } : {}),
      });
      const day = new Date().toISOString().slice(0, 10);
      const name = `enquiries-${email ? `of-${fileSafe(email)}-` : ""}${day}.${format}`;
      return reply
        .type(format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .send(format === "csv" ? toCsv(list) : toJson(list, by));
    },
  );

  app.get<{ Querystring: { email: string } }>(
    "/__edit/api/enquiries/person",
    { schema: { querystring: { type: "object", additionalProperties: false, required: ["email"], properties: { email: EMAIL } } } },
    async (request): Promise<PersonsEnquiries> => {
      const list = await need().ofPerson(request.query.email);
      activity.record(accountOf(request).email, "enquiries.person", { person: personKey(request.query.email), ids: list.map((e) => e.id) });
      return { email: request.query.email, enquiries: list.map((e) => ({ id: e.id, receivedAt: e.receivedAt, subject: e.subject })) };
    },
  );

  app.post<{ Body: { email: string; count: number } }>(
    "/__edit/api/enquiries/erase",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          required: ["email", "count"],
          properties: { email: EMAIL, count: { type: "integer", minimum: 1 } },
        },
      },
    },
    async (request) => {
      const inbox = need();
      const { email, count } = request.body;
      // The confirmation was for what the person saw: if that changed meanwhile, they look again.
      const list = await inbox.ofPerson(email);
      if (list.length !== count)
        throw new Conflict(`${email} has ${list.length === 1 ? "1 enquiry" : `${list.length} enquiries`} now, not ${count}: look again before deleting.`);
      const ids = list.map((e) => e.id);
      const removed = await inbox.remove(ids);
      activity.record(accountOf(request).email, "enquiries.erase", { person: personKey(email), ids: removed });
      ctx.say(`Inbox: ${accountOf(request).email} deleted ${removed.length === 1 ? "1 enquiry" : `${removed.length} enquiries`} of one person on request.`);
      events.send("enquiries", {});
      return { deleted: removed.length };
    },
  );
}

/** Follow-up (status, who answers, notes) and Send again for a refused e-mail. */
function followUp(app: FastifyInstance, ctx: StudioContext, need: () => Inbox) {
  const { activity, events } = ctx;
  app.post<{ Params: { id: string }; Body: { status?: FollowUp; assignee?: string | null; note?: string } }>(
    "/__edit/api/enquiries/:id",
    {
      schema: {
        params: { type: "object", required: ["id"], properties: { id: ID } },
        body: {
          type: "object",
          additionalProperties: false,
          minProperties: 1,
          properties: {
            status: { type: "string", enum: [...FOLLOW_UPS] },
            assignee: { anyOf: [EMAIL, { type: "null" }] },
            note: { type: "string", minLength: 1, maxLength: NOTE_MAX },
          },
        },
      },
    },
    async (request) => {
      const inbox = need();
      const { status, assignee } = request.body;
      const note = request.body.note?.trim();
      if (note === "") throw new BadRequest("The note is empty.");
      if (assignee && !inbox.people().some((p) => p.email === assignee))
        throw new BadRequest(`${assignee} cannot be assigned an enquiry: only the people who see the enquiries can.`);
      const enquiry = await inbox.change(request.params.id, { status, assignee, note }, who(request));
      if (!enquiry) throw new NotFound("There is no such enquiry any more: it may have been deleted.");
      activity.record(accountOf(request).email, "enquiry.change", {
        id: enquiry.id,
        ...(status ? { status } : {}),
        ...(assignee !== undefined ? { assignee } : {}),
        ...(note ? { note: true } : {}),
      });
      events.send("enquiries", { changed: enquiry.id, by: accountOf(request).email });
      return enquiry;
    },
  );

  app.post<{ Params: { id: string } }>(
    "/__edit/api/enquiries/:id/resend",
    { schema: { params: { type: "object", required: ["id"], properties: { id: ID } } } },
    async (request) => {
      const inbox = need();
      const { id } = request.params;
      if (!(await inbox.resend(id))) {
        if (await inbox.one(id)) throw new Conflict("It is not refused any more: it was sent again already.");
        throw new NotFound("There is no such enquiry any more: it may have been deleted.");
      }
      activity.record(accountOf(request).email, "enquiry.resend", { id });
      events.send("enquiries", { changed: id, by: accountOf(request).email });
      return { resent: true };
    },
  );
}
