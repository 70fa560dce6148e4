/**
 * Drops on the canvas: a section type from the library or a section of the page dragged to a place
 * between sections (a line shows where), and a picture file from the computer onto a section.
 */
import { useEffect, useRef, useState } from "react";
import type { Box } from "./boxes";
import { DRAG_MOVE, DRAG_NEW } from "./protocol";

type Drop = { section: string; index: number } | { id: string; index: number };

export function useDrops(boxes: Box[], sections: { id: string }[], onDrop: (drop: Drop) => void, onPicture: (id: string, file: File) => void) {
  // A section dragged over the canvas (from the library, or one of the page): where it would go, shown by a line between sections.
  const [drop, setDrop] = useState<{ index: number; y: number } | null>(null);
  // A picture file dragged from the computer over a section: that section is outlined, the file becomes its picture.
  const [fileOver, setFileOver] = useState<number | null>(null);
  const dropped = useRef({ onDrop, onPicture, sections });
  dropped.current = { onDrop, onPicture, sections };
  useEffect(() => {
    const placeAt = (event: DragEvent) => {
      const y = event.clientY + scrollY;
      const index = boxes.findIndex((b) => y < b.top + b.height / 2);
      return index < 0 ? boxes.length : index;
    };
    const carries = (event: DragEvent) => {
      const types = event.dataTransfer?.types ?? [];
      return types.includes(DRAG_NEW) || types.includes(DRAG_MOVE);
    };
    const sectionAt = (event: DragEvent) => {
      const y = event.clientY + scrollY;
      return boxes.findIndex((b) => y >= b.top && y < b.top + b.height);
    };
    const onOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        const at = sectionAt(event);
        setFileOver(at < 0 ? null : at);
        return;
      }
      if (!carries(event) || !event.dataTransfer || boxes.length === 0) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = event.dataTransfer.types.includes(DRAG_MOVE) ? "move" : "copy";
      const index = placeAt(event);
      const last = boxes[boxes.length - 1] as Box;
      const y = index < boxes.length ? (boxes[index] as Box).top : last.top + last.height;
      setDrop((now) => (now?.index === index && now.y === y ? now : { index, y }));
    };
    const onLeave = (event: DragEvent) => {
      if (event.relatedTarget) return;
      setDrop(null);
      setFileOver(null);
    };
    const onDropped = (event: DragEvent) => {
      const file = event.dataTransfer?.files[0];
      if (file) {
        event.preventDefault();
        setFileOver(null);
        const section = dropped.current.sections[sectionAt(event)];
        if (section) dropped.current.onPicture(section.id, file);
        return;
      }
      if (!carries(event) || !event.dataTransfer) return;
      event.preventDefault();
      const index = placeAt(event);
      const section = event.dataTransfer.getData(DRAG_NEW);
      const id = event.dataTransfer.getData(DRAG_MOVE);
      setDrop(null);
      if (section) dropped.current.onDrop({ section, index });
      else if (id) dropped.current.onDrop({ id, index });
    };
    const onEnd = () => setDrop(null);
    document.addEventListener("dragover", onOver);
    document.addEventListener("dragleave", onLeave);
    document.addEventListener("drop", onDropped);
    document.addEventListener("dragend", onEnd);
    return () => {
      document.removeEventListener("dragover", onOver);
      document.removeEventListener("dragleave", onLeave);
      document.removeEventListener("drop", onDropped);
      document.removeEventListener("dragend", onEnd);
    };
  }, [boxes]);
  return { drop, fileOver };
}
