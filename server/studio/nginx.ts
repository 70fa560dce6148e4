/**
 * The studio behind nginx with TLS: a server block made from the studio's settings
 * (`npm run studio -- nginx` prints it). nginx holds the certificate and passes everything to the
 * studio on its loopback address; the studio, told the public address (STUDIO_ORIGIN=https://...)
 * and to believe this proxy (TRUST_PROXY=127.0.0.1), makes its session cookie Secure and checks
 * writes' Origin against that address. The live updates (Server-Sent Events) are not buffered, and
 * a picture up to the builder's upload limit gets through.
 */
import { UPLOAD_LIMIT } from "../../src/editor/server/media.ts";
import type { StudioConfig } from "./config.ts";

export interface NginxOptions {
  /** The certificate (full chain) and its key, as nginx reads them. */
  certificate?: string;
  key?: string;
  /** The HTTPS port nginx listens on (443); the plain HTTP one only redirects to it (80). */
  httpsPort?: number;
  httpPort?: number;
}

export function studioNginx(
  config: Pick<StudioConfig, "origin" | "host" | "port">,
  { certificate = "/etc/ssl/certs/studio.pem", key = "/etc/ssl/private/studio.key", httpsPort = 443, httpPort = 80 }: NginxOptions = {},
): string {
  const origin = new URL(config.origin);
  const name = origin.hostname;
  const upstream = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
  // The body may hold a picture at the builder's limit, and the request's own bytes around it.
  const bodyMiB = Math.ceil(UPLOAD_LIMIT / 1024 / 1024) + 1;
  const proxied = [
    `    proxy_pass ${upstream};`,
    "    proxy_http_version 1.1;",
    '    proxy_set_header Connection "";',
    "    proxy_set_header Host $host;",
    // The address nginx saw, not one a client wrote: the studio limits sign-ins per address.
    "    proxy_set_header X-Forwarded-For $remote_addr;",
    "    proxy_set_header X-Forwarded-Proto $scheme;",
  ];
  return [
    `# The studio (npm run studio) behind nginx with TLS, for ${origin.origin}.`,
    "# Made by `npm run studio -- nginx` from the studio's settings; start the studio with",
    `#   STUDIO_ORIGIN=${origin.origin} TRUST_PROXY=127.0.0.1 STUDIO_HOST=${config.host} STUDIO_PORT=${config.port}`,
    "# and put this file in nginx's sites (e.g. /etc/nginx/sites-enabled/studio.conf), then `nginx -s reload`.",
    "",
    "server {",
    `  listen ${httpsPort} ssl;`,
    `  server_name ${name};`,
    `  ssl_certificate ${certificate};`,
    `  ssl_certificate_key ${key};`,
    "  ssl_protocols TLSv1.2 TLSv1.3;",
    `  client_max_body_size ${bodyMiB}m;`,
    "",
    "  location / {",
    ...proxied,
    "  }",
    "",
    "  # Who is editing what, saves and publishes as they happen: sent at once, kept open (the studio pings every 25 s).",
    "  location = /__edit/api/studio/events {",
    ...proxied,
    "    proxy_buffering off;",
    "    proxy_read_timeout 1h;",
    "  }",
    "}",
    "",
    "# Plain HTTP only sends people to the HTTPS address (the studio's own, never the request's Host).",
    "server {",
    `  listen ${httpPort};`,
    `  server_name ${name};`,
    `  return 301 ${origin.origin}$request_uri;`,
    "}",
    "",
  ].join("\n");
}
