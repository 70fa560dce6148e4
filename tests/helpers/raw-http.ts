/**
 * Requests sent exactly as written, for tests of paths a URL library would rewrite ("//evil.test/"
 * read as another host, "\" turned into "/"), and the paths an open redirect would be built from.
 */
import { request } from "node:http";

/** Paths a redirect built from the request could take off the site. */
export const OFF_SITE_PATHS = [
  "/%2F%2Fevil.test/",
  "/%5Cevil.test/",
  "/%09/evil.test/",
  "/%2F/evil.test/",
  "/%5C%5Cevil.test/",
  "//evil.test/",
  "/\\evil.test/",
  "/%5C/evil.test/",
  "/about-us/%5Cevil.test/",
  "/%E0%A4%B8%E0%A5%87%E0%A4%B5%E0%A4%BE/",
];

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as bytes read one character each (latin1). */
  body: string;
}

/** GET `path` from `host`:`port` with the path untouched; `headers` may set Host. */
export function rawGet(host: string, port: number | string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
