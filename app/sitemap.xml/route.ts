import { getSitemapXml } from "@/lib/sitemap/queries";

export const revalidate = 3600;

export async function GET() {
  return new Response(await getSitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
