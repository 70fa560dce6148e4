/**
 * The builder's API in the studio (builder/server/routes.ts over the Git store: each write a commit
 * by the person signed in), with what a team adds: the state says who is signed in; putting a file
 * back as published is a publisher's; the event stream starts with who is editing what; the
 * studio's status (drafts not published and by whom, presence, the publish running, the remote,
 * the new enquiries for those who see them);
 * and each builder saying which file it has open.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Forbidden } from "../builder/server/errors.ts";
import { builderRoutes } from "../builder/server/routes.ts";
import type { ReviewRequest, ScheduledPublish, StudioStatus } from "../builder/shared/types.ts";
import { type Account, canAnswerEnquiries } from "./accounts.ts";
import type { StudioContext } from "./context.ts";
import { pending } from "./history.ts";
import type { PublishRun } from "./publish-routes.ts";

/** How often the open builders are told the drafts' summary while saves keep coming. */
const DRAFTS_EVERY_MS = 1000;

const accountOf = (request: FastifyRequest) => request.account as Account;
const person = (request: FastifyRequest) => ({ name: accountOf(request).name, email: accountOf(request).email });

export function publisherOnly(request: FastifyRequest) {
  if (request.account?.role !== "publisher") throw new Forbidden("Only a publisher can do this: ask one of them.");
}

export async function builderApi(
  app: FastifyInstance,
  {
    ctx,
    publishing,
    schedules,
    reviews,
  }: {
    ctx: StudioContext;
    publishing: () => PublishRun | null;
    schedules: () => Promise<ScheduledPublish[]>;
    reviews: (account: Account) => Promise<ReviewRequest[]>;
  },
) {
  const { git, presence, config, mirror } = ctx;
  app.addHook("preHandler", async (request) => {
    if (request.method === "POST" && request.url.split("?")[0] === "/__edit/api/discard") publisherOnly(request);
  });
  await app.register(builderRoutes, {
    prefix: "/__edit/api",
    store: git.store,
    who: person,
    stateExtra: (request) => ({ studio: { account: { name: accountOf(request).name, email: accountOf(request).email, role: accountOf(request).role } } }),
    hello: () => ({ event: "presence", data: presence.editing() }),
  });

  // After a change, the drafts' summary and the remote's state, read once and sent to every open
  // builder (none asks for them): at most one reading per DRAFTS_EVERY_MS however fast saves come.
  let next: NodeJS.Timeout | null = null;
  let reading = false;
  let again = false;
  const tell = async () => {
    next = null;
    reading = true;
    try {
      ctx.events.send("drafts", { pending: await pending(ctx.clone, git.title), remote: await mirror.state() });
    } catch {
      // Each builder asks the whole status when it next needs it (a stream reconnecting, a publish).
    } finally {
      reading = false;
      if (again) soon();
    }
  };
  const soon = () => {
    again = reading;
    if (reading || next) return;
    next = setTimeout(tell, DRAFTS_EVERY_MS);
    next.unref();
  };
  // While a publish runs, the summary waits for its end (the build has the machine; the summary changes then anyway).
  let publishRuns = false;
  ctx.events.onSend((event, data) => {
    if (event === "publish") publishRuns = !(data as { done?: boolean } | undefined)?.done;
    // The publish's last event ("done") is sent after it ended: the summary is read then.
    if ((event === "changed" || event === "publish") && !publishRuns) soon();
  });
  app.addHook("onClose", async () => {
    if (next) clearTimeout(next);
  });

  app.get("/__edit/api/studio", async (request, reply): Promise<StudioStatus> => {
    reply.header("Cache-Control", "no-store");
    const run = publishing();
    const account = accountOf(request);
    return {
      account: { name: account.name, email: account.email, role: account.role },
      pending: await pending(ctx.clone, git.title),
      editing: presence.editing(),
      publishing: run ? { id: run.id, running: !run.done, log: run.log, outcome: run.outcome } : null,
      deploy: config.deploy,
      remote: await mirror.state(),
      // Without an outbox to read, an allowed account still gets its button: the inbox says why it is empty.
      enquiries: canAnswerEnquiries(account) ? ((await ctx.inbox?.status()) ?? { new: 0, blocked: false }) : null,
      schedules: await schedules(),
      timeZone: config.timeZone,
      reviews: await reviews(account),
      reviewRequired: config.reviewRequired,
    };
  });
  app.post<{ Body: { path: string } }>(
    "/__edit/api/studio/presence",
    { schema: { body: { type: "object", required: ["path"], properties: { path: { type: "string", maxLength: 1024 } } } } },
    async (request) => {
      presence.here({ ...person(request), path: request.body.path });
      return { editing: presence.editing() };
    },
  );
}
