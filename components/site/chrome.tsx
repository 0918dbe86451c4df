import { SiteFooter } from "./footer";
import { SiteHeader } from "./header";

/**
 * The public header and footer, drawn by the (site) layout and by the 404 of an unknown URL
 * (app/global-not-found.tsx). Not by the root not-found: that boundary is rendered into every
 * page's payload, the signed-in screens' included, and the footer reads the site settings.
 */
export const siteHeader = <SiteHeader />;
export const siteFooter = <SiteFooter />;
