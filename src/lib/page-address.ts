/** A page's address without a trailing slash ("/services/" -> "/services"); "/" stays. The pre-render asks for the slashed form, a visitor may type it. */
export const pageAddress = (pathname: string) => pathname.replace(/(.)\/+$/, "$1");
