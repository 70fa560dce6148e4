/** The selected section's toolbar in the canvas: move, duplicate, copy, delete, edit a text in place, its fields. */
import { type KeyboardEvent, useState } from "react";
import type { Command } from "../shell/shortcuts";

export type ToolbarCommand = Extract<Command, "move-up" | "move-down" | "duplicate" | "copy" | "delete">;

const TOOLS: { command: ToolbarCommand; label: string; text: string }[] = [
  { command: "move-up", label: "Move up", text: "↑" },
  { command: "move-down", label: "Move down", text: "↓" },
  { command: "duplicate", label: "Duplicate", text: "Duplicate" },
  { command: "copy", label: "Copy", text: "Copy" },
  { command: "delete", label: "Delete", text: "Delete" },
];

/** The selected section's buttons, at its top right corner, after its own button in the Tab order: one Tab stop, the arrow keys go along. */
export function Toolbar({
  name,
  first,
  last,
  top,
  right,
  zoom,
  onCommand,
  onFields,
  onText,
  onLeave,
}: {
  name: string;
  first: boolean;
  last: boolean;
  top: number;
  right: number;
  zoom: number;
  onCommand(command: ToolbarCommand): void;
  onFields(): void;
  /** Edits the section's first text in place (null: it has none the page shows as written). */
  onText: (() => void) | null;
  onLeave(): void;
}) {
  const [current, setCurrent] = useState(0);
  const tools = [
    ...TOOLS.map((tool) => ({
      ...tool,
      off: (tool.command === "move-up" && first) || (tool.command === "move-down" && last),
      run: () => onCommand(tool.command),
    })),
    ...(onText ? [{ command: "text", label: "Edit text here", text: "Edit text", off: false, run: onText }] : []),
    { command: "fields", label: "Edit fields", text: "Edit fields", off: false, run: onFields },
  ];
  const stop = tools[current]?.off ? tools.findIndex((t) => !t.off) : current;
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") return onLeave();
    const enabled = tools.flatMap((t, i) => (t.off ? [] : [i]));
    const at = enabled.indexOf(stop);
    const next =
      event.key === "ArrowRight"
        ? enabled[(at + 1) % enabled.length]
        : event.key === "ArrowLeft"
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : event.key === "Home"
            ? enabled[0]
            : event.key === "End"
              ? enabled.at(-1)
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };
  const button =
    "rounded px-2 py-1 font-sans text-xs font-semibold whitespace-nowrap text-slate-900 hover:bg-blue-100 focus-visible:outline-3 focus-visible:outline-blue-700 disabled:text-slate-500 disabled:hover:bg-transparent";
  return (
    <div
      role="toolbar"
      aria-label={`${name}: section actions`}
      className="pointer-events-auto absolute flex origin-top-right flex-wrap justify-end gap-0.5 rounded-md border border-slate-300 bg-white p-0.5 shadow-md"
      // Shown at its own size whatever the canvas's scale; in a canvas too narrow for it (a phone), it wraps instead of leaving the page.
      style={{ top: top + 8, right: `calc(100% - ${right - 8}px)`, scale: zoom, maxWidth: Math.max(0, right - 16) / zoom }}
      onKeyDown={onKey}
    >
      {tools.map((tool, i) => (
        <button
          key={tool.command}
          type="button"
          data-command={tool.command}
          tabIndex={i === stop ? 0 : -1}
          className={button}
          aria-label={tool.label === tool.text ? undefined : tool.label}
          title={tool.label}
          disabled={tool.off}
          onFocus={() => setCurrent(i)}
          onClick={tool.run}
        >
          {tool.text}
        </button>
      ))}
    </div>
  );
}
