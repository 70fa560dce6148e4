/**
 * The studio behind nginx with TLS: a server block made from the studio's settings
 * (`npm run studio -- nginx` prints it). nginx holds the certificate and passes everything to the
 * studio on its loopback address; the studio, told the public address (STUDIO_ORIGIN=https://...)
 * and to believe this proxy (TRUST_PROXY=127.0.0.1), makes its session cookie Secure and checks
 * writes' Origin against that address. HTTP/2, so any number of builder tabs share one connection
 * (each holds a live-updates stream, and HTTP/1.1 allows a browser six per address); TLS 1.2 only
 * with forward-secret AEAD suites, and 1.3; IPv4 and IPv6; the live updates not buffered; JSON
 * compressed; a body larger than the studio's own limit gets through, so the studio answers it in
 * its own words; nginx's own answers (too large, studio down) in JSON with the security headers.
 * With STUDIO_PREVIEW_ORIGIN at an https address of its own, a second server block passes that name
 * to the previews' small server (preview links); a name of its own, because a preview runs the
 * site's scripts, which must not run at the studio's address.
 */
import { PERMISSIONS_POLICY } from "../src/deploy/security-headers.ts";
import { UPLOAD_LIMIT } from "../builder/server/media.ts";
import type { StudioConfig } from "./config.ts";

export interface NginxOptions {
  /** The certificate (full chain) and its key, as nginx reads them. */
  certificate?: string;
  key?: string;
  /** The HTTPS port nginx listens on (the origin's port, or 443); the plain HTTP one only redirects to it (80). */
  httpsPort?: number;
  httpPort?: number;
  /** The previews' certificate and key (their own name): the studio's when left out (one certificate naming both). */
  previewCertificate?: string;
  previewKey?: string;
}

/** Mozilla's "intermediate" TLS 1.2 suites without the DHE ones: ECDHE key exchange (forward secret) with AES-GCM or ChaCha20-Poly1305 only. */
export const TLS12_CIPHERS = [
  "ECDHE-ECDSA-AES128-GCM-SHA256",
  "ECDHE-RSA-AES128-GCM-SHA256",
  "ECDHE-ECDSA-AES256-GCM-SHA384",
  "ECDHE-RSA-AES256-GCM-SHA384",
  "ECDHE-ECDSA-CHACHA20-POLY1305",
  "ECDHE-RSA-CHACHA20-POLY1305",
];

/** The headers nginx adds to the answers it makes itself (the studio sets its own on everything it answers). */
const OWN_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "same-origin"],
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["Permissions-Policy", PERMISSIONS_POLICY],
  ["Cache-Control", "no-store"],
];

const MiB = 1024 * 1024;

export function studioNginx(
  config: Pick<StudioConfig, "origin" | "host" | "port"> & Partial<Pick<StudioConfig, "previewOrigin" | "previewPort">>,
  { certificate = "/etc/ssl/certs/studio.pem", key = "/etc/ssl/private/studio.key", httpsPort, httpPort = 80, ...options }: NginxOptions = {},
): string {
  const origin = new URL(config.origin);
  const name = origin.hostname;
  const tls = httpsPort ?? (origin.port ? Number(origin.port) : 443);
  const address = (port: number) => `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  const upstream = address(config.port);
  const limitMiB = Math.ceil(UPLOAD_LIMIT / MiB);
  // Twice the studio's limit: a body over it reaches the studio, which says so in its own words.
  const bodyMiB = 2 * limitMiB;
  const headers = (indent: string) => OWN_HEADERS.map(([n, v]) => `${indent}add_header ${n} "${v}" always;`);
  const answer = (location: string, status: number, error: string) => [
    `  location ${location} {`,
    ...headers("    "),
    '    add_header Strict-Transport-Security "max-age=31536000" always;',
    "    default_type application/json;",
    `    return ${status} '${JSON.stringify({ error }).replace(/'/g, "\\'")}\\n';`,
    "  }",
  ];
  const proxied = (to = upstream) => [
    `    proxy_pass ${to};`,
    "    proxy_http_version 1.1;",
    '    proxy_set_header Connection "";',
    "    proxy_set_header Host $host;",
    // The address nginx saw, not one a client wrote: the studio limits sign-ins per address.
    "    proxy_set_header X-Forwarded-For $remote_addr;",
    "    proxy_set_header X-Forwarded-Proto $scheme;",
  ];
  const tlsServer = (serverName: string, pem: string, pemKey: string) => [
    `  listen ${tls} ssl http2;`,
    `  listen [::]:${tls} ssl http2;`,
    `  server_name ${serverName};`,
    "  server_tokens off;",
    `  ssl_certificate ${pem};`,
    `  ssl_certificate_key ${pemKey};`,
    "  ssl_protocols TLSv1.2 TLSv1.3;",
    `  ssl_ciphers ${TLS12_CIPHERS.join(":")};`,
    "  ssl_prefer_server_ciphers off;",
    "  ssl_session_cache shared:studio_tls:10m;",
    "  ssl_session_timeout 1d;",
    "  ssl_session_tickets off;",
  ];
  const redirect = (serverName: string, to: string) => [
    "server {",
    `  listen ${httpPort};`,
    `  listen [::]:${httpPort};`,
    `  server_name ${serverName};`,
    "  server_tokens off;",
    ...headers("  "),
    `  return 301 ${to}$request_uri;`,
    "}",
    "",
  ];
  return [
    `# The studio (npm run studio) behind nginx with TLS, for ${origin.origin}.`,
    "# Made by `npm run studio -- nginx` from the studio's settings; start the studio with",
    `#   STUDIO_ORIGIN=${origin.origin} TRUST_PROXY=127.0.0.1 STUDIO_HOST=${config.host} STUDIO_PORT=${config.port}`,
    "# and put this file in nginx's sites (e.g. /etc/nginx/sites-enabled/studio.conf), then `nginx -s reload`.",
    "# Needs nginx 1.19.4 or newer (Debian 12's 1.22 works).",
    "",
    "server {",
    ...tlsServer(name, certificate, key),
    `  client_max_body_size ${bodyMiB}m;`,
    "  gzip on;",
    "  gzip_proxied any;",
    "  gzip_min_length 1024;",
    "  gzip_types application/json text/css application/javascript image/svg+xml;",
    // Plain HTTP sent to the HTTPS port goes to the studio's address.
    `  error_page 497 =301 ${origin.origin}$request_uri;`,
    "  error_page 413 @too_large;",
    "  error_page 502 503 504 @studio_down;",
    "",
    "  location / {",
    ...proxied(),
    "  }",
    "",
    "  # Who is editing what, saves and publishes as they happen: sent at once, kept open (the studio pings every 25 s).",
    "  location = /__edit/api/events {",
    ...proxied(),
    "    proxy_buffering off;",
    "    gzip off;",
    "    proxy_read_timeout 1h;",
    "  }",
    "",
    ...answer("@too_large", 413, `The request is too large: a picture may be up to ${limitMiB} MB.`),
    "",
    ...answer("@studio_down", 502, "The studio is not answering (stopped or restarting): try again in a moment; if it goes on, ask whoever runs it."),
    "}",
    "",
    "# Plain HTTP only sends people to the HTTPS address (the studio's own, never the request's Host).",
    ...redirect(name, origin.origin),
    ...previews(config, {
      tlsServer,
      redirect,
      proxied,
      answer: answer("@previews_down", 502, "The previews are not answering: try the link again in a moment."),
      address,
      options,
      certificate,
      key,
    }),
  ].join("\n");
}

/** The previews' server block, when their address is https and a name of its own; else a line saying how to have one. */
function previews(
  config: Pick<StudioConfig, "origin"> & Partial<Pick<StudioConfig, "previewOrigin" | "previewPort">>,
  parts: {
    tlsServer: (name: string, pem: string, key: string) => string[];
    redirect: (name: string, to: string) => string[];
    proxied: (to?: string) => string[];
    answer: string[];
    address: (port: number) => string;
    options: Pick<NginxOptions, "previewCertificate" | "previewKey">;
    certificate: string;
    key: string;
  },
): string[] {
  const studio = new URL(config.origin);
  const preview = config.previewOrigin ? new URL(config.previewOrigin) : null;
  if (!preview || !config.previewPort || preview.protocol !== "https:")
    return [
      "# Preview links: set STUDIO_PREVIEW_ORIGIN to an https address with a name of its own (https://preview.example.com) for a server block for them here.",
      "",
    ];
  if (preview.hostname === studio.hostname)
    throw new Error(
      `STUDIO_PREVIEW_ORIGIN (${preview.origin}) must name another host than STUDIO_ORIGIN (${studio.origin}): a preview runs the site's scripts, which must not run at the studio's address.`,
    );
  return [
    `# Preview links (the previews' own small server on port ${config.previewPort}: the site as built for each link, nothing of the studio).`,
    "server {",
    ...parts.tlsServer(preview.hostname, parts.options.previewCertificate ?? parts.certificate, parts.options.previewKey ?? parts.key),
    "  client_max_body_size 1k;",
    "  error_page 502 503 504 @previews_down;",
    "",
    "  location / {",
    ...parts.proxied(parts.address(config.previewPort)),
    "  }",
    "",
    ...parts.answer,
    "}",
    "",
    ...parts.redirect(preview.hostname, preview.origin),
  ];
}
