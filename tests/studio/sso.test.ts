/**
 * Single sign-on end to end (issue 50): a real OpenID Connect provider (oidc-provider, started here on
 * 127.0.0.1 with its own public configuration: one client, one signing key, its sign-in pages) and a
 * real studio (npm run studio's script) set up for it, with password sign-in turned off. A new person
 * from the allowed domain gets the configured role; someone from another domain is refused; a forged
 * state, a wrong nonce, an expired ID token and one signed with a key that is not the provider's are
 * each refused, in words. The provider's clock is this process's (faked for the expired token: the
 * studio's is the real one); its published keys are swapped by a middleware of its own (provider.use).
 */
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { EDITOR, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";

const port = 11600 + (process.pid % 100);
const providerPort = 11700 + (process.pid % 100);
const issuer = `http://127.0.0.1:${providerPort}`;
const CLIENT = { id: "studio", secret: "a long client secret for the studio" };

let studio: StudioFixture;
let server: Server;
/** When set, the provider publishes this key (same key id) instead of the one it signs with. */
let publishedInstead: Record<string, unknown> | null = null;

const signing = {
  ...(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }) as Record<string, unknown>),
  kid: "k1",
  alg: "RS256",
  use: "sig",
};
const stranger = (() => {
  const { n, e, kty } = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as Record<string, unknown>;
  return { n, e, kty, kid: "k1", alg: "RS256", use: "sig" };
})();

beforeAll(async () => {
  studio = await studioFixture({
    port,
    name: "studio-sso",
    env: {
      STUDIO_OIDC_ISSUER: issuer,
      STUDIO_OIDC_CLIENT_ID: CLIENT.id,
      STUDIO_OIDC_CLIENT_SECRET: CLIENT.secret,
      STUDIO_OIDC_DOMAINS: "example.com",
      STUDIO_OIDC_NEW_ROLE: "editor",
      STUDIO_OIDC_NAME: "Example Corp",
      STUDIO_PASSWORD_SIGN_IN: "off",
    },
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${studio.url}/sign-in/sso/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [signing] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true, name: `Person ${id.split("@")[0]}` }) }),
    cookies: { keys: ["a cookie key for the test provider"] },
  });
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === "/jwks" && publishedInstead) ctx.body = { keys: [publishedInstead] };
  });
  server = provider.listen(providerPort, "127.0.0.1");
  await studio.start();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
  await new Promise((resolve) => server?.close(resolve));
}, 60_000);

/** A browser's cookies, per origin (the provider's and the studio's). */
class Jar {
  private cookies = new Map<string, Map<string, string>>();
  header(url: URL) {
    return [...(this.cookies.get(url.origin) ?? new Map())].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  keep(url: URL, res: Response) {
    const jar = this.cookies.get(url.origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    this.cookies.set(url.origin, jar);
  }
}

async function go(jar: Jar, url: string, init: { method?: string; form?: Record<string, string> } = {}) {
  const target = new URL(url);
  const res = await fetch(target, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      cookie: jar.header(target),
      ...(init.form ? { "content-type": "application/x-www-form-urlencoded", origin: target.origin } : {}),
    },
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  jar.keep(target, res);
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location, target).href : "", text: await res.text() };
}

/**
 * Signs in at the studio through the provider as `email`, as a browser does: the studio's redirect,
 * the provider's sign-in and consent pages, back to the studio. `tamper` may change the request to
 * the provider or the answer back.
 */
async function signInWithSso(
  email: string,
  tamper: { toProvider?(url: URL): void; back?(url: URL): void; atProvider?<T>(run: () => Promise<T>): Promise<T> } = {},
) {
  const jar = new Jar();
  const start = await go(jar, `${studio.url}/sign-in/sso?next=%2F__edit`);
  expect(start.status).toBe(303);
  const auth = new URL(start.location);
  expect(auth.origin).toBe(issuer);
  expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
  expect(auth.searchParams.get("state")).toBeTruthy();
  expect(auth.searchParams.get("nonce")).toBeTruthy();
  tamper.toProvider?.(auth);
  const atProvider = tamper.atProvider ?? ((run) => run());
  const back = await atProvider(async () => {
    let next = auth.href;
    for (let hops = 0; hops < 12; hops++) {
      const url = new URL(next);
      if (url.origin === studio.url) {
        tamper.back?.(url);
        // The studio's callback, with the provider's code (the studio then asks the provider's token endpoint).
        return go(jar, url.href);
      }
      const res = await go(jar, next);
      if (res.location) {
        next = res.location;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(res.text)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(res.text)?.[1];
      if (!action || !prompt) throw new Error(`The provider's page has no form: ${res.status} ${res.text.slice(0, 300)}`);
      const posted = await go(jar, new URL(action, url).href, { method: "POST", form: { prompt, login: email, password: "any" } });
      next = posted.location;
    }
    throw new Error("Too many redirects between the studio and the provider.");
  });
  return { ...back, jar };
}

const message = (page: string) => /role="alert"[^>]*>([^<]+)</.exec(page)?.[1]?.replace(/&#39;/g, "'").replace(/&#34;/g, '"') ?? "";

const accountsFile = () =>
  JSON.parse(readFileSync(join(studio.data, "accounts.json"), "utf8")) as { accounts: { email: string; role: string; sso?: boolean }[] };

describe("single sign-on with OpenID Connect", () => {
  test("the sign-in page offers the company's sign-in; password sign-in is off and says so", async () => {
    const page = await (await fetch(`${studio.url}/sign-in`)).text();
    expect(page).toContain("Sign in with Example Corp");
    expect(page).not.toContain('name="password"');
    const res = await fetch(`${studio.url}/sign-in`, {
      method: "POST",
      headers: { origin: studio.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: EDITOR.email, password: EDITOR.password }).toString(),
    });
    expect(res.status).toBe(403);
    expect(message(await res.text())).toBe("Signing in with a password is turned off here: sign in with Example Corp or a passkey.");
  });

  test("a new person from the allowed domain is added with the configured role and signed in", async () => {
    const { status, text, jar } = await signInWithSso("new.person@example.com");
    expect(status, text).toBe(200);
    expect(text).toContain("You are signed in as new.person@example.com.");
    expect(accountsFile().accounts.find((a) => a.email === "new.person@example.com")).toMatchObject({ role: "editor", sso: true });
    const url = new URL(`${studio.url}/account`);
    const account = await fetch(url, { headers: { cookie: jar.header(url) } });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("(new.person@example.com), an editor.");
    expect(studio.output()).toContain("new.person@example.com signed in with Example Corp for the first time and was added as an editor.");
  });

  test("an existing account signs in the same way", async () => {
    const { status, text } = await signInWithSso(EDITOR.email);
    expect(status, text).toBe(200);
    expect(text).toContain(`You are signed in as ${EDITOR.email}.`);
  });

  test("someone from another domain is refused, and no account is made", async () => {
    const { status, text } = await signInWithSso("someone@elsewhere.org");
    expect(status).toBe(403);
    expect(message(text)).toBe("someone@elsewhere.org may not sign in to this studio: only addresses at example.com may. Ask whoever runs the studio.");
    expect(accountsFile().accounts.some((a) => a.email === "someone@elsewhere.org")).toBe(false);
  });

  test("a forged state is refused", async () => {
    const { status, text } = await signInWithSso("new.person@example.com", { back: (url) => url.searchParams.set("state", "forged-state-value") });
    expect(status).toBe(401);
    expect(message(text)).toBe(
      "This sign-in answer did not come from the sign-in this browser started (its state does not match), so it was refused: start again.",
    );
  });

  test("an ID token with a wrong nonce is refused", async () => {
    const { status, text } = await signInWithSso("new.person@example.com", { toProvider: (url) => url.searchParams.set("nonce", "a-nonce-of-someone-else") });
    expect(status).toBe(401);
    expect(message(text)).toBe("The ID token from Example Corp was not made for this sign-in (its nonce does not match), so it was refused: start again.");
  });

  test("an expired ID token is refused (the provider's clock two hours behind: its tokens live one hour)", async () => {
    const { status, text } = await signInWithSso("new.person@example.com", {
      atProvider: async (run) => {
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(Date.now() - 2 * 3600_000);
        try {
          return await run();
        } finally {
          vi.useRealTimers();
        }
      },
    });
    expect(status).toBe(401);
    expect(message(text)).toBe(
      "The ID token from Example Corp had already expired, so it was refused. If this repeats, the clock of this server or of the provider is wrong.",
    );
  });

  test("an ID token signed with a key that is not among the provider's published keys is refused", async () => {
    publishedInstead = stranger;
    try {
      const { status, text } = await signInWithSso("new.person@example.com");
      expect(status).toBe(401);
      expect(message(text)).toBe(
        "The ID token was not signed by Example Corp's keys, so it was refused: someone may be forging sign-ins. Tell whoever runs the studio.",
      );
    } finally {
      publishedInstead = null;
    }
    // With the right keys published again, the same person signs in.
    expect((await signInWithSso("new.person@example.com")).status).toBe(200);
  });

  test("an answer from the provider without a sign-in started in this browser is refused", async () => {
    const res = await fetch(`${studio.url}/sign-in/sso/callback?code=abc&state=xyz`);
    expect(res.status).toBe(401);
    expect(message(await res.text())).toBe(
      "This answer from Example Corp does not belong to a sign-in started in this browser (or it took too long): start again.",
    );
  });
});
