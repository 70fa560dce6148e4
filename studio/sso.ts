/**
 * Single sign-on with the company's OpenID Connect provider (Google Workspace, Entra ID, Keycloak,
 * Okta...), with openid-client: the authorization code flow with PKCE, `state` and `nonce` kept in
 * the browser's session, and the ID token checked (issuer, audience, expiry, nonce, and its
 * signature against the provider's published keys). The provider's metadata and keys are read
 * for each sign-in: a key the provider rotated is never missed, and sign-ins are rare.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as client from "openid-client";
import type { Accounts } from "./accounts.ts";
import { startSession } from "./auth.ts";
import type { OidcConfig, StudioConfig } from "./config.ts";
import { html, layout } from "./html.ts";
import type { SignInPage } from "./sign-in.ts";

/** How long a sign-in at the provider may take. */
const FLOW_MS = 10 * 60_000;

const CALLBACK = "/sign-in/sso/callback";

/**
 * The provider sends the browser back from another site: a SameSite=Strict cookie (the session's)
 * does not come with that request. The sign-in under way is kept here, named by a cookie of its own
 * (SameSite=Lax, this path only, ten minutes), and used once.
 */
const FLOW_COOKIE = "studio_sso";
type Flow = { state: string; nonce: string; verifier: string; next: string; at: number };

const loopback = (issuer: string) => new URL(issuer).protocol === "http:";

async function provider(oidc: OidcConfig): Promise<client.Configuration> {
  const config = await client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), {
    // config.ts allows plain HTTP only for a provider on this machine.
    execute: loopback(oidc.issuer) ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
  // The ID token's signature is checked against the provider's keys, not only trusted for coming over TLS.
  client.enableNonRepudiationChecks(config);
  return config;
}

/** What went wrong, for the person, from openid-client's error. */
export function ssoProblem(err: Error & { code?: string; error?: string; error_description?: string }, name: string): string {
  // openid-client says what kind of check failed; the error it wraps (its cause) says which claim.
  const causes: string[] = [];
  for (let e: unknown = err; e instanceof Error && causes.length < 4; e = e.cause) causes.push(e.message);
  const m = causes.join(" | ");
  if (err.error === "access_denied") return `${name} did not let you in (you cancelled, or it refused): nothing was changed.`;
  if (err.error)
    return `${name} answered with an error (${err.error}${err.error_description ? `: ${err.error_description}` : ""}). Try again, or sign in another way.`;
  if (/"state"/.test(m))
    return "This sign-in answer did not come from the sign-in this browser started (its state does not match), so it was refused: start again.";
  if (/"nonce"/.test(m)) return `The ID token from ${name} was not made for this sign-in (its nonce does not match), so it was refused: start again.`;
  if (/"exp"|expir/i.test(m))
    return `The ID token from ${name} had already expired, so it was refused. If this repeats, the clock of this server or of the provider is wrong.`;
  if (/signature/i.test(m))
    return `The ID token was not signed by ${name}'s keys, so it was refused: someone may be forging sign-ins. Tell whoever runs the studio.`;
  if (/"iss"|issuer/i.test(m)) return `The ID token was not issued by ${name} as set up (STUDIO_OIDC_ISSUER), so it was refused.`;
  if (/"aud"|audience|azp/i.test(m)) return "The ID token was made for another application, so it was refused.";
  if (/fetch|ECONNREFUSED|ENOTFOUND|timed? ?out|network/i.test(m) || err.code === "OAUTH_TIMEOUT")
    return `The studio could not reach ${name} (${m}): try again in a moment; if it persists, whoever runs the studio should check STUDIO_OIDC_ISSUER.`;
  return `The sign-in with ${name} could not be checked (${causes.at(-1)}): start again.`;
}

/** Whether the settings let this address in: a domain or an address named; both lists empty lets in existing accounts only. */
export const ssoAllows = (oidc: OidcConfig, email: string) =>
  (oidc.domains.length === 0 && oidc.allow.length === 0) || oidc.allow.includes(email) || oidc.domains.includes(email.split("@")[1] ?? "");

export async function ssoRoutes(
  app: FastifyInstance,
  { accounts, config, oidc, say, signInPage }: { accounts: Accounts; config: StudioConfig; oidc: OidcConfig; say(line: string): void; signInPage: SignInPage },
) {
  const redirectUri = `${config.origin}${CALLBACK}`;
  const flows = new Map<string, Flow>();
  const secure = new URL(config.origin).protocol === "https:";
  const takeFlow = (request: FastifyRequest): Flow | undefined => {
    const id = request.cookies[FLOW_COOKIE] ?? "";
    const flow = flows.get(id);
    flows.delete(id);
    for (const [key, f] of flows) if (Date.now() - f.at > FLOW_MS) flows.delete(key);
    return flow;
  };
  const nextOf = (request: FastifyRequest) => {
    const next = (request.query as Record<string, unknown>).next;
    return typeof next === "string" && /^\/(__edit|account)(\/|\?|$)/.test(next) ? next : "/__edit";
  };

  app.get("/sign-in/sso", async (request, reply) => {
    const next = nextOf(request);
    let server: client.Configuration;
    try {
      server = await provider(oidc);
    } catch (err) {
      return signInPage(reply, { next, status: 502, message: ssoProblem(err as Error, oidc.name) });
    }
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const id = randomBytes(24).toString("base64url");
    flows.set(id, { state, nonce, verifier, next, at: Date.now() });
    reply.setCookie(FLOW_COOKIE, id, { httpOnly: true, secure, sameSite: "lax", path: CALLBACK, maxAge: FLOW_MS / 1000 });
    const url = client.buildAuthorizationUrl(server, {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return reply.redirect(url.href, 303);
  });

  app.get(CALLBACK, async (request, reply) => {
    const flow = takeFlow(request);
    reply.clearCookie(FLOW_COOKIE, { path: CALLBACK });
    const refuse = (message: string, status = 401) => {
      say(`Studio: a single sign-on refused from ${request.ip}: ${message}`);
      return signInPage(reply, { next: flow?.next ?? "/__edit", status, message });
    };
    if (!flow || Date.now() - flow.at > FLOW_MS)
      return refuse(`This answer from ${oidc.name} does not belong to a sign-in started in this browser (or it took too long): start again.`);
    let claims: (client.IDToken & client.UserInfoResponse) | undefined;
    try {
      const server = await provider(oidc);
      const tokens = await client.authorizationCodeGrant(server, new URL(request.url, config.origin), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      // Many providers put the address in the ID token; the others (conforming to the core spec) at their userinfo endpoint.
      claims =
        idToken && typeof idToken.email !== "string"
          ? { ...idToken, ...(await client.fetchUserInfo(server, tokens.access_token, idToken.sub)) }
          : (idToken as typeof claims);
    } catch (err) {
      return refuse(ssoProblem(err as Error, oidc.name));
    }
    const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
    if (!email) return refuse(`${oidc.name} did not tell the studio your e-mail address (the "email" scope): whoever runs the provider should allow it.`);
    if (claims?.email_verified !== true) return refuse(`${oidc.name} has not verified the address ${email}, so the studio cannot take it as yours.`);
    if (!ssoAllows(oidc, email))
      return refuse(
        `${email} may not sign in to this studio: only ${[...oidc.domains.map((d) => `addresses at ${d}`), ...oidc.allow].join(", ")} may. Ask whoever runs the studio.`,
        403,
      );
    let account = accounts.find(email);
    if (!account) {
      if (!oidc.newRole)
        return refuse(`There is no studio account for ${email}, and single sign-on adds nobody new here: ask whoever runs the studio to add you.`, 403);
      const name = typeof claims?.name === "string" ? claims.name : email;
      account = accounts.addFromSso(email, name, oidc.newRole);
      say(`Studio: ${email} signed in with ${oidc.name} for the first time and was added as ${oidc.newRole === "editor" ? "an editor" : "a publisher"}.`);
    }
    await startSession(request, account, { sso: true });
    // A page of the studio's own goes on: a redirect would still count as coming from the provider's site,
    // and the browser would not send the new (SameSite=Strict) session cookie with it.
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(
        layout({
          title: "Signed in",
          head: html`<meta http-equiv="refresh" content="0;url=${flow.next}">`,
          body: html`    <h1>Signed in</h1>
    <p>You are signed in as ${account.email}. <a href="${flow.next}">Go on to the studio</a>.</p>`,
        }),
      );
  });
}
