/**
 * Shared sections in the fields panel (issue 51). A placed one, selected on a page: a badge with
 * the pages it shows on, a way to its own file, and Detach, which makes the page's copy its own;
 * its form below writes this page's own fields. A section of a page: "Make shared". A shared
 * section's own file, open: which pages a change shows on.
 */
import { type FormEvent, useId, useState } from "react";
import type { EditorFile, EditorState } from "../api-client";
import { type Placement, sharedName } from "./placement";
import type { Fields } from "./useFields";

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50";

const pages = (n: number) => (n === 1 ? "1 page" : `${n} pages`);

/** A placement whose shared section cannot be shown (no such file, or a broken one): what is wrong. */
export function PlacedNotice({ name, shared }: { name: string; shared: EditorState["shared"] }) {
  const summary = shared.find((s) => s.name === name);
  if (!summary)
    return (
      <p className="text-sm text-slate-800">
        This page places the shared section "{name}", but there is no file site-config/shared/{name}.json: see the problems below the page.
      </p>
    );
  return (
    <p className="text-sm text-slate-800">
      This page places the shared section "{name}" ({summary.file}), which has mistakes to fix before it can be shown: see the problems below the page.
    </p>
  );
}

/** Above a placed shared section's form: the badge and its pages, the shared file, Detach. */
export function PlacedNote({ placement, onOpen, onDetach }: { placement: Placement; onOpen(path: string): void; onDetach(): void }) {
  const { placedIn, overrides } = placement;
  const id = useId();
  return (
    <div className="mb-3 space-y-2 rounded-md border border-violet-300 bg-violet-50 p-2 text-sm text-slate-900">
      <p id={`${id}-badge`}>
        <span className="mr-1 inline-block rounded bg-violet-800 px-1.5 py-0.5 text-xs font-semibold text-white">Shared: on {pages(placedIn.length)}</span>
        <span className="sr-only">: </span>
        {placedIn.join(", ")}
      </p>
      <p>
        Stored once in <code>{placement.file}</code>. A field changed here is this page's own
        {overrides.length > 0 ? ` (now: ${overrides.map((o) => `"${o}"`).join(", ")})` : ""}; to change it on every page, edit the shared section.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={BUTTON} onClick={() => onOpen(placement.file)}>
          Edit the shared section
        </button>
        <button type="button" className={BUTTON} onClick={onDetach}>
          Detach: make this page's copy its own
        </button>
      </div>
    </div>
  );
}

/** On a field this page writes over the shared section's: says so, and puts the shared one back. */
export function OverrideMark({ label, owner, onUseShared }: { label: string; owner: string; onUseShared(): void }) {
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-violet-900">
      <span>
        {owner}'s own {label}, not the shared one.
      </span>
      <button
        type="button"
        className="rounded px-2 py-0.5 font-semibold ring-1 ring-violet-400 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-blue-600"
        onClick={onUseShared}
      >
        Use the shared text
      </button>
    </span>
  );
}

/** "Make shared" on a section of a page: asks the shared section's name, then stores it and places it here by name. */
export function MakeShared({ suggested, onMake }: { suggested: string; onMake(name: string): Promise<boolean> }) {
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState(suggested);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!asking)
    return (
      <button
        type="button"
        className={`${BUTTON} mb-3`}
        onClick={() => {
          setName(suggested);
          setAsking(true);
        }}
      >
        Make shared…
      </button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const made = await onMake(name.trim());
    setBusy(false);
    if (made) setAsking(false);
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mb-3 space-y-2 rounded-md border border-slate-300 p-2 text-sm">
      <p id={`${id}-title`} className="font-semibold">
        Make this section shared
      </p>
      <p id={`${id}-help`} className="text-slate-700">
        It is stored once, in site-config/shared/, and this page places it by name: other pages can place it too (Add a section, "Shared sections"), and a
        change to it shows on all of them.
      </p>
      <label htmlFor={`${id}-name`} className="block font-semibold">
        Name
      </label>
      <input
        id={`${id}-name`}
        value={name}
        required
        aria-describedby={`${id}-help ${id}-rule`}
        onChange={(e) => setName(e.target.value)}
        className="w-full rounded-md border border-slate-400 px-2 py-1 focus-visible:outline-2 focus-visible:outline-blue-600"
      />
      <p id={`${id}-rule`} className="text-xs text-slate-700">
        Lower-case letters, digits and hyphens, e.g. contact-dark.
      </p>
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={`${BUTTON} bg-blue-700 text-white ring-blue-700 hover:bg-blue-800`}>
          {busy ? "Making it shared…" : "Make shared"}
        </button>
        <button type="button" className={BUTTON} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Under a shared section's heading: where a change to it shows. */
export function SharedNote({ file, shared }: { file: string; shared: EditorState["shared"] }) {
  const places = shared.find((s) => s.file === file)?.placedIn ?? [];
  return (
    <p className="mb-3 text-sm text-slate-800">
      {places.length === 0
        ? 'No page shows it yet: place it on a page with Add a section, under "Shared sections".'
        : `Changes show on ${pages(places.length)}: ${places.join(", ")}.`}
    </p>
  );
}

/** What the fields panel says above a form about shared sections: a shared file's pages, a placement's badge, or "Make shared" on a section of a page. */
export function SharedNotes(props: {
  file: EditorFile;
  fields: Fields | null;
  shared: EditorState["shared"];
  onOpen(path: string): void;
  onDetach(): void;
  onMakeShared(name: string): Promise<boolean>;
}) {
  const { file, fields, shared } = props;
  if (file.kind === "shared") return <SharedNote file={file.path} shared={shared} />;
  if (fields?.placement) return <PlacedNote placement={fields.placement} onOpen={props.onOpen} onDetach={props.onDetach} />;
  const value = fields?.value;
  const type = value && typeof value === "object" && !Array.isArray(value) && typeof value.type === "string" ? value.type : null;
  if (!fields?.entry || (file.kind !== "page" && file.kind !== "template") || !type) return null;
  return <MakeShared key={fields.entry.id} suggested={sharedName(type, shared)} onMake={props.onMakeShared} />;
}
