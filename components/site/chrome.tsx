import { SiteFooter } from "./footer";
import { SiteHeader } from "./header";

/**
 * The public header and footer as single element objects. The (site) layout and the root
 * not-found both render these same objects, and React's RSC serializer writes an object it has
 * already written as a reference, so every page's payload carries the header and footer once
 * (the root not-found boundary is serialized into every page).
 */
export const siteHeader = <SiteHeader />;
export const siteFooter = <SiteFooter />;
