/**
 * The picture library: every picture in public/media/ as a thumbnail with its file name, size in
 * pixels and in kilobytes, found by a search of file names; pictures dropped on it (or chosen with
 * Upload) are stored there at once. Choosing one puts it in the field the library was opened from.
 */
import { type DragEvent, useId, useState } from "react";
import type { ImageFacts } from "@/images/slots";
import { api, type Uploaded } from "../api-client";
import { useModal } from "../shell/useModal";
import { INPUT } from "./pickers";

/** Pictures the upload takes (the server checks the content too). */
export const PICTURE = /\.(svg|png|jpe?g|webp|avif|gif)$/i;

const kilobytes = (bytes: number | undefined) =>
  bytes === undefined ? "" : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface PictureLibraryProps {
  open: boolean;
  pictures: string[];
  images: Record<string, ImageFacts>;
  bytes: Record<string, number>;
  /** The field's picture now. */
  current: string | undefined;
  uploadLimit: number;
  onUploaded(uploaded: Uploaded): void;
  onChoose(src: string): void;
  onClose(): void;
}

export function PictureLibrary({ open, pictures, images, bytes, current, uploadLimit, onUploaded, onChoose, onClose }: PictureLibraryProps) {
  const dialog = useModal(open);
  const id = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [over, setOver] = useState(false);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const found = pictures.filter((src) => words.every((w) => src.toLowerCase().includes(w)));

  const upload = async (files: File[]) => {
    for (const file of files) {
      if (!PICTURE.test(file.name)) {
        setStatus(`"${file.name}" is not a picture (SVG, PNG, JPEG, WebP, AVIF or GIF).`);
        continue;
      }
      if (file.size > uploadLimit) {
        setStatus(`"${file.name}" is too large (${kilobytes(file.size)}): the limit is ${Math.round(uploadLimit / 1024 / 1024)} MB.`);
        continue;
      }
      setStatus(`Uploading ${file.name}…`);
      try {
        const uploaded = await api.upload(file);
        onUploaded(uploaded);
        setStatus(`${file.name} uploaded as ${uploaded.src}.`);
      } catch (err) {
        setStatus((err as Error).message);
      }
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} className="ed-dialog m-auto max-h-[90vh] w-[min(64rem,calc(100vw-2rem))]" onClose={onClose}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Pictures
        </h2>
        <button type="button" className="rounded px-3 py-1 text-sm ring-1 ring-slate-300 hover:bg-slate-100" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-semibold text-slate-800">
            Search by file name
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={`${INPUT} w-72`}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setStatus("");
            }}
            // The library sits inside the fields' form: Enter searches, it does not submit that form.
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
          />
        </div>
        <label className="inline-block cursor-pointer rounded-md bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200 focus-within:outline-2 focus-within:outline-blue-600">
          Upload pictures…
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(e) => {
              void upload([...(e.target.files ?? [])]);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      <p role="status" className="mb-2 text-sm text-slate-700">
        {status || (found.length === pictures.length ? `${pictures.length} pictures` : `${found.length} of ${pictures.length} pictures match "${search}"`)}
      </p>
      {/* The grid takes pictures dropped from the computer (Upload does the same from the keyboard). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the Upload button is its keyboard equivalent. */}
      <div
        className={`rounded-lg border-2 border-dashed p-2 ${over ? "border-blue-600 bg-blue-50" : "border-transparent"}`}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="mb-2 text-xs text-slate-600">Drop pictures here to add them to public/media/.</p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {found.map((src) => (
            <li key={src}>
              <PictureTile src={src} facts={images[src]} bytes={bytes[src]} current={src === current} onChoose={() => onChoose(src)} />
            </li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}

/** One picture of the library: its thumbnail, file name, size in pixels and in kilobytes; pressed when it is the field's. */
function PictureTile({
  src,
  facts,
  bytes,
  current,
  onChoose,
}: {
  src: string;
  facts: ImageFacts | undefined;
  bytes: number | undefined;
  current: boolean;
  onChoose(): void;
}) {
  return (
    <button
      type="button"
      aria-pressed={current}
      className={`block w-full rounded-lg border p-2 text-left hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 ${current ? "border-blue-700 ring-2 ring-blue-700" : "border-slate-300"}`}
      onClick={onChoose}
    >
      <img src={src} alt="" loading="lazy" className="h-28 w-full rounded bg-slate-100 object-contain" />
      <span className="mt-1 block truncate text-sm font-semibold text-slate-900">{src.replace(/^\/media\//, "")}</span>
      <span className="block text-xs text-slate-700">{[facts ? `${facts.width} × ${facts.height} px` : "", kilobytes(bytes)].filter(Boolean).join(" · ")}</span>
    </button>
  );
}
