import type { SiteSettings } from "@/generated/content";
import { formatHours } from "./hours";

/** The floating chat button (SPEC s1): opens a WhatsApp chat with the company's number from the settings. */
export function FloatingChat({ settings }: { settings: SiteSettings }) {
  return (
    <a
      href={`https://wa.me/${settings.whatsapp ?? settings.phone.dial.replace(/^\+/, "")}`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="chat-button"
      title={`Chat on WhatsApp (${formatHours(settings.openingHours)})`}
      className="group fixed right-4 bottom-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#1a7f45] text-white shadow-lg ring-4 ring-white/70 transition hover:scale-105 hover:bg-[#146c3a] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy motion-reduce:transition-none sm:right-6 sm:bottom-6"
    >
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
      <svg aria-hidden="true" width="30" height="30" viewBox="0 0 32 32" fill="currentColor">
        <path d="M16.04 3C8.86 3 3.03 8.82 3.03 16c0 2.29.6 4.53 1.74 6.5L3 29l6.66-1.74A13 13 0 0 0 16.04 29C23.2 29 29 23.18 29 16S23.2 3 16.04 3Zm0 23.8c-2.02 0-4-.54-5.72-1.57l-.41-.24-3.95 1.03 1.05-3.85-.27-.4A10.78 10.78 0 0 1 5.2 16c0-5.97 4.87-10.83 10.85-10.83 5.97 0 10.8 4.86 10.8 10.83 0 5.98-4.84 10.8-10.81 10.8Zm5.93-8.1c-.32-.16-1.92-.95-2.22-1.06-.3-.11-.51-.16-.73.17-.22.32-.84 1.05-1.03 1.27-.19.21-.38.24-.7.08-.33-.16-1.38-.5-2.62-1.61-.97-.86-1.62-1.93-1.81-2.25-.19-.33-.02-.5.14-.66.15-.15.33-.38.49-.57.16-.19.22-.33.33-.54.1-.22.05-.41-.03-.57-.08-.16-.73-1.76-1-2.41-.26-.63-.53-.55-.73-.56h-.62c-.22 0-.57.08-.87.41-.3.32-1.14 1.11-1.14 2.71s1.17 3.15 1.33 3.36c.16.22 2.3 3.5 5.56 4.91.78.34 1.39.54 1.86.69.78.25 1.49.21 2.05.13.63-.09 1.92-.79 2.19-1.55.27-.76.27-1.41.19-1.55-.08-.13-.3-.21-.62-.37Z" />
      </svg>
    </a>
  );
}
