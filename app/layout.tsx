import type { ReactNode } from "react";
import { AppToaster } from "@/components/ui/app-toaster";
import { SiteDocument, siteMetadata, siteViewport } from "./document";

export const metadata = siteMetadata;
export const viewport = siteViewport;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <SiteDocument>
      {children}
      <AppToaster />
    </SiteDocument>
  );
}
