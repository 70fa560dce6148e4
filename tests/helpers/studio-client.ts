/**
 * The studio over HTTP, as the builder talks to it: sign in (a session cookie), read a content file,
 * save it (its hash as read), publish and wait for the outcome. For the fault tests and the studio
 * bench, which need many saves without a browser.
 */
export interface Account {
  email: string;
  password: string;
}

export interface ContentFile<T = Record<string, unknown>> {
  path: string;
  text: string;
  hash: string;
  value: T;
}

export class StudioClient {
  private cookie = "";

  constructor(readonly url: string) {}

  /** A client signed in as `who`. */
  static async as(url: string, who: Account): Promise<StudioClient> {
    const client = new StudioClient(url);
    await client.signIn(who);
    return client;
  }

  /** GET (or POST `body` as JSON) to the builder's API at `path` ("/studio/reviews"), signed in; the answer as is. */
  api(path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}/__edit/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: this.headers(true),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private headers(json = false): Record<string, string> {
    return { cookie: this.cookie, origin: this.url, "x-site-editor": "1", ...(json ? { "content-type": "application/json" } : {}) };
  }

  /** The session cookie, once signed in (for a browser to open the studio with). */
  session(): { name: string; value: string } {
    const [name = "", value = ""] = this.cookie.split("=");
    return { name, value };
  }

  async signIn(who: Account): Promise<void> {
    const res = await fetch(`${this.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.url },
      body: new URLSearchParams({ email: who.email, password: who.password, next: "/__edit" }).toString(),
    });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (res.status !== 303 || !cookie.startsWith("studio_session=")) throw new Error(`Sign-in as ${who.email} failed: ${res.status}`);
    this.cookie = cookie;
  }

  async read<T = Record<string, unknown>>(path: string): Promise<ContentFile<T>> {
    const res = await fetch(`${this.url}/__edit/api/file?path=${encodeURIComponent(path)}`, { headers: this.headers() });
    if (!res.ok) throw new Error(`Reading ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as ContentFile<T>;
  }

  /** Saves `value` over the file read with `hash`; the new hash once the studio confirms it (its commit made). */
  async save(path: string, value: unknown, hash: string): Promise<string> {
    return (await this.saveAnswer(path, value, hash)).hash;
  }

  /** The same, with what was saved when it was merged with a colleague's save (the builder then shows that). */
  async saveAnswer<T = unknown>(path: string, value: T, hash: string): Promise<{ hash: string; merged?: T }> {
    const res = await fetch(`${this.url}/__edit/api/save`, { method: "POST", headers: this.headers(true), body: JSON.stringify({ path, value, hash }) });
    if (!res.ok) throw new Error(`Saving ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { hash: string; merged?: T };
  }

  async status(): Promise<{ publishing: { id: string; running: boolean; log: string[]; outcome: PublishAnswer | null } | null }> {
    const res = await fetch(`${this.url}/__edit/api/studio`, { headers: this.headers() });
    if (!res.ok) throw new Error(`Studio status: ${res.status}`);
    return (await res.json()) as Awaited<ReturnType<StudioClient["status"]>>;
  }

  /** Starts a publish (of `files` only, when given); its id. */
  async startPublish(files?: string[]): Promise<string> {
    const body = JSON.stringify(files ? { files } : {});
    const res = await fetch(`${this.url}/__edit/api/studio/publish`, { method: "POST", headers: this.headers(true), body });
    if (res.status !== 202) throw new Error(`Publish: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  }

  /** Publishes and waits for the outcome (polling the studio's status). */
  async publish(timeoutMs = 600_000, files?: string[]): Promise<PublishAnswer> {
    return this.waitForPublish(await this.startPublish(files), timeoutMs);
  }

  /** The outcome of the publish `id` once it has one (polling the studio's status). */
  async waitForPublish(id: string, timeoutMs = 600_000): Promise<PublishAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { publishing } = await this.status();
      if (publishing?.id === id && !publishing.running && publishing.outcome) return publishing.outcome;
      if (Date.now() > deadline) throw new Error(`The publish did not finish in ${timeoutMs} ms: ${publishing?.log.join(" / ")}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

type PublishAnswer = { status: string; log?: string[]; reason?: string; files?: string[]; waiting?: number };
