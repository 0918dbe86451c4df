import "server-only";
import { cachedQuery, CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";
import {
  serializeCaseStudy,
  serializePage,
  serializeSector,
  serializeTechnology,
  type CaseStudyContract,
  type PageContract,
  type SectorContract,
  type TechnologyContract,
} from "./serialize";

/** Active sectors in display order. */
export const listPublicSectors = cachedQuery(
  "sectors:list",
  [CACHE_TAGS.sectors],
  async (): Promise<SectorContract[]> => {
    const rows = await db.sector.findMany({ where: { isActive: true }, orderBy: [{ orderIndex: "asc" }, { name: "asc" }] });
    return rows.map(serializeSector);
  },
);

export type PublicTechnologyFilter = { featured?: boolean; category?: string };

/** Active technologies in display order, optionally only featured ones or one category. */
export const listPublicTechnologies = cachedQuery(
  "technologies:list",
  [CACHE_TAGS.technologies],
  async (filter: PublicTechnologyFilter = {}): Promise<TechnologyContract[]> => {
    const rows = await db.technology.findMany({
      where: {
        isActive: true,
        ...(filter.featured === undefined ? {} : { isFeatured: filter.featured }),
        ...(filter.category ? { category: filter.category } : {}),
      },
      orderBy: [{ orderIndex: "asc" }, { name: "asc" }],
    });
    return rows.map(serializeTechnology);
  },
);

/** Published pages. */
export const listPublishedPages = cachedQuery("pages:list", [CACHE_TAGS.pages], async (): Promise<PageContract[]> => {
  const rows = await db.page.findMany({ where: { status: "published" }, orderBy: { slug: "asc" } });
  return rows.map(serializePage);
});

/** Published case studies, newest first. */
export const listPublishedCaseStudies = cachedQuery(
  "case-studies:list",
  [CACHE_TAGS.caseStudies],
  async (): Promise<CaseStudyContract[]> => {
    const rows = await db.caseStudy.findMany({
      where: { status: "published" },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    });
    return rows.map(serializeCaseStudy);
  },
);

/**
 * Every sector, active or not, in display order (GET /api/v1/admin/sectors and the testimonial
 * form's select). An admin reading: never cached.
 */
export async function listAllSectors(): Promise<SectorContract[]> {
  const rows = await db.sector.findMany({ orderBy: [{ orderIndex: "asc" }, { name: "asc" }] });
  return rows.map(serializeSector);
}
