/**
 * `npm run studio`: the page builder as a service for a team (studio/). Its build is made
 * first when missing or older than the code.
 *
 *   npm run studio                                        start it (settings: README, "For a team: the studio")
 *   npm run studio -- user add <email> --role editor|publisher [--name "Asha Rao"] [--invite] [--enquiries yes|no]
 *   npm run studio -- user reset <email> [--invite]       a new password (asked for), or an invitation link
 *   npm run studio -- user update <email> [--name "Asha R."] [--role editor|publisher] [--enquiries yes|no]
 *   npm run studio -- user remove <email>
 *   npm run studio -- user list
 *   npm run studio -- build                               build it only
 *   npm run studio -- nginx [--certificate F --key F]     print an nginx server block (TLS) for the current settings
 *        [--preview-certificate F --preview-key F]         (and one for preview links, with STUDIO_PREVIEW_ORIGIN=https://...)
 *
 * A password is asked for on the terminal (not shown); --password-stdin reads it from standard input
 * instead (scripts). --invite prints a link, valid 7 days, where the person chooses it. --enquiries
 * says whether the person sees and answers the site's enquiries (publishers do unless told no). A user
 * command asks the running studio (its control socket), which ends the sessions it holds at once;
 * with no studio running it changes the files itself.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Accounts, type Role, ROLES } from "./accounts.ts";
import { askStudio, controlSocket } from "./control.ts";
import { SessionFile } from "./sessions.ts";
import { runUserCommand, type UserCommand } from "./users.ts";
import { ActivityLog } from "./activity.ts";
import { builderBundle, bundleIsCurrent } from "../builder/server/builder-bundle.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: "string" },
    name: { type: "string" },
    enquiries: { type: "string" },
    invite: { type: "boolean", default: false },
    "password-stdin": { type: "boolean", default: false },
    certificate: { type: "string" },
    "preview-certificate": { type: "string" },
    "preview-key": { type: "string" },
    key: { type: "string" },
  },
});
const dataDir = resolve(root, process.env.STUDIO_DATA ?? join("data", "studio"));
const origin = (process.env.STUDIO_ORIGIN ?? `http://${process.env.STUDIO_HOST ?? "127.0.0.1"}:${process.env.STUDIO_PORT ?? 4400}`).replace(/\/+$/, "");
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

/** A password from the terminal, not echoed (or one line of standard input with --password-stdin). */
async function askPassword(prompt: string): Promise<string> {
  if (values["password-stdin"] || !process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stdout.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  return new Promise((resolve) => {
    let typed = "";
    const onData = (data: Buffer) => {
      for (const char of data.toString("utf8")) {
        if (char === "\r" || char === "\n") {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(typed);
        }
        if (char === "\u0003") process.exit(130);
        typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
      }
    };
    process.stdin.on("data", onData);
  });
}

async function secret(email: string): Promise<{ password?: string }> {
  if (values.invite) return {};
  const password = await askPassword(`Password for ${email} (at least 10 characters): `);
  if (!values["password-stdin"] && process.stdin.isTTY && (await askPassword("The same again: ")) !== password)
    fail("The two passwords differ: nothing was changed.");
  return { password };
}

/** Builds dist-studio/ when missing or older than the code it is made from (as `npm run edit` builds its copy). */
async function build(force = false) {
  const dir = join(root, "dist-studio");
  if (!force && bundleIsCurrent(root, dir)) return;
  console.log(
    existsSync(join(dir, "index.html")) ? "The code changed since the studio was built: building it again..." : "Building the studio (a few seconds)...",
  );
  await builderBundle(root, dir, (line) => console.error(line), { reuse: false })
    .ready()
    .catch((err: Error) => fail(err.message));
}

/** Runs a user command in the running studio if one answers on its socket, else on the files here. */
async function user(c: UserCommand) {
  const running = await askStudio(controlSocket(dataDir), c);
  if (running) return console.log(running.said);
  const files = { accounts: new Accounts(join(dataDir, "accounts.json")), sessions: new SessionFile(join(dataDir, "sessions.json")) };
  const answer = await runUserCommand(c, files.accounts, files.sessions, origin, new ActivityLog(join(dataDir, "activity.log")));
  console.log(answer.said);
  if (answer.link && !process.env.STUDIO_ORIGIN)
    console.log(`(No studio is running: the link assumes it is opened at ${origin}. Set STUDIO_ORIGIN as the studio has it to make the link match.)`);
}

const [command, sub, email] = positionals;
try {
  if (command === "user") {
    const role = values.role as Role | undefined;
    if (role !== undefined && !ROLES.includes(role)) fail("The role is editor (saves) or publisher (also publishes and restores).");
    const answers = values.enquiries;
    if (answers !== undefined && answers !== "yes" && answers !== "no") fail("--enquiries is yes (sees and answers the site's enquiries) or no.");
    const enquiries = answers === undefined ? undefined : answers === "yes";
    if (sub === "list") await user({ command: "list" });
    else if (!email) fail(`Whose? npm run studio -- user ${sub ?? "add"} asha@example.com (see studio/cli.ts)`);
    else if (sub === "add") {
      if (!role) fail("Which role? --role editor (saves) or --role publisher (also publishes and restores).");
      await user({ command: "add", email, name: values.name ?? email, role: role as Role, enquiries, ...(await secret(email)) });
    } else if (sub === "reset") await user({ command: "reset", email, ...(await secret(email)) });
    else if (sub === "update") {
      if (values.name === undefined && role === undefined && enquiries === undefined)
        fail('What changes? --name "Asha Rao", --role editor|publisher and/or --enquiries yes|no.');
      await user({ command: "update", email, name: values.name, role, enquiries });
    } else if (sub === "remove") await user({ command: "remove", email });
    else fail("npm run studio -- user add|reset|update|remove|list (see studio/cli.ts)");
  } else if (command === "build") await build(true);
  else if (command === "nginx") {
    const { loadStudioConfig } = await import("./config.ts");
    const { studioNginx } = await import("./nginx.ts");
    // The remote does not matter to nginx, and the proxy is nginx itself: placeholders let the rest of the settings be checked.
    const config = loadStudioConfig({ STUDIO_REMOTE: "-", TRUST_PROXY: "127.0.0.1", ...process.env }, root);
    process.stdout.write(
      studioNginx(config, {
        certificate: values.certificate,
        key: values.key,
        previewCertificate: values["preview-certificate"],
        previewKey: values["preview-key"],
      }),
    );
  } else if (command === undefined) {
    await build();
    const { startStudio } = await import("./main.ts");
    await startStudio(root);
  } else fail(`Unknown command "${command}": npm run studio, or npm run studio -- user|build|nginx ... (see studio/cli.ts)`);
} catch (err) {
  fail((err as Error).message);
}
