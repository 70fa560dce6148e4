import type { ReactNode } from "react";
import type { Image } from "@/generated/content";
import { Picture } from "./ui";

/**
 * The card of the offerings grid and the portfolio: picture on top, title, text, optional extra
 * content. Its own module, out of the app chunk every page loads: only sections further down use it.
 */
export function Card({
  image,
  icon,
  title,
  text,
  children,
  className = "",
}: {
  image?: Image;
  icon?: Image;
  title: string;
  text: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <li className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>
      {image && <Picture image={image} slot="card" className="aspect-[4/3] h-auto w-full object-cover" />}
      <div className="p-5">
        {icon && <Picture image={icon} slot="icon" className="mb-3 h-12 w-12" />}
        <h3 className="text-lg font-semibold text-navy">{title}</h3>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        {children}
      </div>
    </li>
  );
}
