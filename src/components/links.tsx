import type { ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { pageAddress } from "@/lib/page-address";

export const isInternal = (href: string) => href.startsWith("/");

/** A menu link, marked aria-current on the page it leads to (the same page with or without a trailing slash). */
function NavItem({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const here = pageAddress(useLocation().pathname) === pageAddress(href.replace(/[?#].*$/, ""));
  return (
    <RouterLink to={href} className={className} prefetch="intent" aria-current={here ? "page" : undefined}>
      {children}
    </RouterLink>
  );
}

/** A link to a page of the site (client-side navigation) or elsewhere (plain <a>, new tab for the web); `nav`: a menu link. */
export function SmartLink({ href, className, children, nav = false }: { href: string; className?: string; children: ReactNode; nav?: boolean }) {
  if (isInternal(href)) {
    return nav ? (
      <NavItem href={href} className={className}>
        {children}
      </NavItem>
    ) : (
      <RouterLink to={href} className={className} prefetch="intent">
        {children}
      </RouterLink>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <a href={href} className={className} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

/** An e-mail address that may break after its @ when the line is too short for it, rather than anywhere. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
