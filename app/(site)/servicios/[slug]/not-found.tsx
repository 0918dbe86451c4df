import type { Metadata } from "next";
import { CatalogNotFound } from "@/components/site/catalog/catalog-not-found";

export const metadata: Metadata = { title: "Servicio no encontrado", robots: { index: false } };

export default function ServiceNotFound() {
  return <CatalogNotFound kind="service" />;
}
