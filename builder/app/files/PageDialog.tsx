/**
 * Creating, duplicating, renaming and deleting a page. A page's address is its file name, so a
 * rename moves the page; links to the old address are listed, and changed on request. A page that
 * other content links to cannot be deleted until those links go.
 */
import type { PageAction } from "./types";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { EditorFile } from "../api-client";
import { Scrolls } from "../shell/Scrolls";

type Link = { file: string; path: string; href: string };
type Outcome = { links?: Link[]; error?: string } | undefined;

/** The dialog's heading: what it does, to which page. */
const dialogTitle = (action: PageAction) =>
  action.kind === "create"
    ? action.from
      ? `Duplicate the page /${action.from === "home" ? "" : action.from}`
      : "New page"
    : action.kind === "rename"
      ? `Rename /${action.slug}`
      : `Delete /${action.slug}`;

const INPUT = "mt-1 block w-full rounded-md border border-slate-400 px-2 py-1.5 font-mono text-sm";

export function PageDialog({
  action: initial,
  pages,
  templates,
  onCancel,
  onRun,
}: {
  action: PageAction;
  pages: EditorFile[];
  /** The page templates, by name (site-config/templates/<name>.json). */
  templates: string[];
  onCancel(): void;
  onRun(action: PageAction, fixLinks?: boolean): Promise<Outcome>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [action, setAction] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ links?: Link[]; error?: string }>({});
  const hint = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const run = async (fixLinks = false) => {
    setBusy(true);
    const result = await onRun(action, fixLinks);
    setBusy(false);
    setOutcome(result ?? {});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <dialog ref={dialog} aria-labelledby="page-dialog-title" className="ed-dialog m-auto w-[min(36rem,calc(100vw-2rem))]" onClose={onCancel}>
      <form onSubmit={submit} className="space-y-3">
        <h2 id="page-dialog-title" className="text-lg font-bold">
          {dialogTitle(action)}
        </h2>
        {action.kind === "create" && (
          <>
            <label className="block text-sm font-semibold">
              Address
              <input
                className={INPUT}
                value={action.slug}
                required
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                aria-describedby={hint}
                autoFocus
                onChange={(e) => setAction({ ...action, slug: e.target.value })}
              />
            </label>
            <StartFrom
              pages={pages}
              templates={templates}
              from={action.from}
              template={action.template ?? ""}
              onChange={(from, template) => setAction({ ...action, from, template })}
            />
          </>
        )}
        {action.kind === "rename" && (
          <label className="block text-sm font-semibold">
            New address
            <input
              className={INPUT}
              value={action.to}
              required
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              aria-describedby={hint}
              autoFocus
              onChange={(e) => setAction({ ...action, to: e.target.value })}
            />
          </label>
        )}
        {action.kind !== "delete" && (
          <p id={hint} className="text-xs text-slate-700">
            Lower-case letters, digits and hyphens between words, e.g. <code>cloud-migration</code>: the page will be at{" "}
            <code>/{(action.kind === "create" ? action.slug : action.to) || "…"}</code>
            {action.kind === "create" && ", as a draft (shown only in the preview until its status is changed)"}.
          </p>
        )}
        {action.kind === "delete" && (
          <p className="text-sm">The file site-config/pages/{action.slug}.json will be deleted (Changes can bring it back until the next commit).</p>
        )}
        {outcome.error && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {outcome.error}
          </p>
        )}
        {outcome.links && outcome.links.length > 0 && <LinksFound action={action} links={outcome.links} />}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onCancel}>
            Cancel
          </button>
          {action.kind === "rename" && outcome.links && outcome.links.length > 0 ? (
            <button
              type="button"
              disabled={busy}
              className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800"
              onClick={() => void run(true)}
            >
              Rename and change {outcome.links.length === 1 ? "the link" : `the ${outcome.links.length} links`}
            </button>
          ) : (
            <button
              type="submit"
              disabled={busy || (action.kind === "delete" && Boolean(outcome.links?.length))}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50 ${action.kind === "delete" ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"}`}
            >
              {action.kind === "create" ? "Create" : action.kind === "rename" ? "Rename" : "Delete"}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** "landing-page" -> "Landing page". */
const templateTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");

/** What a new page starts from: a blank page, a page template (by its name), or a copy of one of the pages (by its slug). */
function StartFrom({
  pages,
  templates,
  from,
  template,
  onChange,
}: {
  pages: EditorFile[];
  templates: string[];
  from: string;
  template: string;
  onChange(from: string, template: string): void;
}) {
  const hint = useId();
  const value = template ? `template:${template}` : from ? `page:${from}` : "";
  const choose = (chosen: string) =>
    chosen.startsWith("template:") ? onChange("", chosen.slice("template:".length)) : onChange(chosen.replace(/^page:/, ""), "");
  return (
    <div>
      <label className="block text-sm font-semibold">
        Start from
        <select className={INPUT} value={value} aria-describedby={template ? hint : undefined} onChange={(e) => choose(e.target.value)}>
          <option value="">A blank page (one banner)</option>
          {templates.length > 0 && (
            <optgroup label="Templates">
              {templates.map((name) => (
                <option key={name} value={`template:${name}`}>
                  Template: {templateTitle(name)}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="Copies">
            {pages.map((p) => {
              const slug = p.path.replace(/^.*\//, "").replace(/\.json$/, "");
              return (
                <option key={p.path} value={`page:${slug}`}>
                  A copy of {p.route ?? slug}
                </option>
              );
            })}
          </optgroup>
        </select>
      </label>
      {template && (
        <p id={hint} className="mt-1 text-xs text-slate-700">
          Its texts in [[double brackets]] are placeholders: each is marked until you write the page's own text in its place, and the page cannot be published
          with one left.
        </p>
      )}
    </div>
  );
}

/** The links to the page found by the server: to change with a rename, or to remove before a deletion. */
function LinksFound({ action, links }: { action: PageAction; links: Link[] }) {
  return (
    <div role="alert" className="text-sm">
      <p className="font-semibold">
        {action.kind === "delete" ? `Other content links to /${action.slug}; change or remove these links first:` : `These links point at /${action.slug}:`}
      </p>
      <Scrolls label="The links" className="mt-1 max-h-40">
        <ul className="list-disc pl-5 font-mono text-xs">
          {links.map((l) => (
            <li key={`${l.file}:${l.path}`}>
              {l.file}: {l.path} = "{l.href}"
            </li>
          ))}
        </ul>
      </Scrolls>
    </div>
  );
}
