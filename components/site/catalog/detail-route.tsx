import "server-only";
import type { Metadata } from "next";
import { draftMode } from "next/headers";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { JsonLd } from "@/components/seo/json-ld";
import { currentUser } from "@/lib/auth/guards";
import { listPublicCatalogItems, findPreviewCatalogItem, findPublicCatalogItem } from "@/lib/catalog/queries";
import { catalogSlugOrIdSchema } from "@/lib/catalog/schema";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { getSiteSettings } from "@/lib/content/settings";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogDetail } from "./catalog-detail";
import { CATALOG_PAGES, catalogItemPath } from "./catalog-kinds";
import { catalogItemJsonLd, catalogItemMetadata } from "./seo";

// The shared logic of /productos/[slug] and /servicios/[slug]; the route files stay thin.

export type DetailParams = { params: Promise<{ slug: string }> };

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether this request is an admin's preview: Next's draft mode is on (only
 * /admin/preview turns it on) AND the request carries an admin session, checked here on the
 * server. Outside draft mode nothing request-specific is read, so the page stays pre-rendered;
 * a valid or forged __prerender_bypass cookie without an admin session previews nothing.
 */
async function isAdminPreview(): Promise<boolean> {
  if (!(await draftMode()).isEnabled) return false;
  const user = await currentUser();
  return user?.role === "admin";
}

/** The URL's slug or id; a value no slug can have (NUL, "%", upper case…) never reaches the database. */
async function findItemOfParams(kind: CatalogKind, params: DetailParams["params"]) {
  const param = decodeParam((await params).slug);
  const slug = catalogSlugOrIdSchema.safeParse(param);
  if (!slug.success) return { param, item: null, preview: false };
  // An admin's preview sees the item in any status (uncached); everyone else only active ones.
  if (await isAdminPreview()) return { param, item: await findPreviewCatalogItem(kind, slug.data), preview: true };
  return { param, item: await findPublicCatalogItem(kind, slug.data), preview: false };
}

/**
 * The active item named by the URL (slug, or numeric id from links such as the solutions
 * page). Unknown → 404; any URL that is not the item's own slug URL → 308 to it.
 */
async function loadItem(kind: CatalogKind, params: DetailParams["params"]): Promise<{ item: CatalogItemContract; preview: boolean }> {
  const { param, item, preview } = await findItemOfParams(kind, params);
  if (!item) notFound();
  if (item.slug !== param) permanentRedirect(catalogItemPath(kind, item.slug));
  return { item, preview };
}

/** Every active item is pre-rendered; others (new ones, ids) render on first request. */
export async function catalogStaticParams(kind: CatalogKind): Promise<{ slug: string }[]> {
  const items = await listPublicCatalogItems(kind);
  return items.map((item) => ({ slug: item.slug }));
}

/**
 * Metadata never redirects or throws 404 itself: the page does (doing it in both sends the
 * Location header twice on a first, uncached render).
 */
export async function catalogDetailMetadata(kind: CatalogKind, { params }: DetailParams): Promise<Metadata> {
  const { item, preview } = await findItemOfParams(kind, params);
  if (!item) return { title: CATALOG_PAGES[kind].notFoundText, robots: { index: false } };
  const metadata = catalogItemMetadata(kind, item);
  return preview ? { ...metadata, robots: { index: false, follow: false } } : metadata;
}

export async function CatalogDetailPage({ kind, params }: { kind: CatalogKind; params: DetailParams["params"] }) {
  const [{ item, preview }, settings] = await Promise.all([loadItem(kind, params), getSiteSettings()]);
  return (
    <>
      {preview && <PreviewBanner kind={kind} id={item.id} />}
      {catalogItemJsonLd(kind, item, settings.companyName).map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
      <CatalogDetail kind={kind} item={item} />
    </>
  );
}

/** Shown only in an admin's preview: this page is not what the public sees. */
function PreviewBanner({ kind, id }: { kind: CatalogKind; id: number }) {
  const back = `/admin/${kind === "product" ? "products" : "services"}/edit/${id}`;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <p className="font-semibold">Vista previa: este contenido no es público</p>
        <Link
          href={`/admin/preview/exit?to=${encodeURIComponent(back)}`}
          prefetch={false}
          className="inline-flex min-h-11 items-center font-semibold text-amber-950 underline underline-offset-2 hover:text-black"
        >
          Salir de la vista previa
        </Link>
      </div>
    </div>
  );
}
