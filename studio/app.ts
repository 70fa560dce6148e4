/**
 * The studio: the page builder as a service for a team. A production build of the builder and its
 * canvas (dist-studio/, made by `npm run studio`), served by Fastify behind a sign-in; the builder's
 * API over the studio's own clone of the site's repository, where each save is a commit by its
 * editor on the drafts branch (git-store.ts); and what a team needs beyond it: who is editing what,
 * the drafts not published yet, publish (publishers), history and restore (publishers), and the
 * site's enquiries (the inbox, for the accounts allowed). Each concern is a plugin of its own,
 * registered here in order.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import Fastify, { type FastifyServerOptions } from "fastify";
import { EventStream } from "../builder/server/events.ts";
import { Clone, DraftsMirror } from "../builder/server/git.ts";
import { NO_COERCION } from "../builder/server/routes.ts";
import { Outbox } from "../server/enquiry/outbox.ts";
import { enquiries, everyDay } from "../server/enquiry/retention.ts";
import { accountPages } from "./account-pages.ts";
import { Accounts } from "./accounts.ts";
import { ActivityLog } from "./activity.ts";
import { activityRoutes } from "./activity-routes.ts";
import { sessionsAndGuard } from "./auth.ts";
import { builderApi } from "./builder-api.ts";
import { builderPages } from "./builder-pages.ts";
import type { StudioConfig } from "./config.ts";
import type { StudioContext } from "./context.ts";
import { controlSocket, serveControl } from "./control.ts";
import { deployedCommit, localDeploy, tidyReleases } from "./deploy.ts";
import { gitStore } from "./git-store.ts";
import { historyRoutes } from "./history-routes.ts";
import { Inbox } from "./inbox.ts";
import { inboxRoutes } from "./inbox-routes.ts";
import { InboxStore } from "./inbox-store.ts";
import { Presence } from "./presence.ts";
import { deployPublished } from "./publish.ts";
import { type PublishRun, publisher, publishRoutes } from "./publish-routes.ts";
import { scheduler, scheduleRoutes } from "./schedules.ts";
import { reviewing, reviewRoutes } from "./reviews.ts";
import { previewing, previewRoutes, previewServer } from "./previews.ts";
import { security } from "./security.ts";
import { SessionFile } from "./sessions.ts";
import { signInRoutes } from "./sign-in.ts";
import { siteFiles } from "./site-files.ts";

export class StudioStartError extends Error {}

export interface StudioOptions {
  config: StudioConfig;
  /** This project: its node_modules build the site at publish; with STUDIO_DEPLOY=local its dist/ is switched. */
  project: string;
  /** The studio's build (vite.studio.config.ts). */
  assets: string;
  logger?: FastifyServerOptions["logger"];
  /** What the studio tells whoever runs it: what it put right as it started, each publish's steps. */
  say?(line: string): void;
}

/** With STUDIO_DEPLOY=local: old releases tidied, and a publish stopped before its switch finished now (in the background). */
async function resumeDeploy(clone: Clone, project: string, deploy: NonNullable<StudioContext["deploy"]>, releases: string, say: (line: string) => void) {
  for (const line of tidyReleases(releases)) say(line);
  const served = deployedCommit(project);
  const live = await clone.head(clone.live);
  if (served === null || served === live) return;
  say(
    `The served site (${served.slice(0, 7)}) is not the published one (${live.slice(0, 7)}): a publish was stopped before switching it in. Building and switching in the published one now…`,
  );
  void clone
    .exclusive(() => deployPublished(clone, { project, deploy, say }))
    .then(
      (commit) => say(`The served site is the published one again (${commit.slice(0, 7)}).`),
      (err: Error) => say(`Could not switch in the published site: ${err.message}\nPublish again once this is fixed.`),
    );
}

export async function buildStudio({ config, project, assets, logger = false, say = () => {} }: StudioOptions) {
  const accounts = new Accounts(join(config.dataDir, "accounts.json"));
  if (!accounts.list().some((a) => a.password || a.invite || a.sso) && !config.oidc?.newRole)
    throw new StudioStartError(
      'The studio has no account yet, so nobody could sign in. Add the first one (a publisher) with:\n  npm run studio -- user add you@example.com --name "Your Name" --role publisher',
    );
  if (!existsSync(join(assets, "index.html"))) throw new StudioStartError(`No build of the studio in ${assets}: npm run studio builds it.`);
  const sessions = new SessionFile(join(config.dataDir, "sessions.json"));
  // First: a second studio on the same data would put the first one's clone "right" under it.
  const activity = new ActivityLog(join(config.dataDir, "activity.log"));
  const control = await serveControl(controlSocket(config.dataDir), accounts, sessions, config.origin, activity).catch((err: Error) => {
    throw new StudioStartError(err.message);
  });
  const clone = new Clone({ dir: join(config.dataDir, "repo"), remote: config.remote, drafts: config.drafts, published: config.published });
  for (const line of await clone.open()) say(line);
  // Every save reaches the remote's drafts branch soon after (and what a stop left behind, now).
  const mirror = new DraftsMirror(clone);
  void mirror.push();
  const events = new EventStream();
  const releases = join(config.dataDir, "releases");
  const deploy = config.deploy === "local" ? localDeploy(project, releases) : undefined;
  if (deploy) await resumeDeploy(clone, project, deploy, releases, say);
  const inbox = config.outboxDir ? new Inbox(new Outbox(config.outboxDir), new InboxStore(join(config.dataDir, "inbox.json")), accounts) : null;
  const ctx: StudioContext = {
    config,
    project,
    assets,
    accounts,
    sessions,
    clone,
    git: gitStore(clone, events, mirror, activity),
    events,
    presence: new Presence(events),
    mirror,
    deploy,
    say,
    activity,
    inbox,
  };

  const app = Fastify({
    logger,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestTimeout: 30_000,
    bodyLimit: 256 * 1024,
    ajv: NO_COERCION,
    // Loading the builder's files compresses each one (assets.ts), longer than Fastify's default on a busy machine (docs/performance.md).
    pluginTimeout: 120_000,
  });
  // Sign-ins, failed ones and account changes are recorded wherever they happen.
  app.decorate("activity", activity);
  await app.register(security, { config });
  await app.register(sessionsAndGuard, { accounts, sessions, config });
  await app.register(signInRoutes, { accounts, sessions, config, say });
  await app.register(accountPages, { accounts, sessions, config, say });
  await app.register(builderPages, { assets });
  await app.register(siteFiles, { root: clone.dir });
  const runs: { current: PublishRun | null } = { current: null };
  const review = reviewing(ctx);
  const publishing = publisher(ctx, runs, (err) => app.log.error(err), review);
  const scheduling = scheduler(ctx, publishing);
  app.addHook("onClose", async () => scheduling.close());
  await app.register(builderApi, { ctx, publishing: () => runs.current, schedules: scheduling.shown, reviews: review.shown });
  await app.register(historyRoutes, { ctx });
  await app.register(publishRoutes, { publishing });
  await app.register(scheduleRoutes, { ctx, scheduling });
  await app.register(reviewRoutes, { ctx, review });
  const preview = previewing(ctx);
  app.addHook("onClose", async () => preview.close());
  await app.register(previewRoutes, { ctx, preview });
  const previews = await previewServer(preview);
  await app.register(inboxRoutes, { ctx });
  await app.register(activityRoutes, { ctx });

  // Retention, at start and daily: old enquiries deleted from the outbox, the team's records of them forgotten; logged.
  const stopRetention = inbox
    ? await everyDay(
        async () => {
          const { deleted, forgotten } = await inbox.expire(config.retentionDays);
          activity.record("studio", "enquiries.retention", { days: config.retentionDays, ids: deleted, forgotten });
          if (deleted.length > 0)
            say(`Retention: deleted ${enquiries(deleted.length)} received more than ${config.retentionDays} days ago (ENQUIRY_RETENTION_DAYS).`);
        },
        (err) => say(`Retention: could not delete old enquiries: ${err.message}`),
      )
    : () => {};

  // Before the server waits for its connections to end: the open builders' event streams never end on their own.
  app.addHook("preClose", async () => events.close());
  app.addHook("onClose", async () => {
    stopRetention();
    mirror.close();
    sessions.flush();
    await control.close();
  });
  // The site read once at start, in the background: the first editor to open the builder does not wait for the checks' first run.
  app.addHook("onReady", async () => {
    void ctx.git.store.state().catch(() => undefined);
  });
  return { app, clone, accounts, sessions, previews };
}
