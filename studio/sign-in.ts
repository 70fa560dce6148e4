/**
 * Signing in to the studio: the sign-in page (a plain form: it works without JavaScript), an
 * invitation page to choose a password, and sign-out. Failed sign-ins slow the next try down
 * (sign-in-limiter.ts); a sign-in that cannot hold (https set up, plain HTTP arriving) says why.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Accounts } from "./accounts.ts";
import { startSession } from "./auth.ts";
import type { StudioConfig } from "./config.ts";
import { page } from "./html.ts";
import type { SessionFile } from "./sessions.ts";
import { inWords, SignInLimiter } from "./sign-in-limiter.ts";

/** Where a sign-in goes next: only a path of the studio itself. */
const nextPath = (value: unknown) => (typeof value === "string" && /^\/__edit(\/|\?|$)/.test(value) ? value : "/__edit");

export async function signInRoutes(app: FastifyInstance, { accounts, sessions, config }: { accounts: Accounts; sessions: SessionFile; config: StudioConfig }) {
  const limiter = new SignInLimiter();
  const origin = new URL(config.origin);

  const signInPage = (reply: FastifyReply, { email = "", next = "/__edit", message = "", status = 200 } = {}) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: "Sign in to the studio",
          message,
          fields: [
            { name: "email", label: "E-mail address", type: "email", value: email, autocomplete: "username" },
            { name: "password", label: "Password", type: "password", value: "", autocomplete: "current-password" },
          ],
          hidden: { next },
          action: "/sign-in",
          button: "Sign in",
        }),
      );

  app.get("/sign-in", (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return signInPage(reply, {
      next: nextPath(query.next),
      message: query.ended ? "Your session has ended (signed out, expired, or your account changed): sign in again." : (plainHttp(request) ?? ""),
    });
  });

  /** Why a sign-in cannot hold: the studio is set up for https but this request came over plain HTTP, so the browser would drop its Secure cookie. */
  const plainHttp = (request: FastifyRequest) =>
    origin.protocol === "https:" && request.protocol !== "https"
      ? `This studio is set up to be opened at ${origin.origin}, but this request came over plain HTTP, so signing in cannot work: open ${origin.origin}, and make sure the proxy in front sends X-Forwarded-Proto and is named in TRUST_PROXY.`
      : null;

  app.post("/sign-in", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const next = nextPath(body.next);
    const insecure = plainHttp(request);
    if (insecure) return signInPage(reply, { email, next, status: 400, message: insecure });
    const keys = { account: email, address: request.ip };
    const wait = limiter.wait(keys);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      return signInPage(reply, {
        email,
        next,
        status: 429,
        message: `Too many failed sign-ins for this account: wait ${inWords(wait)}, then try again. (Each further wrong password doubles the wait.)`,
      });
    }
    const account = email && password ? await accounts.verify(email, password) : null;
    if (!account) {
      limiter.failed(keys);
      return signInPage(reply, { email, next, status: 401, message: "That e-mail address and password do not match an account." });
    }
    limiter.succeeded(keys);
    await startSession(request, account);
    return reply.redirect(next, 303);
  });

  app.post("/sign-out", async (request, reply) => {
    await request.session.destroy();
    return reply.redirect("/sign-in", 303);
  });

  const invitePage = (reply: FastifyReply, token: string, { message = "", status = 200 } = {}) => {
    const account = accounts.invited(token);
    if (!account)
      return reply
        .code(404)
        .type("text/html; charset=utf-8")
        .send(
          page("sign-in", {
            title: "This invitation is not valid any more",
            message: "Ask for a new invitation link.",
            fields: [],
            hidden: {},
            action: "",
            button: "",
          }),
        );
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: `Welcome, ${account.name}: choose your password`,
          message,
          fields: [
            { name: "email", label: "E-mail address", type: "email", value: account.email, autocomplete: "username", readonly: true },
            { name: "password", label: "New password (at least 10 characters)", type: "password", value: "", autocomplete: "new-password" },
          ],
          hidden: {},
          action: `/invite/${token}`,
          button: "Set the password and sign in",
        }),
      );
  };

  app.get("/invite/:token", (request, reply) => invitePage(reply, (request.params as { token: string }).token));

  app.post("/invite/:token", async (request, reply) => {
    const { token } = request.params as { token: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      const account = await accounts.accept(token, typeof body.password === "string" ? body.password : "");
      sessions.endFor(account.email);
      await startSession(request, account);
      return reply.redirect("/__edit", 303);
    } catch (err) {
      return invitePage(reply, token, { status: 400, message: (err as Error).message });
    }
  });
}
