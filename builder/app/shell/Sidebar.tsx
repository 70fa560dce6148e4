/** The right-hand side: the open file's outline (for files with a list) above the selected thing's fields, each scrolling on its own. */
import { memo, type RefObject, useCallback, useMemo, useRef } from "react";
import type { EditorFile, EditorState } from "../api-client";
import type { Fields } from "../fields/useFields";
import { OWN_FIELDS } from "../fields/useFields";
import type { useEntryCommands } from "../outline/useEntryCommands";
import type { useProblems } from "./views";
import { splitPointer, withValueAt } from "@/lib/json-pointer";
import { listKey, listOf } from "../state/list";
import { PlacedNotice, SharedNotes } from "../fields/PlacedNotice";
import { usePlacementEdits, written } from "../fields/usePlacementEdits";
import type { Action, Doc, Json } from "../state/types";
import { FieldsPanel } from "../fields/FieldsPanel";
import type { OutlineItem } from "../outline/types";
import { OutlinePanel } from "../outline/OutlinePanel";
import type { PageAction } from "../files/types";
import type { PickerContext } from "../fields/pickers";

export interface SidebarProps {
  doc: Doc;
  file: EditorFile;
  site: EditorState;
  selected: string | null;
  items: OutlineItem[];
  fields: Fields | null;
  problems: ReturnType<typeof useProblems>;
  commands: ReturnType<typeof useEntryCommands>;
  refs: { outline: RefObject<HTMLDivElement | null>; heading: RefObject<HTMLHeadingElement | null> };
  addPicture: PickerContext["addPicture"];
  dispatch(action: Action): void;
  onSelect(id: string): void;
  onLibrary(): void;
  /** The name of what the builder's clipboard holds, and its Paste. */
  clip: string | null;
  onPaste(): void;
  onPageAction(action: PageAction): void;
  onFocusField(id: string): void;
  /** A section as just typed (one keystroke), for the canvas to show before the builder draws again. */
  onTyped(id: string, section: Json): void;
  /** Counts the changes not typed in the form (undo, a new entry, a file read again): each makes the form take its value afresh. */
  revision: number;
  /** Stores the selected section as the shared section `name`, and places it here instead. */
  onMakeShared(name: string): Promise<boolean>;
  /** Opens a file (a shared section's own). */
  onOpen(path: string): void;
}

export const Sidebar = memo(function Sidebar(props: SidebarProps) {
  const { doc, file, site, selected, items, fields, problems, commands, dispatch } = props;
  const key = listKey(doc.kind);
  const { routes, media, collections, uploadLimit, images, mediaBytes } = site;
  const { addPicture } = props;
  // The form's handlers stay the same function while one thing is shown, whatever is typed.
  const shown = useRef({ fields, selected, onTyped: props.onTyped });
  shown.current = { fields, selected, onTyped: props.onTyped };
  const preview = useCallback(
    (field: string, value: unknown) => {
      const { fields, onTyped } = shown.current;
      if (key === "sections" && fields?.entry) onTyped(fields.entry.id, withValueAt(fields.value, splitPointer(field), value) as Json);
    },
    [key],
  );
  const { revision } = props;
  const context = useMemo(
    () => ({ routes, media, collections, addPicture, uploadLimit, preview, revision, images, mediaBytes }),
    [routes, media, collections, addPicture, uploadLimit, preview, revision, images, mediaBytes],
  );
  const onChange = useCallback(
    (value: Json, field: string) => {
      const { fields, selected } = shown.current;
      if (fields) dispatch({ type: "edit", target: fields.target, value: written(fields, value), key: `field:${selected}:${field}` });
    },
    [dispatch],
  );
  const onBlur = useCallback(() => dispatch({ type: "seal" }), [dispatch]);
  // A placement that cannot be shown (no such shared section, or a broken one): what is wrong, instead of a form.
  const index = key === "sections" && selected ? doc.ids.indexOf(selected) : -1;
  const chosen = index >= 0 ? listOf(doc)[index] : undefined;
  const placed = chosen && typeof chosen === "object" && !Array.isArray(chosen) && typeof chosen.shared === "string" ? chosen : null;
  const { dropOverride, detach } = usePlacementEdits(shown, dispatch);
  const slug = file.kind === "page" ? file.path.replace(/^.*\//, "").replace(/\.json$/, "") : null;
  const entry = fields?.entry ?? null;
  return (
    <aside
      id="pane-fields"
      data-pane="fields"
      aria-label="Outline and fields"
      className="flex min-h-0 min-w-0 flex-col border-slate-300 bg-white lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:border-l"
    >
      {key && (
        <OutlinePanel
          ref={props.refs.outline}
          title={key === "sections" ? "Sections" : "Entries"}
          kind={key}
          slug={slug}
          items={items}
          selected={selected}
          ownFieldsSelected={selected === OWN_FIELDS}
          ownFieldsErrors={problems.mine.some((p) => p.severity === "error" && !p.field.startsWith(`/${key}/`))}
          after={entry ? entry.index + 1 : null}
          onSelect={props.onSelect}
          onOwnFields={() => dispatch({ type: "select", id: OWN_FIELDS })}
          onMove={commands.move}
          onDuplicate={commands.duplicate}
          onDelete={commands.remove}
          onAdd={() =>
            key === "sections"
              ? props.onLibrary()
              : commands.addEntry((site.schemas.documents[file.schema]?.defaultSnippets as { body?: Json }[] | undefined)?.[0]?.body)
          }
          clip={props.clip}
          onPaste={props.onPaste}
          onPageAction={(kind) =>
            slug &&
            props.onPageAction(
              kind === "duplicate" ? { kind: "create", slug: `${slug}-copy`, from: slug } : kind === "rename" ? { kind, slug, to: slug } : { kind, slug },
            )
          }
        />
      )}
      <FieldsPanel
        ref={props.refs.heading}
        title={fields?.title ?? (placed ? `Shared section "${String(placed.shared)}" (${index + 1} of ${items.length})` : "Nothing selected")}
        form={
          fields
            ? {
                schema: fields.schema,
                value: fields.value,
                pointer: fields.pointer,
                key: `${doc.path}:${selected ?? ""}`,
                overrides: fields.placement?.overrides,
                owner: fields.wrap ? "This shared section" : "This page",
              }
            : null
        }
        entry={
          entry
            ? {
                label: entry.label,
                index: entry.index,
                count: items.length,
                onMove: (by) => commands.move(entry.id, by),
                onDuplicate: () => commands.duplicate(entry.id),
                onDelete: () => commands.remove(entry.id),
              }
            : null
        }
        problems={problems.mine}
        summary={fields ? problems.under(fields.pointer, "field", fields.schema) : []}
        context={context}
        onChange={onChange}
        onBlur={onBlur}
        onFocusField={props.onFocusField}
        onUseShared={dropOverride}
        note={<SharedNotes file={file} fields={fields} shared={site.shared} onOpen={props.onOpen} onDetach={detach} onMakeShared={props.onMakeShared} />}
        empty={
          placed ? (
            <PlacedNotice name={String(placed.shared)} shared={site.shared} />
          ) : (
            <p className="text-sm text-slate-700">Select a section in the outline or the canvas.</p>
          )
        }
      />
    </aside>
  );
});
