import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { SiteSettings } from "@/generated/content";
import { SmartLink } from "./links";
import { media } from "@/runtime/motion";
import { Picture } from "./ui";

const linkClass =
  "rounded-md px-3 py-2 font-medium text-slate-700 transition hover:text-brand focus-visible:outline-2 focus-visible:outline-brand aria-[current=page]:font-semibold aria-[current=page]:text-brand";

/**
 * Fixed header. From 768 px (SPEC's md) the links sit in the bar, with the Contact Us button on
 * large screens; below it a hamburger opens a drawer from the right (250 px, 500 ms, overlay
 * opacity 0.4, SPEC s9).
 *
 * The drawer is a popover: the hamburger opens it, its close button, Escape and a click outside it
 * (on the overlay) close it, and focus goes back to the hamburger, all without any script, so a tap
 * before the page's code has arrived (or without JavaScript) works, and an open drawer stays open
 * when React takes over. React adds what the platform does not: focus moves to the close button
 * when the menu opens, Tab stays inside while it is open, a link or a wide window closes it.
 */
export function Header({ settings }: { settings: SiteSettings }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const close = () => {
    const drawer = drawerRef.current;
    if (drawer?.matches(":popover-open")) drawer.hidePopover();
  };

  // The popover's state is the truth (it may have been opened before React arrived): follow it.
  useEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === "open";
      setOpen(opened);
      if (opened) closeRef.current?.focus();
    };
    setOpen(drawer.matches(":popover-open"));
    drawer.addEventListener("toggle", onToggle);
    return () => drawer.removeEventListener("toggle", onToggle);
  }, []);

  // A new page closes the menu (not the page it was opened on, while React takes over).
  const shownPath = useRef(location.pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` reads only the drawer's ref.
  useEffect(() => {
    if (shownPath.current !== location.pathname) close();
    shownPath.current = location.pathname;
  }, [location.pathname]);

  // Tab stays inside the open menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const drawer = drawerRef.current;
      if (e.key !== "Tab" || !drawer) return;
      const items = [...drawer.querySelectorAll<HTMLElement>("a[href], button")];
      const first = items[0];
      const last = items[items.length - 1];
      if (!drawer.contains(document.activeElement)) {
        e.preventDefault();
        first?.focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Close at the SPEC's md breakpoint: the drawer never stays open on a wide screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` reads only the drawer's ref.
  useEffect(() => {
    const wide = media("(min-width: 768px)");
    const onChange = () => wide?.matches && close();
    wide?.addEventListener("change", onChange);
    return () => wide?.removeEventListener("change", onChange);
  }, []);

  return (
    // No backdrop-filter or transform on the header: either would trap the fixed drawer inside the bar.
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SmartLink href="/" className="flex min-w-0 items-center gap-2.5 rounded-md font-bold text-navy focus-visible:outline-2 focus-visible:outline-brand">
          <Picture image={{ ...settings.logo, decorative: true }} slot="mark" eager className="h-9 w-9 shrink-0" />
          {/* At most two lines: the bar has a fixed height, and a long name must not spill out of it. */}
          <span className="line-clamp-2 text-lg leading-tight tracking-tight">{settings.companyName}</span>
        </SmartLink>
        <nav aria-label="Main" className="hidden md:block">
          <NavList items={settings.navigation} className="flex items-center gap-1" linkClassName={linkClass} />
        </nav>
        <SmartLink
          href={settings.headerCta.href}
          className="hidden rounded-full bg-brand px-5 py-2 font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:inline-block"
        >
          {settings.headerCta.label}
        </SmartLink>
        {/* The browser tells assistive technology whether the popover it controls is open. */}
        <button type="button" popoverTarget="mobile-menu" className="rounded-md p-2 text-navy focus-visible:outline-2 focus-visible:outline-brand md:hidden">
          <span className="sr-only">Open menu</span>
          <MenuIcon path="M4 6h16M4 12h16M4 18h16" size={28} />
        </button>
      </div>
      <div ref={drawerRef} id="mobile-menu" popover="auto" role="dialog" aria-label="Menu" className="drawer flex-col bg-white p-5 text-slate-800 shadow-2xl">
        <div className="mb-6 flex items-center justify-between">
          <span className="font-bold text-navy">{settings.companyName}</span>
          <button
            ref={closeRef}
            type="button"
            popoverTarget="mobile-menu"
            popoverTargetAction="hide"
            className="rounded-md p-2 text-navy focus-visible:outline-2 focus-visible:outline-brand"
          >
            <span className="sr-only">Close menu</span>
            <MenuIcon path="M6 6l12 12M18 6L6 18" size={24} />
          </button>
        </div>
        <nav aria-label="Mobile">
          <NavList items={settings.navigation} className="space-y-1" linkClassName={`block ${linkClass} aria-[current=page]:bg-brand/10`} onLinkClick={close} />
        </nav>
      </div>
    </header>
  );
}

function MenuIcon({ path, size }: { path: string; size: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d={path} />
    </svg>
  );
}

/** The menu links, marked aria-current on the page they lead to; the bar and the drawer both use it. */
function NavList({
  items,
  className,
  linkClassName,
  onLinkClick,
}: {
  items: SiteSettings["navigation"];
  className: string;
  linkClassName: string;
  onLinkClick?: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegation for the links inside, which are the controls (Enter on a link fires this click too).
    <ul className={className} onClick={onLinkClick && ((e) => (e.target as HTMLElement).closest("a") && onLinkClick())}>
      {items.map((item) => (
        <li key={item.href}>
          <SmartLink href={item.href} nav className={linkClassName}>
            {item.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
