/** The facts of the pictures on the page (size, hash), for the picture component: the page view and the builder's canvas provide them. */
import { createContext, useContext } from "react";
import type { ImageFacts } from "@/images/slots";

/** What the build knows of each picture on the page (size, hash), by its path: from the page's and the root route's data. */
export const ImagesContext = createContext<Readonly<Record<string, ImageFacts>>>({});

/** The facts of a picture, or undefined (a file added since the page's data was made: shown as it is). */
export function useImageFacts(src: string): ImageFacts | undefined {
  return useContext(ImagesContext)[src];
}
